/**
 * @module
 * Method filters the definitions of several apps name: date bounds (`created_after`), the
 * change-request filters of every NetBoxModel list, and object types by id.
 */
import type { AppRules } from '../../appRules.ts';
import { dateBound } from './dateBounds.ts';
import { objectTypeIds } from './objectTypeIds.ts';
import { filterByRequest } from './requestFilters.ts';

export const commonFilters: AppRules = {
  methods: { filter_by_request: filterByRequest, date_bound: dateBound, object_type_ids: objectTypeIds },
};
