/**
 * @module
 * A JSON object built in SQL with its keys in the order given, whatever their number:
 * `json_build_object` takes at most 100 arguments (50 keys), and merging several as jsonb would
 * sort the keys, where NetBox's serializers keep their fields' order.
 */
import { sqlIdentifier, sqlString } from './sqlText.ts';

/** The most key/value pairs one `json_build_object` call takes (PostgreSQL's FUNC_MAX_ARGS of 100). */
const MAX_PAIRS = 50;

/** SQL of a `json` object of `pairs` (key, SQL of its value), keys in order. */
export function jsonObjectSql(pairs: readonly (readonly [string, string])[]): string {
  if (pairs.length <= MAX_PAIRS) return `json_build_object(${pairs.map(([key, value]) => `${sqlString(key)}, ${value}`).join(', ')})`;
  // A row of named columns, which row_to_json writes in order, each value as json_build_object would.
  const columns = pairs.map(([key, value]) => `${value} AS ${sqlIdentifier(key)}`);
  return `(SELECT row_to_json(o) FROM (SELECT ${columns.join(', ')}) o)`;
}

/**
 * SQL of the same object as JSON text, however many keys: calls of at most 50 pairs each, spliced
 * as text (`{"a" : 1` + `, ` + `"b" : 2}`). For a response's top-level object, which is sent as
 * text anyway: a subquery per row (jsonObjectSql past 50 keys) costs PostgreSQL an executor start
 * for every row.
 */
export function jsonObjectText(pairs: readonly (readonly [string, string])[]): string {
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length || i === 0; i += MAX_PAIRS) chunks.push(`${jsonObjectSql(pairs.slice(i, i + MAX_PAIRS))}::text`);
  if (chunks.length === 1) return chunks[0];
  return chunks.map((chunk, i) => {
    const open = i === 0 ? chunk : `substr(${chunk}, 2)`;
    return i === chunks.length - 1 ? open : `left(${open}, -1)`;
  }).join(` || ', ' || `);
}
