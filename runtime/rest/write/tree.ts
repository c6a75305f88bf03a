/**
 * @module
 * Nested-group trees. Each node stores `tree_path` (ids from the root down to itself) and
 * `tree_depth`, which make descendants, cumulative counts and `_depth` single-index lookups.
 */
import type { Resource } from '../../contract/index.ts';
import type { Queryable } from '../../db/index.ts';
import { q } from '../query/select.ts';
import type { WriteItem } from './batch.ts';

const parentColumn = (resource: Resource) => resource.fields.find((f) => f.name === 'parent')!.column!;

/** Items whose new parent is themselves or one of their descendants (one query for the batch). */
export async function cyclicMoves(db: Queryable, resource: Resource, items: WriteItem[]): Promise<WriteItem[]> {
  const column = parentColumn(resource);
  const moves = items.filter((item) => !item.creating && column in item.columns && item.columns[column] !== null);
  if (!moves.length) return [];
  const rows = await db.query<{ id: number; parent: number }>(
    `SELECT u.id, u.parent FROM unnest($1::int[], $2::int[]) AS u(id, parent) JOIN ${q(resource.table)} p ON p.id = u.parent WHERE u.id = u.parent OR u.id = ANY(p.tree_path)`,
    [moves.map((m) => m.id), moves.map((m) => m.columns[column])],
  );
  const cyclic = new Set(rows.map((r) => Number(r.id)));
  return moves.filter((m) => cyclic.has(m.id!) || m.id === m.columns[column]);
}

/** Recomputes the path of `id` from its parent and rewrites the paths of its whole subtree. */
async function updateTreePath(db: Queryable, resource: Resource, id: number): Promise<void> {
  const t = q(resource.table);
  const [row] = await db.query<{ path: number[] }>(
    `SELECT coalesce((SELECT p.tree_path FROM ${t} p WHERE p.id = n.${q(parentColumn(resource))}), '{}'::int[]) || n.id AS path FROM ${t} n WHERE n.id = $1`,
    [id],
  );
  const path = (row?.path ?? [id]).map(Number);
  // The part of each path below `id` (empty for `id` itself and for a node not yet placed).
  const tail = `coalesce(tree_path[array_position(tree_path, $2::int) + 1:], '{}'::int[])`;
  await db.query(`UPDATE ${t} SET tree_path = $1::int[] || ${tail}, tree_depth = cardinality($1::int[]) - 1 + cardinality(${tail}) WHERE $2::int = ANY(tree_path) OR id = $2::int`, [path, id]);
}

/** Places new nodes under their parents (one statement) and moves re-parented subtrees. */
export async function placeInTree(db: Queryable, resource: Resource, items: WriteItem[]): Promise<void> {
  const t = q(resource.table);
  const parent = q(parentColumn(resource));
  const created = items.filter((item) => item.creating).map((item) => item.id!);
  if (created.length) {
    await db.query(
      `UPDATE ${t} n SET tree_path = coalesce(p.tree_path, '{}'::int[]) || n.id, tree_depth = coalesce(cardinality(p.tree_path), 0) FROM ${t} n2 LEFT JOIN ${t} p ON p.id = n2.${parent} WHERE n.id = n2.id AND n.id = ANY($1::int[])`,
      [created],
    );
  }
  for (const item of items) if (!item.creating && parentColumn(resource) in item.columns) await updateTreePath(db, resource, item.id!);
}
