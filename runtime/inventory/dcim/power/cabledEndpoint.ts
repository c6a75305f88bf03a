/**
 * @module
 * What a cabled path endpoint (NetBox's CabledObjectModel with PathEndpoint) computes in SQL and
 * filters on, for any resource with `cable`, `cable_end` and `mark_connected` columns: its
 * `link_peers` (and their type), `connected_endpoints` (and their type, and whether reachable),
 * `_occupied`, and the `cabled`, `connected` and `occupied` filters. Paths are one cable long
 * here (no front or rear ports to pass through), so a path ends at the cable's far end and is
 * reachable when the cable is connected; without a cable there is no path (null, as NetBox).
 * Interfaces have their own copy (runtime/inventory/dcim/interfaces/expressions.ts).
 */
import { booleanValue, invalidChoice } from '../../../kinds/index.ts';
import type { MethodFilter, MethodFilterArgs, SqlExpression, SqlScope } from '../../../rest/index.ts';
import { terminationList, terminationType, TERMINATIONS } from '../cables/terminationSql.ts';

/** The SQL expressions of one cabled resource, by the names its definition gives them. */
export interface CabledExpressions {
  linkPeers: SqlExpression;
  linkPeersType: SqlExpression;
  connectedEndpoints: SqlExpression;
  connectedEndpointsType: SqlExpression;
  connectedEndpointsReachable: SqlExpression;
  occupied: SqlExpression;
}

export function cabledExpressions(key: string): CabledExpressions {
  const cable = (t: string, sql: SqlScope) => sql.column(key, 'cable', t);
  const cabled = (t: string, sql: SqlScope) => `${cable(t, sql)} IS NOT NULL`;
  /** Termination rows of the object's cable on the other end than its own. */
  const farEnd = (t: string, sql: SqlScope) => (ct: string) =>
    `${sql.column(TERMINATIONS, 'cable', ct)} = ${cable(t, sql)} AND ${sql.column(TERMINATIONS, 'cable_end', ct)} <> ${sql.column(key, 'cable_end', t)}`;
  const linkPeersType: SqlExpression = (t, sql) => `(CASE WHEN ${cabled(t, sql)} THEN ${terminationType(sql, farEnd(t, sql))} END)`;
  return {
    linkPeers: (t, sql) => `(CASE WHEN ${cabled(t, sql)} THEN ${terminationList(sql, farEnd(t, sql))} ELSE '[]'::json END)`,
    linkPeersType,
    connectedEndpoints: (t, sql) => {
      const p = sql.alias();
      return `(CASE WHEN ${cabled(t, sql)} THEN (SELECT CASE WHEN json_array_length(${p}.list) > 0 THEN ${p}.list END FROM (SELECT ${terminationList(sql, farEnd(t, sql))} AS list) ${p}) END)`;
    },
    connectedEndpointsType: linkPeersType,
    connectedEndpointsReachable: (t, sql) => {
      const c = sql.alias();
      return `(SELECT ${sql.column('dcim.cables', 'status', c)} = 'connected' FROM ${sql.table('dcim.cables')} ${c} WHERE ${c}.id = ${cable(t, sql)})`;
    },
    occupied: (t, sql) => `(${sql.column(key, 'mark_connected', t)} OR ${cabled(t, sql)})`,
  };
}

/** A boolean filter: the condition, its negation, or null after NetBox's invalid-choice 400. */
const presence =
  (condition: (args: MethodFilterArgs) => string): MethodFilter =>
  (args) => {
    const value = booleanValue(args.values[args.values.length - 1]);
    if (value === null) return args.query.error(invalidChoice(args.values[args.values.length - 1]));
    return value ? condition(args) : `NOT (${condition(args)})`;
  };

/** `cabled`, `occupied` (cabled or marked connected) and `connected` (a connected cable) of one resource. */
export function cabledFilters(key: string): { cabled: MethodFilter; occupied: MethodFilter; connected: MethodFilter } {
  const cable = ({ alias, sql }: MethodFilterArgs) => sql.column(key, 'cable', alias);
  return {
    cabled: presence((args) => `${cable(args)} IS NOT NULL`),
    occupied: presence((args) => `(${cable(args)} IS NOT NULL OR ${args.sql.column(key, 'mark_connected', args.alias)})`),
    connected: presence((args) => {
      const c = args.sql.alias();
      return `EXISTS (SELECT 1 FROM ${args.sql.table('dcim.cables')} ${c} WHERE ${c}.id = ${cable(args)} AND ${args.sql.column('dcim.cables', 'status', c)} = 'connected')`;
    }),
  };
}
