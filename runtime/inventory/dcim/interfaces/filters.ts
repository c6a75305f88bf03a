/**
 * @module
 * Method filters of interfaces (NetBox's InterfaceFilterSet, CabledObjectFilterSet and
 * PathEndpointFilterSet):
 * - `cabled` and `occupied` (cabled or marked connected); `connected` is every path endpoint's
 *   (runtime/inventory/dcim/cables/pathSql.ts);
 * - `kind`: physical (neither virtual nor wireless), virtual or wireless types; any other value
 *   matches nothing;
 * - `vlan_id` and `vlan`: the interface carries the VLAN (id, or VID) untagged, tagged or as its
 *   Q-in-Q service VLAN; a blank value filters nothing;
 * - `virtual_chassis_member[_id]`: Device.vc_interfaces(if_master=False) of the named devices —
 *   their own interfaces, plus the non-management interfaces of their virtual chassis;
 *   `virtual_chassis_member_or_master[_id]` adds the chassis' only when the device is its master;
 * - `primary_mac_address`: the primary MAC address, in any spelling; one no MAC address has is
 *   an invalid choice, as NetBox's ModelMultipleChoiceFilter answers (a VM interface's filter
 *   too: it goes through the resource's own `primary_mac_address`).
 */
import { v } from '../../../kinds/index.ts';
import type { MethodFilter, MethodFilterArgs } from '../../../rest/index.ts';
import { numberCharFilter } from '../../numberCharFilter.ts';
import { presence } from '../../presence.ts';
import { VIRTUAL_TYPES, WIRELESS_TYPES } from './interfaceRules.ts';

const I = 'dcim.interfaces';

export const cabled = presence(({ alias, sql }) => `${sql.column(I, 'cable', alias)} IS NOT NULL`);

export const occupied = presence(({ alias, sql }) => `(${sql.column(I, 'cable', alias)} IS NOT NULL OR ${sql.column(I, 'mark_connected', alias)})`);

const inList = (param: MethodFilterArgs['param'], values: Iterable<string>) => `ANY(${param([...values])}::text[])`;

export const kind: MethodFilter = ({ values, alias, sql, param }) => {
  const type = sql.column(I, 'type', alias);
  const value = values[values.length - 1].trim().toLowerCase();
  if (value === 'virtual') return `${type} = ${inList(param, VIRTUAL_TYPES)}`;
  if (value === 'wireless') return `${type} = ${inList(param, WIRELESS_TYPES)}`;
  if (value === 'physical') return `NOT (${type} = ${inList(param, [...VIRTUAL_TYPES, ...WIRELESS_TYPES])})`;
  return 'false';
};

/** The interface carries a VLAN matching `match` (SQL over the VLAN alias) untagged, tagged or as its service VLAN. */
function carries({ alias, sql }: MethodFilterArgs, match: (v: string) => string): string {
  const v = sql.alias();
  const link = sql.resource(I).fields.find((f) => f.name === 'tagged_vlans')!.link!;
  const l = sql.alias();
  const vlans = sql.table('ipam.vlans');
  return `(EXISTS (SELECT 1 FROM ${vlans} ${v} WHERE ${match(v)} AND ${v}.id IN (${sql.column(I, 'untagged_vlan', alias)}, ${sql.column(I, 'qinq_svlan', alias)}))
    OR EXISTS (SELECT 1 FROM "${link.table}" ${l} JOIN ${vlans} ${v}t ON ${v}t.id = ${l}."${link.target}" WHERE ${l}."${link.source}" = ${alias}.id AND ${match(`${v}t`)}))`;
}

/** `vlan_id` and `vlan`: one value (a CharFilter); blank filters nothing; a value no VLAN can have matches nothing. */
const vlanFilter =
  (column: 'id' | 'vid'): MethodFilter =>
  (args) =>
    numberCharFilter(args.values, (value) => carries(args, (v) => `${v}.${column} = ${args.param(value)}::bigint`));

export const vlanId = vlanFilter('id');
export const vlanVid = vlanFilter('vid');

/** Device.vc_interfaces() of the devices named (by name, or id) in the values. */
const vcInterfaces =
  (by: 'name' | 'id', ifMaster: boolean): MethodFilter =>
  ({ values, parsed, alias, sql, param }) => {
    const [d, i] = [sql.alias(), sql.alias()];
    const devices = sql.table('dcim.devices');
    const named = by === 'id' ? `${d}.id = ANY(${param(parsed)}::int[])` : `${d}.name = ANY(${param(values)}::text[])`;
    const chassis = sql.alias();
    const master = ifMaster ? ` AND EXISTS (SELECT 1 FROM ${sql.table('dcim.virtual-chassis')} ${chassis} WHERE ${chassis}.id = ${d}.virtual_chassis_id AND ${chassis}.master_id = ${d}.id)` : '';
    const own = `${sql.column(I, 'device', alias)} IN (SELECT ${d}.id FROM ${devices} ${d} WHERE ${named})`;
    const members = `(NOT ${sql.column(I, 'mgmt_only', alias)} AND ${sql.column(I, 'device', alias)} IN (SELECT ${i}.id FROM ${devices} ${i} JOIN ${devices} ${d} ON ${d}.virtual_chassis_id = ${i}.virtual_chassis_id WHERE ${named}${master}))`;
    return `(${own} OR ${members})`;
  };

export const vcMember = vcInterfaces('name', false);
export const vcMemberId = vcInterfaces('id', false);
export const vcMaster = vcInterfaces('name', true);
export const vcMasterId = vcInterfaces('id', true);

export const primaryMac: MethodFilter = ({ values, lookup, query }) => {
  const path = 'primary_mac_address__mac_address';
  const macs = values.map((value) => v.canonicalMac(value) ?? value);
  query.mustExist(path, macs);
  return query.where(path, 'in', macs, { cast: 'text', negate: lookup === 'n' });
};
