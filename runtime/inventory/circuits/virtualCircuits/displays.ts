/**
 * @module
 * A virtual circuit termination's `display` (NetBox's `__str__`): `<virtual circuit>: <role label> termination`.
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const virtualCircuitTerminationDisplay: SqlExpression = (t, sql) => {
  const c = sql.alias();
  const cid = `(SELECT ${c}.cid FROM ${sql.table('circuits.virtual-circuits')} ${c} WHERE ${c}.id = ${t}.virtual_circuit_id)`;
  return `concat(${cid}, ': ', ${sql.choiceLabel('VirtualCircuitTerminationRoleChoices', `${t}.role`)}, ' termination')`;
};
