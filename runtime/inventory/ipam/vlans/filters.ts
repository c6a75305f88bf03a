/**
 * @module
 * VLAN groups' and VLANs' method filters: a group's scope by type and id (NetBox's filter_scope,
 * a NumberFilter per scope type), the groups whose VID ranges contain a VID, and the VLANs
 * available at a site or site group (NetBox's VLANQuerySet.get_for_site / get_for_site_group:
 * VLANs of groups scoped to the site or to one of its regions or site groups up the tree, the
 * site's own VLANs, and global ones).
 */
import type { MethodFilter, MethodFilterArgs, SqlScope } from '../../../rest/index.ts';

/** The object type each filter_scope filter names (`site_group` → `dcim.sitegroup`). */
const SCOPE_TYPES: Record<string, string> = {
  region: 'dcim.region',
  site_group: 'dcim.sitegroup',
  site: 'dcim.site',
  location: 'dcim.location',
  rack: 'dcim.rack',
  rack_group: 'dcim.rackgroup',
  cluster: 'virtualization.cluster',
  cluster_group: 'virtualization.clustergroup',
};

const last = (values: string[]) => values[values.length - 1].trim();

/** Groups scoped to the object of the parameter's type with the given id. */
export const vlanGroupScope: MethodFilter<number> = ({ value, alias, param, query, sql }) => {
  const type = SCOPE_TYPES[query.parameter];
  if (!type) throw new Error(`vlan_group_scope: no scope type for the filter ${query.parameter}`);
  const [typeColumn, idColumn] = ['scope_type', 'scope_id'].map((name) => sql.column(query.listed.key, name, alias));
  return `(${typeColumn} = ${param(type)} AND ${idColumn} = ${param(value)}::numeric)`;
};

export const vlanGroupContainsVid: MethodFilter<number> = ({ value, alias, param, query, sql }) => {
  const vid = param(value);
  const r = sql.alias();
  return `EXISTS (SELECT 1 FROM jsonb_array_elements(${sql.column(query.listed.key, 'vid_ranges', alias)}) ${r} WHERE (${r}->>0)::numeric <= ${vid}::numeric AND (${r}->>1)::numeric >= ${vid}::numeric)`;
};

/** Ids of the VLAN groups scoped to an object of `type` among `ids` (SQL yielding ids). */
function groupsScopedTo(sql: SqlScope, type: string, ids: string): string {
  const g = sql.alias();
  const [typeColumn, idColumn] = ['scope_type', 'scope_id'].map((name) => sql.column('ipam.vlan-groups', name, g));
  return `SELECT ${g}.id FROM ${sql.table('ipam.vlan-groups')} ${g} WHERE ${typeColumn} = '${type}' AND ${idColumn} IN (${ids})`;
}

/** The node and its ancestors in a tree (its `tree_path`), for the node the SQL `node` yields. */
function ancestors(sql: SqlScope, tree: string, node: string): string {
  const n = sql.alias();
  return `SELECT unnest(${n}.tree_path) FROM ${sql.table(tree)} ${n} WHERE ${n}.id = (${node})`;
}

/** VLANs in no group or in an unscoped one, and assigned to no site: available everywhere. */
function globalVlans({ alias, query, sql }: MethodFilterArgs): string {
  const [group, site] = ['group', 'site'].map((name) => sql.column(query.listed.key, name, alias));
  const g = sql.alias();
  return `(${site} IS NULL AND (${group} IS NULL OR ${group} IN (SELECT ${g}.id FROM ${sql.table('ipam.vlan-groups')} ${g} WHERE ${sql.column('ipam.vlan-groups', 'scope_id', g)} IS NULL)))`;
}

export const vlanAvailableAtSite: MethodFilter = (args) => {
  const { values, alias, param, query, sql } = args;
  const value = last(values);
  query.mustExist('site__id', [value]);
  const site = `${param(value)}::bigint`;
  const s = sql.alias();
  const siteColumn = (name: string) => `(SELECT ${sql.column('dcim.sites', name, s)} FROM ${sql.table('dcim.sites')} ${s} WHERE ${s}.id = ${site})`;
  const groups = [
    groupsScopedTo(sql, 'dcim.site', site),
    groupsScopedTo(sql, 'dcim.region', ancestors(sql, 'dcim.regions', siteColumn('region'))),
    groupsScopedTo(sql, 'dcim.sitegroup', ancestors(sql, 'dcim.site-groups', siteColumn('group'))),
  ].join(' UNION ');
  const [group, ownSite] = ['group', 'site'].map((name) => sql.column(query.listed.key, name, alias));
  return `(${group} IN (${groups}) OR ${ownSite} = ${site} OR ${globalVlans(args)})`;
};

export const vlanAvailableAtSiteGroup: MethodFilter = (args) => {
  const { values, alias, param, query, sql } = args;
  const value = last(values);
  query.mustExist('site__group__id', [value]);
  const group = sql.column(query.listed.key, 'group', alias);
  const scoped = groupsScopedTo(sql, 'dcim.sitegroup', ancestors(sql, 'dcim.site-groups', `${param(value)}::bigint`));
  return `(${group} IN (${scoped}) OR ${globalVlans(args)})`;
};
