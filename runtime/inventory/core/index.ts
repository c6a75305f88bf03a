/**
 * @module
 * core: filters every NetBoxModel list has and filters shared by several apps (commonFilters/),
 * the `none` of values shown only once (shownOnce/), data sources and their sync (dataSources/),
 * synced data of any resource built on the `synced-data` mixin (syncedData/), the job queue's
 * background queues, workers and tasks (jobs/), object types and their features (objectTypes/), and
 * the `display` of change records (objectChanges/); object type names and labels other apps
 * check and print (shared/).
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { commonFilters } from './commonFilters/index.ts';
import { dataSources } from './dataSources/index.ts';
import { jobs } from './jobs/index.ts';
import { objectChanges } from './objectChanges/index.ts';
import { objectTypes } from './objectTypes/index.ts';
import { syncedDataOperations } from './syncedData/index.ts';
import { shownOnce } from './shownOnce/index.ts';

export const core: AppRules = mergeRules({ commonFilters, dataSources, jobs, objectChanges, objectTypes, syncedDataOperations, shownOnce });

export { checkObjectTypeList, objectTypeNameError } from './shared/objectTypeNames.ts';
export { DATA_BACKENDS } from './dataSources/rules.ts';
export { syncedData, type SyncedDataReader, type SyncedFile } from './syncedData/index.ts';
export { syncSource } from './dataSources/index.ts';
export { appLabeledName } from './shared/objectTypeLabels.ts';
export { featuresOf, hasFeature, FEATURES, objectTypeLabel, syncObjectTypes, type Feature } from './objectTypes/index.ts';
