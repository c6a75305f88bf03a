/**
 * @module
 * What the vpn terminations share: the SQL of the object a generic relation names when it is of
 * one type (the hop of NetBox's GenericRelations `interface`, `vminterface`, `vlan`), and the
 * object a termination names, seen from that object (an interface's `l2vpn_termination`).
 */
import type { SqlExpression } from '../../../rest/index.ts';

/** The id of the object of `target` the generic relation `pair` of `resource` names, or null. */
export const assignedOf =
  (resource: string, pair: string, target: string): SqlExpression =>
  (t, sql) =>
    `(CASE WHEN ${sql.column(resource, `${pair}_type`, t)} = '${sql.resource(target).objectType}' THEN ${sql.column(resource, `${pair}_id`, t)} END)`;

/** The id of the row of `resource` whose generic relation `pair` names the object `t` of `target` (one at most). */
export const terminationOf =
  (resource: string, pair: string, target: string): SqlExpression =>
  (t, sql) => {
    const a = sql.alias();
    return `(SELECT ${a}.id FROM ${sql.table(resource)} ${a} WHERE ${sql.column(resource, `${pair}_type`, a)} = '${sql.resource(target).objectType}' AND ${sql.column(resource, `${pair}_id`, a)} = ${t}.id LIMIT 1)`;
  };
