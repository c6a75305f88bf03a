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

/** A permission's own columns, before its assignments are attached. */
type PermissionRow = Omit<Permission, 'groups' | 'users'>;

export async function loadState(db: Queryable, rest: RestServices, ctx: RequestContext, options: LoadOptions = {}): Promise<MatrixState> {
  const t = matrixTables(rest.registry);
  const { principals } = options;
  if (options.lockPrincipals && principals?.length) {
    const ids = (type: string) => principals.filter((p) => p.type === type).map((p) => p.id);
    await db.query(`SELECT id FROM ${t.groups} WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE`, [ids('group')]);
    await db.query(`SELECT id FROM ${t.users} WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE`, [ids('user')]);
  }
  // Independent reads: on PostgreSQL (outside a transaction) they run side by side on the pool.
  const [groupRows, userRows, membership] = await Promise.all([
    db.query<{ id: number; name: string }>(`SELECT id, name FROM ${t.groups}`),
    db.query<{ id: number; username: string; is_active: boolean; is_superuser: boolean }>(`SELECT id, username, is_active, is_superuser FROM ${t.users}`),
    db.query<{ u: number; g: number }>(`SELECT ${t.membership.user} AS u, ${t.membership.group} AS g FROM ${t.membership.table} ORDER BY 2`),
  ]);
  const users = new Map<number, User>(userRows.map((r) => [Number(r.id), { id: Number(r.id), username: r.username, isActive: r.is_active, isSuperuser: r.is_superuser, groups: [] }]));
  for (const m of membership) users.get(Number(m.u))?.groups.push(Number(m.g));
  const groups = new Map<number, Group>(groupRows.map((r) => [Number(r.id), { id: Number(r.id), name: r.name }]));

  // The permissions to load: all of them, or those of the principals (and of those users' groups).
  let scope = '';
  const params: unknown[] = [];
  if (principals) {
    const groupIds = new Set(principals.filter((p) => p.type === 'group').map((p) => p.id));
    const userIds = principals.filter((p) => p.type === 'user').map((p) => p.id);
    for (const id of userIds) for (const g of users.get(id)?.groups ?? []) groupIds.add(g);
    params.push([...groupIds], userIds, options.permissionIds ?? []);
    scope = `SELECT $3::int[] AS ids UNION ALL SELECT array_agg(${t.permissionGroups.permission}) FROM ${t.permissionGroups.table} WHERE ${t.permissionGroups.group} = ANY($1::int[])
      UNION ALL SELECT array_agg(${t.permissionUsers.permission}) FROM ${t.permissionUsers.table} WHERE ${t.permissionUsers.user} = ANY($2::int[])`;
  }
  const inScope = (column: string) => (principals ? `WHERE ${column} IN (SELECT unnest(ids) FROM (${scope}) s)` : '');
  const [permissionRows, groupLinks, userLinks, summary] = await Promise.all([
    db.query<PermissionRow>(`SELECT p.id, p.name, p.description, p.enabled, p.object_types, p.actions, p.constraints FROM ${t.permissions} p ${inScope('p.id')}`, params),
    db.query<{ p: number; x: number }>(`SELECT ${t.permissionGroups.permission} AS p, ${t.permissionGroups.group} AS x FROM ${t.permissionGroups.table} ${inScope(t.permissionGroups.permission)} ORDER BY 2`, params),
    db.query<{ p: number; x: number }>(`SELECT ${t.permissionUsers.permission} AS p, ${t.permissionUsers.user} AS x FROM ${t.permissionUsers.table} ${inScope(t.permissionUsers.permission)} ORDER BY 2`, params),
    // Every name and held action, when not every permission is loaded anyway.
    principals
      ? db.query<{ names: string[]; actions: string[] }>(
          `SELECT (SELECT coalesce(array_agg(DISTINCT p.name), '{}') FROM ${t.permissions} p) AS names,
                  (SELECT coalesce(array_agg(DISTINCT a), '{}') FROM ${t.permissions} p, unnest(p.actions) a) AS actions`,
        )
      : Promise.resolve(null),
  ]);
  const permissions = new Map<number, Permission>(
    permissionRows.map((r) => [
      Number(r.id),
      { id: Number(r.id), name: r.name, description: r.description, enabled: r.enabled, object_types: r.object_types, actions: r.actions, constraints: r.constraints ?? null, groups: [], users: [] },
    ]),
  );
  for (const l of groupLinks) permissions.get(Number(l.p))?.groups.push(Number(l.x));
  for (const l of userLinks) permissions.get(Number(l.p))?.users.push(Number(l.x));
  const all = [...permissions.values()];
  const names = new Set(summary ? summary[0].names : all.map((p) => p.name));
  const heldActions = new Set(summary ? summary[0].actions : all.flatMap((p) => p.actions));
  const [visibleGroups, visibleUsers, visiblePermissions] = await Promise.all([
    visibleIds(db, rest, ctx, 'users.groups', [...groups.keys()]),
    visibleIds(db, rest, ctx, 'users.users', [...users.keys()]),
    visibleIds(db, rest, ctx, 'users.permissions', [...permissions.keys()]),
  ]);
  return { groups, users, permissions, names, heldActions, visibleGroups, visibleUsers, visiblePermissions };
}

/** The ids of `resourceKey` the caller may view; null when every one (a superuser, or an unconstrained permission). */
async function visibleIds(db: Queryable, rest: RestServices, ctx: RequestContext, resourceKey: string, ids: number[]): Promise<Set<number> | null> {
  const resource = rest.registry.resource(resourceKey);
  if (ctx.caller?.isSuperuser) return null;
  if (!(await ctx.scope.allows(resource.objectType, 'view'))) return new Set();
  if (ctx.scope.restriction(resource.objectType, 'view') === null) return null;
  return rest.permitted(db, resource, ids, ctx, 'view');
}
