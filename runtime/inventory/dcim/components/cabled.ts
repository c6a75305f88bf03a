/**
 * @module
 * What every cabled component shares (NetBox's CabledObjectModel), as SQL over the columns each
 * cabled table has alike (`cable_id`, `cable_end`, `mark_connected`), so one set serves every
 * resource built on the `cabled-component` mixin (the `path-endpoint` mixin's values are in
 * runtime/inventory/dcim/cables/pathSql.ts):
 * - `link_peers` and `link_peers_type`: the objects at the other end of its cable;
 * - `_occupied`: cabled or marked connected;
 * - the filters `cabled` and `occupied`.
 */
import { booleanValue, invalidChoice } from '../../../kinds/index.ts';
import type { MethodFilter, MethodFilterArgs, SqlExpression, SqlScope } from '../../../rest/index.ts';
import { terminationList, terminationType, TERMINATIONS } from '../cables/terminationSql.ts';

const cabled = (t: string) => `${t}.cable_id IS NOT NULL`;

/** Termination rows of the row's cable on the other end than its own. */
const farEnd = (t: string, sql: SqlScope) => (ct: string) =>
  `${sql.column(TERMINATIONS, 'cable', ct)} = ${t}.cable_id AND ${sql.column(TERMINATIONS, 'cable_end', ct)} <> ${t}.cable_end`;

export const linkPeers: SqlExpression = (t, sql) => `(CASE WHEN ${cabled(t)} THEN ${terminationList(sql, farEnd(t, sql))} ELSE '[]'::json END)`;

export const linkPeersType: SqlExpression = (t, sql) => `(CASE WHEN ${cabled(t)} THEN ${terminationType(sql, farEnd(t, sql))} END)`;

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
