/**
 * @module
 * NetBox's SharedObjectQuerySetMixin (saved filters, table configs): a caller who is not a
 * superuser reaches only the objects that are shared or their own, to read, change or delete; an
 * anonymous one (reads exempt from login) only the shared ones. Creating is not narrowed, as
 * NetBox's create uses no queryset.
 */
import type { ModelRules } from '../../../rest/index.ts';

export const sharedOrOwn: ModelRules = {
  reachable(ctx) {
    if (ctx.caller?.isSuperuser) return null;
    if (!ctx.caller) return [{ shared: true }];
    return [{ shared: true }, { user: '$user' }];
  },
};
