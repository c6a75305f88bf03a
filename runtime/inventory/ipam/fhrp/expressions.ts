/**
 * @module
 * FHRP groups seen from elsewhere: the group an IP address is assigned to (the hop of the
 * addresses' `fhrpgroup_id` filter) and the number of groups an interface (a device's or a VM's)
 * is assigned to (its `count_fhrp_groups`).
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const ipAddressFhrpGroup: SqlExpression = (t, sql) => {
  const [type, id] = ['assigned_object_type', 'assigned_object_id'].map((f) => sql.column('ipam.ip-addresses', f, t));
  return `(CASE WHEN ${type} = '${sql.resource('ipam.fhrp-groups').objectType}' THEN ${id} END)`;
};

const fhrpGroupCount =
  (interfaces: string): SqlExpression =>
  (t, sql) => {
    const a = sql.alias();
    const [type, id] = ['interface_type', 'interface_id'].map((f) => sql.column('ipam.fhrp-group-assignments', f, a));
    return `(SELECT count(*) FROM ${sql.table('ipam.fhrp-group-assignments')} ${a} WHERE ${type} = '${sql.resource(interfaces).objectType}' AND ${id} = ${t}.id)::int`;
  };

export const interfaceFhrpGroupCount = fhrpGroupCount('dcim.interfaces');
export const vmInterfaceFhrpGroupCount = fhrpGroupCount('virtualization.interfaces');
