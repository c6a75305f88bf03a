/**
 * @module
 * Where a cable path from a path endpoint ends (NetBox's PathEndpoint over its CablePath), as SQL
 * over the columns every cabled table has (`cable_id`, `cable_end`), for every resource with a
 * `connected_endpoints` field (console, console server and power ports, power outlets,
 * interfaces, power feeds):
 * - a direct cable whose far end is path endpoints (the termination types with a
 *   `connected_endpoints` field) is a complete path: `connected_endpoints` are that far end,
 *   `connected_endpoints_type` its type, `connected_endpoints_reachable` whether the cable is
 *   connected (NetBox's `is_active`);
 * - a cable whose far end is a front or rear port (which a path passes through) or nothing is not
 *   traced further here: no endpoints (null) and not reachable (false), as NetBox answers for an
 *   incomplete path — a path on through the ports' mappings and the next cables is not traced;
 * - without a cable there is no path: null and false, as NetBox answers;
 * - the filter `connected`: reachable, or (`false`) not.
 */
import { booleanValue, invalidChoice, sqlString } from '../../../kinds/index.ts';
import type { MethodFilter, SqlExpression, SqlScope } from '../../../rest/index.ts';
import { terminationList, terminationType, TERMINATIONS } from './terminationSql.ts';

/** Termination rows of the row's cable on the other end than its own. */
const farEnd = (t: string, sql: SqlScope) => (ct: string) =>
  `${sql.column(TERMINATIONS, 'cable', ct)} = ${t}.cable_id AND ${sql.column(TERMINATIONS, 'cable_end', ct)} <> ${t}.cable_end`;

/** The object types a path ends at: termination types with connected endpoints of their own. */
function endpointTypes(sql: SqlScope): string[] {
  const generic = sql.resource(TERMINATIONS).fields.find((f) => f.name === 'termination')!.generic!;
  return generic.targets.map((key) => sql.resource(key)).filter((r) => r.fields.some((f) => f.name === 'connected_endpoints')).map((r) => r.objectType);
}

/** The row's cable has a far end, all of it path endpoints: a complete one-cable path. */
function complete(t: string, sql: SqlScope): string {
  const far = farEnd(t, sql);
  const [x, y] = [sql.alias(), sql.alias()];
  const types = endpointTypes(sql).map(sqlString);
  const type = sql.column(TERMINATIONS, 'termination_type', y);
  return `(EXISTS (SELECT 1 FROM ${sql.table(TERMINATIONS)} ${x} WHERE ${far(x)})
    AND NOT EXISTS (SELECT 1 FROM ${sql.table(TERMINATIONS)} ${y} WHERE ${far(y)} AND ${types.length ? `${type} <> ALL(ARRAY[${types.join(', ')}]::text[])` : 'true'}))`;
}

/** The row's path is complete and its cable connected. */
function reachable(t: string, sql: SqlScope): string {
  const c = sql.alias();
  const connected = `EXISTS (SELECT 1 FROM ${sql.table('dcim.cables')} ${c} WHERE ${c}.id = ${t}.cable_id AND ${sql.column('dcim.cables', 'status', c)} = 'connected')`;
  return `(${connected} AND ${complete(t, sql)})`;
}

export const connectedEndpoints: SqlExpression = (t, sql) => `(CASE WHEN ${complete(t, sql)} THEN ${terminationList(sql, farEnd(t, sql))} END)`;

export const connectedEndpointsType: SqlExpression = (t, sql) => `(CASE WHEN ${complete(t, sql)} THEN ${terminationType(sql, farEnd(t, sql))} END)`;

export const connectedEndpointsReachable: SqlExpression = (t, sql) => reachable(t, sql);

/** `connected`: the path is complete and active (NetBox's PathEndpointFilterSet). */
export const connectedFilter: MethodFilter = (args) => {
  const last = args.values[args.values.length - 1];
  const value = booleanValue(last);
  if (value === null) return args.query.error(invalidChoice(last));
  const condition = reachable(args.alias, args.sql);
  return value ? condition : `NOT ${condition}`;
};
