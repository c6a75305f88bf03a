/**
 * @module
 * `GET` and `POST asn-ranges/{id}/available-asns/` (handlers `asn-range-available-asns`,
 * `asn-range-create-available-asns`), NetBox's AvailableASNsView:
 * - GET lists the first free ASNs of the range (`limit`, 50 by default), each as
 *   `{rir, asn}` with the range's RIR nested;
 * - POST takes one object or a list (any writable field of an ASN; `asn` and `rir` are set here)
 *   and creates the next free ASNs of the range, one per item: an object answers the ASN, a list
 *   the list (201). An item that is not an object: 400 first (`Invalid data. Expected a
 *   dictionary, but got str.` under `non_field_errors`, per item); too few free numbers: 409
 *   `Insufficient resources are available to satisfy the request`; an item the ASN's fields
 *   refuse: 400 with the errors per item; nothing written.
 *
 * The free numbers are found by interval arithmetic (freeNumbers.ts) over the ASNs inside the
 * range, read in ascending order a page at a time: the range itself is never listed. A POST holds
 * NetBox's one transaction-scoped advisory lock for available ASNs while it chooses and writes, so
 * parallel requests never hand out one ASN twice, on one range or on overlapping ones (on PGlite,
 * a single connection, they run one by one).
 */
import type { Context } from 'hono';
import type { Queryable } from '../../../db/index.ts';
import { badRequest, conflict, expectedDictionary, readBody, type FieldErrors, type OperationArgs, type OperationHandler } from '../../../rest/index.ts';
import { nestedObject, parentRow, resultsLimit } from '../shared/availability.ts';
import { firstFree } from './freeNumbers.ts';

type Row = Record<string, unknown>;

/** NetBox's advisory lock key of available ASNs (netbox/constants.py ADVISORY_LOCK_KEYS), one for every range. */
const AVAILABLE_ASNS_LOCK = 100400;

/** How many taken ASNs one query reads. */
const PAGE = 1000;

/** The ASNs of `[first, last]` in ascending order, read a page at a time. */
async function* takenAsns(args: OperationArgs, db: Queryable, first: number, last: number): AsyncGenerator<number> {
  const asns = args.rest.registry.resource('ipam.asns');
  const asn = args.rest.registry.field(asns, 'asn')!.column!;
  let after = first - 1;
  for (;;) {
    const rows = await db.query<{ asn: string | number }>(
      `SELECT "${asn}" AS asn FROM "${asns.table}" WHERE "${asn}" > $1 AND "${asn}" <= $2 ORDER BY "${asn}" LIMIT ${PAGE}`,
      [after, last],
    );
    for (const row of rows) yield Number(row.asn);
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1].asn);
  }
}

/** The range's bounds and RIR. */
function rangeOf(args: OperationArgs, parent: Row): { first: number; last: number; rir: unknown } {
  const column = (name: string) => args.rest.registry.field(args.resource, name)!.column!;
  return { first: Number(parent[column('start')]), last: Number(parent[column('end')]), rir: parent[column('rir')] };
}

export const asnRangeAvailableAsns: OperationHandler = async (c: Context, args: OperationArgs) => {
  const range = rangeOf(args, await parentRow(c, args));
  const free = await firstFree(range, takenAsns(args, args.db, range.first, range.last), resultsLimit(new URL(c.req.url).searchParams));
  const rir = await nestedObject(args, args.db, 'ipam.rirs', range.rir);
  return c.json(free.map((asn) => ({ rir, asn })));
};

export const asnRangeCreateAvailableAsns: OperationHandler = async (c: Context, args: OperationArgs) => {
  const body = await readBody(c);
  const many = Array.isArray(body);
  const requested = (many ? body : [body]) as unknown[];
  // AvailableASNSerializer(many=True) checks the items first, before any ASN is chosen.
  const isObject = (item: unknown) => item !== null && typeof item === 'object' && !Array.isArray(item);
  if (!requested.every(isObject)) throw badRequest(requested.map((item): FieldErrors => (isObject(item) ? {} : { non_field_errors: [expectedDictionary(item)] })));
  const asns = args.rest.registry.resource('ipam.asns');
  const created = await args.rest.createWithin(asns, args.ctx, async (tx) => {
    const parent = await parentRow(c, { resource: args.resource, db: tx });
    // One writer of available ASNs at a time, whatever its range, until the transaction ends: an ASN is
    // unique across ranges, and two ranges may overlap. NetBox's key (ADVISORY_LOCK_KEYS['available-asns']).
    await tx.query(`SELECT pg_advisory_xact_lock(${AVAILABLE_ASNS_LOCK})`);
    const range = rangeOf(args, parent);
    const free = await firstFree(range, takenAsns(args, tx, range.first, range.last), requested.length);
    if (free.length < requested.length) throw conflict('Insufficient resources are available to satisfy the request');
    return requested.map((item, i) => ({ ...(item as Row), rir: range.rir, asn: free[i] }));
  });
  return c.json(many ? created : created[0], 201);
};
