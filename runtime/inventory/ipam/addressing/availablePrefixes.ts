/**
 * @module
 * `GET /api/ipam/prefixes/{id}/available-prefixes/` (handler `prefix-available-prefixes`): the
 * parent prefix minus its child prefixes, as the fewest CIDR blocks in ascending order,
 * `[{family, prefix, vrf}]`; NetBox lists them all, whatever `limit` says. Children are those of
 * the parent's VRF, or of every VRF for a container of the global table (get_child_prefixes).
 * `POST` (handler `prefix-create-available-prefixes`) creates prefixes of the requested lengths
 * from the free space (NetBox's AvailablePrefixesView and get_next_available_prefix).
 *
 * The space the children cover is read as merged intervals: PostgreSQL walks the children in
 * prefix order and returns only where a covered run starts, so the answer costs one index range
 * scan and a handful of rows however many children the parent holds.
 */
import type { Queryable } from '../../../db/index.ts';
import type { FieldErrors, OperationArgs, OperationHandler } from '../../../rest/index.ts';
import { nestedObject, parentRow } from '../shared/availability.ts';
import { createAvailable, type Item } from '../shared/createAvailable.ts';
import { bitsOf, boundsOf, cidrsOf, formatNetwork, intervalOf, parseNetwork, subtract, type Interval, type Network } from '../shared/ipSpace.ts';

/** The free blocks of a prefix: its interval minus its children's. */
export function freeBlocks(parent: Network, children: Network[]): Network[] {
  return subtract(intervalOf(parent), children.map(intervalOf)).flatMap((interval) => cidrsOf(interval, parent.family));
}

/** The CIDR blocks of free intervals, lazily, in ascending order (netaddr's IPSet.iter_cidrs()). */
function* blocksOf(free: Interval[], family: 4 | 6): Generator<Network> {
  for (const interval of free) yield* cidrsOf(interval, family);
}

/**
 * Allocates one prefix per requested length, in order, at the start of the first free block at
 * least as large (get_next_available_prefix), and takes it out of the free space (so one request
 * gets non-overlapping prefixes); null where nothing fits.
 */
export function allocatePrefixes(parent: Network, free: Network[] | Interval[], lengths: number[]): (Network | null)[] {
  let intervals: Interval[] = free.map((f) => ('length' in f ? intervalOf(f) : f));
  return lengths.map((length) => {
    if (length > bitsOf(parent.family)) return null;
    let block: Network | undefined;
    for (const candidate of blocksOf(intervals, parent.family)) {
      if (candidate.length <= length) {
        block = candidate;
        break;
      }
    }
    if (!block) return null;
    const allocated = { ...block, length };
    const taken = intervalOf(allocated);
    intervals = intervals.flatMap((interval) => subtract(interval, [taken]));
    return allocated;
  });
}

type Row = Record<string, unknown>;

/**
 * The intervals the children of `network` cover (merged, ascending), those of `vrf` or, with
 * `anyVrf`, of every VRF. One statement: children in prefix order (the order of the cidr index),
 * the running maximum of their last addresses (one window; the last row's run ends at the greater
 * of that and its own), and only the rows that start a covered run (with the end of the run before)
 * and the last row come back, in address order (the inet, not its
 * text). The children are the btree range after the parent up to its last address: for networks
 * that range is exactly the strict subnets, and it is read in index order.
 */
export async function coveredByChildren(args: OperationArgs, db: Queryable, network: Network, vrf: unknown, anyVrf: boolean): Promise<Interval[]> {
  const prefixes = args.rest.registry.resource('ipam.prefixes');
  const column = (name: string) => `"${args.rest.registry.field(prefixes, name)!.column}"`;
  const [p, v] = [column('prefix'), column('vrf')];
  const bits = bitsOf(network.family);
  const rows = await db.query<{ first: string; prev: string | null; upto: string; starts: boolean; last: boolean }>(
    `SELECT host(t.lo) AS first, host(t.prev) AS prev, host(greatest(t.prev, t.hi)) AS upto, t.starts, t.last FROM (` +
      `SELECT lo, hi, prev, last, CASE WHEN prev IS NULL THEN true WHEN lo <= prev THEN false ELSE lo - 1 > prev END AS starts FROM (` +
      `SELECT lo, hi, max(hi) OVER (ORDER BY p ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev, lead(p) OVER (ORDER BY p) IS NULL AS last FROM (` +
      `SELECT ${p} AS p, set_masklen(${p}::inet, $3) AS lo, set_masklen(broadcast(${p}), $3) AS hi ` +
      `FROM "${prefixes.table}" WHERE ${p} > $1::cidr AND ${p} <= $5::cidr AND ($4 OR ${v} IS NOT DISTINCT FROM $2::int)) c) s) t WHERE t.starts OR t.last ORDER BY t.lo`,
    [formatNetwork(network), vrf ?? null, bits, anyVrf, boundsOf(network)[1]],
  );
  const value = (text: string) => parseNetwork(text)!.value;
  const out: Interval[] = [];
  for (const row of rows) {
    if (row.starts) {
      // A run starts: the one before ended at the highest last address seen before this row.
      if (out.length && row.prev !== null) out[out.length - 1].last = value(row.prev);
      out.push({ first: value(row.first), last: value(row.first) });
    }
    if (row.last) out[out.length - 1].last = value(row.upto);
  }
  return out;
}

/** The parent's network, its VRF, and the space its children leave free, as intervals. */
async function freeSpace(args: OperationArgs, db: Queryable, parent: Row): Promise<{ network: Network; vrfId: unknown; free: Interval[] }> {
  const column = (name: string) => args.rest.registry.field(args.resource, name)!.column!;
  const network = parseNetwork(String(parent[column('prefix')]))!;
  const vrfId = parent[column('vrf')] ?? null;
  const anyVrf = vrfId === null && parent[column('status')] === 'container';
  const covered = await coveredByChildren(args, db, network, vrfId, anyVrf);
  return { network, vrfId, free: subtract(intervalOf(network), covered) };
}

export const prefixAvailablePrefixes: OperationHandler = async (c, args) => {
  const parent = await parentRow(c, args);
  const { network, vrfId, free } = await freeSpace(args, args.db, parent);
  const vrf = await nestedObject(args, args.db, 'ipam.vrfs', vrfId);
  return c.json([...blocksOf(free, network.family)].map((block) => ({ family: network.family, prefix: formatNetwork(block), vrf })));
};

/** PrefixLengthSerializer: `prefix_length` present, an integer, within the parent family's bits. */
function checkLength(item: Item, parent: Item, family: 4 | 6): FieldErrors {
  const length = item.prefix_length;
  if (length === undefined || length === null) return { prefix_length: ['this field can not be missing'] };
  if (typeof length !== 'number' || !Number.isInteger(length)) return { prefix_length: ['this field must be int type'] };
  if (length > bitsOf(family)) return { prefix_length: [`Invalid prefix length (${length}) for IPv${family}`] };
  void parent;
  return {};
}

export const prefixCreateAvailablePrefixes: OperationHandler = (c, args) =>
  createAvailable(c, args, {
    target: 'ipam.prefixes',
    check: (item, parent) => checkLength(item, parent, parseNetwork(String(parent[args.rest.registry.field(args.resource, 'prefix')!.column!]))!.family),
    async allocate(tx, parent, items) {
      const { network, vrfId, free } = await freeSpace(args, tx, parent);
      const allocated = allocatePrefixes(network, free, items.map((item) => Number(item.prefix_length)));
      if (allocated.some((a) => a === null)) return null;
      return items.map(({ prefix_length: _, ...item }, i) => ({ ...item, prefix: formatNetwork(allocated[i]!), vrf: vrfId }));
    },
  });

