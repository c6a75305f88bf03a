/**
 * @module
 * virtualization: clusters keep the cached scope NetBox's CachedScopeMixin gives them (dcim).
 */
import type { AppRules } from '../appRules.ts';
import { cachedScopeRules } from '../dcim/index.ts';

export const virtualization: AppRules = {
  rules: { 'virtualization.clusters': cachedScopeRules },
};
