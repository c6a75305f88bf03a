/**
 * @module
 * `GET …/prefixes/{id}/available-ips/` and `GET …/ip-ranges/{id}/available-ips/` (handlers
 * `prefix-available-ips`, `ip-range-available-ips`): the first `limit` free addresses, ascending,
 * as `{family, address: "<ip>/<parent's mask>", vrf}` (NetBox's Prefix/IPRange.get_available_ips).
 * A prefix's usable span leaves out the network and broadcast addresses of an IPv4 network (the
 * first address of an IPv6 one) unless it is a pool or a /31-/32 (/127-/128); populated IP ranges
 * in it are taken, and so are the hosts of the IP addresses of its VRF (of every VRF for a
 * container of the global table). A range marked populated has none.
 */
import type { Queryable } from '../../../db/index.ts';
import type { OperationArgs, OperationHandler } from '../../../rest/index.ts';
import { nestedObject, parentRow, resultsLimit } from '../shared/availability.ts';
import { formatAddress, formatNetwork, intervalOf, parseNetwork, subtract, type Family, type Interval, type Network } from '../shared/ipSpace.ts';

/** The first `limit` addresses of `free`, in order. */
export function firstAddresses(free: Interval[], limit: number): bigint[] {
  const out: bigint[] = [];
  for (const interval of free) {
    for (let value = interval.first; value <= interval.last && out.length < limit; value++) out.push(value);
    if (out.length >= limit) break;
  }
  return out;
}

/** A prefix's usable addresses (NetBox's usable bounds). */
export function usableSpan(prefix: Network, isPool: boolean): Interval {
  const whole = intervalOf(prefix);
  if (isPool || (prefix.family === 4 && prefix.length >= 31) || (prefix.family === 6 && prefix.length >= 127)) return whole;
  return prefix.family === 4 ? { first: whole.first + 1n, last: whole.last - 1n } : { first: whole.first + 1n, last: whole.last };
}

/**
 * The runs of host addresses of `ipam.ip-addresses` from `from` to `to` (of the given VRF, or of
 * every VRF with `anyVrf`), read in address order through the host index, at most `limit` rows:
 * PostgreSQL walks the hosts and returns only where a run starts or ends, and stops once it has
 * `limit` of those. `complete` when the walk reached the end; else the free space is known up to
 * `knownUpTo` (the address before the run still open, which starts at `knownUpTo + 1`).
 */
async function takenRuns(args: OperationArgs, db: Queryable, family: Family, from: bigint, to: bigint, vrf: unknown, anyVrf: boolean, limit: number) {
  const addresses = args.rest.registry.byKey.get('ipam.ip-addresses')?.resource;
  if (!addresses) return { runs: [] as Interval[], complete: true, knownUpTo: to };
  const column = (name: string) => `"${args.rest.registry.field(addresses, name)!.column}"`;
  const host = `host(${column('address')})::inet`;
  const rows = await db.query<{ host: string; first: boolean; next: string | null }>(
    `SELECT host(g.h) AS host, g.prev IS NULL AS first, host(g.next) AS next FROM (` +
      `SELECT h, lag(h) OVER w AS prev, lead(h) OVER w AS next FROM (` +
      `SELECT DISTINCT ${host} AS h FROM "${addresses.table}" WHERE ${host} BETWEEN $1::inet AND $2::inet AND ($3 OR ${column('vrf')} IS NOT DISTINCT FROM $4::int) ORDER BY 1` +
      `) d WINDOW w AS (ORDER BY h)) g WHERE g.prev IS NULL OR g.next IS NULL OR g.next - 1 > g.h ORDER BY g.h LIMIT $5`,
    [formatAddress(family, from), formatAddress(family, to), anyVrf, vrf ?? null, limit],
  );
  const value = (text: string) => parseNetwork(text)!.value;
  const runs: Interval[] = [];
  let open: bigint | null = null;
  for (const row of rows) {
    const at = value(row.host);
    if (row.first) open = at;
    if (row.next === null || value(row.next) - 1n > at) {
      runs.push({ first: open ?? at, last: at });
      open = row.next === null ? null : value(row.next);
    }
  }
  const complete = rows.length < limit || rows[rows.length - 1].next === null;
  return { runs, complete, knownUpTo: complete || open === null ? to : open - 1n };
}

/** How many addresses the intervals hold, counting no further than `enough`. */
function countUpTo(intervals: Interval[], enough: number): number {
  let total = 0n;
  for (const i of intervals) if ((total += i.last - i.first + 1n) >= BigInt(enough)) return enough;
  return Number(total);
}

/**
 * The free addresses of `usable` (ascending), the addresses in use and `taken` left out, read no
 * further than needed for `wanted` of them: a page of a /16 holding 50,000 addresses reads the
 * first runs, not the 50,000.
 */
async function freeWithin(args: OperationArgs, db: Queryable, family: Family, usable: Interval, taken: Interval[], vrf: unknown, anyVrf: boolean, wanted: number): Promise<Interval[]> {
  const seen = [...taken];
  let cursor = usable.first;
  for (;;) {
    const { runs, complete, knownUpTo } = await takenRuns(args, db, family, cursor, usable.last, vrf, anyVrf, wanted + 2);
    seen.push(...runs);
    const free = subtract({ first: usable.first, last: complete ? usable.last : knownUpTo }, seen);
    if (complete || countUpTo(free, wanted) >= wanted) return free;
    cursor = knownUpTo + 1n;
  }
}

function answer(family: Family, length: number, addresses: bigint[], vrf: unknown) {
  return addresses.map((value) => ({ family, address: `${formatAddress(family, value)}/${length}`, vrf }));
}

/** What a parent has free: the family and mask length its addresses take, free intervals in order, and its VRF. */
export interface FreeAddresses {
  family: Family;
  length: number;
  free: Interval[];
  vrfId: unknown;
}

/** A prefix's free addresses (the prefix row `parent`, read on `db`). */
export async function prefixFreeAddresses(args: OperationArgs, db: Queryable, parent: Record<string, unknown>, wanted: number): Promise<FreeAddresses> {
  const { resource, rest } = args;
  const column = (key: string, name: string) => rest.registry.field(rest.registry.resource(key), name)!.column!;
  const prefix = parseNetwork(String(parent[column(resource.key, 'prefix')]))!;
  const vrfId = parent[column(resource.key, 'vrf')] ?? null;
  const ranges = rest.registry.resource('ipam.ip-ranges');
  const [start, end] = [column(ranges.key, 'start_address'), column(ranges.key, 'end_address')];
  // Ranges marked populated, wholly inside the prefix and in its VRF.
  const populated = await db.query<{ start: string; end: string }>(
    `SELECT host("${start}") AS start, host("${end}") AS end FROM "${ranges.table}" WHERE "${column(ranges.key, 'mark_populated')}" ` +
      `AND "${column(ranges.key, 'vrf')}" IS NOT DISTINCT FROM $2::int AND host("${start}")::inet <<= $1::cidr AND host("${end}")::inet <<= $1::cidr`,
    [formatNetwork(prefix), vrfId],
  );
  // A container of the global table counts the addresses of every VRF.
  const container = vrfId === null && parent[column(resource.key, 'status')] === 'container';
  const taken = populated.map((r) => ({ first: parseNetwork(r.start)!.value, last: parseNetwork(r.end)!.value }));
  const usable = usableSpan(prefix, parent[column(resource.key, 'is_pool')] === true);
  return { family: prefix.family, length: prefix.length, free: await freeWithin(args, db, prefix.family, usable, taken, vrfId, container, wanted), vrfId };
}

/** An IP range's free addresses (none when it is marked populated). */
export async function rangeFreeAddresses(args: OperationArgs, db: Queryable, parent: Record<string, unknown>, wanted: number): Promise<FreeAddresses> {
  const { resource, rest } = args;
  const column = (name: string) => rest.registry.field(resource, name)!.column!;
  const [start, end] = [parseNetwork(String(parent[column('start_address')]))!, parseNetwork(String(parent[column('end_address')]))!];
  const vrfId = parent[column('vrf')] ?? null;
  if (parent[column('mark_populated')] === true) return { family: start.family, length: start.length, free: [], vrfId };
  const span: Interval = { first: start.value, last: end.value };
  return { family: start.family, length: start.length, free: await freeWithin(args, db, start.family, span, [], vrfId, false, wanted), vrfId };
}

/** GET: the first `limit` free addresses as NetBox lists them. */
function listing(freeOf: (args: OperationArgs, db: Queryable, parent: Record<string, unknown>, wanted: number) => Promise<FreeAddresses>): OperationHandler {
  return async (c, args) => {
    const limit = resultsLimit(new URL(c.req.url).searchParams);
    const { family, length, free, vrfId } = await freeOf(args, args.db, await parentRow(c, args), limit);
    const vrf = await nestedObject(args, args.db, 'ipam.vrfs', vrfId);
    return c.json(answer(family, length, firstAddresses(free, limit), vrf));
  };
}

export const prefixAvailableIps = listing(prefixFreeAddresses);
export const ipRangeAvailableIps = listing(rangeFreeAddresses);
