/**
 * @module
 * NetBox's SyncedDataMixin for any resource built on the `synced-data` mixin (definitions/
 * mixins.yaml): the rules that copy a data file into the object (rules.ts), the `sync/` operation
 * (handler `synced-data-sync`, syncOperation.ts) and the auto-sync a data source's sync runs
 * (autoSync.ts). A resource registers how a file's text becomes its fields with one line:
 * `syncedData('extras.config-templates', (file) => ({ template_code: file.text ?? '' }))`.
 */
import type { AppRules } from '../../appRules.ts';
import { syncedDataRules, type SyncedDataReader } from './rules.ts';
import { syncedDataSync } from './syncOperation.ts';

export { autoSync, syncedResources } from './autoSync.ts';
export type { SyncedDataReader, SyncedFile } from './rules.ts';

/** The synced-data rules of one resource, to merge with its app's registrations. */
export function syncedData(resourceKey: string, read: SyncedDataReader): AppRules {
  return { rules: { [resourceKey]: syncedDataRules(read) } };
}

/** The `sync/` operation, registered once for every synced resource. */
export const syncedDataOperations: AppRules = { operations: { 'synced-data-sync': syncedDataSync } };
