/**
 * @module
 * L2VPN terminations' `site`/`site_id` and `region`/`region_id` (NetBox's filter_site and
 * filter_region): terminations on a VLAN of the site, on an interface of a device at the site, or
 * on an interface of a virtual machine at the site; a region matches its sites' (the region named,
 * by slug or id, without its descendants, as NetBox's `site__region__slug__in`).
 */
import type { MethodFilter, MethodFilterArgs } from '../../../rest/index.ts';

function bySites(args: MethodFilterArgs, sites: string): string {
  const { sql, alias, query } = args;
  const column = (field: string) => sql.column(query.listed.key, field, alias);
  const type = (key: string) => `'${query.resource(key).objectType}'`;
  const [v, i, d, m, vm] = [sql.alias(), sql.alias(), sql.alias(), sql.alias(), sql.alias()];
  const vlans = `SELECT ${v}.id FROM ${sql.table('ipam.vlans')} ${v} WHERE ${v}.site_id IN (${sites})`;
  const interfaces = `SELECT ${i}.id FROM ${sql.table('dcim.interfaces')} ${i} JOIN ${sql.table('dcim.devices')} ${d} ON ${d}.id = ${i}.device_id WHERE ${d}.site_id IN (${sites})`;
  const vmInterfaces = `SELECT ${m}.id FROM ${sql.table('virtualization.interfaces')} ${m} JOIN ${sql.table('virtualization.virtual-machines')} ${vm} ON ${vm}.id = ${m}.virtual_machine_id WHERE ${vm}.site_id IN (${sites})`;
  const type_ = column('assigned_object_type');
  const id = column('assigned_object_id');
  return `((${type_} = ${type('ipam.vlans')} AND ${id} IN (${vlans})) OR (${type_} = ${type('dcim.interfaces')} AND ${id} IN (${interfaces})) OR (${type_} = ${type('virtualization.interfaces')} AND ${id} IN (${vmInterfaces})))`;
}

export const l2vpnTerminationSite: MethodFilter = (args) => {
  const { sql, param, parsed, values, query } = args;
  const s = sql.alias();
  const where = query.parameter.startsWith('site_id') ? `${s}.id = ANY(${param(parsed)}::int[])` : `${s}.slug = ANY(${param(values)}::text[])`;
  return bySites(args, `SELECT ${s}.id FROM ${sql.table('dcim.sites')} ${s} WHERE ${where}`);
};

export const l2vpnTerminationRegion: MethodFilter = (args) => {
  const { sql, param, parsed, values, query } = args;
  const [s, r] = [sql.alias(), sql.alias()];
  const where = query.parameter.startsWith('region_id') ? `${r}.id = ANY(${param(parsed)}::int[])` : `${r}.slug = ANY(${param(values)}::text[])`;
  return bySites(args, `SELECT ${s}.id FROM ${sql.table('dcim.sites')} ${s} JOIN ${sql.table('dcim.regions')} ${r} ON ${r}.id = ${s}.region_id WHERE ${where}`);
};
