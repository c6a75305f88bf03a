/**
 * @module
 * Data sources (core.data-sources): their rules.
 */
import type { AppRules } from '../../appRules.ts';
import { dataSourceRules } from './rules.ts';

export const dataSources: AppRules = {
  rules: { 'core.data-sources': dataSourceRules },
};
