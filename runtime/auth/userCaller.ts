/**
 * @module
 * The caller a background job acts as: a user found by id, with the permissions they hold now (a
 * custom script runs with its requester's identity and permissions, read when it starts).
 */
import type { Queryable } from '../db/index.ts';
import type { Caller, Granted } from './caller.ts';
import { permissionsSql } from './permissions.ts';

/** The active user `userId` as a caller (no token: writes are the user's to make), or null. */
export async function callerOfUser(db: Queryable, userId: number): Promise<Caller | null> {
  const [row] = await db.query<{ id: number; username: string; is_superuser: boolean; is_active: boolean; permissions: Granted[] | null }>(
    `SELECT u.id, u.username, u.is_superuser, u.is_active, CASE WHEN u.is_superuser THEN NULL ELSE ${permissionsSql('u.id')} END AS permissions FROM users_user u WHERE u.id = $1`,
    [userId],
  );
  if (!row || !row.is_active) return null;
  return { userId: Number(row.id), username: row.username, isSuperuser: row.is_superuser, tokenId: 0, writeEnabled: true, permissions: row.permissions ?? [] };
}
