/**
 * @module
 * A prefix's stored `_depth` and `_children` (NetBox caches them on Prefix and its signals
 * update_parents_children / update_children_depth refresh them on every save and delete), kept
 * for the rows a write touches and nothing else, in three statements per request whatever the
 * batch size:
 *
 * - before the write, the prefixes written at a new place (created, or moved to another network
 *   or VRF) are counted as the table stands: their distinct strict supernets of the same VRF, and
 *   their strict subnets of the same VRF;
 * - after it, every prefix containing a position a written prefix left or took, in that
 *   position's VRF, gains or loses one child per position (`_children + n`: concurrent writes add
 *   up), the prefixes written included;
 * - and every prefix inside such a position gains or loses one level of depth when the position's
 *   network appears in (or disappears from) its VRF: depth counts distinct networks, so a
 *   duplicate left behind, or already there, changes nothing.
 *
 * NetBox's hierarchy is per VRF, the global table being one (COALESCE(vrf_id, 0) in its
 * annotate_hierarchy); a global container counting every VRF is a rule of available space and
 * utilisation (get_child_prefixes), not of `_children`.
 */
import type { Queryable } from '../../../db/index.ts';
import type { WriteBatch } from '../../../rest/index.ts';
import { formatNetwork, parseNetwork } from '../shared/ipSpace.ts';
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

/**
 * The prefixes of a VRF (null: the global table) from `low` (itself included with `>=`) to `high`
 * in prefix order: a range of the order index (`_vrf_order, prefix, id`), read without the table.
 * (As row comparisons, which only a btree serves, PostgreSQL 15 stops such a range only at the
 * end of the VRF: a hundred thousand entries for each look-up.)
 */
export const vrfRange = (c: PrefixColumns, alias: string, vrf: string, from: '>' | '>=', low: string, high: string) =>
  `${alias}.${c.vrfOrder} = coalesce(${vrf}, 0) AND ${alias}.${c.prefix} ${from} ${low} AND ${alias}.${c.prefix} <= ${high}`;

export async function maintainDepthAndChildren(tx: Queryable, c: PrefixColumns, changes: PrefixChange[]): Promise<void> {
  const movedChanges = changes.filter(moved);
  if (!movedChanges.length) return;
  const { prefixes, vrfs, signs } = signedPositions(movedChanges);
  const positions = `unnest($1::cidr[], $2::int[], $3::int[]) w(p, v, s)`;
  // Containers of each position in its VRF, through the GiST index (`>>`).
  await tx.query(
    `UPDATE ${c.table} a SET ${c.children} = a.${c.children} + d.n FROM (` +
      `SELECT a.id, sum(w.s)::int AS n FROM ${positions} JOIN ${c.table} a ON a.${c.prefix} >> w.p AND a.${c.vrf} IS NOT DISTINCT FROM w.v GROUP BY a.id` +
      `) d WHERE a.id = d.id AND d.n <> 0`,
    [prefixes, vrfs, signs],
  );
  // A network counts in its VRF's depths while one prefix at least holds it: +1 where it was absent
  // before the write and present after, -1 the other way. Its holders now, and the subnets, through
  // the order index (the subnets as a LATERAL subquery kept apart, read by index for each network).
  await tx.query(
    `WITH v AS (SELECT w.p, w.v, count(*) FILTER (WHERE w.s > 0) AS added, count(*) FILTER (WHERE w.s < 0) AS removed FROM ${positions} GROUP BY w.p, w.v), ` +
      `n AS MATERIALIZED (SELECT v.*, (SELECT count(*) FROM ${c.table} x WHERE ${vrfRange(c, 'x', 'v.v', '>=', 'v.p', 'v.p')}) AS now FROM v), ` +
      `d AS (SELECT p, v, CASE WHEN now > 0 AND now - added + removed = 0 THEN 1 WHEN now = 0 AND removed - added > 0 THEN -1 ELSE 0 END AS d FROM n), ` +
      `e AS (SELECT x.id, sum(d.d)::int AS n FROM d CROSS JOIN LATERAL (SELECT x.id FROM ${c.table} x WHERE ${vrfRange(c, 'x', 'd.v', '>', 'd.p', lastOf('d.p'))} OFFSET 0) x WHERE d.d <> 0 GROUP BY x.id) ` +
      `UPDATE ${c.table} x SET ${c.depth} = x.${c.depth} + e.n FROM e WHERE x.id = e.id AND e.n <> 0`,
    [prefixes, vrfs, signs],
  );
}

/**
 * Before prefixes are written at a new place, their depth and child count as the table holds them
 * before the write (their distinct supernets of their VRF through the GiST index, their subnets
 * through the order index: one query), and their whole network free. The write's own positions
 * then correct these as they correct every other row's (maintainDepthAndChildren): a prefix the
 * same request creates above or below, or the place a moved prefix left. Its free space, a guess
 * right for a new leaf, is written again only when it was wrong (maintainFreeSpace).
 */
export async function initialHierarchy(batch: WriteBatch, c: PrefixColumns): Promise<void> {
  const column = (name: string) => batch.registry.field(batch.resource, name)!.column!;
  const [prefix, vrf] = [column('prefix'), column('vrf')];
  const [depth, children, free] = [column('_stored_depth'), column('_children'), column('_free')];
  const items = batch.items.filter((item) => item.creating || prefix in item.columns || vrf in item.columns);
  if (!items.length) return;
  const rows = await batch.tx.query<{ i: number; p: string; depth: number; children: number }>(
    `SELECT u.i, u.p::text AS p, ` +
      `(SELECT count(DISTINCT a.${c.prefix}) FROM ${c.table} a WHERE a.${c.prefix} >> u.p AND a.${c.vrf} IS NOT DISTINCT FROM u.v)::int AS depth, ` +
      `(SELECT count(*) FROM ${c.table} s WHERE ${vrfRange(c, 's', 'u.v', '>', 'u.p', lastOf('u.p'))})::int AS children ` +
      `FROM unnest($1::cidr[], $2::int[]) WITH ORDINALITY u(p, v, i)`,
    [items.map((item) => item.value(prefix)), items.map((item) => item.value(vrf) ?? null)],
  );
  for (const row of rows) {
    const item = items[Number(row.i) - 1];
    // Written again unchanged (a PUT): it stays where it is, with what it holds.
    const [before, after] = [item.existing?.[vrf] ?? null, item.value(vrf) ?? null];
    const stays = item.existing && String(item.existing[prefix]) === row.p && (before === null ? after === null : Number(before) === Number(after));
    if (stays) continue;
    item.columns[depth] = Number(row.depth);
    item.columns[children] = Number(row.children);
    item.columns[free] = [formatNetwork(parseNetwork(row.p)!)];
  }
}
