/**
 * @module
 * NetBox's CachedScopeMixin (dcim/models/mixins.py), shared by every scoped model (clusters,
 * prefixes, wireless LANs): an object scoped by a generic relation (`scope_type`, `scope_id`) to a
 * region, site group, site or location keeps, in hidden columns `_region`, `_site_group`, `_site`
 * and `_location`, where that scope lies — a site gives its region and group, a location its
 * site's too — so `region_id=…` is a plain tree filter on `_region`, as in NetBox.
 *
 * Circuit terminations cache theirs alike from their `termination` (NetBox's
 * CircuitTermination.cache_related_objects()).
 *
 * - `cachedScopeRules` fills the columns while a batch is cleaned, not just before it is saved:
 *   unique constraints such as a cluster's (`_site`, `name`) are checked right after `clean`.
 * - `scopeMoveRules` are NetBox's `sync_cached_scope_fields` signal: when a site changes region
 *   or group, or a location changes site, the objects cached under it follow (one UPDATE per
 *   scoped table, whatever the number of objects).
 */
import type { Resource } from '../../../contract/index.ts';
import type { Queryable } from '../../../db/index.ts';
import type { ModelRules, Registry, WriteBatch } from '../../../rest/index.ts';

interface Cache {
  _region: number | null;
  _site_group: number | null;
  _site: number | null;
  _location: number | null;
}

const EMPTY: Cache = { _region: null, _site_group: null, _site: null, _location: null };

const columnOf = (registry: Registry, resource: Resource, field: string): string => {
  const column = registry.field(resource, field)?.column;
  if (!column) throw new Error(`${resource.key} has no stored field ${field}`);
  return column;
};

/** The caches of scopes of one object type, by scope id: one query for sites or locations, none otherwise. */
async function cachesOf(tx: Queryable, registry: Registry, objectType: string, ids: number[]): Promise<Map<number, Cache>> {
  const sites = registry.resource('dcim.sites');
  const locations = registry.resource('dcim.locations');
  const site = (field: string) => `s."${columnOf(registry, sites, field)}"`;
  if (objectType === registry.resource('dcim.regions').objectType) return new Map(ids.map((id) => [id, { ...EMPTY, _region: id }]));
  if (objectType === registry.resource('dcim.site-groups').objectType) return new Map(ids.map((id) => [id, { ...EMPTY, _site_group: id }]));
  if (objectType !== sites.objectType && objectType !== locations.objectType) return new Map();
  const isSite = objectType === sites.objectType;
  const from = isSite ? `"${sites.table}" s` : `"${locations.table}" o JOIN "${sites.table}" s ON s.id = o."${columnOf(registry, locations, 'site')}"`;
  const rows = await tx.query<{ id: number; site: number; region: number | null; grp: number | null }>(
    `SELECT ${isSite ? 's' : 'o'}.id, s.id AS site, ${site('region')} AS region, ${site('group')} AS grp FROM ${from} WHERE ${isSite ? 's' : 'o'}.id = ANY($1::int[])`,
    [ids],
  );
  const number = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return new Map(rows.map((r) => [Number(r.id), { _region: number(r.region), _site_group: number(r.grp), _site: Number(r.site), _location: isSite ? null : Number(r.id) }]));
}

/**
 * Sets the hidden cache columns of every item of the batch from its (new) scope, the generic
 * relation `scope` (a circuit termination's is `termination`: a provider network there caches none
 * of these).
 */
export async function fillCachedScope({ resource, items, tx, registry }: WriteBatch, scope = 'scope'): Promise<void> {
  const col = (field: string) => columnOf(registry, resource, field);
  const byType = new Map<string, Set<number>>();
  const scopeOf = items.map((item) => {
    const type = item.value(col(`${scope}_type`));
    const id = item.value(col(`${scope}_id`));
    if (type === null || type === undefined || id === null || id === undefined) return null;
    byType.set(String(type), (byType.get(String(type)) ?? new Set()).add(Number(id)));
    return [String(type), Number(id)] as const;
  });
  const caches = new Map<string, Map<number, Cache>>();
  for (const [type, ids] of byType) caches.set(type, await cachesOf(tx, registry, type, [...ids]));
  items.forEach((item, i) => {
    const scope = scopeOf[i];
    const cache = (scope && caches.get(scope[0])?.get(scope[1])) || EMPTY;
    for (const [field, value] of Object.entries(cache)) item.columns[col(field)] = value;
  });
}

/** The rules of a model with a cached scope. */
export const cachedScopeRules: ModelRules = {
  clean: fillCachedScope,
};

/** Every served resource with a cached scope, found by its hidden columns (circuit terminations' too). */
function scopedResources(registry: Registry): Resource[] {
  return registry.resources.filter((r) => registry.field(r, '_site') && registry.field(r, '_location') && registry.field(r, '_region') && registry.field(r, '_site_group'));
}

/** Ids of the batch's updated objects whose given fields changed. */
function movedIds(batch: WriteBatch, fields: string[]): number[] {
  const columns = fields.map((f) => columnOf(batch.registry, batch.resource, f));
  return batch.items
    .filter((item) => item.existing && item.id !== null && columns.some((c) => c in item.columns && (item.columns[c] ?? null) !== (item.existing![c] ?? null)))
    .map((item) => item.id!);
}

/**
 * Recomputes the caches of the objects lying in the given sites (their region and group) or
 * locations (their site, region and group), in every scoped table.
 */
export async function refreshCachedScopes(tx: Queryable, registry: Registry, changed: { sites?: number[]; locations?: number[] }): Promise<void> {
  const sites = registry.resource('dcim.sites');
  const locations = registry.resource('dcim.locations');
  const site = (field: string) => `s."${columnOf(registry, sites, field)}"`;
  for (const resource of scopedResources(registry)) {
    const col = (field: string) => `"${columnOf(registry, resource, field)}"`;
    if (changed.sites?.length) {
      await tx.query(
        `UPDATE "${resource.table}" c SET ${col('_region')} = ${site('region')}, ${col('_site_group')} = ${site('group')} FROM "${sites.table}" s WHERE c.${col('_site')} = s.id AND s.id = ANY($1::int[])`,
        [changed.sites],
      );
    }
    if (changed.locations?.length) {
      await tx.query(
        `UPDATE "${resource.table}" c SET ${col('_site')} = s.id, ${col('_region')} = ${site('region')}, ${col('_site_group')} = ${site('group')} ` +
          `FROM "${locations.table}" l JOIN "${sites.table}" s ON s.id = l."${columnOf(registry, locations, 'site')}" WHERE c.${col('_location')} = l.id AND l.id = ANY($1::int[])`,
        [changed.locations],
      );
    }
  }
}

/** dcim.sites and dcim.locations: the objects cached under a site or location that moved follow it. */
export const scopeMoveRules: Record<'dcim.sites' | 'dcim.locations', ModelRules> = {
  'dcim.sites': {
    async afterSave(batch) {
      const sites = movedIds(batch, ['region', 'group']);
      if (sites.length) await refreshCachedScopes(batch.tx, batch.registry, { sites });
    },
  },
  'dcim.locations': {
    async afterSave(batch) {
      const locations = movedIds(batch, ['site']);
      if (locations.length) await refreshCachedScopes(batch.tx, batch.registry, { locations });
    },
  },
};
