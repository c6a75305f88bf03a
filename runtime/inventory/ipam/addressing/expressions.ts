/**
 * @module
 * Computed ipam values, as SQL over the row: what NetBox computes in Python properties (an IP
 * range's `size`, a family) is derived here; what it keeps in cached columns (a prefix's `_depth`
 * and `_children`) is read from the columns the prefix rules maintain.
 */
import type { SqlExpression } from '../../../rest/index.ts';

/** `family` of a prefix or aggregate (NetBox's `prefix.version`), rendered through IPAddressFamilyChoices; both store it in `prefix`. */
export const prefixFamily: SqlExpression = (t) => `family(${t}."prefix")`;

export const ipRangeFamily: SqlExpression = (t) => `family(${t}."start_address")`;

/** NetBox orders prefixes and ranges by `F('vrf').asc(nulls_first=True)`: the global table (no VRF) first. Ids are positive. */
export const vrfNullsFirst: SqlExpression = (t) => `coalesce(${t}."vrf_id", 0)`;

/**
 * A prefix's depth: how many distinct prefixes of the same VRF (or of the global table) strictly
 * contain it (NetBox's `_depth`), as the prefix rules keep it stored (prefixHierarchy.ts).
 */
export const prefixDepth: SqlExpression = (t, sql) => sql.column('ipam.prefixes', '_stored_depth', t);

/** How many prefixes of the same VRF it strictly contains (NetBox's `_children`), stored likewise. */
export const prefixChildren: SqlExpression = (t, sql) => sql.column('ipam.prefixes', '_children', t);

/** The number of addresses from start to end (both included). The rules keep it below 2^32. */
export const ipRangeSize: SqlExpression = (t) => `((${t}."end_address" - ${t}."start_address") + 1)`;
