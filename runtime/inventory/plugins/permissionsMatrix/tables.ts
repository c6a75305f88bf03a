/**
 * @module
 * Where the matrix's data lives, read from the generated table once: the permission table, its
 * assignment tables (groups, users) and group membership, with their columns. Quoted, ready for SQL.
 */
import type { Registry } from '../../../rest/index.ts';
import { sqlIdentifier as q } from '../../../kinds/index.ts';

export interface MatrixTables {
  permissions: string;
  groups: string;
  users: string;
  /** permission ↔ group: table, permission column, group column. */
  permissionGroups: { table: string; permission: string; group: string };
  permissionUsers: { table: string; permission: string; user: string };
  /** user ↔ group membership. */
  membership: { table: string; user: string; group: string };
}

const cache = new WeakMap<Registry, MatrixTables>();

export function matrixTables(registry: Registry): MatrixTables {
  const known = cache.get(registry);
  if (known) return known;
  const link = (resourceKey: string, field: string) => {
    const entry = registry.field(registry.resource(resourceKey), field)?.link;
    if (!entry) throw new Error(`permissions matrix: ${resourceKey}.${field} is no many-to-many field`);
    return entry;
  };
  const pg = link('users.permissions', 'groups');
  const pu = link('users.permissions', 'users');
  const ug = link('users.users', 'groups');
  const tables: MatrixTables = {
    permissions: q(registry.resource('users.permissions').table),
    groups: q(registry.resource('users.groups').table),
    users: q(registry.resource('users.users').table),
    permissionGroups: { table: q(pg.table), permission: q(pg.source), group: q(pg.target) },
    permissionUsers: { table: q(pu.table), permission: q(pu.source), user: q(pu.target) },
    membership: { table: q(ug.table), user: q(ug.source), group: q(ug.target) },
  };
  cache.set(registry, tables);
  return tables;
}
