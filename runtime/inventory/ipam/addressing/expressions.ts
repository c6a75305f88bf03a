/**
 * @module
 * Computed ipam values, as SQL over the row: what NetBox computes in Python properties or keeps
 * in cached columns (a prefix's `_depth` and `_children`, an IP range's `size`) is derived here
 * from the stored rows, so it can never go stale.
 */
import type { SqlExpression } from '../../../rest/index.ts';

/** `family` of a prefix or aggregate (NetBox's `prefix.version`), rendered through IPAddressFamilyChoices; both store it in `prefix`. */
export const prefixFamily: SqlExpression = (t) => `family(${t}."prefix")`;

export const ipRangeFamily: SqlExpression = (t) => `family(${t}."start_address")`;

/** NetBox orders prefixes and ranges by `F('vrf').asc(nulls_first=True)`: the global table (no VRF) first. Ids are positive. */
export const vrfNullsFirst: SqlExpression = (t) => `coalesce(${t}."vrf_id", 0)`;

/**
 * A prefix's depth: how many distinct prefixes of the same VRF (or of the global table) strictly
 * contain it (NetBox's annotate_hierarchy, cached as `_depth`).
 */
export const prefixDepth: SqlExpression = (t, sql) => {
  const p = sql.alias();
  const [prefix, vrf] = [(a: string) => sql.column('ipam.prefixes', 'prefix', a), (a: string) => sql.column('ipam.prefixes', 'vrf', a)];
  return `(SELECT count(DISTINCT ${prefix(p)}) FROM ${sql.table('ipam.prefixes')} ${p} WHERE ${prefix(p)} >> ${prefix(t)} AND ${vrf(p)} IS NOT DISTINCT FROM ${vrf(t)})::int`;
};

/** How many prefixes of the same VRF it strictly contains (NetBox's `_children`). */
export const prefixChildren: SqlExpression = (t, sql) => {
  const p = sql.alias();
  const [prefix, vrf] = [(a: string) => sql.column('ipam.prefixes', 'prefix', a), (a: string) => sql.column('ipam.prefixes', 'vrf', a)];
  // Bounded by the btree range children sort in: after the prefix, up to its last address.
  const last = `set_masklen(broadcast(${prefix(t)}), CASE family(${prefix(t)}) WHEN 4 THEN 32 ELSE 128 END)::cidr`;
  return `(SELECT count(*) FROM ${sql.table('ipam.prefixes')} ${p} WHERE ${prefix(p)} << ${prefix(t)} AND ${prefix(p)} > ${prefix(t)} AND ${prefix(p)} <= ${last} AND ${vrf(p)} IS NOT DISTINCT FROM ${vrf(t)})::int`;
};

/** The number of addresses from start to end (both included). The rules keep it below 2^32. */
export const ipRangeSize: SqlExpression = (t) => `((${t}."end_address" - ${t}."start_address") + 1)`;
