/**
 * @module
 * Nested-group trees. Each node stores `tree_path` (ids from the root down to itself) and
 * `tree_depth`, which make descendants, cumulative counts and `_depth` single-index lookups.
 */
import type { Queryable } from '../../db/index.ts';
import type { Resource } from '../model.ts';
import { q } from '../query/select.ts';

/** Whether making `parentId` the parent of `id` would create a cycle. */
export async function wouldCycle(db: Queryable, resource: Resource, id: number, parentId: number): Promise<boolean> {
  if (id === parentId) return true;
  const rows = await db.query(`SELECT 1 FROM ${q(resource.table)} WHERE id = $1 AND $2 = ANY(tree_path)`, [parentId, id]);
  return rows.length > 0;
}

/** Recomputes the path of `id` from its parent and rewrites the paths of its whole subtree. */
export async function updateTreePath(db: Queryable, resource: Resource, id: number): Promise<void> {
  const parent = resource.fields.find((f) => f.name === resource.tree!.parent)!.column!;
  const t = q(resource.table);
  const [row] = await db.query<{ path: number[] }>(
    `SELECT coalesce((SELECT p.tree_path FROM ${t} p WHERE p.id = n.${q(parent)}), '{}'::int[]) || n.id AS path FROM ${t} n WHERE n.id = $1`,
    [id],
  );
  const path = (row?.path ?? [id]).map(Number);
  // The part of each path below `id` (empty for `id` itself and for a node not yet placed).
  const tail = `coalesce(tree_path[array_position(tree_path, $2::int) + 1:], '{}'::int[])`;
  await db.query(
    `UPDATE ${t} SET tree_path = $1::int[] || ${tail}, tree_depth = cardinality($1::int[]) - 1 + cardinality(${tail}) WHERE $2::int = ANY(tree_path) OR id = $2::int`,
    [path, id],
  );
}
