/**
 * @module
 * `display` of FHRP models, as NetBox's `__str__` gives them:
 * - a group: `[name ]<protocol label>: <group id>`, then ` (<first address>)` when an IP address
 *   is assigned to it (the first in the addresses' order);
 * - an assignment: `<interface>: <group> (<priority>)`.
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const fhrpGroupDisplay: SqlExpression = (t, sql) => {
  const column = (field: string, alias = t) => sql.column('ipam.fhrp-groups', field, alias);
  const a = sql.alias();
  const addresses = sql.resource('ipam.ip-addresses');
  const [type, id, address] = ['assigned_object_type', 'assigned_object_id', 'address'].map((f) => sql.column('ipam.ip-addresses', f, a));
  const first = `(SELECT ${sql.display(addresses, a)} FROM ${sql.table('ipam.ip-addresses')} ${a} WHERE ${type} = '${sql.resource('ipam.fhrp-groups').objectType}' AND ${id} = ${t}.id ORDER BY ${address}, ${a}.id LIMIT 1)`;
  const name = `concat(CASE WHEN ${column('name')} <> '' THEN concat(${column('name')}, ' ') ELSE '' END, ${sql.choiceLabel('FHRPGroupProtocolChoices', column('protocol'))}, ': ', ${column('group_id')})`;
  return `concat(${name}, coalesce(' (' || ${first} || ')', ''))`;
};

export const fhrpGroupAssignmentDisplay: SqlExpression = (t, sql) => {
  const assignments = sql.resource('ipam.fhrp-group-assignments');
  const field = assignments.fields.find((f) => f.name === 'interface')!;
  const [type, id] = ['interface_type', 'interface_id'].map((f) => sql.column('ipam.fhrp-group-assignments', f, t));
  const branches = field.generic!.targets.map((key) => {
    const o = sql.alias();
    return `WHEN '${sql.resource(key).objectType}' THEN (SELECT ${sql.display(sql.resource(key), o)} FROM ${sql.table(key)} ${o} WHERE ${o}.id = ${id})`;
  });
  const g = sql.alias();
  const group = `(SELECT ${sql.display(sql.resource('ipam.fhrp-groups'), g)} FROM ${sql.table('ipam.fhrp-groups')} ${g} WHERE ${g}.id = ${sql.column('ipam.fhrp-group-assignments', 'group', t)})`;
  return `concat(CASE ${type} ${branches.join(' ')} END, ': ', ${group}, ' (', ${sql.column('ipam.fhrp-group-assignments', 'priority', t)}, ')')`;
};
