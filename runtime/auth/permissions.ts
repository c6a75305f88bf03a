/**
 * @module
 * Model-level permission checks from NetBox's ObjectPermissions: a superuser may do anything;
 * others need an enabled permission, held directly or through a group, naming the object type
 * and the action. A user's permissions are loaded with their token (authenticate.ts), so a check
 * costs no query. Their constraints, which limit a permission to some objects, are applied by the
 * REST engine (runtime/rest/restrictions.ts).
 */
import type { Caller } from './caller.ts';

/** view, add, change, delete, or a custom action (sync, render_config, run…). */
export type Action = string;

export const actionOf: Record<string, 'view' | 'add' | 'change' | 'delete'> = { GET: 'view', HEAD: 'view', POST: 'add', PUT: 'change', PATCH: 'change', DELETE: 'delete' };

/** The enabled permissions of the user `userIdSql`, held directly or through a group, as a JSON list. */
export function permissionsSql(userIdSql: string): string {
  return `(SELECT coalesce(json_agg(json_build_object('object_types', p.object_types, 'actions', p.actions, 'constraints', p.constraints)), '[]'::json)
      FROM users_object_permission p
      WHERE p.enabled
        AND (EXISTS (SELECT 1 FROM users_user_permissions up WHERE up.permission_id = p.id AND up.user_id = ${userIdSql})
          OR EXISTS (SELECT 1 FROM users_group_permissions gp JOIN users_user_groups ug ON ug.group_id = gp.group_id WHERE gp.permission_id = p.id AND ug.user_id = ${userIdSql})))`;
}

/**
 * The stored constraints of every permission granting `action` on `objectType` (ORed by whoever
 * applies them), or null for a superuser, whom nothing limits.
 */
export function constraintsFor(caller: Caller, objectType: string, action: Action): unknown[] | null {
  if (caller.isSuperuser) return null;
  return caller.permissions.filter((p) => p.object_types.includes(objectType) && p.actions.includes(action)).map((p) => p.constraints);
}

export function hasPermission(caller: Caller, objectType: string, action: Action): boolean {
  if (caller.isSuperuser) return true;
  return caller.permissions.some((p) => p.object_types.includes(objectType) && p.actions.includes(action));
}
