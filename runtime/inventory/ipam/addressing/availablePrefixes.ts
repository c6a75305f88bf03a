/**
 * @module
 * `GET /api/ipam/prefixes/{id}/available-prefixes/` (handler `prefix-available-prefixes`): the
 * parent prefix minus its child prefixes, as the fewest CIDR blocks in ascending order,
 * `[{family, prefix, vrf}]`; NetBox lists them all, whatever `limit` says. Children are those of
 * the parent's VRF, or of every VRF for a container of the global table (get_child_prefixes).
 * `POST` (handler `prefix-create-available-prefixes`) creates prefixes of the requested lengths
 * from the free space (NetBox's AvailablePrefixesView and get_next_available_prefix).
 *
 * The free space is stored on the prefix and kept by every prefix write (freeSpace.ts), so the
 * answer costs what its blocks cost, however many children the parent holds.
 */
import type { Queryable } from '../../../db/index.ts';
import type { FieldErrors, OperationArgs, OperationHandler } from '../../../rest/index.ts';
import { nestedObject, parentRow } from '../shared/availability.ts';
import { createAvailable, type Item } from '../shared/createAvailable.ts';
import { bitsOf, cidrsOf, formatNetwork, intervalOf, parseNetwork, subtract, type Interval, type Network } from '../shared/ipSpace.ts';
import { freeOf, storedFree, storeFree } from './freeSpace.ts';
import { byIndex, prefixColumns } from './prefixChanges.ts';

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
 * The parent's network, its VRF and its free space, as stored (freeSpace.ts). When it is not known
 * yet it is computed from the children and stored, with the parent locked (as writes lock the
 * containers they change) and read again under the lock: in `tx` when the caller holds the lock
 * already (an allocation), else in a transaction of its own.
 */
async function freeSpace(args: OperationArgs, parent: Row, tx?: Queryable): Promise<{ network: Network; vrfId: number | null; free: Interval[] }> {
  const c = prefixColumns(args.rest.registry);
  const column = (name: string) => args.rest.registry.field(args.resource, name)!.column!;
  const positioned = (row: Row) => ({
    prefix: String(row[column('prefix')]),
    vrf: row[column('vrf')] === null ? null : Number(row[column('vrf')]),
    status: String(row[column('status')]),
    free: row[column('_free')],
  });
  const id = Number(parent.id);
  const fill = (db: Queryable, row: Row) => byIndex(db, () => freeOf(db, c, positioned(row), (blocks) => storeFree(db, c, id, blocks)));
  const { prefix, vrf, free: stored } = positioned(parent);
  const free =
    storedFree(stored) ??
    (tx ? await fill(tx, parent) : await args.db.transaction(async (db) => fill(db, (await db.query<Row>(`SELECT * FROM ${c.table} WHERE id = $1 FOR UPDATE`, [id]))[0] ?? parent)));
  return { network: parseNetwork(prefix)!, vrfId: vrf, free };
}

export const prefixAvailablePrefixes: OperationHandler = async (c, args) => {
  const parent = await parentRow(c, args);
  const { network, vrfId, free } = await freeSpace(args, parent);
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
      const { network, vrfId, free } = await freeSpace(args, parent, tx);
      const allocated = allocatePrefixes(network, free, items.map((item) => Number(item.prefix_length)));
      if (allocated.some((a) => a === null)) return null;
      return items.map(({ prefix_length: _, ...item }, i) => ({ ...item, prefix: formatNetwork(allocated[i]!), vrf: vrfId }));
    },
  });

