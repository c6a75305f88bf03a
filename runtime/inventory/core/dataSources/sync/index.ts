/**
 * @module
 * A data source's sync: fetch (backends.ts: local directory, git clone), read (readTree.ts,
 * ignoreRules.ts), write the data files (applyFiles.ts) and auto-sync, in syncSource.ts; served
 * as `sync/` by handler.ts.
 */
export { dataSourceSync } from './handler.ts';
export { syncSource, type SyncOptions } from './syncSource.ts';
export { SyncError } from './backends.ts';
