/**
 * @module
 * Values of an interface computed in SQL (NetBox's CabledObjectModel and PathEndpoint):
 * - `mac_address`: the primary MAC address's value;
 * - `link_peers` and `link_peers_type`: the objects at the other end of its cable;
 * (`connected_endpoints` and its type and reachability are every path endpoint's:
 * runtime/inventory/dcim/cables/pathSql.ts);
 * - `_occupied`: cabled or marked connected (wireless links are not served).
 */
import type { SqlExpression, SqlScope } from '../../../rest/index.ts';
import { terminationList, terminationType, TERMINATIONS } from '../cables/terminationSql.ts';

const INTERFACES = 'dcim.interfaces';

/** Termination rows of the interface's cable on the other end than its own. */
const farEnd = (t: string, sql: SqlScope) => (ct: string) =>
  `${sql.column(TERMINATIONS, 'cable', ct)} = ${sql.column(INTERFACES, 'cable', t)} AND ${sql.column(TERMINATIONS, 'cable_end', ct)} <> ${sql.column(INTERFACES, 'cable_end', t)}`;

const cabled = (t: string, sql: SqlScope) => `${sql.column(INTERFACES, 'cable', t)} IS NOT NULL`;

export const macAddress: SqlExpression = (t, sql) => {
  const m = sql.alias();
  return `(SELECT ${sql.column('dcim.mac-addresses', 'mac_address', m)} FROM ${sql.table('dcim.mac-addresses')} ${m} WHERE ${m}.id = ${sql.column(INTERFACES, 'primary_mac_address', t)})`;
};

export const linkPeers: SqlExpression = (t, sql) => `(CASE WHEN ${cabled(t, sql)} THEN ${terminationList(sql, farEnd(t, sql))} ELSE '[]'::json END)`;

export const linkPeersType: SqlExpression = (t, sql) => `(CASE WHEN ${cabled(t, sql)} THEN ${terminationType(sql, farEnd(t, sql))} END)`;

export const occupied: SqlExpression = (t, sql) => `(${sql.column(INTERFACES, 'mark_connected', t)} OR ${cabled(t, sql)})`;
