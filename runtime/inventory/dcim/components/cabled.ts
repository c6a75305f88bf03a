/**
 * @module
 * What every cabled component shares (NetBox's CabledObjectModel and PathEndpoint), as SQL over
 * the columns each cabled table has alike (`cable_id`, `cable_end`, `mark_connected`), so one
 * set serves every resource built on the `cabled-component` and `path-endpoint` mixins:
 * - `link_peers` and `link_peers_type`: the objects at the other end of its cable;
 * - `connected_endpoints` and `connected_endpoints_reachable`: where its cable path ends. Paths
 *   are one cable long here (a path through front and rear ports is not traced), so a path ends
 *   at the cable's far end, reachable when the cable is connected (NetBox's `is_active`);
 *   without a cable there is no path: null, as NetBox answers;
 * - `_occupied`: cabled or marked connected;
 * - the filters `cabled`, `occupied` and `connected` (a connected cable).
 */
import { booleanValue, invalidChoice } from '../../../kinds/index.ts';
import type { MethodFilter, MethodFilterArgs, SqlExpression, SqlScope } from '../../../rest/index.ts';
import { terminationList, terminationType, TERMINATIONS } from '../cables/terminationSql.ts';

const cabled = (t: string) => `${t}.cable_id IS NOT NULL`;

/** Termination rows of the row's cable on the other end than its own. */
const farEnd = (t: string, sql: SqlScope) => (ct: string) =>
  `${sql.column(TERMINATIONS, 'cable', ct)} = ${t}.cable_id AND ${sql.column(TERMINATIONS, 'cable_end', ct)} <> ${t}.cable_end`;

/** The connected cable's status test, over the row `t`. */
const connectedCable = (t: string, sql: SqlScope) => {
  const c = sql.alias();
  return `(SELECT ${sql.column('dcim.cables', 'status', c)} = 'connected' FROM ${sql.table('dcim.cables')} ${c} WHERE ${c}.id = ${t}.cable_id)`;
};

export const linkPeers: SqlExpression = (t, sql) => `(CASE WHEN ${cabled(t)} THEN ${terminationList(sql, farEnd(t, sql))} ELSE '[]'::json END)`;

export const linkPeersType: SqlExpression = (t, sql) => `(CASE WHEN ${cabled(t)} THEN ${terminationType(sql, farEnd(t, sql))} END)`;

export const connectedEndpoints: SqlExpression = (t, sql) => {
  const p = sql.alias();
  return `(CASE WHEN ${cabled(t)} THEN (SELECT CASE WHEN json_array_length(${p}.list) > 0 THEN ${p}.list END FROM (SELECT ${terminationList(sql, farEnd(t, sql))} AS list) ${p}) END)`;
};

export const connectedEndpointsReachable: SqlExpression = (t, sql) => `coalesce(${connectedCable(t, sql)}, false)`;

export const occupied: SqlExpression = (t) => `(${t}.mark_connected OR ${cabled(t)})`;

/** A boolean filter: the condition, its negation, or null after NetBox's invalid-choice 400. */
const presence =
  (condition: (args: MethodFilterArgs) => string): MethodFilter =>
  (args) => {
    const last = args.values[args.values.length - 1];
    const value = booleanValue(last);
    if (value === null) return args.query.error(invalidChoice(last));
    return value ? condition(args) : `NOT (${condition(args)})`;
  };

export const cabledFilter = presence(({ alias }) => cabled(alias));

export const occupiedFilter = presence(({ alias }) => `(${cabled(alias)} OR ${alias}.mark_connected)`);

export const connectedFilter = presence(({ alias, sql }) => `coalesce(${connectedCable(alias, sql)}, false)`);
