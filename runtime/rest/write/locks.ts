/**
 * @module
 * Row locks for writes. Every write locks the rows it changes before it reads them, always in
 * ascending id order, so two requests touching overlapping objects queue behind each other
 * instead of deadlocking; the ETag a conditional write compares is read under that lock.
 */
import type { Queryable } from '../../db/index.ts';
import type { Resource } from '../../contract/index.ts';
import { etagTimestamp, q } from '../query/select.ts';

export interface LockedRow {
  id: number;
  /** The ETag's timestamp (Python isoformat), or null when the resource is not change-logged. */
  etag: string | null;
}

/** Locks the rows of `ids` that exist, in id order, and returns them in that order. */
export async function lockRows(tx: Queryable, resource: Resource, ids: readonly number[]): Promise<LockedRow[]> {
  if (!ids.length) return [];
  const etag = resource.changeLogged ? etagTimestamp('coalesce(last_updated, created)') : 'NULL';
  const rows = await tx.query<{ id: number; etag: string | null }>(
    `SELECT id, ${etag} AS etag FROM ${q(resource.table)} WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
    [[...new Set(ids)]],
  );
  return rows.map((r) => ({ id: Number(r.id), etag: r.etag }));
}

/**
 * Serialises writes to one tree table for the rest of the transaction. Re-parenting rewrites the
 * paths of a whole subtree, whose rows no request could lock in a global order beforehand.
 */
export async function lockTree(tx: Queryable, resource: Resource): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tree:${resource.table}`]);
}
