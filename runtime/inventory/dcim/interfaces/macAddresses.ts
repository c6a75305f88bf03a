/**
 * @module
 * MAC addresses (NetBox's MACAddress): its display (the address, upper-case with colons), its
 * rule — a MAC address that is its interface's primary one cannot be unassigned nor moved to
 * another object — and its method filters: `assigned`, `primary` (some interface's primary MAC
 * address), `device[_id]` (assigned to an interface of Device.vc_interfaces(): the device's own,
 * and its virtual chassis' non-management ones when it is the master), `interface[_id]`.
 */
import type { MethodFilter, MethodFilterArgs, ModelRules, SqlExpression } from '../../../rest/index.ts';
import { presence } from '../../presence.ts';
import { rowsById, tableOf } from '../shared/rows.ts';

const M = 'dcim.mac-addresses';
const I = 'dcim.interfaces';

export const macAddressDisplay: SqlExpression = (t, sql) => `upper(${sql.column(M, 'mac_address', t)}::text)`;

export const macAddressRules: ModelRules = {
  async clean(batch) {
    const changed = batch.items.filter((item) => !item.creating && item.existing!.assigned_object_type === batch.registry.resource(I).objectType && item.existing!.assigned_object_id !== null);
    if (!changed.length) return;
    const interfaces = await rowsById(batch.tx, tableOf(batch, I), changed.map((item) => item.existing!.assigned_object_id), 't.primary_mac_address_id');
    for (const item of changed) {
      const original = interfaces.get(Number(item.existing!.assigned_object_id));
      if (!original || Number(original.primary_mac_address_id) !== item.id) continue;
      const type = item.value('assigned_object_type');
      const id = item.value('assigned_object_id');
      if (type === null || type === undefined || id === null || id === undefined) item.error('__all__', 'Cannot unassign MAC Address while it is designated as the primary MAC for an object');
      else if (type !== item.existing!.assigned_object_type || Number(id) !== Number(item.existing!.assigned_object_id)) item.error('__all__', 'Cannot reassign MAC Address while it is designated as the primary MAC for an object');
    }
  },
};

export const assigned = presence(({ alias, sql }) => `(${sql.column(M, 'assigned_object_type', alias)} IS NOT NULL AND ${sql.column(M, 'assigned_object_id', alias)} IS NOT NULL)`);

export const primary = presence(({ alias, sql }) => {
  const i = sql.alias();
  return `${alias}.id IN (SELECT ${sql.column(I, 'primary_mac_address', i)} FROM ${sql.table(I)} ${i} WHERE ${sql.column(I, 'primary_mac_address', i)} IS NOT NULL)`;
});

/** The MAC address is assigned to an interface matching `where` (SQL over the interface alias). */
function onInterface({ alias, sql }: MethodFilterArgs, where: (i: string) => string): string {
  const i = sql.alias();
  return `(${sql.column(M, 'assigned_object_type', alias)} = '${sql.resource(I).objectType}' AND ${sql.column(M, 'assigned_object_id', alias)} IN (SELECT ${i}.id FROM ${sql.table(I)} ${i} WHERE ${where(i)}))`;
}

const byDevice =
  (by: 'name' | 'id'): MethodFilter =>
  (args) => {
    const { sql, param, values, parsed } = args;
    const [d, m, c] = [sql.alias(), sql.alias(), sql.alias()];
    const devices = sql.table('dcim.devices');
    const named = by === 'id' ? `${d}.id = ANY(${param(parsed)}::int[])` : `${d}.name = ANY(${param(values)}::text[])`;
    return onInterface(args, (i) => {
      const device = sql.column(I, 'device', i);
      const own = `${device} IN (SELECT ${d}.id FROM ${devices} ${d} WHERE ${named})`;
      const chassis = `(NOT ${sql.column(I, 'mgmt_only', i)} AND ${device} IN (SELECT ${m}.id FROM ${devices} ${m} JOIN ${sql.table('dcim.virtual-chassis')} ${c} ON ${c}.id = ${m}.virtual_chassis_id JOIN ${devices} ${d} ON ${d}.id = ${c}.master_id WHERE ${named}))`;
      return `(${own} OR ${chassis})`;
    });
  };

export const device = byDevice('name');
export const deviceId = byDevice('id');

/** `interface__n`: every MAC address not on such an interface, unassigned ones included. */
const negatable = (args: MethodFilterArgs, condition: string) => (args.lookup === 'n' ? `NOT coalesce(${condition}, false)` : condition);

export const interfaceName: MethodFilter = (args) => negatable(args, onInterface(args, (i) => `${args.sql.column(I, 'name', i)} = ANY(${args.param(args.values)}::text[])`));

export const interfaceId: MethodFilter<number> = (args) => negatable(args, onInterface(args, (i) => `${i}.id = ANY(${args.param(args.parsed)}::int[])`));
