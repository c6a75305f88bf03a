/**
 * @module
 * Computed values of VLAN groups, as SQL over the row: NetBox's cached `_total_vlan_ids` and its
 * utilization annotation, derived from the stored ranges and VLANs so they never go stale.
 */
import type { SqlExpression } from '../../../rest/index.ts';

/** VIDs the group's ranges allow: the ranges are inclusive `[lower, upper]` pairs. */
export const vlanGroupTotalVlanIds: SqlExpression = (t, sql) => {
  const r = sql.alias();
  return `(SELECT coalesce(sum((${r}->>1)::int - (${r}->>0)::int + 1), 0) FROM jsonb_array_elements(${sql.column('ipam.vlan-groups', 'vid_ranges', t)}) ${r})::int`;
};

/** The share of the group's VIDs in use, as NetBox's annotation renders it: `"0.05"`, `"100.00"`; null when the group allows none. */
export const vlanGroupUtilization: SqlExpression = (t, sql) => {
  const v = sql.alias();
  const used = `(SELECT count(*) FROM ${sql.table('ipam.vlans')} ${v} WHERE ${sql.column('ipam.vlans', 'group', v)} = ${t}.id)`;
  return `round(${used} * 100.0 / nullif(${vlanGroupTotalVlanIds(t, sql)}, 0), 2)::text`;
};
