/**
 * @module
 * MAC addresses (NetBox's MACAddress), on a device's interface or a VM's alike: its display (the
 * address, upper-case with colons), its rule — a MAC address that is its interface's primary one
 * cannot be unassigned nor moved to another object — and its method filters: `assigned`,
 * `primary` (some interface's primary MAC address, a device's or a VM's), `device[_id]`
 * (assigned to an interface of Device.vc_interfaces(): the device's own, and its virtual
 * chassis' non-management ones when it is the master) and `virtual_machine[_id]` (assigned to an
 * interface of the VMs named). `interface[_id]` and `vminterface[_id]` are path filters through
 * the interface it is on (`assignedInterface`), as NetBox's GenericRelations are.
 */
import type { MethodFilter, MethodFilterArgs, ModelRules, SqlExpression } from '../../../rest/index.ts';
import { presence } from '../../presence.ts';
import { rowsById, tableOf } from '../shared/rows.ts';

const M = 'dcim.mac-addresses';
const I = 'dcim.interfaces';
const VI = 'virtualization.interfaces';
/** The resources a MAC address may be assigned to, each with a `primary_mac_address`. */
export const MAC_INTERFACES = [I, VI] as const;

export const macAddressDisplay: SqlExpression = (t, sql) => `upper(${sql.column(M, 'mac_address', t)}::text)`;

/** The id of the interface of `interfaces` (a device's or a VM's) the MAC address is on, or null: the hop of `interface[_id]` and `vminterface[_id]`. */
export const assignedInterface =
  (interfaces: string): SqlExpression =>
  (t, sql) =>
    `(CASE WHEN ${sql.column(M, 'assigned_object_type', t)} = '${sql.resource(interfaces).objectType}' THEN ${sql.column(M, 'assigned_object_id', t)} END)`;

export const macAddressRules: ModelRules = {
  async clean(batch) {
    for (const key of MAC_INTERFACES) {
      const objectType = batch.registry.resource(key).objectType;
      const changed = batch.items.filter((item) => !item.creating && item.existing!.assigned_object_type === objectType && item.existing!.assigned_object_id !== null);
      if (!changed.length) continue;
      const interfaces = await rowsById(batch.tx, tableOf(batch, key), changed.map((item) => item.existing!.assigned_object_id), 't.primary_mac_address_id');
      for (const item of changed) {
        const original = interfaces.get(Number(item.existing!.assigned_object_id));
        if (!original || Number(original.primary_mac_address_id) !== item.id) continue;
        const type = item.value('assigned_object_type');
        const id = item.value('assigned_object_id');
        if (type === null || type === undefined || id === null || id === undefined) item.error('__all__', 'Cannot unassign MAC Address while it is designated as the primary MAC for an object');
        else if (type !== objectType || Number(id) !== Number(item.existing!.assigned_object_id)) item.error('__all__', 'Cannot reassign MAC Address while it is designated as the primary MAC for an object');
      }
    }
  },
};

export const assigned = presence(({ alias, sql }) => `(${sql.column(M, 'assigned_object_type', alias)} IS NOT NULL AND ${sql.column(M, 'assigned_object_id', alias)} IS NOT NULL)`);

export const primary = presence(({ alias, sql }) =>
  MAC_INTERFACES.map((key) => {
    const i = sql.alias();
    return `${alias}.id IN (SELECT ${sql.column(key, 'primary_mac_address', i)} FROM ${sql.table(key)} ${i} WHERE ${sql.column(key, 'primary_mac_address', i)} IS NOT NULL)`;
  }).join(' OR '),
);

/** The MAC address is assigned to an interface of `interfaces` matching `where` (SQL over the interface alias). */
function onInterface({ alias, sql }: MethodFilterArgs, interfaces: string, where: (i: string) => string): string {
  const i = sql.alias();
  return `(${sql.column(M, 'assigned_object_type', alias)} = '${sql.resource(interfaces).objectType}' AND ${sql.column(M, 'assigned_object_id', alias)} IN (SELECT ${i}.id FROM ${sql.table(interfaces)} ${i} WHERE ${where(i)}))`;
}

/** The SQL naming the rows of alias `a` by the filter's values: ids, or names. */
const named = ({ param, values, parsed }: MethodFilterArgs, by: 'name' | 'id', a: string) => (by === 'id' ? `${a}.id = ANY(${param(parsed)}::int[])` : `${a}.name = ANY(${param(values)}::text[])`);

const byDevice =
  (by: 'name' | 'id'): MethodFilter =>
  (args) => {
    const { sql } = args;
    const [d, m, c] = [sql.alias(), sql.alias(), sql.alias()];
    const devices = sql.table('dcim.devices');
    const which = named(args, by, d);
    return onInterface(args, I, (i) => {
      const device = sql.column(I, 'device', i);
      const own = `${device} IN (SELECT ${d}.id FROM ${devices} ${d} WHERE ${which})`;
      const chassis = `(NOT ${sql.column(I, 'mgmt_only', i)} AND ${device} IN (SELECT ${m}.id FROM ${devices} ${m} JOIN ${sql.table('dcim.virtual-chassis')} ${c} ON ${c}.id = ${m}.virtual_chassis_id JOIN ${devices} ${d} ON ${d}.id = ${c}.master_id WHERE ${which}))`;
      return `(${own} OR ${chassis})`;
    });
  };

export const device = byDevice('name');
export const deviceId = byDevice('id');

/** NetBox's filter_virtual_machine: assigned to an interface of the VMs named (by name, or id). */
const byVirtualMachine =
  (by: 'name' | 'id'): MethodFilter =>
  (args) => {
    const v = args.sql.alias();
    return onInterface(args, VI, (i) => `${args.sql.column(VI, 'virtual_machine', i)} IN (SELECT ${v}.id FROM ${args.sql.table('virtualization.virtual-machines')} ${v} WHERE ${named(args, by, v)})`);
  };

export const virtualMachine = byVirtualMachine('name');
export const virtualMachineId = byVirtualMachine('id');
