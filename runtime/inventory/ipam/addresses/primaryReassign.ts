/**
 * @module
 * An address a device uses as its primary IPv4 or IPv6 address stays on that device: moving it
 * to another device's interface, or unassigning it, is refused (`__all__`, NetBox's message).
 * The device is the parent of the interface the address was assigned to before the write.
 */
import type { WriteBatch, WriteItem } from '../../../rest/index.ts';
import { valueOf } from '../batchValues.ts';
import { parseNetwork } from '../ipSpace.ts';

export async function refusePrimaryReassignment(batch: WriteBatch, items: WriteItem[]): Promise<void> {
  const interfaceType = batch.registry.resource('dcim.interfaces').objectType;
  /** The interface an address is assigned to, in a row of the address table. */
  const interfaceOf = (type: unknown, id: unknown) => (type === interfaceType && id !== null && id !== undefined ? Number(id) : null);
  const moves = items
    .filter((item) => item.existing !== null)
    .map((item) => ({
      item,
      before: interfaceOf(item.existing!.assigned_object_type, item.existing!.assigned_object_id),
      after: interfaceOf(valueOf(batch, item, 'assigned_object_type'), valueOf(batch, item, 'assigned_object_id')),
    }))
    .filter((move) => move.before !== null);
  if (!moves.length) return;
  const [interfaceTable, deviceTable] = ['dcim.interfaces', 'dcim.devices'].map((key) => `"${batch.registry.resource(key).table}"`);
  const wanted = [...new Set(moves.flatMap((m) => [m.before, m.after]).filter((id) => id !== null))];
  // Each interface's device, and the device's primary addresses.
  const rows = await batch.tx.query<{ id: number; device_id: number; primary_ip4_id: number | null; primary_ip6_id: number | null }>(
    `SELECT i.id, i.device_id, d.primary_ip4_id, d.primary_ip6_id FROM ${interfaceTable} i JOIN ${deviceTable} d ON d.id = i.device_id WHERE i.id = ANY($1::int[])`,
    [wanted],
  );
  const interfaces = new Map(rows.map((row) => [Number(row.id), row]));
  for (const { item, before, after } of moves) {
    const parent = interfaces.get(before!);
    const family = parseNetwork(String(valueOf(batch, item, 'address')))?.family;
    const primary = parent && Number(family === 4 ? parent.primary_ip4_id : family === 6 ? parent.primary_ip6_id : null) === item.id;
    const newParent = after === null ? null : interfaces.get(after)?.device_id;
    if (primary && Number(newParent) !== Number(parent.device_id)) {
      item.error('__all__', 'Cannot reassign IP address while it is designated as the primary IP for the parent object');
    }
  }
}
