/**
 * @module
 * `display` of tenancy models: a contact assignment as NetBox's `__str__` gives it,
 * `Alice (Primary) -> DC1` (the priority only when there is one).
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const contactAssignmentDisplay: SqlExpression = (t, sql) => {
  const assignments = sql.resource('tenancy.contact-assignments');
  const object = assignments.fields.find((f) => f.name === 'object')!;
  const c = sql.alias();
  const contact = `(SELECT ${c}.name FROM ${sql.table('tenancy.contacts')} ${c} WHERE ${c}.id = ${t}.contact_id)`;
  const branches = object.generic!.targets.map((key) => {
    const o = sql.alias();
    return `WHEN '${sql.resource(key).objectType}' THEN (SELECT ${sql.display(sql.resource(key), o)} FROM ${sql.table(key)} ${o} WHERE ${o}.id = ${t}.object_id)`;
  });
  const priority = `CASE WHEN coalesce(${t}.priority, '') = '' THEN '' ELSE concat(' (', ${sql.choiceLabel('ContactPriorityChoices', `${t}.priority`)}, ')') END`;
  return `concat(${contact}, ${priority}, ' -> ', CASE ${t}.object_type ${branches.join(' ')} END)`;
};
