/**
 * @module
 * Values of an interface computed in SQL (NetBox's CabledObjectModel and PathEndpoint):
 * - `mac_address`: the primary MAC address's value (of a device's interface, or of a VM's);
 * - `link_peers` and `link_peers_type`: the objects at the other end of its cable, or else the
 *   interface at the other end of its wireless link (NetBox's Interface.link_peers);
 * (`connected_endpoints` and its type and reachability are every path endpoint's:
 * runtime/inventory/dcim/cables/pathSql.ts);
 * - `_occupied`: cabled, in a wireless link, or marked connected.
 */
import type { SqlExpression, SqlScope } from '../../../rest/index.ts';
import { terminationList, terminationType, TERMINATIONS } from '../cables/terminationSql.ts';

const INTERFACES = 'dcim.interfaces';

/** Termination rows of the interface's cable on the other end than its own. */
const farEnd = (t: string, sql: SqlScope) => (ct: string) =>
  `${sql.column(TERMINATIONS, 'cable', ct)} = ${sql.column(INTERFACES, 'cable', t)} AND ${sql.column(TERMINATIONS, 'cable_end', ct)} <> ${sql.column(INTERFACES, 'cable_end', t)}`;

const cabled = (t: string, sql: SqlScope) => `${sql.column(INTERFACES, 'cable', t)} IS NOT NULL`;

/** The value of the primary MAC address of an interface of `interfaces` (dcim's or virtualization's). */
export const primaryMacAddress =
  (interfaces: string): SqlExpression =>
  (t, sql) => {
    const m = sql.alias();
    return `(SELECT ${sql.column('dcim.mac-addresses', 'mac_address', m)} FROM ${sql.table('dcim.mac-addresses')} ${m} WHERE ${m}.id = ${sql.column(interfaces, 'primary_mac_address', t)})`;
  };

const LINKS = 'wireless.wireless-links';

const linked = (t: string, sql: SqlScope) => `${sql.column(INTERFACES, 'wireless_link', t)} IS NOT NULL`;

/** The id of the interface at the other end of the interface's wireless link. */
const wirelessPeer = (t: string, sql: SqlScope) => {
  const l = sql.alias();
  const [a, b] = [sql.column(LINKS, 'interface_a', l), sql.column(LINKS, 'interface_b', l)];
  return `(SELECT CASE WHEN ${a} = ${t}.id THEN ${b} ELSE ${a} END FROM ${sql.table(LINKS)} ${l} WHERE ${l}.id = ${sql.column(INTERFACES, 'wireless_link', t)})`;
};

const wirelessPeers = (t: string, sql: SqlScope) => {
  const peer = wirelessPeer(t, sql);
  return `json_build_array(json_build_object('object_type', '${sql.resource(INTERFACES).objectType}', 'object_id', ${peer}, 'object', ${sql.nested(INTERFACES, peer)}))`;
};

export const linkPeers: SqlExpression = (t, sql) =>
  `(CASE WHEN ${cabled(t, sql)} THEN ${terminationList(sql, farEnd(t, sql))} WHEN ${linked(t, sql)} THEN ${wirelessPeers(t, sql)} ELSE '[]'::json END)`;

export const linkPeersType: SqlExpression = (t, sql) =>
  `(CASE WHEN ${cabled(t, sql)} THEN ${terminationType(sql, farEnd(t, sql))} WHEN ${linked(t, sql)} THEN '${sql.resource(INTERFACES).objectType}' END)`;

export const occupied: SqlExpression = (t, sql) => `(${sql.column(INTERFACES, 'mark_connected', t)} OR ${cabled(t, sql)} OR ${linked(t, sql)})`;
