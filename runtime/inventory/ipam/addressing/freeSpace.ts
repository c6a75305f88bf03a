/**
 * @module
 * The free space within each prefix, stored as its fewest CIDR blocks in ascending order (the
 * answer of `available-prefixes`, NetBox's `get_available_prefixes().iter_cidrs()`), so that
 * reading it costs what the answer costs, however many children the prefix holds.
 *
 * A prefix's children are the prefixes strictly inside it of its VRF, or of every VRF for a
 * container of the global table (NetBox's get_child_prefixes); its free space is its network minus
 * theirs. A write keeps it for the prefixes it touches only:
 *
 * - a prefix created, moved (network or VRF) or whose status changed gets its free space computed
 *   from its children (none, for a new leaf);
 * - every other prefix whose children gain or lose one (it contains, in its scope, a position a
 *   written prefix left or took) has its free space recomputed within those positions alone: the
 *   rest of its space cannot have changed. Within a position, what is covered now is read from the
 *   prefixes inside it, or the whole position when a prefix between it and the container holds it.
 *
 * Those containers are locked (in id order) before their free space is read, so concurrent writes
 * under one container apply one after the other. A null free space is not known yet (a database
 * migrated from before it was kept): writes leave it null, and the first read computes and stores it.
 */
import type { Queryable } from '../../../db/index.ts';
import { bitsOf, boundsOf, cidrsOf, formatNetwork, intervalOf, merge, parseNetwork, subtract, type Family, type Interval, type Network } from '../shared/ipSpace.ts';
import { moved, type Position, type PrefixChange, type PrefixColumns } from './prefixChanges.ts';
import { vrfRange } from './prefixHierarchy.ts';

/** What a coverage job reads: the prefixes of a scope lying in a network. */
export interface CoverageJob {
  network: Network;
  /** Leave out the network itself (its duplicates included): a prefix's children are strictly inside it. */
  strict: boolean;
  vrf: number | null;
  /** Every VRF counts (a container of the global table), not only `vrf`. */
  anyVrf: boolean;
  /** With a container: the whole network is covered when a prefix of the scope lies between the two. */
  within: Network | null;
}

/**
 * The space each job's prefixes cover, as merged intervals in ascending order: one statement for
 * all jobs. PostgreSQL walks each job's prefixes in prefix order (the btree range from the network
 * to its last address, exactly its subnets) and returns only the rows that start a covered run and
 * each job's last row, so a run of thousands of adjacent children is two rows; a job whose network
 * lies under a prefix of its scope inside the container is one row, `whole`.
 */
export async function coveredRuns(db: Queryable, c: PrefixColumns, jobs: CoverageJob[]): Promise<Interval[][]> {
  if (!jobs.length) return [];
  const arrays = {
    network: jobs.map((j) => formatNetwork(j.network)),
    last: jobs.map((j) => boundsOf(j.network)[1]),
    // Flags as 0 and 1: postgres.js sends a list of booleans as one boolean.
    strict: jobs.map((j) => Number(j.strict)),
    vrf: jobs.map((j) => j.vrf),
    anyVrf: jobs.map((j) => Number(j.anyVrf)),
    bits: jobs.map((j) => bitsOf(j.network.family)),
    within: jobs.map((j) => (j.within ? formatNetwork(j.within) : null)),
  };
  // Each job walks its range in prefix order (the range is exactly the network's subnets, and
  // itself), through the order index (`_vrf_order, prefix, id`) for one VRF or the prefix btree for
  // every VRF, and the windows run over that order: no sort, whatever the number of rows. The walk
  // is a LATERAL subquery per job, so that each is read by index (as a join, the planner may hash
  // the VRF column over the whole table).
  const jobRows = `unnest($1::cidr[], $2::cidr[], $3::int[], $4::int[], $5::int[], $6::int[], $7::cidr[]) WITH ORDINALITY j(net, last, strict, v, anyv, bits, within, k)`;
  const runs = (range: string) =>
    `CROSS JOIN LATERAL (SELECT lo, host(lo) AS first, host(prev) AS prev, host(greatest(prev, hi)) AS upto, starts, last FROM (` +
    `SELECT lo, hi, prev, last, CASE WHEN prev IS NULL THEN true WHEN lo <= prev THEN false ELSE lo - 1 > prev END AS starts FROM (` +
    `SELECT lo, hi, max(hi) OVER (ORDER BY p ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev, lead(p) OVER (ORDER BY p) IS NULL AS last FROM (` +
    `SELECT y.${c.prefix} AS p, set_masklen(y.${c.prefix}::inet, j.bits) AS lo, set_masklen(broadcast(y.${c.prefix}), j.bits) AS hi FROM ${c.table} y ` +
    `WHERE ${range} AND NOT (j.strict = 1 AND y.${c.prefix} = j.net) ORDER BY y.${c.prefix}` +
    `) c) w) t WHERE t.starts OR t.last) r`;
  const rows = await db.query<{ k: number; first: string | null; prev: string | null; upto: string; starts: boolean; last: boolean; whole: boolean }>(
    `WITH j AS MATERIALIZED (SELECT * FROM ${jobRows}) SELECT * FROM (` +
      `SELECT j.k, r.lo, r.first, r.prev, r.upto, r.starts, r.last, false AS whole FROM j ${runs(vrfRange(c, 'y', 'j.v', '>=', 'j.net', 'j.last'))} WHERE j.anyv = 0 ` +
      `UNION ALL SELECT j.k, r.lo, r.first, r.prev, r.upto, r.starts, r.last, false FROM j ${runs(`y.${c.prefix} >= j.net AND y.${c.prefix} <= j.last`)} WHERE j.anyv = 1 ` +
      // A prefix of the scope between the network and its container covers the whole network.
      `UNION ALL SELECT j.k, NULL, NULL, NULL, NULL, NULL, NULL, true FROM j ` +
      `WHERE j.within IS NOT NULL AND EXISTS (SELECT 1 FROM ${c.table} y WHERE y.${c.prefix} >> j.net AND y.${c.prefix} << j.within AND (j.anyv = 1 OR y.${c.vrf} IS NOT DISTINCT FROM j.v))` +
      `) u ORDER BY u.k, u.whole, u.lo`,
    [arrays.network, arrays.last, arrays.strict, arrays.vrf, arrays.anyVrf, arrays.bits, arrays.within],
  );
  const value = (text: string) => parseNetwork(text)!.value;
  const out: Interval[][] = jobs.map(() => []);
  for (const row of rows) {
    const k = Number(row.k) - 1;
    // After the job's runs (ordered so): the whole network, whatever they were.
    if (row.whole) {
      out[k] = [intervalOf(jobs[k].network)];
      continue;
    }
    const runs = out[k];
    const first = value(row.first!);
    if (row.starts) {
      // A run starts: the one before ended at the highest last address seen before this row.
      if (runs.length && row.prev !== null) runs[runs.length - 1].last = value(row.prev);
      runs.push({ first, last: first });
    }
    if (row.last) runs[runs.length - 1].last = value(row.upto);
  }
  return out;
}

/** Free intervals as the stored list: the fewest CIDR blocks, ascending. */
export function blocksOf(free: Interval[], family: Family): string[] {
  return merge(free).flatMap((interval) => cidrsOf(interval, family).map(formatNetwork));
}

/** The stored list (as the driver parses jsonb) as merged intervals, adjacent blocks joined; null when not known yet. */
export function storedFree(value: unknown): Interval[] | null {
  if (!Array.isArray(value)) return null;
  return merge(value.map((block) => intervalOf(parseNetwork(String(block))!)));
}

/**
 * A container's free space after a write: outside the regions, as it was; inside each region, the
 * region minus what covers it now.
 */
export function replaceRegions(free: Interval[], regions: { region: Interval; covered: Interval[] }[]): Interval[] {
  const kept = difference(merge(free), merge(regions.map((r) => r.region)));
  return merge([...kept, ...regions.flatMap((r) => subtract(r.region, r.covered))]);
}

/** `from` minus `taken`, both sorted and merged: one sweep, however many intervals each holds. */
function difference(from: Interval[], taken: Interval[]): Interval[] {
  const out: Interval[] = [];
  let t = 0;
  for (const interval of from) {
    let next = interval.first;
    while (t < taken.length && taken[t].last < next) t++;
    for (let u = t; u < taken.length && taken[u].first <= interval.last; u++) {
      if (taken[u].first > next) out.push({ first: next, last: taken[u].first - 1n });
      next = taken[u].last + 1n;
      if (next > interval.last) break;
    }
    if (next <= interval.last) out.push({ first: next, last: interval.last });
  }
  return out;
}

/** Whether a prefix's children come from every VRF: a container of the global table. */
const countsEveryVrf = (position: Position) => position.vrf === null && position.status === 'container';

/** A prefix's own job: its children, strictly inside it. */
export function childrenJob(position: Position): CoverageJob {
  return { network: parseNetwork(position.prefix)!, strict: true, vrf: position.vrf, anyVrf: countsEveryVrf(position), within: null };
}

/** Whether `outer` strictly contains `inner`. */
function containsStrictly(outer: Network, inner: Network): boolean {
  if (outer.family !== inner.family || outer.length >= inner.length) return false;
  const [o, i] = [intervalOf(outer), intervalOf(inner)];
  return o.first <= i.first && i.last <= o.last;
}

type ContainerRow = { id: number; prefix: string; vrf: number | null; status: string; free: unknown };

/**
 * The containers whose free space a write changes (those containing, in their scope, a position
 * left or taken), other than the prefixes written, locked in id order: call before anything else
 * updates them, so that every write locks containers in one order.
 */
export async function lockContainers(tx: Queryable, c: PrefixColumns, changes: PrefixChange[]): Promise<ContainerRow[]> {
  const positions = changes.filter(moved).flatMap((change) => [change.before, change.after].filter((p): p is Position => p !== null));
  if (!positions.length) return [];
  const written = changes.map((change) => change.id);
  return tx.query<ContainerRow>(
    `SELECT a.id, a.${c.prefix}::text AS prefix, a.${c.vrf} AS vrf, a.${c.status} AS status, a.${c.free} AS free FROM ${c.table} a WHERE a.id IN (` +
      `SELECT b.id FROM unnest($1::cidr[], $2::int[]) w(p, v) JOIN ${c.table} b ON b.${c.prefix} >> w.p AND (b.${c.vrf} IS NOT DISTINCT FROM w.v OR (b.${c.vrf} IS NULL AND b.${c.status} = 'container'))` +
      `) AND NOT a.id = ANY($3::int[]) ORDER BY a.id FOR UPDATE OF a`,
    [positions.map((p) => p.prefix), positions.map((p) => p.vrf), written],
  );
}

/** Keeps the free space of the prefixes written and of the locked containers: two statements at most. */
export async function maintainFreeSpace(tx: Queryable, c: PrefixColumns, changes: PrefixChange[], containers: ContainerRow[]): Promise<void> {
  const own = changes.filter((change) => change.after);
  const positions = changes.filter(moved).flatMap((change) => [change.before, change.after].filter((p): p is Position => p !== null));
  const jobs: CoverageJob[] = own.map((change) => childrenJob(change.after!));
  const regionJobs: { container: number; region: Network }[] = [];
  const known = containers.filter((row) => row.free !== null && row.free !== undefined);
  for (const row of known) {
    const container: Position = { prefix: String(row.prefix), vrf: row.vrf === null ? null : Number(row.vrf), status: String(row.status) };
    const network = parseNetwork(container.prefix)!;
    const seen = new Set<string>();
    for (const position of positions) {
      const region = parseNetwork(position.prefix)!;
      if (seen.has(position.prefix) || !containsStrictly(network, region) || !(countsEveryVrf(container) || position.vrf === container.vrf)) continue;
      seen.add(position.prefix);
      regionJobs.push({ container: Number(row.id), region });
      jobs.push({ network: region, strict: false, vrf: container.vrf, anyVrf: countsEveryVrf(container), within: network });
    }
  }
  if (!jobs.length) return;
  const covered = await coveredRuns(tx, c, jobs);
  const updates = new Map<number, string[]>();
  own.forEach((change, i) => {
    const network = parseNetwork(change.after!.prefix)!;
    // Most prefixes written hold nothing: their whole network is free.
    const blocks = covered[i].length ? blocksOf(subtract(intervalOf(network), covered[i]), network.family) : [formatNetwork(network)];
    // A prefix written at a new place was stored with its whole network free (initialHierarchy).
    if (!moved(change) || blocks.length !== 1 || blocks[0] !== formatNetwork(network)) updates.set(change.id, blocks);
  });
  for (const row of known) {
    const network = parseNetwork(String(row.prefix))!;
    const regions = regionJobs
      .map((job, i) => ({ job, covered: covered[own.length + i] }))
      .filter(({ job }) => job.container === Number(row.id))
      .map(({ job, covered: runs }) => ({ region: intervalOf(job.region), covered: runs }));
    if (regions.length) updates.set(Number(row.id), blocksOf(replaceRegions(storedFree(row.free)!, regions), network.family));
  }
  if (!updates.size) return;
  await tx.query(`UPDATE ${c.table} t SET ${c.free} = u.f::jsonb FROM unnest($1::int[], $2::text[]) u(id, f) WHERE t.id = u.id`, [
    [...updates.keys()],
    [...updates.values()].map((blocks) => JSON.stringify(blocks)),
  ]);
}

/**
 * A prefix's free space: stored, or computed from its children (one statement) and then handed to
 * `store` so the next read finds it.
 */
export async function freeOf(db: Queryable, c: PrefixColumns, row: { prefix: string; vrf: number | null; status: string; free: unknown }, store?: (blocks: string[]) => Promise<void>): Promise<Interval[]> {
  const stored = storedFree(row.free);
  if (stored) return stored;
  const position: Position = { prefix: row.prefix, vrf: row.vrf, status: row.status };
  const network = parseNetwork(position.prefix)!;
  const [covered] = await coveredRuns(db, c, [childrenJob(position)]);
  const free = subtract(intervalOf(network), covered);
  await store?.(blocksOf(free, network.family));
  return free;
}

/** Stores a prefix's free space (first computed by a read). */
export async function storeFree(db: Queryable, c: PrefixColumns, id: number, blocks: string[]): Promise<void> {
  // As text cast to jsonb: a driver given a jsonb parameter encodes a string as a JSON string.
  await db.query(`UPDATE ${c.table} SET ${c.free} = $2::text::jsonb WHERE id = $1 AND ${c.free} IS NULL`, [id, JSON.stringify(blocks)]);
}
