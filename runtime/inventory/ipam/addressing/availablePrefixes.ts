/**
 * @module
 * `GET /api/ipam/prefixes/{id}/available-prefixes/` (handler `prefix-available-prefixes`): the
 * parent prefix minus its child prefixes of the same VRF, as the fewest CIDR blocks in ascending
 * order, `[{family, prefix, vrf}]`; NetBox lists them all, whatever `limit` says.
 * `allocatePrefixes` is NetBox's get_next_available_prefix, for the POST side.
 */
import type { OperationHandler } from '../../../rest/index.ts';
import { nestedObject, parentRow } from '../shared/availability.ts';
import { bitsOf, cidrsOf, formatNetwork, intervalOf, parseNetwork, subtract, type Interval, type Network } from '../shared/ipSpace.ts';

/** The free blocks of a prefix: its interval minus its children's. */
export function freeBlocks(parent: Network, children: Network[]): Network[] {
  return subtract(intervalOf(parent), children.map(intervalOf)).flatMap((interval) => cidrsOf(interval, parent.family));
}

/**
 * Allocates one prefix per requested length, in order, each from the first free block at least as
 * large, and takes it out of the free space (so one request gets non-overlapping prefixes); null
 * where nothing fits.
 */
export function allocatePrefixes(parent: Network, free: Network[], lengths: number[]): (Network | null)[] {
  let intervals: Interval[] = free.map(intervalOf);
  return lengths.map((length) => {
    const block = intervals.flatMap((interval) => cidrsOf(interval, parent.family)).find((b) => b.length <= length && length <= bitsOf(parent.family));
    if (!block) return null;
    const allocated = { ...block, length };
    const taken = intervalOf(allocated);
    intervals = intervals.flatMap((interval) => subtract(interval, [taken]));
    return allocated;
  });
}

export const prefixAvailablePrefixes: OperationHandler = async (c, args) => {
  const { resource, db, rest } = args;
  const parent = await parentRow(c, args);
  const column = (name: string) => rest.registry.field(resource, name)!.column!;
  const network = parseNetwork(String(parent[column('prefix')]))!;
  const children = await db.query<{ prefix: string }>(
    `SELECT "${column('prefix')}"::text AS prefix FROM "${resource.table}" WHERE "${column('prefix')}" << $1::cidr AND "${column('vrf')}" IS NOT DISTINCT FROM $2::int`,
    [formatNetwork(network), parent[column('vrf')] ?? null],
  );
  const vrf = await nestedObject(args, db, 'ipam.vrfs', parent[column('vrf')]);
  const free = freeBlocks(network, children.map((child) => parseNetwork(child.prefix)!));
  return c.json(free.map((block) => ({ family: network.family, prefix: formatNetwork(block), vrf })));
};
