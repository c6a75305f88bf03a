/**
 * @module
 * Wireless LANs: NetBox's CachedScopeMixin (the region, site group, site and location of the
 * LAN's scope, kept in hidden columns for the region/site filters), and its answer to a scope type
 * without a scope, an id of 0 or none (`Please select a site.`, before BaseModel.clean()). Wireless LAN groups need nothing of their own: the engine keeps
 * trees, their depth and their cycles.
 */
import type { AppRules } from '../../appRules.ts';
import { cachedScopeRules } from '../../dcim/index.ts';
import { cachedScopeObjectMissing } from '../../ipam/shared/scopeMissing.ts';

export const lans: AppRules = {
  rules: {
    'wireless.wireless-lans': {
      ...cachedScopeRules,
      genericObjectMissing: cachedScopeObjectMissing,
      // A scope type without its id: CachedScopeMixin's `Please select a site.`, as for an id of 0.
      genericHalfPair: (item, _field, missing, target) => missing === 'id' && target !== undefined && cachedScopeObjectMissing(item, target, 0),
    },
  },
};
