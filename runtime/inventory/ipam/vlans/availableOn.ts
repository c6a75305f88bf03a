/**
 * @module
 * The VLANs a device or virtual machine may use (NetBox's VLANQuerySet.get_for_device and
 * get_for_virtualmachine, the `available_on_device` / `available_on_virtualmachine` filters), and the
 * VLANs an interface or VM interface carries (`interface_id` / `vminterface_id`: untagged or tagged).
 *
 * A device reaches the VLAN groups scoped to its cluster and cluster group, its site's regions and
 * site groups up the trees, its site, its location and the locations above it, and its rack; a VM
 * those of its cluster and cluster group, of its cluster's scope (a location and those above it, a
 * site, a site group or region and those above it), and of its site — its own, else its cluster's
 * location's or site's — with that site's regions and site groups. Either also reaches the VLANs of
 * that site and the global ones (no site, and no group or an unscoped group).
 */
import type { MethodFilter, MethodFilterArgs, SqlScope } from '../../../rest/index.ts';

const last = (values: string[]) => values[values.length - 1].trim();

/** SQL of the ids of VLAN groups scoped to `type` with an id among the SQL `ids`. */
function scopedTo(sql: SqlScope, type: string, ids: string): string {
  const g = sql.alias();
  const [typeColumn, idColumn] = ['scope_type', 'scope_id'].map((name) => sql.column('ipam.vlan-groups', name, g));
  return `SELECT ${g}.id FROM ${sql.table('ipam.vlan-groups')} ${g} WHERE ${typeColumn} = '${type}' AND ${idColumn} IN (${ids})`;
}

/** SQL of the node the SQL `node` names and its ancestors in the tree `resource`. */
function upTheTree(sql: SqlScope, resource: string, node: string): string {
  const n = sql.alias();
  return `SELECT unnest(${n}.tree_path) FROM ${sql.table(resource)} ${n} WHERE ${n}.id = (${node})`;
}

/** SQL of a column of the row `id` of `resource`. */
function columnOf(sql: SqlScope, resource: string, column: string, id: string): string {
  const r = sql.alias();
  return `SELECT ${sql.column(resource, column, r)} FROM ${sql.table(resource)} ${r} WHERE ${r}.id = (${id})`;
}

/** Groups scoped to a site and to its regions and site groups up the trees. */
function siteScopes(sql: SqlScope, site: string): string[] {
  return [
    scopedTo(sql, 'dcim.site', site),
    scopedTo(sql, 'dcim.region', upTheTree(sql, 'dcim.regions', columnOf(sql, 'dcim.sites', 'region', site))),
    scopedTo(sql, 'dcim.sitegroup', upTheTree(sql, 'dcim.site-groups', columnOf(sql, 'dcim.sites', 'group', site))),
  ];
}

/** Groups scoped to a cluster and its cluster group. */
function clusterScopes(sql: SqlScope, cluster: string): string[] {
  return [scopedTo(sql, 'virtualization.cluster', cluster), scopedTo(sql, 'virtualization.clustergroup', columnOf(sql, 'virtualization.clusters', 'group', cluster))];
}

/** The VLANs in `groups`, of the site `site`, or global. */
function available({ alias, query, sql }: MethodFilterArgs, groups: string[], site: string): string {
  const [group, ownSite] = ['group', 'site'].map((name) => sql.column(query.listed.key, name, alias));
  const g = sql.alias();
  const unscoped = `SELECT ${g}.id FROM ${sql.table('ipam.vlan-groups')} ${g} WHERE ${sql.column('ipam.vlan-groups', 'scope_id', g)} IS NULL`;
  return `(${group} IN (${groups.join(' UNION ')}) OR ${ownSite} = (${site}) OR (${ownSite} IS NULL AND (${group} IS NULL OR ${group} IN (${unscoped}))))`;
}

export const vlanAvailableOnDevice: MethodFilter = (args) => {
  const { values, param, query, sql } = args;
  const value = last(values);
  query.mustExist('id', [value], 'dcim.devices');
  const device = `${param(value)}::bigint`;
  const of = (column: string) => columnOf(sql, 'dcim.devices', column, device);
  const site = of('site');
  return available(args, [
    ...clusterScopes(sql, of('cluster')),
    ...siteScopes(sql, site),
    scopedTo(sql, 'dcim.location', upTheTree(sql, 'dcim.locations', of('location'))),
    scopedTo(sql, 'dcim.rack', of('rack')),
  ], site);
};

export const vlanAvailableOnVirtualMachine: MethodFilter = (args) => {
  const { values, param, query, sql } = args;
  const value = last(values);
  query.mustExist('id', [value], 'virtualization.virtual-machines');
  const vm = `${param(value)}::bigint`;
  const cluster = columnOf(sql, 'virtualization.virtual-machines', 'cluster', vm);
  const c = sql.alias();
  const scope = (column: string) => `SELECT ${sql.column('virtualization.clusters', column, c)} FROM ${sql.table('virtualization.clusters')} ${c} WHERE ${c}.id = (${cluster})`;
  const scoped = (type: string, then: string) => `SELECT CASE WHEN (${scope('scope_type')}) = '${type}' THEN (${then}) END`;
  // The VM's own site, else its cluster's location's site or its cluster's site.
  const site = `coalesce((${columnOf(sql, 'virtualization.virtual-machines', 'site', vm)}), (${scoped('dcim.location', columnOf(sql, 'dcim.locations', 'site', scope('scope_id')))}), (${scoped('dcim.site', scope('scope_id'))}))`;
  return available(args, [
    ...clusterScopes(sql, cluster),
    scopedTo(sql, 'dcim.location', upTheTree(sql, 'dcim.locations', scoped('dcim.location', scope('scope_id')))),
    scopedTo(sql, 'dcim.sitegroup', upTheTree(sql, 'dcim.site-groups', scoped('dcim.sitegroup', scope('scope_id')))),
    scopedTo(sql, 'dcim.region', upTheTree(sql, 'dcim.regions', scoped('dcim.region', scope('scope_id')))),
    ...siteScopes(sql, site),
  ], site);
};

/** The VLANs an interface (or VM interface) carries untagged or tagged. */
function carriedBy(interfaces: string, link: { table: string; owner: string }): MethodFilter {
  return ({ values, alias, param, query, sql }) => {
    const value = last(values);
    query.mustExist('id', [value], interfaces);
    const id = `${param(value)}::bigint`;
    return `(${alias}.id = (${columnOf(sql, interfaces, 'untagged_vlan', id)}) OR ${alias}.id IN (SELECT tagged_vlan_id FROM "${link.table}" WHERE "${link.owner}" = ${id}))`;
  };
}

export const vlanInterface = carriedBy('dcim.interfaces', { table: 'dcim_interface_tagged_vlans', owner: 'interface_id' });
export const vlanVmInterface = carriedBy('virtualization.interfaces', { table: 'virtualization_vminterface_tagged_vlans', owner: 'vm_interface_id' });
