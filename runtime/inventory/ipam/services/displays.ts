/**
 * @module
 * `display` of services and service templates, NetBox's ServiceBase.__str__:
 * `<name> (<protocol label>/<ports>)`, the ports sorted and consecutive runs collapsed as
 * array_to_string() does it (`SSH (TCP/22)`, `web (TCP/80, 443, 8080-8082)`). A run ends where the
 * next port is not the previous plus one, so a repeated port starts a new run, as in Python.
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const serviceDisplay: SqlExpression = (t, sql) => {
  const [u, s, g] = [sql.alias(), sql.alias(), sql.alias()];
  const sorted = `SELECT p, row_number() OVER (ORDER BY p) AS ord FROM unnest(${t}.ports) AS p`;
  const breaks = `SELECT ${u}.p, ${u}.ord, CASE WHEN ${u}.p - lag(${u}.p) OVER (ORDER BY ${u}.ord) = 1 THEN 0 ELSE 1 END AS brk FROM (${sorted}) ${u}`;
  const runs = `SELECT ${s}.p, sum(${s}.brk) OVER (ORDER BY ${s}.ord) AS run FROM (${breaks}) ${s}`;
  const ranges = `SELECT ${g}.run, min(${g}.p) AS lo, max(${g}.p) AS hi FROM (${runs}) ${g} GROUP BY ${g}.run`;
  const r = sql.alias();
  const ports = `(SELECT coalesce(string_agg(CASE WHEN ${r}.lo = ${r}.hi THEN ${r}.lo::text ELSE ${r}.lo || '-' || ${r}.hi END, ', ' ORDER BY ${r}.run), '') FROM (${ranges}) ${r})`;
  return `concat(${t}.name, ' (', ${sql.choiceLabel('ServiceProtocolChoices', `${t}.protocol`)}, '/', ${ports}, ')')`;
};
