/**
 * @module
 * NetBox's CachedScopeMixin (clusters; prefixes and wireless LANs use the same shape): a model
 * scoped by a generic relation (`scope_type`, `scope_id`) to a region, site group, site or
 * location keeps, in hidden foreign keys `_region`, `_site_group`, `_site` and `_location`,
 * where that scope lies — so its `region_id`, `site_id`… filters are plain (tree) filters on
 * them, as in NetBox.
 *
 * The caches are filled while the batch is cleaned, not just before it is saved: unique
 * constraints such as a cluster's (`_site`, `name`) are checked right after `clean` and must see
 * the new site.
 */
import type { Resource } from '../../contract/index.ts';
import type { Queryable } from '../../db/index.ts';
import type { ModelRules, Registry, WriteBatch } from '../../rest/index.ts';

interface Cache {
  _region: number | null;
  _site_group: number | null;
  _site: number | null;
  _location: number | null;
}

const EMPTY: Cache = { _region: null, _site_group: null, _site: null, _location: null };

/** The cache of every (type, id) scope the batch names: one query per scope type that needs one. */
async function cachesOf(tx: Queryable, registry: Registry, scopes: Map<string, Set<number>>): Promise<Map<string, Cache>> {
  const out = new Map<string, Cache>();
  const col = (key: string, field: string) => registry.field(registry.resource(key), field)!.column!;
  const sites = registry.resource('dcim.sites');
  const locations = registry.resource('dcim.locations');
  for (const [type, ids] of scopes) {
    const list = [...ids];
    const key = `${type}:`;
    if (type === registry.resource('dcim.regions').objectType) for (const id of list) out.set(key + id, { ...EMPTY, _region: id });
    else if (type === registry.resource('dcim.site-groups').objectType) for (const id of list) out.set(key + id, { ...EMPTY, _site_group: id });
    else if (type === sites.objectType || type === locations.objectType) {
      const siteOf = type === sites.objectType ? 'o.id' : `o.${col('dcim.locations', 'site')}`;
      const from = type === sites.objectType ? `${sites.table} o` : `${locations.table} o`;
      const rows = await tx.query<{ id: number; site: number; region: number | null; grp: number | null }>(
        `SELECT o.id, s.id AS site, s.${col('dcim.sites', 'region')} AS region, s.${col('dcim.sites', 'group')} AS grp FROM ${from} JOIN ${sites.table} s ON s.id = ${siteOf} WHERE o.id = ANY($1::int[])`,
        [list],
      );
      for (const row of rows) {
        const location = type === locations.objectType ? Number(row.id) : null;
        out.set(key + row.id, { _region: row.region === null ? null : Number(row.region), _site_group: row.grp === null ? null : Number(row.grp), _site: Number(row.site), _location: location });
      }
    }
  }
  return out;
}

/** Fills the hidden cache columns of every object of the batch from its (new) scope. */
async function fillCaches({ resource, items, tx, registry }: WriteBatch): Promise<void> {
  const col = (field: string) => registry.field(resource, field)!.column!;
  const scopes = new Map<string, Set<number>>();
  const scopeOf = items.map((item) => {
    const type = item.value(col('scope_type'));
    const id = item.value(col('scope_id'));
    if (type === null || type === undefined || id === null || id === undefined) return null;
    scopes.set(String(type), (scopes.get(String(type)) ?? new Set()).add(Number(id)));
    return `${type}:${Number(id)}`;
  });
  const caches = await cachesOf(tx, registry, scopes);
  items.forEach((item, i) => {
    const cache = (scopeOf[i] && caches.get(scopeOf[i]!)) || EMPTY;
    for (const [field, value] of Object.entries(cache)) item.columns[col(field)] = value;
  });
}

/** The rules of a model with a cached scope. */
export const cachedScopeRules: ModelRules = {
  async clean(batch) {
    await fillCaches(batch);
  },
};

/**
 * Recomputes the caches of `resource`'s objects lying in the given sites or locations, NetBox's
 * `sync_cached_scope_fields` signal: dcim calls it after a site's region or group, or a
 * location's site, changed (one UPDATE per kind of scope).
 */
export async function refreshCachedScopes(tx: Queryable, registry: Registry, resource: Resource, changed: { sites?: number[]; locations?: number[] }): Promise<void> {
  const col = (field: string) => registry.field(resource, field)!.column!;
  const site = (field: string) => registry.field(registry.resource('dcim.sites'), field)!.column!;
  const sites = registry.resource('dcim.sites').table;
  const locations = registry.resource('dcim.locations');
  const locationSite = registry.field(locations, 'site')!.column!;
  if (changed.sites?.length) {
    await tx.query(
      `UPDATE ${resource.table} c SET ${col('_region')} = s.${site('region')}, ${col('_site_group')} = s.${site('group')} FROM ${sites} s WHERE c.${col('_site')} = s.id AND s.id = ANY($1::int[])`,
      [changed.sites],
    );
  }
  if (changed.locations?.length) {
    await tx.query(
      `UPDATE ${resource.table} c SET ${col('_site')} = s.id, ${col('_region')} = s.${site('region')}, ${col('_site_group')} = s.${site('group')} FROM ${locations.table} l JOIN ${sites} s ON s.id = l.${locationSite} WHERE c.${col('_location')} = l.id AND l.id = ANY($1::int[])`,
      [changed.locations],
    );
  }
}
