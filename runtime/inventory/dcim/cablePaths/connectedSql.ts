/**
 * @module
 * What a path endpoint shows of its stored path (NetBox's PathEndpoint and its serializer), as
 * SQL over its `_path_id`, in the statement that lists it (no statement per row):
 * - `connected_endpoints`: the path's destinations in their nested form when the path is
 *   complete, else null;
 * - `connected_endpoints_type`: their object type, else null;
 * - `connected_endpoints_reachable`: complete and active;
 * - the filter `connected`: complete and active (true), or not, or no path (false).
 */
import { booleanValue, invalidChoice, sqlString } from '../../../kinds/index.ts';
import type { MethodFilter, SqlExpression, SqlScope } from '../../../rest/index.ts';
import { DESTINATION_RESOURCES } from './nodes.ts';
import { PATHS_TABLE } from './store.ts';

/** The nested JSON of the object a node (SQL text `<object type>:<id>`) names, among `keys`' objects. */
export function nodeObject(sql: SqlScope, node: string, keys: readonly string[]): string {
  const id = `split_part(${node}, ':', 2)::int`;
  const branches = keys.map((key) => `WHEN ${sqlString(sql.resource(key).objectType)} THEN ${sql.nested(key, id)}`);
  return `(CASE split_part(${node}, ':', 1) ${branches.join(' ')} END)`;
}

/** `value` (SQL over the path row `p`) of the row's stored path, null without one. */
const ofPath = (t: string, sql: SqlScope, value: (p: string) => string) => {
  const p = sql.alias();
  return `(SELECT ${value(p)} FROM ${PATHS_TABLE} ${p} WHERE ${p}.id = ${t}._path_id)`;
};

export const connectedEndpoints: SqlExpression = (t, sql) =>
  ofPath(t, sql, (p) => {
    const d = sql.alias();
    // `[{object_type, object_id, object}]`, as every object_list field's expression gives it (shown bare).
    const entry = `json_build_object('object_type', split_part(${d}.node, ':', 1), 'object_id', split_part(${d}.node, ':', 2)::int, 'object', ${nodeObject(sql, `${d}.node`, DESTINATION_RESOURCES)})`;
    const list = `(SELECT json_agg(${entry} ORDER BY ${d}.n) FROM jsonb_array_elements_text(${p}.path -> -1) WITH ORDINALITY AS ${d}(node, n))`;
    return `CASE WHEN ${p}.is_complete THEN ${list} END`;
  });

export const connectedEndpointsType: SqlExpression = (t, sql) => ofPath(t, sql, (p) => `CASE WHEN ${p}.is_complete THEN split_part(${p}.path -> -1 ->> 0, ':', 1) END`);

const reachable = (t: string, sql: SqlScope) => `coalesce(${ofPath(t, sql, (p) => `${p}.is_complete AND ${p}.is_active`)}, false)`;

export const connectedEndpointsReachable: SqlExpression = reachable;

/** `connected` (NetBox's PathEndpointFilterSet.filter_connected): a complete and active path, or (false) none. */
export const connectedFilter: MethodFilter = (args) => {
  const last = args.values[args.values.length - 1];
  const value = booleanValue(last);
  if (value === null) return args.query.error(invalidChoice(last));
  const condition = reachable(args.alias, args.sql);
  return value ? condition : `NOT ${condition}`;
};
