/**
 * @module
 * What a cable write is checked against, read in a few queries for the whole batch:
 * - each cable's ends: as written, or as stored when an update leaves an end alone (NetBox's
 *   `a_terminations` fall back to the stored terminations);
 * - the terminated objects, one query per termination type (the type's resource found by its
 *   object type, so every resource with the `cable-termination` feature is served alike);
 * - the cables already holding them (their termination rows).
 */
import type { WriteBatch, WriteItem } from '../../../rest/index.ts';
import { rowsById, tableOf, type Row } from '../shared/rows.ts';
import { TERMINATIONS } from './terminationSql.ts';

export type End = 'A' | 'B';

export interface Termination {
  object_type: string;
  object_id: number;
}

/** One object's identity across types: `dcim.interface:7`. */
export const keyOf = (t: Termination) => `${t.object_type}:${t.object_id}`;

/** The terminations written for an end (duplicates dropped), or undefined when the end was not written. */
export function written(item: WriteItem, end: End): Termination[] | undefined {
  const value = item.extras.get(end === 'A' ? 'a_terminations' : 'b_terminations') as Termination[] | undefined;
  if (value === undefined) return undefined;
  const seen = new Set<string>();
  return value.filter((t) => (seen.has(keyOf(t)) ? false : (seen.add(keyOf(t)), true)));
}

/** Whether the write names either end (NetBox's `_terminations_modified`). */
export const modified = (item: WriteItem) => written(item, 'A') !== undefined || written(item, 'B') !== undefined;

export type Ends = Record<End, Termination[]>;

/** Each cable's ends after the write: the written ones, else the stored ones (in NetBox's order). */
export async function endsOf(batch: WriteBatch): Promise<Map<WriteItem, Ends>> {
  const partial = batch.items.filter((item) => !item.creating && (written(item, 'A') === undefined || written(item, 'B') === undefined));
  const stored = partial.length
    ? await batch.tx.query<{ cable_id: number; cable_end: End; termination_type: string; termination_id: number }>(
        `SELECT cable_id, cable_end, termination_type, termination_id FROM ${tableOf(batch, TERMINATIONS)}
          WHERE cable_id = ANY($1::int[]) ORDER BY cable_end, connector, id`,
        [partial.map((item) => item.id)],
      )
    : [];
  const storedEnd = (item: WriteItem, end: End) =>
    stored.filter((row) => Number(row.cable_id) === item.id && row.cable_end === end).map((row) => ({ object_type: row.termination_type, object_id: Number(row.termination_id) }));
  return new Map(batch.items.map((item) => [item, { A: written(item, 'A') ?? storedEnd(item, 'A'), B: written(item, 'B') ?? storedEnd(item, 'B') }]));
}

export interface Terminated {
  /** The stored row of each terminated object that exists, by `keyOf`. */
  objects: Map<string, Row>;
  /** The cable holding each object already, by `keyOf`. */
  holders: Map<string, number>;
}

/** The objects named (their stored rows) and the cables already holding them. */
export async function terminatedObjects(batch: WriteBatch, terminations: Termination[]): Promise<Terminated> {
  const objects = new Map<string, Row>();
  const holders = new Map<string, number>();
  if (!terminations.length) return { objects, holders };
  const byType = new Map<string, number[]>();
  for (const t of terminations) byType.set(t.object_type, [...(byType.get(t.object_type) ?? []), t.object_id]);
  for (const [type, ids] of byType) {
    const resource = batch.registry.byObjectType.get(type)?.resource;
    if (!resource) continue;
    for (const [id, row] of await rowsById(batch.tx, tableOf(batch, resource.key), ids)) objects.set(keyOf({ object_type: type, object_id: id }), row);
  }
  const held = await batch.tx.query<{ termination_type: string; termination_id: number; cable_id: number }>(
    `SELECT termination_type, termination_id, cable_id FROM ${tableOf(batch, TERMINATIONS)}
      WHERE (termination_type, termination_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[]))`,
    [terminations.map((t) => t.object_type), terminations.map((t) => t.object_id)],
  );
  for (const row of held) holders.set(keyOf({ object_type: row.termination_type, object_id: Number(row.termination_id) }), Number(row.cable_id));
  return { objects, holders };
}
