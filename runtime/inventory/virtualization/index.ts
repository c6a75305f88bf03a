/**
 * @module
 * virtualization: the cached scope of clusters.
 */
import type { AppRules } from '../appRules.ts';
import { cachedScopeRules } from './cachedScope.ts';

export const virtualization: AppRules = {
  rules: { 'virtualization.clusters': cachedScopeRules },
};

export { cachedScopeRules, refreshCachedScopes } from './cachedScope.ts';
