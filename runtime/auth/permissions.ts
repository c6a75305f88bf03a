/**
 * @module
 * Model-level permission checks from NetBox's ObjectPermissions: a superuser may do anything;
 * others need an enabled permission, held directly or through a group, naming the object type
 * and the action. (Constraints, which restrict a permission to some objects, are not applied yet.)
 */
import type { Queryable } from '../db/index.ts';
import type { Caller } from './authenticate.ts';

/** view, add, change, delete, or a custom action (sync, render_config, run…). */
export type Action = string;

export const actionOf: Record<string, 'view' | 'add' | 'change' | 'delete'> = { GET: 'view', HEAD: 'view', POST: 'add', PUT: 'change', PATCH: 'change', DELETE: 'delete' };

export async function hasPermission(db: Queryable, caller: Caller, objectType: string, action: Action): Promise<boolean> {
  if (caller.isSuperuser) return true;
  const rows = await db.query(
    `SELECT 1 FROM users_object_permission p
      WHERE p.enabled AND $2 = ANY(p.object_types) AND $3 = ANY(p.actions)
        AND (EXISTS (SELECT 1 FROM users_user_permissions up WHERE up.permission_id = p.id AND up.user_id = $1)
          OR EXISTS (SELECT 1 FROM users_group_permissions gp JOIN users_user_groups ug ON ug.group_id = gp.group_id WHERE gp.permission_id = p.id AND ug.user_id = $1))
      LIMIT 1`,
    [caller.userId, objectType, action],
  );
  return rows.length > 0;
}
