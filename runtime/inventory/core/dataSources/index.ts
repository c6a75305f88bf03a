/**
 * @module
 * Data sources (core.data-sources): their rules, and their `sync/` operation (sync/).
 */
import type { AppRules } from '../../appRules.ts';
import { dataSourceRules } from './rules.ts';
import { dataSourceSync } from './sync/index.ts';

export const dataSources: AppRules = {
  rules: { 'core.data-sources': dataSourceRules },
  operations: { 'data-source-sync': dataSourceSync },
};

export { syncSource, type SyncOptions } from './sync/index.ts';
