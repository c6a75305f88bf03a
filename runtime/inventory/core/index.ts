/**
 * @module
 * core: filters every NetBoxModel list has.
 */
import type { AppRules } from '../appRules.ts';
import { emptyRelation } from './emptyRelation.ts';
import { filterByRequest } from './requestFilters.ts';

export const core: AppRules = {
  methods: { empty_relation: emptyRelation, filter_by_request: filterByRequest },
};
