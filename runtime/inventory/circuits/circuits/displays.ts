/**
 * @module
 * `display` of circuit terminations and group assignments (NetBox's `__str__`):
 * - a termination: `<circuit>: Termination <side>`;
 * - an assignment: `<group> (<priority label>)`, or the group alone without a priority.
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const circuitTerminationDisplay: SqlExpression = (t, sql) => {
  const c = sql.alias();
  return `concat((SELECT ${c}.cid FROM ${sql.table('circuits.circuits')} ${c} WHERE ${c}.id = ${t}.circuit_id), ': Termination ', ${t}.term_side)`;
};

export const circuitGroupAssignmentDisplay: SqlExpression = (t, sql) => {
  const g = sql.alias();
  const group = `(SELECT ${g}.name FROM ${sql.table('circuits.circuit-groups')} ${g} WHERE ${g}.id = ${t}.group_id)`;
  return `(CASE WHEN coalesce(${t}.priority, '') <> '' THEN concat(${group}, ' (', ${sql.choiceLabel('CircuitPriorityChoices', `${t}.priority`)}, ')') ELSE ${group} END)`;
};
