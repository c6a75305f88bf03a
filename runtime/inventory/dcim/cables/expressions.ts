/**
 * @module
 * Values of cables and their terminations computed in SQL:
 * - a cable's `display`: its label, else `#<id>` (NetBox's Cable.__str__);
 * - its `a_terminations` and `b_terminations`, from its termination rows;
 * - a termination's `display`: `Cable <cable> to <terminated object>` (CableTermination.__str__).
 */
import type { SqlExpression, SqlScope } from '../../../rest/index.ts';
import { terminationList, TERMINATIONS } from './terminationSql.ts';

const C = 'dcim.cables';

const cableLabel = (c: string, sql: SqlScope) => `coalesce(nullif(${sql.column(C, 'label', c)}, ''), concat('#', ${c}.id))`;

export const cableDisplay: SqlExpression = (t, sql) => cableLabel(t, sql);

const end =
  (side: 'A' | 'B'): SqlExpression =>
  (t, sql) =>
    terminationList(sql, (ct) => `${sql.column(TERMINATIONS, 'cable', ct)} = ${t}.id AND ${sql.column(TERMINATIONS, 'cable_end', ct)} = '${side}'`);

export const aTerminations = end('A');
export const bTerminations = end('B');

/** `Cable #5 to eth0`: the terminated object's display, by its type. */
export const terminationDisplay: SqlExpression = (t, sql) => {
  const c = sql.alias();
  const generic = sql.resource(TERMINATIONS).fields.find((f) => f.name === 'termination')!.generic!;
  const objects = generic.targets.map((key) => {
    const o = sql.alias();
    const target = sql.resource(key);
    return `WHEN '${target.objectType}' THEN (SELECT ${sql.display(target, o)} FROM ${sql.table(key)} ${o} WHERE ${o}.id = ${sql.column(TERMINATIONS, generic.idField, t)})`;
  });
  const cable = `(SELECT ${cableLabel(c, sql)} FROM ${sql.table(C)} ${c} WHERE ${c}.id = ${sql.column(TERMINATIONS, 'cable', t)})`;
  return `concat('Cable ', ${cable}, ' to ', (CASE ${sql.column(TERMINATIONS, generic.typeField, t)} ${objects.join(' ')} END))`;
};
