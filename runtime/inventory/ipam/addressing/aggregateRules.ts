/**
 * @module
 * Aggregate.clean(): no /0 network, and aggregates never overlap — an aggregate may neither lie
 * within (or equal) another nor contain one. One query checks the whole batch against the stored
 * aggregates (the first in NetBox's ordering is named); the batch's own items are checked against
 * each other too.
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { columnOf, updatedIds, valueOf } from '../shared/batchValues.ts';
import { intervalOf, parseNetwork, type Network } from '../shared/ipSpace.ts';

const covering = (prefix: unknown, other: string) => `Aggregates cannot overlap. ${prefix} is already covered by an existing aggregate (${other}).`;
const covered = (prefix: unknown, other: string) => `Prefixes cannot overlap aggregates. ${prefix} covers an existing aggregate (${other}).`;

/** Whether `outer` contains `inner` (or equals it, with `orEqual`). */
function contains(outer: Network, inner: Network, orEqual: boolean): boolean {
  if (outer.family !== inner.family) return false;
  const [o, i] = [intervalOf(outer), intervalOf(inner)];
  const within = o.first <= i.first && i.last <= o.last;
  return within && (orEqual || o.first !== i.first || o.last !== i.last);
}

async function refuseOverlaps(batch: WriteBatch, items: WriteItem[]): Promise<void> {
  const prefix = columnOf(batch, 'prefix');
  const first = (operator: string) =>
    `(SELECT a."${prefix}"::text FROM "${batch.resource.table}" a WHERE a."${prefix}" ${operator} u.p AND NOT (a.id = ANY($2::int[])) ORDER BY a."${prefix}", a.id LIMIT 1)`;
  const rows = await batch.tx.query<{ i: number; covering: string | null; covered: string | null }>(
    `SELECT u.i, ${first('>>=')} AS covering, ${first('<<')} AS covered FROM unnest($1::cidr[]) WITH ORDINALITY u(p, i)`,
    [items.map((item) => valueOf(batch, item, 'prefix')), updatedIds(batch)],
  );
  const networks = items.map((item) => parseNetwork(String(valueOf(batch, item, 'prefix')))!);
  for (const row of rows) {
    const i = Number(row.i) - 1;
    const [item, network, value] = [items[i], networks[i], valueOf(batch, items[i], 'prefix')];
    // Items of the same request count as existing ones once they come before.
    const earlier = items.slice(0, i).map((other, j) => ({ text: String(valueOf(batch, other, 'prefix')), network: networks[j] }));
    const coveringText = row.covering ?? earlier.find((e) => contains(e.network, network, true))?.text;
    const coveredText = row.covered ?? earlier.find((e) => contains(network, e.network, false))?.text;
    if (coveringText) item.error('prefix', covering(value, coveringText));
    else if (coveredText) item.error('prefix', covered(value, coveredText));
  }
}

export const aggregateRules: ModelRules = {
  async clean(batch) {
    for (const item of batch.items) {
      if (parseNetwork(String(valueOf(batch, item, 'prefix')))?.length === 0) item.error('prefix', 'Cannot create aggregate with /0 mask.');
    }
    const items = batch.items.filter((item) => item.errors.empty);
    if (items.length) await refuseOverlaps(batch, items);
  },
};
