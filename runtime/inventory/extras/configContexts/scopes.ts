/**
 * @module
 * Which active config contexts apply to a device or a virtual machine, as NetBox's
 * ConfigContextModelQuerySet matches them: every scope a context names must hold the object's
 * value (a scope left empty holds everything). Regions, site groups, locations, roles and
 * platforms are trees: a context naming a node applies to everything under it (the node is one of
 * the object's ancestors, `tree_path`). Tenant groups, cluster types and cluster groups match the
 * tenant's and the cluster's own group and type exactly, as NetBox does. A virtual machine has no
 * location or device type: only contexts that name none apply to it.
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

/** The condition that a linked id (SQL) matches the object. */
type Match = (linked: string) => string;

/**
 * The condition (over the context row `c`) that its scopes hold for the object row `t`: per
 * scope, no link, or a link that matches.
 */
export function scopeConditions(holder: ConfigContextHolder, c: string, t: string, sql: SqlScope): string {
  const contexts = sql.resource(CONTEXTS);
  const col = (key: string, field: string, alias: string) => sql.column(key, field, alias);
  const own = (field: string) => col(holder.resource, field, t);

  /** The linked id is one of the tree node's ancestors (or the node): `node` is SQL of its id. */
  const inTree = (tree: string, node: string): Match => (linked) => {
    const n = sql.alias();
    return `EXISTS (SELECT 1 FROM ${sql.table(tree)} ${n} WHERE ${n}.id = ${node} AND ${linked} = ANY(${n}.tree_path))`;
  };
  /** The linked id is the value of `field` of the object `id` of `key` points at. */
  const through = (key: string, id: string, field: string): Match => (linked) => {
    const n = sql.alias();
    return `EXISTS (SELECT 1 FROM ${sql.table(key)} ${n} WHERE ${n}.id = ${id} AND ${col(key, field, n)} = ${linked})`;
  };
  const siteOf = (field: string) => {
    const s = sql.alias();
    return `(SELECT ${col('dcim.sites', field, s)} FROM ${sql.table('dcim.sites')} ${s} WHERE ${s}.id = ${own('site')})`;
  };
  const equals = (value: string): Match => (linked) => `${linked} = ${value}`;
  const taggedWith: Match = (linked) => {
    const i = sql.alias();
    const objectType = sql.resource(holder.resource).objectType;
    return `EXISTS (SELECT 1 FROM "${TAG_LINK.table}" ${i} WHERE ${i}."${TAG_LINK.objectType}" = '${objectType}' AND ${i}."${TAG_LINK.objectId}" = ${t}.id AND ${i}."${TAG_LINK.tagId}" = ${linked})`;
  };

  const scopes: Record<string, Match | null> = {
    regions: inTree('dcim.regions', siteOf('region')),
    site_groups: inTree('dcim.site-groups', siteOf('group')),
    sites: equals(own('site')),
    locations: holder.hasLocation ? inTree('dcim.locations', own('location')) : null,
    device_types: holder.hasDeviceType ? equals(own('device_type')) : null,
    roles: inTree('dcim.device-roles', own('role')),
    platforms: inTree('dcim.platforms', own('platform')),
    cluster_types: through('virtualization.clusters', own('cluster'), 'type'),
    cluster_groups: through('virtualization.clusters', own('cluster'), 'group'),
    clusters: equals(own('cluster')),
    tenant_groups: through('tenancy.tenants', own('tenant'), 'group'),
    tenants: equals(own('tenant')),
    tags: taggedWith,
  };
  const conditions = Object.entries(scopes).map(([name, match]) => {
    const link = contexts.fields.find((f) => f.name === name)!.link!;
    const l = sql.alias();
    const linked = `FROM "${link.table}" ${l} WHERE ${l}."${link.source}" = ${c}.id`;
    // A scope the object cannot hold (a VM's locations) applies only when empty.
    if (!match) return `NOT EXISTS (SELECT 1 ${linked})`;
    const m = sql.alias();
    return `(NOT EXISTS (SELECT 1 ${linked}) OR EXISTS (SELECT 1 FROM "${link.table}" ${m} WHERE ${m}."${link.source}" = ${c}.id AND ${match(`${m}."${link.target}"`)}))`;
  });
  return conditions.join(' AND ');
}
