/**
 * @module
 * `display` of ipam models whose `__str__` a template cannot express: an ASN as `AS65000` (a
 * 32-bit one with its asdot form too, `AS4200000000 (64086.59904)`), a VRF as `name (rd)` when it
 * has a route distinguisher, and an IP range in NetBox's compressed form (`10.0.0.1-100/24`).
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const asnDisplay: SqlExpression = (t) => `(CASE WHEN ${t}.asn > 65535 THEN concat('AS', ${t}.asn, ' (', ${t}.asn / 65536, '.', ${t}.asn % 65536, ')') ELSE concat('AS', ${t}.asn) END)`;

export const vrfDisplay: SqlExpression = (t) => `(CASE WHEN ${t}.rd IS NOT NULL AND ${t}.rd <> '' THEN concat(${t}.name, ' (', ${t}.rd, ')') ELSE ${t}.name END)`;

/**
 * IPRange.name: both addresses split on `.` (or `:`), the chunks equal at the same position
 * (wherever they are, as NetBox's loop collects them) make the base, and the chunks after as many
 * positions follow for each end: `10.0.0.1-100/24`, `2001:db8::1-ff/64`; a single-address range
 * names both ends whole (`10.0.0.1-10.0.0.1/24`).
 */
export const ipRangeDisplay: SqlExpression = (t, sql) => {
  const [k, x, r] = [sql.alias(), sql.alias(), sql.alias()];
  const base = `ARRAY(SELECT ${x}.s[i] FROM generate_subscripts(${x}.s, 1) i WHERE i <= cardinality(${x}.e) AND ${x}.s[i] = ${x}.e[i] ORDER BY i)`;
  const rest = (side: string) => `array_to_string(${r}.${side}[cardinality(${r}.base) + 1:], ${r}.sep)`;
  const single = `concat(host(${t}.start_address), '-', host(${t}.end_address), '/', masklen(${t}.start_address))`;
  return (
    `(CASE WHEN host(${t}.start_address) = host(${t}.end_address) THEN ${single} ELSE (SELECT concat(array_to_string(${r}.base, ${r}.sep), ${r}.sep, ${rest('s')}, '-', ${rest('e')}, '/', masklen(${t}.start_address)) ` +
    `FROM (SELECT ${x}.s, ${x}.e, ${x}.sep, ${base} AS base ` +
    `FROM (SELECT string_to_array(host(${t}.start_address), ${k}.sep) AS s, string_to_array(host(${t}.end_address), ${k}.sep) AS e, ${k}.sep ` +
    `FROM (SELECT CASE family(${t}.start_address) WHEN 6 THEN ':' ELSE '.' END AS sep) ${k}) ${x}) ${r}) END)`
  );
};
