/**
 * @module
 * A virtual machine's primary addresses (the end of NetBox's VirtualMachine.clean()): the primary
 * IPv4 (IPv6) address is an IPv4 (IPv6) address, and it, or the address it is the NAT outside of,
 * is assigned to one of the VM's interfaces — a VM being created has none yet, so it can have no
 * primary address. Each address is the primary address of one VM at most (one-to-one fields).
 */
import type { WriteBatch, WriteItem } from '../../../rest/index.ts';
import { refuseSharedAddresses } from '../../dcim/devices/primaryIps.ts';
import { rowsById, tableOf, type Row } from '../../dcim/shared/rows.ts';

interface VmAddressRow extends Row {
  address: string;
  family: number;
  machine_id: number | null;
  nat_inside_id: number | null;
}

/** The addresses the batch names as primary, and their NAT inside addresses, with the VM each is assigned to. */
async function addressesOf(batch: WriteBatch): Promise<Map<number, VmAddressRow>> {
  const interfaceType = batch.registry.resource('virtualization.interfaces').objectType;
  const load = (ids: unknown[]) =>
    rowsById<VmAddressRow>(
      batch.tx,
      tableOf(batch, 'ipam.ip-addresses'),
      ids,
      't.address::text AS address, family(t.address) AS family, i.virtual_machine_id AS machine_id, t.nat_inside_id',
      `LEFT JOIN ${tableOf(batch, 'virtualization.interfaces')} i ON t.assigned_object_type = '${interfaceType}' AND i.id = t.assigned_object_id`,
    );
  const named = await load(batch.items.flatMap((item) => [item.value('primary_ip4_id'), item.value('primary_ip6_id')]));
  const inside = await load([...named.values()].map((row) => row.nat_inside_id).filter((id) => id !== null && !named.has(Number(id))));
  return new Map([...named, ...inside]);
}

/** The first failing check of the VM's primary addresses, as [field, message]. */
function primaryAddressError(item: WriteItem, addresses: Map<number, VmAddressRow>): [string, string] | null {
  const onThisVm = (row: VmAddressRow | undefined) => !!row && item.id !== null && Number(row.machine_id) === item.id;
  for (const family of [4, 6]) {
    const id = item.value(`primary_ip${family}_id`);
    const ip = id === null || id === undefined ? undefined : addresses.get(Number(id));
    if (!ip) continue;
    const field = `primary_ip${family}`;
    if (Number(ip.family) !== family) return [field, `Must be an IPv${family} address. (${ip.address} is an IPv${ip.family} address.)`];
    const inside = ip.nat_inside_id === null ? undefined : addresses.get(Number(ip.nat_inside_id));
    if (!onThisVm(ip) && !onThisVm(inside)) return [field, `The specified IP address (${ip.address}) is not assigned to this VM.`];
  }
  return null;
}

/** Checks the primary addresses of the batch's items still free of errors. */
export async function checkPrimaryAddresses(batch: WriteBatch): Promise<void> {
  const addresses = await addressesOf(batch);
  for (const item of batch.items) {
    if (!item.errors.empty) continue;
    const error = primaryAddressError(item, addresses);
    if (error) item.error(...error);
  }
  await refuseSharedAddresses(batch, [
    ['primary_ip4', 'Primary IPv4'],
    ['primary_ip6', 'Primary IPv6'],
  ]);
}
