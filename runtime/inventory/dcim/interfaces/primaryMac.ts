/**
 * @module
 * BaseInterface.clean()'s check of an interface's primary MAC address, shared by a device's
 * interfaces and a VM's: a MAC address assigned to some object must be assigned to this
 * interface (an unassigned one is accepted, as NetBox 4.6 does). The message quotes the address
 * and the object it is on (str(): an interface's name, with its label).
 */
import type { WriteBatch, WriteItem } from '../../../rest/index.ts';
import { rowsById, tableOf } from '../shared/rows.ts';
import { MAC_INTERFACES } from './macAddresses.ts';

export interface PrimaryMac {
  mac: string;
  assignedType: string | null;
  assignedId: number | null;
  /** The display of the object it is assigned to. */
  assigned: string | undefined;
}

/** The MAC addresses the batch names as primary, by id, with the display of the interface each is on. */
export async function primaryMacsOf(batch: WriteBatch): Promise<Map<number, PrimaryMac>> {
  const rows = await rowsById(batch.tx, tableOf(batch, 'dcim.mac-addresses'), batch.items.map((item) => item.value('primary_mac_address_id')), 'upper(t.mac_address::text) AS mac, t.assigned_object_type, t.assigned_object_id');
  const displays = new Map<string, Map<number, string>>();
  for (const key of MAC_INTERFACES) {
    const objectType = batch.registry.resource(key).objectType;
    const ids = [...rows.values()].filter((row) => row.assigned_object_type === objectType).map((row) => row.assigned_object_id);
    if (ids.length) displays.set(objectType, await batch.displays(key, ids));
  }
  const macs = new Map<number, PrimaryMac>();
  for (const [id, row] of rows) {
    const assignedType = (row.assigned_object_type as string | null) ?? null;
    const assignedId = row.assigned_object_id === null ? null : Number(row.assigned_object_id);
    macs.set(id, { mac: String(row.mac), assignedType, assignedId, assigned: assignedType && assignedId !== null ? displays.get(assignedType)?.get(assignedId) : undefined });
  }
  return macs;
}

/** The error of an item (of the interfaces whose object type is `objectType`) whose primary MAC address is assigned to another object, or null. */
export function primaryMacError(objectType: string, macs: Map<number, PrimaryMac>, item: WriteItem): [string, string] | null {
  const mac = macs.get(Number(item.value('primary_mac_address_id')));
  if (!mac || mac.assignedType === null || mac.assignedId === null) return null;
  if (mac.assignedType === objectType && mac.assignedId === item.id) return null;
  return ['primary_mac_address', `MAC address ${mac.mac} is assigned to a different interface (${mac.assigned}).`];
}
