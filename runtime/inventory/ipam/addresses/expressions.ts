/**
 * @module
 * IP addresses' computed values: the `family` (NetBox's `address.version`), the interface an
 * address is assigned to (the hop of the `interface` filters), and the number of addresses
 * assigned to an interface (its `count_ipaddresses`).
 */
import type { SqlExpression, SqlScope } from '../../../rest/index.ts';

export const ipAddressFamily: SqlExpression = (t, sql) => `family(${sql.column('ipam.ip-addresses', 'address', t)})`;

const assignedTo = (sql: SqlScope, a: string, interfaces: string) => ({
  type: sql.column('ipam.ip-addresses', 'assigned_object_type', a),
  id: sql.column('ipam.ip-addresses', 'assigned_object_id', a),
  interfaceType: `'${sql.resource(interfaces).objectType}'`,
});

/** The id of the interface of `interfaces` (a device's or a VM's) the address is assigned to, or null. */
const assignedInterface =
  (interfaces: string): SqlExpression =>
  (t, sql) => {
    const { type, id, interfaceType } = assignedTo(sql, t, interfaces);
    return `(CASE WHEN ${type} = ${interfaceType} THEN ${id} END)`;
  };

/** How many addresses are assigned to the interface `t` of `interfaces` (its `count_ipaddresses`). */
const assignedCount =
  (interfaces: string): SqlExpression =>
  (t, sql) => {
    const a = sql.alias();
    const { type, id, interfaceType } = assignedTo(sql, a, interfaces);
    return `(SELECT count(*) FROM ${sql.table('ipam.ip-addresses')} ${a} WHERE ${type} = ${interfaceType} AND ${id} = ${t}.id)::int`;
  };

export const ipAddressInterface = assignedInterface('dcim.interfaces');
export const ipAddressVmInterface = assignedInterface('virtualization.interfaces');
export const interfaceIpAddressCount = assignedCount('dcim.interfaces');
export const vmInterfaceIpAddressCount = assignedCount('virtualization.interfaces');
