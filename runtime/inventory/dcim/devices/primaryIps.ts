/**
 * @module
 * The primary and out-of-band IP addresses of devices and virtual device contexts (NetBox's
 * Device.clean() and VirtualDeviceContext.clean()):
 * - a device's primary IPv4 (IPv6) address is an IPv4 (IPv6) address, and it, or the address it is
 *   the NAT outside of, is assigned to one of the device's interfaces — or, the device being in a
 *   virtual chassis, to a member's interface not for management only. Its out-of-band address
 *   too, whatever the family. As NetBox's `vc_interfaces()` matches every interface while the
 *   device has no id yet, a new device accepts any address assigned to an interface.
 * - a virtual device context's primary addresses are of their family and assigned to its device's
 *   interfaces (or its chassis members'), NAT aside.
 * - each address is the primary (or out-of-band) address of one object at most (NetBox's
 *   one-to-one fields), with Django's unique message.
 */
import type { Queryable } from '../../../db/index.ts';
import type { WriteBatch, WriteItem } from '../../../rest/index.ts';
import { idsOf, quote, rowsById, tableOf, type Row } from '../shared/rows.ts';

/** An address with where it is assigned, and the same of its NAT inside address. */
export interface AddressRow extends Row {
  address: string;
  family: number;
  interface_id: number | null;
  device_id: number | null;
  chassis_id: number | null;
  mgmt_only: boolean | null;
  nat_inside_id: number | null;
}

/** The addresses named by `columns` of the batch's items, and the NAT inside addresses of those, by id. */
export async function addressesOf(batch: WriteBatch, columns: string[]): Promise<Map<number, AddressRow>> {
  const load = (tx: Queryable, ids: unknown[]) => {
    const interfaceType = batch.registry.resource('dcim.interfaces').objectType;
    const joins =
      `LEFT JOIN ${tableOf(batch, 'dcim.interfaces')} i ON t.assigned_object_type = '${interfaceType}' AND i.id = t.assigned_object_id ` +
      `LEFT JOIN ${tableOf(batch, 'dcim.devices')} d ON d.id = i.device_id`;
    return rowsById<AddressRow>(tx, tableOf(batch, 'ipam.ip-addresses'), ids, 't.address::text AS address, family(t.address) AS family, i.id AS interface_id, i.device_id, d.virtual_chassis_id AS chassis_id, i.mgmt_only, t.nat_inside_id', joins);
  };
  const named = await load(batch.tx, batch.items.flatMap((item) => columns.map((c) => item.value(c))));
  const inside = await load(batch.tx, [...named.values()].map((row) => row.nat_inside_id).filter((id) => id !== null && !named.has(Number(id))));
  return new Map([...named, ...inside]);
}

/** Whether the address is on an interface of `device` or, in chassis `chassis`, on a member's non-management one (null device: any interface). */
function onInterfaceOf(row: AddressRow | undefined, device: number | null, chassis: unknown): boolean {
  if (!row || row.interface_id === null) return false;
  if (device === null || Number(row.device_id) === device) return true;
  return chassis !== null && chassis !== undefined && Number(row.chassis_id) === Number(chassis) && row.mgmt_only === false;
}

const FAMILY: Record<string, number> = { primary_ip4_id: 4, primary_ip6_id: 6 };

/** The first of Device.clean()'s address checks that fails. */
export function deviceAddressError(item: WriteItem, addresses: Map<number, AddressRow>): [string, string] | null {
  const chassis = item.value('virtual_chassis_id');
  for (const column of ['primary_ip4_id', 'primary_ip6_id', 'oob_ip_id']) {
    const id = item.value(column);
    if (id === null || id === undefined) continue;
    const field = column.replace(/_id$/, '');
    const ip = addresses.get(Number(id));
    if (!ip) continue;
    const family = FAMILY[column];
    if (family && Number(ip.family) !== family) return [field, `${ip.address} is not an IPv${family} address.`];
    const inside = ip.nat_inside_id === null ? undefined : addresses.get(Number(ip.nat_inside_id));
    if (!onInterfaceOf(ip, item.id, chassis) && !onInterfaceOf(inside, item.id, chassis)) {
      return [field, `The specified IP address (${ip.address}) is not assigned to this device.`];
    }
  }
  return null;
}

/** VirtualDeviceContext.clean(): the first failing check of its primary addresses. */
async function checkContextAddresses(batch: WriteBatch): Promise<void> {
  const addresses = await addressesOf(batch, ['primary_ip4_id', 'primary_ip6_id']);
  const devices = await rowsById(batch.tx, tableOf(batch, 'dcim.devices'), batch.items.map((item) => item.value('device_id')), 't.virtual_chassis_id');
  for (const item of batch.items) {
    if (!item.errors.empty) continue;
    const device = Number(item.value('device_id'));
    for (const [column, family] of Object.entries(FAMILY)) {
      const ip = addresses.get(Number(item.value(column)));
      if (item.value(column) === null || !ip) continue;
      if (Number(ip.family) !== family) {
        item.error(`primary_ip${family}`, `${ip.address} is not an IPv${family} address.`);
        break;
      }
      if (!onInterfaceOf(ip, device, devices.get(device)?.virtual_chassis_id)) {
        item.error(`primary_ip${family}`, 'Primary IP address must belong to an interface on the assigned device.');
        break;
      }
    }
  }
}

/**
 * Django's unique check of one-to-one address fields: `<Model> with this <label> already exists.`
 * under the field, against stored rows and earlier items of the request; fields already in error
 * are left out, as Django's full_clean() leaves them.
 */
export async function refuseSharedAddresses(batch: WriteBatch, fields: [string, string][]): Promise<void> {
  const table = quote(batch.resource.table);
  const ids = batch.items.map((item) => item.id).filter((id): id is number => id !== null);
  const name = batch.resource.verboseName.charAt(0).toUpperCase() + batch.resource.verboseName.slice(1);
  for (const [field, label] of fields) {
    const column = `${field}_id`;
    const values = idsOf(batch.items.map((item) => item.value(column)));
    if (!values.length) continue;
    const taken = await batch.tx.query<{ value: number }>(`SELECT ${column} AS value FROM ${table} WHERE ${column} = ANY($1::int[]) AND NOT (id = ANY($2::int[]))`, [values, ids]);
    const used = new Set(taken.map((row) => Number(row.value)));
    for (const item of batch.items) {
      const value = item.value(column);
      if (value === null || value === undefined) continue;
      if (used.has(Number(value)) && !(field in item.errors.errors)) item.error(field, `${name} with this ${label} already exists.`);
      used.add(Number(value));
    }
  }
}

export const contextAddressRules = {
  async clean(batch: WriteBatch): Promise<void> {
    await checkContextAddresses(batch);
    await refuseSharedAddresses(batch, [['primary_ip4', 'Primary IPv4'], ['primary_ip6', 'Primary IPv6']]);
  },
};
