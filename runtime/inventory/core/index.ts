/**
 * @module
 * core: filters every NetBoxModel list has, filters shared by several apps, the `zero` count of
 * objects not served yet, the `none` value computed over them, the rules of data sources and the
 * `display` of change records.
 */
import type { AppRules } from '../appRules.ts';
import { dataSourceRules } from './dataSourceRules.ts';
import { dateBound } from './dateBounds.ts';
import { emptyRelation } from './emptyRelation.ts';
import { objectTypeIds } from './objectTypeIds.ts';
import { none } from './none.ts';
import { objectChangeDisplay } from './objectChangeDisplay.ts';
import { filterByRequest } from './requestFilters.ts';
import { zero } from './zero.ts';

export const core: AppRules = {
  expressions: { zero, none, object_change: objectChangeDisplay },
  methods: { empty_relation: emptyRelation, filter_by_request: filterByRequest, date_bound: dateBound, object_type_ids: objectTypeIds },
  rules: { 'core.data-sources': dataSourceRules },
};

export { objectTypeNameError } from './objectTypeNames.ts';
export { DATA_BACKENDS } from './dataSourceRules.ts';
export { appLabeledName } from './objectTypeLabels.ts';
