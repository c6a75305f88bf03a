/**
 * @module
 * IPRange.clean(): start and end of one family and one mask, the end not before the start, no overlap
 * with another range of the same VRF (the global table counting as one), and at most 2^32-1
 * addresses. Messages are NetBox's, in its order; an overlap names the first overlapping range in
 * NetBox's ordering, in its compressed form (`10.0.0.1-100/24`).
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { columnOf, updatedIds, valueOf, vrfsOf, vrfText } from '../shared/batchValues.ts';
import { formatAddress, parseNetwork, type Network } from '../shared/ipSpace.ts';

const MAX_SIZE = 2n ** 32n - 1n;

/** IPRange.name: NetBox's compressed form of a range (its `display`; ipRangeDisplay computes the same in SQL). */
export function ipRangeName(start: Network, end: Network): string {
  // A single-address range names both ends, to stay distinct from an IP address.
  if (start.value === end.value) return `${formatAddress(start.family, start.value)}-${formatAddress(end.family, end.value)}/${start.length}`;
  const separator = start.family === 6 ? ':' : '.';
  const startChunks = formatAddress(start.family, start.value).split(separator);
  const endChunks = formatAddress(end.family, end.value).split(separator);
  // Equal chunks at the same position, wherever they are (NetBox's loop does not stop at the first difference).
  const base = startChunks.filter((chunk, i) => i < endChunks.length && chunk === endChunks[i]);
  const rest = (chunks: string[]) => chunks.slice(base.length).join(separator);
  return `${base.join(separator)}${separator}${rest(startChunks)}-${rest(endChunks)}/${start.length}`;
}

interface Bounds {
  item: WriteItem;
  start: Network;
  end: Network;
}

/** The first check of IPRange.clean() the item fails, on its own. */
function ownError({ start, end }: Bounds): [string, string] | null {
  if (start.family !== end.family) return ['end_address', 'Starting and ending IP address versions must match'];
  if (start.length !== end.length) return ['end_address', 'Starting and ending IP address masks must match'];
  // NetBox 4.6.8 accepts a single-address range (start == end).
  if (end.value < start.value) return ['end_address', `Ending address must be greater than or equal to the starting address (${formatAddress(start.family, start.value)}/${start.length})`];
  return null;
}

/** For each range, the first stored range of its VRF it overlaps (by host addresses), or none. */
async function storedOverlaps(batch: WriteBatch, ranges: Bounds[]): Promise<Map<number, string>> {
  const [start, end, vrf] = ['start_address', 'end_address', 'vrf'].map((name) => columnOf(batch, name));
  const host = (expr: string) => `host(${expr})::inet`;
  const [os, oe, us, ue] = [host(`o."${start}"`), host(`o."${end}"`), host('u.s'), host('u.e')];
  const rows = await batch.tx.query<{ i: number; start: string; end: string }>(
    `SELECT u.i, x.start, x.end FROM unnest($1::inet[], $2::inet[], $3::int[]) WITH ORDINALITY u(s, e, v, i) CROSS JOIN LATERAL (` +
      `SELECT o."${start}"::text AS start, o."${end}"::text AS end FROM "${batch.resource.table}" o ` +
      `WHERE o."${vrf}" IS NOT DISTINCT FROM u.v AND NOT (o.id = ANY($4::int[])) AND family(o."${start}") = family(u.s) ` +
      `AND ((${os} >= ${us} AND ${os} <= ${ue}) OR (${oe} >= ${us} AND ${oe} <= ${ue}) OR (${os} <= ${us} AND ${oe} >= ${ue})) ` +
      `ORDER BY coalesce(o."${vrf}", 0), o."${start}", o.id LIMIT 1) x`,
    [ranges.map((r) => valueOf(batch, r.item, 'start_address')), ranges.map((r) => valueOf(batch, r.item, 'end_address')), ranges.map((r) => valueOf(batch, r.item, 'vrf')), updatedIds(batch)],
  );
  return new Map(rows.map((row) => [Number(row.i) - 1, ipRangeName(parseNetwork(row.start)!, parseNetwork(row.end)!)]));
}

export const ipRangeRules: ModelRules = {
  async clean(batch) {
    const ranges: Bounds[] = [];
    for (const item of batch.items) {
      const start = parseNetwork(String(valueOf(batch, item, 'start_address')));
      const end = parseNetwork(String(valueOf(batch, item, 'end_address')));
      if (!start || !end) continue;
      const error = ownError({ item, start, end });
      if (error) item.error(...error);
      else ranges.push({ item, start, end });
    }
    if (!ranges.length) return;
    const [overlaps, vrfs] = [await storedOverlaps(batch, ranges), await vrfsOf(batch)];
    ranges.forEach((range, i) => {
      const vrf = valueOf(batch, range.item, 'vrf');
      // Ranges of the same request count as existing ones once they come before.
      const earlier = ranges
        .slice(0, i)
        .find((o) => valueOf(batch, o.item, 'vrf') === vrf && o.start.family === range.start.family && o.start.value <= range.end.value && o.end.value >= range.start.value);
      const overlap = overlaps.get(i) ?? (earlier && ipRangeName(earlier.start, earlier.end));
      if (overlap) range.item.error('__all__', `Defined addresses overlap with range ${overlap} in VRF ${vrf === null ? 'None' : vrfText(vrfs.get(Number(vrf)))}`);
      else if (range.end.value - range.start.value + 1n > MAX_SIZE) range.item.error('__all__', `Defined range exceeds maximum supported size (${MAX_SIZE})`);
    });
  },
};
