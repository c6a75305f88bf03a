/**
 * @module
 * `display` of L2VPNs and their terminations, as NetBox's `__str__` gives them: an L2VPN's name
 * with its identifier when it has one (`Fabric (10001)`), a termination's object and L2VPN
 * (`eth0 <> Fabric (10001)`).
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const l2vpnDisplay: SqlExpression = (t) => `(CASE WHEN coalesce(${t}.identifier, 0) <> 0 THEN concat(${t}.name, ' (', ${t}.identifier, ')') ELSE ${t}.name END)`;

export const l2vpnTerminationDisplay: SqlExpression = (t, sql) => {
  const terminations = sql.resource('vpn.l2vpn-terminations');
  const object = terminations.fields.find((f) => f.name === 'assigned_object')!;
  const branches = object.generic!.targets.map((key) => {
    const o = sql.alias();
    return `WHEN '${sql.resource(key).objectType}' THEN (SELECT ${sql.display(sql.resource(key), o)} FROM ${sql.table(key)} ${o} WHERE ${o}.id = ${t}.assigned_object_id)`;
  });
  const l = sql.alias();
  const l2vpn = `(SELECT ${l2vpnDisplay(l, sql)} FROM ${sql.table('vpn.l2vpns')} ${l} WHERE ${l}.id = ${t}.l2vpn_id)`;
  return `concat(CASE ${t}.assigned_object_type ${branches.join(' ')} END, ' <> ', ${l2vpn})`;
};
