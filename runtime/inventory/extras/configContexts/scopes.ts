/**
 * @module
 * Which active config contexts apply to a device or a virtual machine, as NetBox's
 * ConfigContextModelQuerySet matches them: every scope a context names must hold the object's
 * value (a scope left empty holds everything). Regions, site groups, locations, roles and
 * platforms are trees: a context naming a node applies to everything under it (the node is one of
 * the object's ancestors, `tree_path`). Tenant groups, cluster types and cluster groups match the
 * tenant's and the cluster's own group and type exactly, as NetBox does. A virtual machine has no
 * location or device type: only contexts that name none apply to it.
 *
 * The active contexts are read once per statement, each with its scopes as lists of ids (text,
 * for jsonb's `?|`), in one uncorrelated subquery (PostgreSQL's InitPlan); each listed object then
 * reads its own values once (its ancestors, its tags…) and keeps the contexts whose every scope is
 * empty or shares an id with them.
 */
import { TAG_LINK } from '../../../contract/index.ts';
import type { SqlScope } from '../../../rest/index.ts';

const CONTEXTS = 'extras.config-contexts';

/** What the matched object is: the resource its row is of, and whether it has a location and device type. */
export interface ConfigContextHolder {
  resource: string;
  hasLocation: boolean;
  hasDeviceType: boolean;
}

/** The scopes, in NetBox's order. */
export const SCOPES = ['regions', 'site_groups', 'sites', 'locations', 'device_types', 'roles', 'platforms', 'cluster_types', 'cluster_groups', 'clusters', 'tenant_groups', 'tenants', 'tags'] as const;

/** The active contexts as one jsonb array in order of weight then name: `[{data, regions: ["1", …], …}]`. */
export function activeContexts(sql: SqlScope): string {
  const contexts = sql.resource(CONTEXTS);
  const c = sql.alias();
  const field = (name: string) => sql.column(CONTEXTS, name, c);
  const scopes = SCOPES.map((name) => {
    const link = contexts.fields.find((f) => f.name === name)!.link!;
    const l = sql.alias();
    return `'${name}', to_jsonb(ARRAY(SELECT ${l}."${link.target}"::text FROM "${link.table}" ${l} WHERE ${l}."${link.source}" = ${c}.id))`;
  });
  return `(SELECT coalesce(jsonb_agg(jsonb_build_object('data', ${field('data')}, ${scopes.join(', ')}) ORDER BY ${field('weight')}, ${field('name')}), '[]'::jsonb) FROM ${sql.table(CONTEXTS)} ${c} WHERE ${field('is_active')})`;
}

/** The object's own values per scope (ids as text[], null for none), over its row `t`. */
export function objectValues(holder: ConfigContextHolder, t: string, sql: SqlScope): Record<(typeof SCOPES)[number], string> {
  const own = (field: string) => sql.column(holder.resource, field, t);
  const one = (id: string) => `ARRAY[${id}::text]`;
  /** The ancestors (and itself) of the tree node `node`. */
  const path = (tree: string, node: string) => {
    const n = sql.alias();
    return `(SELECT ${n}.tree_path::text[] FROM ${sql.table(tree)} ${n} WHERE ${n}.id = ${node})`;
  };
  const of = (key: string, id: string, field: string) => {
    const n = sql.alias();
    return `(SELECT ${sql.column(key, field, n)} FROM ${sql.table(key)} ${n} WHERE ${n}.id = ${id})`;
  };
  const i = sql.alias();
  const objectType = sql.resource(holder.resource).objectType;
  return {
    regions: path('dcim.regions', of('dcim.sites', own('site'), 'region')),
    site_groups: path('dcim.site-groups', of('dcim.sites', own('site'), 'group')),
    sites: one(own('site')),
    locations: holder.hasLocation ? path('dcim.locations', own('location')) : 'NULL::text[]',
    device_types: holder.hasDeviceType ? one(own('device_type')) : 'NULL::text[]',
    roles: path('dcim.device-roles', own('role')),
    platforms: path('dcim.platforms', own('platform')),
    cluster_types: one(of('virtualization.clusters', own('cluster'), 'type')),
    cluster_groups: one(of('virtualization.clusters', own('cluster'), 'group')),
    clusters: one(own('cluster')),
    tenant_groups: one(of('tenancy.tenants', own('tenant'), 'group')),
    tenants: one(own('tenant')),
    tags: `ARRAY(SELECT ${i}."${TAG_LINK.tagId}"::text FROM "${TAG_LINK.table}" ${i} WHERE ${i}."${TAG_LINK.objectType}" = '${objectType}' AND ${i}."${TAG_LINK.objectId}" = ${t}.id)`,
  };
}

/** The condition that the context element `e` (from activeContexts) applies to the object whose values are the columns of `v`. */
export function applies(e: string, v: string): string {
  // `?|` with a null or a null element matches nothing: an object without the value takes only contexts without the scope.
  return SCOPES.map((name) => `(${e}->'${name}' = '[]'::jsonb OR ${e}->'${name}' ?| array_remove(${v}.${name}, NULL))`).join(' AND ');
}
