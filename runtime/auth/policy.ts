/**
 * @module
 * NetBox's permission settings, read from the environment:
 * - DEFAULT_PERMISSIONS: permissions every authenticated user holds, as JSON
 *   `{"<app>.<action>_<model>": [<constraint>, …] | null}`; NetBox's default lets every user manage
 *   their own bookmarks, notifications, subscriptions and API tokens (`{"user": "$user"}`). `{}`
 *   grants nothing.
 * - EXEMPT_VIEW_PERMISSIONS: object types (`dcim.site`, comma-separated) anyone may view without a
 *   permission, or `*` for all.
 * - LOGIN_REQUIRED: `false` lets anonymous requests read the exempt types (NetBox's default `true`).
 */
import type { Caller, Granted } from './caller.ts';

export interface PermissionPolicy {
  /** What every authenticated user holds besides their own permissions. */
  defaults: Granted[];
  /** Whether `objectType` may be viewed without a permission. */
  exemptView(objectType: string): boolean;
  loginRequired: boolean;
}

const OWN = [{ user: '$user' }];
/** NetBox's DEFAULT_PERMISSIONS, for the models served here. */
const NETBOX_DEFAULTS: Record<string, unknown> = {
  'extras.view_bookmark': OWN,
  'extras.add_bookmark': OWN,
  'extras.change_bookmark': OWN,
  'extras.delete_bookmark': OWN,
  'extras.view_notification': OWN,
  'extras.add_notification': OWN,
  'extras.change_notification': OWN,
  'extras.delete_notification': OWN,
  'extras.view_subscription': OWN,
  'extras.add_subscription': OWN,
  'extras.change_subscription': OWN,
  'extras.delete_subscription': OWN,
  'users.view_token': OWN,
  'users.add_token': OWN,
  'users.change_token': OWN,
  'users.delete_token': OWN,
};

/** `users.view_token` → object type `users.token`, action `view` (Django's permission codename). */
function grantOf(name: string, constraints: unknown): Granted {
  const match = /^([a-z_]+)\.([a-z_]+?)_([a-z0-9]+)$/.exec(name);
  if (!match) throw new Error(`DEFAULT_PERMISSIONS: "${name}" is not a permission name such as "users.view_token"`);
  const [, app, action, model] = match;
  // NetBox lists a permission's constraints as a tuple of dicts, ORed; null or empty means none.
  const list = Array.isArray(constraints) ? constraints : constraints === null || constraints === undefined ? null : [constraints];
  return { object_types: [`${app}.${model}`], actions: [action], constraints: list?.length ? list : null };
}

/**
 * Types NetBox's views let any authenticated user (or anyone, without LOGIN_REQUIRED) read with no
 * permission (IsAuthenticatedOrLoginNotRequired): object types, public metadata.
 */
const ALWAYS_VIEWABLE = new Set(['core.objecttype']);

export function permissionPolicy(env: NodeJS.ProcessEnv): PermissionPolicy {
  let defaults = NETBOX_DEFAULTS;
  if (env.DEFAULT_PERMISSIONS !== undefined && env.DEFAULT_PERMISSIONS.trim() !== '') {
    const parsed: unknown = JSON.parse(env.DEFAULT_PERMISSIONS);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('DEFAULT_PERMISSIONS must be a JSON object of permission names and their constraints');
    defaults = parsed as Record<string, unknown>;
  }
  const exempt = (env.EXEMPT_VIEW_PERMISSIONS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const all = exempt.includes('*');
  return {
    defaults: Object.entries(defaults).map(([name, constraints]) => grantOf(name, constraints)),
    exemptView: (objectType) => all || exempt.includes(objectType) || ALWAYS_VIEWABLE.has(objectType),
    loginRequired: (env.LOGIN_REQUIRED ?? 'true').trim().toLowerCase() !== 'false',
  };
}

/** The caller with the policy's default permissions added (a superuser needs none). */
export function withDefaults(caller: Caller, policy: PermissionPolicy): Caller {
  return caller.isSuperuser || !policy.defaults.length ? caller : { ...caller, permissions: [...caller.permissions, ...policy.defaults] };
}
