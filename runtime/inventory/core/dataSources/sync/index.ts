/**
 * @module
 * A data source's sync: fetch (backends.ts: local directory, git clone), read (readTree.ts,
 * ignoreRules.ts), write the data files (applyFiles.ts) and auto-sync, in syncSource.ts; run as a
 * job of the queue (syncJob.ts), which `sync/` (handler.ts) and a source's `sync_interval` enqueue.
 */
export { dataSourceSync } from './handler.ts';
export { syncSource, type SyncOptions } from './syncSource.ts';
export { SyncError } from './backends.ts';
export { SYNC_KIND, syncDataSourceTask } from './syncJob.ts';
