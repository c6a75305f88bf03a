/**
 * @module
 * NetBox's CachedScopeMixin.cache_related_objects(): a scoped object (a prefix) keeps, in hidden
 * columns, the region, site group, site and location its scope lies in — a site gives its region
 * and group, a location its site's too — so that `region_id=…` matches prefixes scoped to a site
 * of that region. Filled before every save of the batch, with one query per scope type.
 *
 * NetBox also refreshes these columns when a site or location moves (a dcim signal); here that
 * takes a rule on dcim.sites and dcim.locations calling `refreshCachedScopes`.
 */
import type { Queryable } from '../../db/index.ts';
import type { Registry, WriteBatch } from '../../rest/index.ts';
import { columnOf, valueOf } from './batchValues.ts';

interface Cache {
  region: number | null;
  site_group: number | null;
  site: number | null;
  location: number | null;
}

const EMPTY: Cache = { region: null, site_group: null, site: null, location: null };

/** The cached columns for scopes of one type: `ids` of that type, to their region/site group/site/location. */
async function cachesOf(db: Queryable, registry: Registry, objectType: string, ids: number[]): Promise<Map<number, Cache>> {
  const sites = registry.resource('dcim.sites');
  const site = (name: string, alias: string) => `${alias}."${registry.field(sites, name)!.column}"`;
  switch (objectType) {
    case registry.resource('dcim.regions').objectType:
      return new Map(ids.map((id) => [id, { ...EMPTY, region: id }]));
    case registry.resource('dcim.site-groups').objectType:
      return new Map(ids.map((id) => [id, { ...EMPTY, site_group: id }]));
    case sites.objectType: {
      const rows = await db.query<{ id: number; region: number | null; site_group: number | null }>(
        `SELECT s.id, ${site('region', 's')} AS region, ${site('group', 's')} AS site_group FROM "${sites.table}" s WHERE s.id = ANY($1::int[])`,
        [ids],
      );
      return new Map(rows.map((r) => [Number(r.id), { ...EMPTY, region: r.region, site_group: r.site_group, site: Number(r.id) }]));
    }
    case registry.resource('dcim.locations').objectType: {
      const locations = registry.resource('dcim.locations');
      const rows = await db.query<{ id: number; site: number; region: number | null; site_group: number | null }>(
        `SELECT l.id, s.id AS site, ${site('region', 's')} AS region, ${site('group', 's')} AS site_group ` +
          `FROM "${locations.table}" l JOIN "${sites.table}" s ON s.id = l."${registry.field(locations, 'site')!.column}" WHERE l.id = ANY($1::int[])`,
        [ids],
      );
      return new Map(rows.map((r) => [Number(r.id), { region: r.region, site_group: r.site_group, site: Number(r.site), location: Number(r.id) }]));
    }
    default:
      return new Map();
  }
}

/** beforeSave: sets `_region`, `_site_group`, `_site` and `_location` of every item from its scope. */
export async function fillCachedScope(batch: WriteBatch): Promise<void> {
  const byType = new Map<string, number[]>();
  for (const item of batch.items) {
    const [type, id] = [valueOf(batch, item, 'scope_type'), valueOf(batch, item, 'scope_id')];
    if (type !== null && id !== null) byType.set(String(type), [...(byType.get(String(type)) ?? []), Number(id)]);
  }
  const caches = new Map<string, Map<number, Cache>>();
  for (const [type, ids] of byType) caches.set(type, await cachesOf(batch.tx, batch.registry, type, ids));
  for (const item of batch.items) {
    const [type, id] = [valueOf(batch, item, 'scope_type'), valueOf(batch, item, 'scope_id')];
    const cache = (type !== null && caches.get(String(type))?.get(Number(id))) || EMPTY;
    for (const [name, value] of Object.entries(cache)) item.columns[columnOf(batch, `_${name}`)] = value;
  }
}

/**
 * Recomputes the cached columns of the prefixes cached under the given sites or locations (after
 * a site changed region or group, or a location changed site), one statement per scope type.
 */
export async function refreshCachedScopes(db: Queryable, registry: Registry, scopeResource: 'dcim.sites' | 'dcim.locations', ids: number[]): Promise<void> {
  if (!ids.length) return;
  const prefixes = registry.resource('ipam.prefixes');
  const column = (name: string) => registry.field(prefixes, name)!.column!;
  const cached = column(scopeResource === 'dcim.sites' ? '_site' : '_location');
  const rows = await db.query<{ scope_type: string; scope_id: number }>(
    `SELECT DISTINCT "${column('scope_type')}" AS scope_type, "${column('scope_id')}" AS scope_id FROM "${prefixes.table}" WHERE "${cached}" = ANY($1::int[])`,
    [ids],
  );
  const byType = new Map<string, number[]>();
  for (const row of rows) byType.set(row.scope_type, [...(byType.get(row.scope_type) ?? []), Number(row.scope_id)]);
  for (const [type, scopeIds] of byType) {
    const caches = [...(await cachesOf(db, registry, type, scopeIds)).entries()];
    await db.query(
      `UPDATE "${prefixes.table}" p SET "${column('_region')}" = u.region, "${column('_site_group')}" = u.site_group, "${column('_site')}" = u.site, "${column('_location')}" = u.location ` +
        `FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::int[]) AS u(scope_id, region, site_group, site, location) WHERE p."${column('scope_type')}" = $1 AND p."${column('scope_id')}" = u.scope_id`,
      [type, caches.map(([id]) => id), ...(['region', 'site_group', 'site', 'location'] as const).map((k) => caches.map(([, c]) => c[k]))],
    );
  }
}
