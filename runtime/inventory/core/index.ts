/**
 * @module
 * core: filters every NetBoxModel list has and filters shared by several apps (commonFilters/),
 * the values over objects not served yet (unserved/), the rules of data sources (dataSources/) and
 * the `display` of change records (objectChanges/); object type names and labels other apps
 * check and print (shared/).
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { commonFilters } from './commonFilters/index.ts';
import { dataSources } from './dataSources/index.ts';
import { objectChanges } from './objectChanges/index.ts';
import { unserved } from './unserved/index.ts';

export const core: AppRules = mergeRules({ commonFilters, dataSources, objectChanges, unserved });

export { objectTypeNameError } from './shared/objectTypeNames.ts';
export { DATA_BACKENDS } from './dataSources/rules.ts';
export { appLabeledName } from './shared/objectTypeLabels.ts';
