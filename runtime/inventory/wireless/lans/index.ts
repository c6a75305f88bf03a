/**
 * @module
 * Wireless LANs: NetBox's CachedScopeMixin (the region, site group, site and location of the
 * LAN's scope, kept in hidden columns for the region/site filters), and its answer to a scope of
 * id 0 (`Please select a site.`). Wireless LAN groups need nothing of their own: the engine keeps
 * trees, their depth and their cycles.
 */
import type { AppRules } from '../../appRules.ts';
import { cachedScopeRules } from '../../dcim/index.ts';
import { cachedScopeObjectMissing } from '../../ipam/shared/scopeMissing.ts';

export const lans: AppRules = {
  rules: {
    'wireless.wireless-lans': { ...cachedScopeRules, genericObjectMissing: cachedScopeObjectMissing },
  },
};
