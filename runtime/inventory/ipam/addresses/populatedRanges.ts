/**
 * @module
 * No new address inside an IP range of its VRF marked populated (the range stands for all its
 * addresses); an existing address is not checked again, as NetBox checks only objects without a
 * primary key. "Inside" compares host portions, as NetBox 4.6.8's
 * `start_address__host__inet__lte`/`end_address__host__inet__gte` do: `10.0.0.5/24` and
 * `10.0.0.5/32` are both inside `10.0.0.1-100/24`, and a single-address range holds its address.
 */
import type { SqlScope, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { valueOf } from '../shared/batchValues.ts';
import { ipRangeDisplay } from '../addressing/displays.ts';

/** Enough of an SQL scope for the range display expression: fresh aliases. */
function aliases(): SqlScope {
  let n = 0;
  return { alias: () => `r${n++}` } as SqlScope;
}

export async function refuseInsidePopulatedRanges(batch: WriteBatch, items: WriteItem[]): Promise<void> {
  items = items.filter((item) => item.creating);
  if (!items.length) return;
  const ranges = `"${batch.registry.resource('ipam.ip-ranges').table}"`;
  const rows = await batch.tx.query<{ i: number; range: string }>(
    `SELECT DISTINCT ON (u.i) u.i, ${ipRangeDisplay('r', aliases())} AS range FROM unnest($1::inet[], $2::int[]) WITH ORDINALITY u(address, vrf, i) ` +
      `JOIN ${ranges} r ON host(r.start_address)::inet <= host(u.address)::inet AND host(r.end_address)::inet >= host(u.address)::inet AND r.vrf_id IS NOT DISTINCT FROM u.vrf AND r.mark_populated ` +
      `ORDER BY u.i, r.vrf_id, r.start_address, r.id`,
    [items.map((item) => valueOf(batch, item, 'address')), items.map((item) => valueOf(batch, item, 'vrf'))],
  );
  for (const row of rows) {
    const item = items[Number(row.i) - 1];
    item.error('address', `Cannot create IP address ${valueOf(batch, item, 'address')} inside range ${row.range}.`);
  }
}
