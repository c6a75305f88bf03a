/**
 * @module
 * A prefix's stored `_depth` and `_children` (NetBox caches them on Prefix and its signals
 * update_parents_children / update_children_depth refresh them on every save and delete), kept
 * for the rows a write touches and nothing else, in three statements per request whatever the
 * batch size:
 *
 * - the prefixes written (created, or moved to another network or VRF) are counted afresh: their
 *   distinct strict supernets of the same VRF, and their strict subnets of the same VRF;
 * - every other prefix containing a position a written prefix left or took, in that position's
 *   VRF, gains or loses one child per position (`_children + n`: concurrent writes add up);
 * - every other prefix inside such a position gains or loses one level of depth when the
 *   position's network appears in (or disappears from) its VRF: depth counts distinct networks,
 *   so a duplicate left behind, or already there, changes nothing.
 *
 * NetBox's hierarchy is per VRF, the global table being one (COALESCE(vrf_id, 0) in its
 * annotate_hierarchy); a global container counting every VRF is a rule of available space and
 * utilisation (get_child_prefixes), not of `_children`.
 */
import type { Queryable } from '../../../db/index.ts';
import { moved, type PrefixChange, type PrefixColumns } from './prefixChanges.ts';

/** The last address of a network, as a host network (`10.0.0.255/32`): with the network, it bounds the btree range its strict subnets sort in. */
export const lastOf = (network: string) => `set_masklen(broadcast(${network}), CASE family(${network}) WHEN 4 THEN 32 ELSE 128 END)::cidr`;

/** The positions changes left (-1) and took (+1), as parallel arrays for `unnest`. */
function signedPositions(changes: PrefixChange[]): { prefixes: string[]; vrfs: (number | null)[]; signs: number[] } {
  const out = { prefixes: [] as string[], vrfs: [] as (number | null)[], signs: [] as number[] };
  for (const change of changes) {
    for (const [position, sign] of [[change.before, -1], [change.after, 1]] as const) {
      if (!position) continue;
      out.prefixes.push(position.prefix);
      out.vrfs.push(position.vrf);
      out.signs.push(sign);
    }
  }
  return out;
}

export async function maintainDepthAndChildren(tx: Queryable, c: PrefixColumns, changes: PrefixChange[]): Promise<void> {
  const movedChanges = changes.filter(moved);
  if (!movedChanges.length) return;
  const written = movedChanges.filter((change) => change.after).map((change) => change.id);
  const { prefixes, vrfs, signs } = signedPositions(movedChanges);
  const positions = `unnest($1::cidr[], $2::int[], $3::int[]) w(p, v, s)`;
  // Containers of each position in its VRF, through the GiST index (`>>`).
  await tx.query(
    `UPDATE ${c.table} a SET ${c.children} = a.${c.children} + d.n FROM (` +
      `SELECT a.id, sum(w.s)::int AS n FROM ${positions} JOIN ${c.table} a ON a.${c.prefix} >> w.p AND a.${c.vrf} IS NOT DISTINCT FROM w.v GROUP BY a.id` +
      `) d WHERE a.id = d.id AND d.n <> 0 AND NOT a.id = ANY($4::int[])`,
    [prefixes, vrfs, signs, written],
  );
  // A network counts in its VRF's depths while one prefix at least holds it: +1 where it was absent
  // before the write and present after, -1 the other way. Subnets through the btree range.
  await tx.query(
    `WITH v AS (SELECT w.p, w.v, count(*) FILTER (WHERE w.s > 0) AS added, count(*) FILTER (WHERE w.s < 0) AS removed FROM ${positions} GROUP BY w.p, w.v), ` +
      `n AS (SELECT v.*, (SELECT count(*) FROM ${c.table} x WHERE x.${c.prefix} = v.p AND x.${c.vrf} IS NOT DISTINCT FROM v.v) AS now FROM v), ` +
      `d AS (SELECT p, v, CASE WHEN now > 0 AND now - added + removed = 0 THEN 1 WHEN now = 0 AND removed - added > 0 THEN -1 ELSE 0 END AS d FROM n), ` +
      `e AS (SELECT x.id, sum(d.d)::int AS n FROM d JOIN ${c.table} x ON x.${c.prefix} > d.p AND x.${c.prefix} <= ${lastOf('d.p')} AND x.${c.vrf} IS NOT DISTINCT FROM d.v WHERE d.d <> 0 GROUP BY x.id) ` +
      `UPDATE ${c.table} x SET ${c.depth} = x.${c.depth} + e.n FROM e WHERE x.id = e.id AND e.n <> 0 AND NOT x.id = ANY($4::int[])`,
    [prefixes, vrfs, signs, written],
  );
  if (!written.length) return;
  await tx.query(
    `UPDATE ${c.table} x SET ` +
      `${c.depth} = (SELECT count(DISTINCT a.${c.prefix}) FROM ${c.table} a WHERE a.${c.prefix} >> x.${c.prefix} AND a.${c.vrf} IS NOT DISTINCT FROM x.${c.vrf}), ` +
      `${c.children} = (SELECT count(*) FROM ${c.table} s WHERE s.${c.prefix} > x.${c.prefix} AND s.${c.prefix} <= ${lastOf(`x.${c.prefix}`)} AND s.${c.vrf} IS NOT DISTINCT FROM x.${c.vrf}) ` +
      `WHERE x.id = ANY($1::int[])`,
    [written],
  );
}
