/**
 * @module
 * IP addresses' method filters (NetBox's IPAddressFilterSet methods):
 * - `parent`: addresses whose host lies in any of the prefixes given (a value netaddr refuses
 *   matches nothing, as NetBox's `queryset.none()`);
 * - `device`/`device_id`: addresses on the interfaces of the devices named, a virtual chassis
 *   master's including its members' non-management interfaces (Device.vc_interfaces());
 * - `assigned_to_interface` and `assigned`: whether the address is assigned (to a device's or a
 *   VM's interface);
 * - `virtual_machine`/`virtual_machine_id`: addresses on the interfaces of the VMs named.
 */
import type { MethodFilter, MethodFilterArgs } from '../../../rest/index.ts';
import { presence } from '../../presence.ts';
import { boundsOf, formatNetwork, networkOf, parseNetwork } from '../shared/ipSpace.ts';

const column = ({ query, sql, alias }: MethodFilterArgs, field: string) => sql.column(query.listed.key, field, alias);

/** The interface object type, as the generic relation stores it. */
const interfaceType = (args: MethodFilterArgs) => `'${args.query.resource('dcim.interfaces').objectType}'`;
const vmInterfaceType = (args: MethodFilterArgs) => `'${args.query.resource('virtualization.interfaces').objectType}'`;

export const ipAddressParent: MethodFilter = (args) => {
  const networks = args.values.map((v) => parseNetwork(v.trim()));
  if (!networks.length || networks.some((n) => n === null)) return 'false';
  const host = `host(${column(args, 'address')})::inet`;
  // One parent is a range of the host index; several, any of them.
  if (networks.length === 1) {
    const [first, last] = boundsOf(networks[0]!);
    return `${host} BETWEEN ${args.param(first)}::inet AND ${args.param(last)}::inet`;
  }
  return `${host} <<= ANY(${args.param(networks.map((n) => formatNetwork(networkOf(n!))))}::cidr[])`;
};

export const ipAddressDevice: MethodFilter = (args) => {
  const { values, parsed, param, query, sql } = args;
  const byId = query.parameter.startsWith('device_id');
  const [d, m, c, i] = [sql.alias(), sql.alias(), sql.alias(), sql.alias()];
  const devices = byId ? `${d}.id = ANY(${param(parsed)}::int[])` : `${d}.name = ANY(${param(values)}::text[])`;
  const named = `SELECT ${d}.id FROM ${sql.table('dcim.devices')} ${d} WHERE ${devices}`;
  // A virtual chassis master also reaches its members' interfaces that are not for management only.
  const members = `SELECT ${m}.id FROM ${sql.table('dcim.devices')} ${m} JOIN ${sql.table('dcim.virtual-chassis')} ${c} ON ${c}.id = ${m}.virtual_chassis_id WHERE ${c}.master_id IN (${named})`;
  const interfaces = `SELECT ${i}.id FROM ${sql.table('dcim.interfaces')} ${i} WHERE ${i}.device_id IN (${named}) OR (${i}.device_id IN (${members}) AND NOT ${i}.mgmt_only)`;
  return `(${column(args, 'assigned_object_type')} = ${interfaceType(args)} AND ${column(args, 'assigned_object_id')} IN (${interfaces}))`;
};

export const ipAddressAssignedToInterface = presence((args) => `(${column(args, 'assigned_object_type')} IN (${interfaceType(args)}, ${vmInterfaceType(args)}) AND ${column(args, 'assigned_object_id')} IS NOT NULL)`);

export const ipAddressAssigned = presence((args) => `NOT (${column(args, 'assigned_object_type')} IS NULL AND ${column(args, 'assigned_object_id')} IS NULL)`);

export const ipAddressVirtualMachine: MethodFilter = (args) => {
  const { values, parsed, param, query, sql } = args;
  const byId = query.parameter.startsWith('virtual_machine_id');
  const [v, i] = [sql.alias(), sql.alias()];
  const machines = byId ? `${v}.id = ANY(${param(parsed)}::int[])` : `${v}.name = ANY(${param(values)}::text[])`;
  const interfaces = `SELECT ${i}.id FROM ${sql.table('virtualization.interfaces')} ${i} WHERE ${i}.virtual_machine_id IN (SELECT ${v}.id FROM ${sql.table('virtualization.virtual-machines')} ${v} WHERE ${machines})`;
  return `(${column(args, 'assigned_object_type')} = ${vmInterfaceType(args)} AND ${column(args, 'assigned_object_id')} IN (${interfaces}))`;
};
