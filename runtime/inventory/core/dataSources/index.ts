/**
 * @module
 * Data sources (core.data-sources): their rules, and their `sync/` operation and sync job (sync/).
 */
import type { AppRules } from '../../appRules.ts';
import { dataSourceRules } from './rules.ts';
import { dataSourceSync, SYNC_KIND, syncDataSourceTask } from './sync/index.ts';

export const dataSources: AppRules = {
  rules: { 'core.data-sources': dataSourceRules },
  operations: { 'data-source-sync': dataSourceSync },
  tasks: { [SYNC_KIND]: syncDataSourceTask },
};

export { syncSource, type SyncOptions } from './sync/index.ts';
