/**
 * @module
 * SQL of position mappings kept on the front side (a hidden jsonb column of
 * `[{position, peer, peer_position}]`, `peer` a rear side's id), for any pair of front and rear
 * resources: the front's list as stored, the rear's list seen from it, the `rear_port_id` and
 * `front_port_id` filters (NetBox's `mappings__rear_port` / `mappings__front_port`), and the
 * stored mappings touching some objects, their writes from the rear side and their drop with a
 * rear object. Front and rear ports (components/) and their templates (templates/) both keep
 * their mappings so.
 */
import type { MethodFilter, SqlExpression, WriteBatch } from '../../../rest/index.ts';
import { quote, tableOf, type Row } from './rows.ts';

/** One stored mapping, with the id of the front object keeping it. */
export interface StoredMapping {
  front: number;
  position: number;
  peer: number;
  peer_position: number;
}

/** The mappings column of a front object, as stored. */
export const frontList =
  (column: string): SqlExpression =>
  (t) =>
    `${t}.${quote(column)}`;

/** A rear object's mappings: the front objects' stored rows naming it, seen from the rear (`position` its own). */
export const rearList =
  (front: string, column: string): SqlExpression =>
  (t, sql) => {
    const [f, e] = [sql.alias(), sql.alias()];
    return `(SELECT coalesce(json_agg(json_build_object('position', (${e}.v ->> 'peer_position')::int, 'peer', ${f}.id, 'peer_position', (${e}.v ->> 'position')::int) ORDER BY (${e}.v ->> 'peer_position')::int, ${f}.id), '[]'::json)
    FROM ${sql.table(front)} ${f} CROSS JOIN LATERAL jsonb_array_elements(${f}.${quote(column)}) ${e}(v) WHERE (${e}.v ->> 'peer')::int = ${t}.id)`;
  };

/**
 * An id filter: any of the ids (`__n`: none of them). Declared `value: id`, so the filter kind has
 * refused a value that is no id; the ids travel as text, compared as numeric, so one beyond any
 * stored id matches nothing rather than failing a cast.
 */
const idFilter =
  (condition: (alias: string, ids: string, sql: Parameters<MethodFilter>[0]['sql']) => string): MethodFilter =>
  ({ values, lookup, alias, param, sql }) => {
    const matched = condition(alias, `${param(values.map((value) => value.trim()))}::numeric[]`, sql);
    return lookup === 'n' ? `NOT ${matched}` : matched;
  };

/** Front objects mapped to any of the rear ids (`rear_port_id`). */
export const frontByRear = (column: string): MethodFilter =>
  idFilter((t, ids) => `EXISTS (SELECT 1 FROM jsonb_array_elements(${t}.${quote(column)}) m(v) WHERE (m.v ->> 'peer')::int = ANY(${ids}))`);

/** Rear objects mapped to any of the front ids (`front_port_id`). */
export const rearByFront = (front: string, column: string): MethodFilter =>
  idFilter((t, ids, sql) => {
    const f = sql.alias();
    return `EXISTS (SELECT 1 FROM ${sql.table(front)} ${f} CROSS JOIN LATERAL jsonb_array_elements(${f}.${quote(column)}) m(v) WHERE ${f}.id = ANY(${ids}) AND (m.v ->> 'peer')::int = ${t}.id)`;
  });

/** Every stored mapping kept by the given front objects or naming the given rear ones: one query. */
export async function storedMappings(batch: WriteBatch, front: string, column: string, fronts: number[], rears: number[]): Promise<StoredMapping[]> {
  if (!fronts.length && !rears.length) return [];
  const rows = await batch.tx.query<Row>(
    `SELECT f.id AS front, (m.v ->> 'position')::int AS position, (m.v ->> 'peer')::int AS peer, (m.v ->> 'peer_position')::int AS peer_position
       FROM ${tableOf(batch, front)} f CROSS JOIN LATERAL jsonb_array_elements(f.${quote(column)}) m(v)
      WHERE f.id = ANY($1::int[]) OR (m.v ->> 'peer')::int = ANY($2::int[])`,
    [fronts, rears],
  );
  return rows.map((r) => ({ front: Number(r.front), position: Number(r.position), peer: Number(r.peer), peer_position: Number(r.peer_position) }));
}

/**
 * Sets mappings written from the rear side on the front objects that keep them: each written rear
 * object's old mappings dropped, the entries placed (replacing a front position they take), in
 * one UPDATE, recorded as updates of the fronts touched.
 */
export async function saveFromRear(batch: WriteBatch, front: string, column: string, rears: number[], entries: StoredMapping[]): Promise<void> {
  if (!rears.length) return;
  const [table, c] = [tableOf(batch, front), quote(column)];
  const touched = await batch.tx.query<Row>(
    `SELECT DISTINCT f.id FROM ${table} f LEFT JOIN LATERAL jsonb_array_elements(f.${c}) m(v) ON true WHERE (m.v ->> 'peer')::int = ANY($1::int[]) OR f.id = ANY($2::int[])`,
    [rears, [...new Set(entries.map((e) => e.front))]],
  );
  const ids = touched.map((r) => Number(r.id));
  if (!ids.length) return;
  await batch.changes.updating(front, ids, async () => {
    await batch.tx.query(
      `UPDATE ${table} f SET ${c} = (
         SELECT coalesce(jsonb_agg(x.v ORDER BY (x.v ->> 'position')::int), '[]'::jsonb) FROM (
           SELECT m.v FROM jsonb_array_elements(f.${c}) m(v) WHERE NOT ((m.v ->> 'peer')::int = ANY($1::int[]))
             AND NOT ((m.v ->> 'position')::int IN (SELECT (e ->> 'position')::int FROM jsonb_array_elements($2::text::jsonb) e WHERE (e ->> 'front')::int = f.id))
           UNION ALL
           SELECT jsonb_build_object('position', (e ->> 'position')::int, 'peer', (e ->> 'peer')::int, 'peer_position', (e ->> 'peer_position')::int) FROM jsonb_array_elements($2::text::jsonb) e WHERE (e ->> 'front')::int = f.id
         ) x)
       WHERE f.id = ANY($3::int[])`,
      [rears, JSON.stringify(entries), ids],
    );
  });
}

/** Drops the mappings naming deleted rear objects from their fronts (NetBox's CASCADE on the mapping). */
export async function dropRears(tx: WriteBatch['tx'], table: string, column: string, rears: number[]): Promise<void> {
  if (!rears.length) return;
  const c = quote(column);
  await tx.query(
    `UPDATE ${table} f SET ${c} = (SELECT coalesce(jsonb_agg(m.v ORDER BY (m.v ->> 'position')::int), '[]'::jsonb) FROM jsonb_array_elements(f.${c}) m(v) WHERE NOT ((m.v ->> 'peer')::int = ANY($1::int[])))
      WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(f.${c}) m(v) WHERE (m.v ->> 'peer')::int = ANY($1::int[]))`,
    [rears],
  );
}
