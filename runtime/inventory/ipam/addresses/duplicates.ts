/**
 * @module
 * No two addresses with the same host in a VRF that enforces unique space, nor in the global
 * table (NetBox's ENFORCE_GLOBAL_UNIQUE, True by default), whatever their masks. Addresses whose
 * role allows sharing (anycast, VIP and the redundancy protocols) may repeat, as long as every
 * copy has such a role. The message names the first duplicate in NetBox's order (`address`).
 */
import type { WriteBatch, WriteItem } from '../../../rest/index.ts';
import { updatedIds, valueOf, vrfsOf, vrfText } from '../shared/batchValues.ts';
import { parseNetwork } from '../shared/ipSpace.ts';
import { ENFORCE_GLOBAL_UNIQUE } from '../addressing/prefixRules.ts';

/** ipam.constants.IPADDRESS_ROLES_NONUNIQUE. */
const SHARED_ROLES = new Set(['anycast', 'vip', 'vrrp', 'hsrp', 'glbp', 'carp']);

const shareable = (role: unknown) => typeof role === 'string' && SHARED_ROLES.has(role);

/** An address holding a host: its text (with its mask) and role. */
interface Holder {
  address: string;
  role: unknown;
}

/** Adds `address` errors to the items (without errors yet) that duplicate an address of their VRF. */
export async function refuseDuplicates(batch: WriteBatch, items: WriteItem[]): Promise<void> {
  const vrfs = await vrfsOf(batch);
  const enforced = items.filter((item) => {
    const vrf = valueOf(batch, item, 'vrf');
    return vrf === null ? ENFORCE_GLOBAL_UNIQUE : vrfs.get(Number(vrf))?.enforce_unique === true;
  });
  if (!enforced.length) return;
  const table = `"${batch.resource.table}"`;
  // Stored addresses of the same VRF and host, the batch's own rows left out (their new values count instead).
  const stored = await batch.tx.query<{ i: number; address: string; role: string | null; id: number }>(
    `SELECT u.i, a.address::text AS address, a.role, a.id FROM unnest($1::inet[], $2::int[]) WITH ORDINALITY u(address, vrf, i) ` +
      `JOIN ${table} a ON host(a.address)::inet = host(u.address)::inet AND a.vrf_id IS NOT DISTINCT FROM u.vrf WHERE NOT (a.id = ANY($3::int[])) ` +
      `ORDER BY a.address, a.id`,
    [enforced.map((item) => valueOf(batch, item, 'address')), enforced.map((item) => valueOf(batch, item, 'vrf')), updatedIds(batch)],
  );
  const holders = new Map<number, Holder[]>();
  for (const row of stored) {
    const list = holders.get(Number(row.i) - 1) ?? [];
    list.push({ address: row.address, role: row.role });
    holders.set(Number(row.i) - 1, list);
  }
  // Items of the same request collide with the ones before them (NetBox saves them in turn); the
  // stored duplicates come first, in NetBox's order (address, then id).
  const earlier = new Map<string, Holder[]>();
  enforced.forEach((item, i) => {
    const address = String(valueOf(batch, item, 'address'));
    const vrf = valueOf(batch, item, 'vrf');
    const network = parseNetwork(address)!;
    const key = `${network.family}|${network.value}|${vrf ?? ''}`;
    const role = valueOf(batch, item, 'role');
    const duplicates = [...(holders.get(i) ?? []), ...(earlier.get(key) ?? [])];
    if (duplicates.length && (!shareable(role) || duplicates.some((d) => !shareable(d.role)))) {
      const where = vrf === null ? 'global table' : `VRF ${vrfText(vrfs.get(Number(vrf)))}`;
      item.error('address', `Duplicate IP address found in ${where}: ${duplicates[0].address}`);
    }
    earlier.set(key, [...(earlier.get(key) ?? []), { address, role }]);
  });
}
