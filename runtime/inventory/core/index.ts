/**
 * @module
 * core: filters every NetBoxModel list has, and filters shared by several apps.
 */
import type { AppRules } from '../appRules.ts';
import { dateBound } from './dateBounds.ts';
import { emptyRelation } from './emptyRelation.ts';
import { objectTypeIds } from './objectTypeIds.ts';
import { filterByRequest } from './requestFilters.ts';

export const core: AppRules = {
  methods: { empty_relation: emptyRelation, filter_by_request: filterByRequest, date_bound: dateBound, object_type_ids: objectTypeIds },
};

export { objectTypeNameError } from './objectTypeNames.ts';
