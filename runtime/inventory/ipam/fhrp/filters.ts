/**
 * @module
 * Method filters of FHRP models:
 * - a group's `related_ip`: the groups holding an address within the network of one of the given
 *   addresses, in the same VRF (NetBox's filter_related_ip);
 * - an assignment's `device`/`device_id`, `virtual_machine`/`virtual_machine_id`: the assignments
 *   of the interfaces of those devices or VMs, by name or id (NetBox's filter_device,
 *   filter_virtual_machine); a name or id naming nothing matches nothing.
 */
import type { MethodFilter } from '../../../rest/index.ts';

export const fhrpGroupRelatedIp: MethodFilter = ({ parsed, alias, param, sql }) => {
  const [a, r] = [sql.alias(), sql.alias()];
  const column = (field: string, x: string) => sql.column('ipam.ip-addresses', field, x);
  return (
    `EXISTS (SELECT 1 FROM ${sql.table('ipam.ip-addresses')} ${a} JOIN ${sql.table('ipam.ip-addresses')} ${r} ON ${r}.id = ANY(${param(parsed)}::bigint[]) ` +
    `AND ${column('address', a)} <<= ${column('address', r)} AND ${column('vrf', a)} IS NOT DISTINCT FROM ${column('vrf', r)} ` +
    `WHERE ${column('assigned_object_type', a)} = '${sql.resource('ipam.fhrp-groups').objectType}' AND ${column('assigned_object_id', a)} = ${alias}.id)`
  );
};

/** Assignments of the interfaces (of `interfaces`) whose `parent` (of `parents`) is named by the values. */
function assignmentsOf(interfaces: string, parentField: string, parents: string, byId: boolean): MethodFilter {
  return ({ values, parsed, alias, param, sql }) => {
    const [i, p] = [sql.alias(), sql.alias()];
    const match = byId ? `${p}.id = ANY(${param(parsed)}::bigint[])` : `${p}.name = ANY(${param(values)}::text[])`;
    const [type, id] = ['interface_type', 'interface_id'].map((f) => sql.column('ipam.fhrp-group-assignments', f, alias));
    return (
      `(${type} = '${sql.resource(interfaces).objectType}' AND ${id} IN (SELECT ${i}.id FROM ${sql.table(interfaces)} ${i} ` +
      `WHERE ${sql.column(interfaces, parentField, i)} IN (SELECT ${p}.id FROM ${sql.table(parents)} ${p} WHERE ${match})))`
    );
  };
}

export const fhrpAssignmentsOfDevice = assignmentsOf('dcim.interfaces', 'device', 'dcim.devices', false);
export const fhrpAssignmentsOfDeviceId = assignmentsOf('dcim.interfaces', 'device', 'dcim.devices', true);
export const fhrpAssignmentsOfVirtualMachine = assignmentsOf('virtualization.interfaces', 'virtual_machine', 'virtualization.virtual-machines', false);
export const fhrpAssignmentsOfVirtualMachineId = assignmentsOf('virtualization.interfaces', 'virtual_machine', 'virtualization.virtual-machines', true);
