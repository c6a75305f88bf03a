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
import { boundsOf, formatAddress, formatNetwork, intervalOf, parseNetwork, subtract, type Family, type Interval, type Network } from '../shared/ipSpace.ts';

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
 * Host addresses of `ipam.ip-addresses` within `span` (of the given VRF, or of every VRF with
 * `anyVrf`), as one-address intervals; none while that resource is not served.
 */
async function addressesInUse(args: OperationArgs, db: Queryable, span: Network, vrf: unknown, anyVrf: boolean): Promise<Interval[]> {
  const addresses = args.rest.registry.byKey.get('ipam.ip-addresses')?.resource;
  if (!addresses) return [];
  const column = (name: string) => `"${args.rest.registry.field(addresses, name)!.column}"`;
  const rows = await db.query<{ host: string }>(
    `SELECT DISTINCT host(${column('address')}) AS host FROM "${addresses.table}" WHERE host(${column('address')})::inet BETWEEN $1::inet AND $4::inet AND ($3 OR ${column('vrf')} IS NOT DISTINCT FROM $2::int)`,
    [boundsOf(span)[0], vrf ?? null, anyVrf, boundsOf(span)[1]],
  );
  return rows.map((row) => parseNetwork(row.host)!).map((a) => ({ first: a.value, last: a.value }));
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
export async function prefixFreeAddresses(args: OperationArgs, db: Queryable, parent: Record<string, unknown>): Promise<FreeAddresses> {
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
  const taken = [
    ...populated.map((r) => ({ first: parseNetwork(r.start)!.value, last: parseNetwork(r.end)!.value })),
    ...(await addressesInUse(args, db, prefix, vrfId, container)),
  ];
  return { family: prefix.family, length: prefix.length, free: subtract(usableSpan(prefix, parent[column(resource.key, 'is_pool')] === true), taken), vrfId };
}

/** An IP range's free addresses (none when it is marked populated). */
export async function rangeFreeAddresses(args: OperationArgs, db: Queryable, parent: Record<string, unknown>): Promise<FreeAddresses> {
  const { resource, rest } = args;
  const column = (name: string) => rest.registry.field(resource, name)!.column!;
  const [start, end] = [parseNetwork(String(parent[column('start_address')]))!, parseNetwork(String(parent[column('end_address')]))!];
  const vrfId = parent[column('vrf')] ?? null;
  if (parent[column('mark_populated')] === true) return { family: start.family, length: start.length, free: [], vrfId };
  const span: Interval = { first: start.value, last: end.value };
  // Addresses in use anywhere in the range's span: the smallest network holding it bounds the query.
  let cover: Network = { family: start.family, value: start.value, length: start.family === 4 ? 32 : 128 };
  while (cover.length > 0 && intervalOf(cover).last < end.value) cover = { ...cover, length: cover.length - 1 };
  const taken = await addressesInUse(args, db, { ...cover, value: intervalOf(cover).first }, vrfId, false);
  return { family: start.family, length: start.length, free: subtract(span, taken), vrfId };
}

/** GET: the first `limit` free addresses as NetBox lists them. */
function listing(freeOf: (args: OperationArgs, db: Queryable, parent: Record<string, unknown>) => Promise<FreeAddresses>): OperationHandler {
  return async (c, args) => {
    const { family, length, free, vrfId } = await freeOf(args, args.db, await parentRow(c, args));
    const vrf = await nestedObject(args, args.db, 'ipam.vrfs', vrfId);
    return c.json(answer(family, length, firstAddresses(free, resultsLimit(new URL(c.req.url).searchParams)), vrf));
  };
}

export const prefixAvailableIps = listing(prefixFreeAddresses);
export const ipRangeAvailableIps = listing(rangeFreeAddresses);
