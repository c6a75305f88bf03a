/**
 * @module
 * Loads what the matrix reads in a few set-based queries, never one per row: groups, users with
 * their group ids, permissions with their assignments (all of them, or those assigned to the
 * principals a request concerns and to those users' groups), every permission name and held
 * action, and which groups and users the caller may view (NetBox's restrict(user, 'view')).
 */
import type { Queryable } from '../../../db/index.ts';
import type { RequestContext, RestServices } from '../../../rest/index.ts';
import type { Group, MatrixState, Permission, PrincipalRef, User } from './model.ts';
import { matrixTables } from './tables.ts';

export interface LoadOptions {
  /** Only the permissions assigned to these principals (and to the groups of these users); all when left out. */
  principals?: PrincipalRef[];
  /** Also these permissions, whoever they are assigned to (an edit's perm_id). */
  permissionIds?: number[];
  /** Lock the named principals' rows (FOR KEY SHARE) so none is deleted before the transaction ends (apply). */
  lockPrincipals?: boolean;
}

interface PermissionRow {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  object_types: string[];
  actions: string[];
  constraints: unknown;
  groups: number[];
  users: number[];
}

export async function loadState(db: Queryable, rest: RestServices, ctx: RequestContext, options: LoadOptions = {}): Promise<MatrixState> {
  const t = matrixTables(rest.registry);
  const { principals } = options;
  if (options.lockPrincipals && principals?.length) {
    const ids = (type: string) => principals.filter((p) => p.type === type).map((p) => p.id);
    await db.query(`SELECT id FROM ${t.groups} WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE`, [ids('group')]);
    await db.query(`SELECT id FROM ${t.users} WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE`, [ids('user')]);
  }
  const groupRows = await db.query<{ id: number; name: string }>(`SELECT id, name FROM ${t.groups}`);
  const userRows = await db.query<{ id: number; username: string; is_active: boolean; is_superuser: boolean; groups: number[] }>(
    `SELECT u.id, u.username, u.is_active, u.is_superuser,
       coalesce((SELECT array_agg(m.${t.membership.group} ORDER BY m.${t.membership.group}) FROM ${t.membership.table} m WHERE m.${t.membership.user} = u.id), '{}') AS groups
     FROM ${t.users} u`,
  );
  const users = new Map<number, User>(userRows.map((r) => [Number(r.id), { id: Number(r.id), username: r.username, isActive: r.is_active, isSuperuser: r.is_superuser, groups: r.groups.map(Number) }]));
  const groups = new Map<number, Group>(groupRows.map((r) => [Number(r.id), { id: Number(r.id), name: r.name }]));

  let where = '';
  const params: unknown[] = [];
  if (principals) {
    const groupIds = new Set(principals.filter((p) => p.type === 'group').map((p) => p.id));
    const userIds = principals.filter((p) => p.type === 'user').map((p) => p.id);
    // A user's groups too: their permissions make the user's inherited cells.
    for (const id of userIds) for (const g of users.get(id)?.groups ?? []) groupIds.add(g);
    params.push([...groupIds], userIds, options.permissionIds ?? []);
    where = `WHERE p.id = ANY($3::int[]) OR p.id IN (SELECT ${t.permissionGroups.permission} FROM ${t.permissionGroups.table} WHERE ${t.permissionGroups.group} = ANY($1::int[])
      UNION SELECT ${t.permissionUsers.permission} FROM ${t.permissionUsers.table} WHERE ${t.permissionUsers.user} = ANY($2::int[]))`;
  }
  const permissionRows = await db.query<PermissionRow>(
    `SELECT p.id, p.name, p.description, p.enabled, p.object_types, p.actions, p.constraints,
       coalesce((SELECT array_agg(l.${t.permissionGroups.group} ORDER BY l.${t.permissionGroups.group}) FROM ${t.permissionGroups.table} l WHERE l.${t.permissionGroups.permission} = p.id), '{}') AS groups,
       coalesce((SELECT array_agg(l.${t.permissionUsers.user} ORDER BY l.${t.permissionUsers.user}) FROM ${t.permissionUsers.table} l WHERE l.${t.permissionUsers.permission} = p.id), '{}') AS users
     FROM ${t.permissions} p ${where}`,
    params,
  );
  const permissions = new Map<number, Permission>(
    permissionRows.map((r) => [
      Number(r.id),
      { id: Number(r.id), name: r.name, description: r.description, enabled: r.enabled, object_types: r.object_types, actions: r.actions, constraints: r.constraints ?? null, groups: r.groups.map(Number), users: r.users.map(Number) },
    ]),
  );
  const [summary] = await db.query<{ names: string[]; actions: string[] }>(
    `SELECT (SELECT coalesce(array_agg(DISTINCT p.name), '{}') FROM ${t.permissions} p) AS names,
            (SELECT coalesce(array_agg(DISTINCT a), '{}') FROM ${t.permissions} p, unnest(p.actions) a) AS actions`,
  );
  const [visibleGroups, visibleUsers] = await Promise.all([
    visibleIds(db, rest, ctx, 'users.groups', [...groups.keys()]),
    visibleIds(db, rest, ctx, 'users.users', [...users.keys()]),
  ]);
  return { groups, users, permissions, names: new Set(summary.names), heldActions: new Set(summary.actions), visibleGroups, visibleUsers };
}

/** The ids of `resourceKey` the caller may view; null when every one (a superuser, or an unconstrained permission). */
async function visibleIds(db: Queryable, rest: RestServices, ctx: RequestContext, resourceKey: string, ids: number[]): Promise<Set<number> | null> {
  const resource = rest.registry.resource(resourceKey);
  if (ctx.caller?.isSuperuser) return null;
  if (!(await ctx.scope.allows(resource.objectType, 'view'))) return new Set();
  if (ctx.scope.restriction(resource.objectType, 'view') === null) return null;
  return rest.permitted(db, resource, ids, ctx, 'view');
}
