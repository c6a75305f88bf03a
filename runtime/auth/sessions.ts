/**
 * @module
 * Browser sessions (the permissions matrix page signs people in with a username and password):
 * a cookie holding a random secret, stored as its SHA-256 in `permissions_matrix_session` (declared
 * in definitions/plugins/permissions-matrix.yaml) with the user, a CSRF token and an expiry. A
 * request without an Authorization header but with the cookie is that user's, as NetBox's
 * SessionAuthentication makes it; a write made with the cookie must carry the session's CSRF token
 * in `X-CSRFToken` (DRF's messages when it does not), so another site cannot write through a
 * visitor's browser. A session past its expiry is refused with a message saying so, and deleted.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { forbidden } from '../rest/index.ts';
import type { Caller, Granted } from './caller.ts';
import { permissionsSql } from './permissions.ts';

export const SESSION_COOKIE = 'nbmatrix_session';
export const CSRF_HEADER = 'X-CSRFToken';
const TABLE = 'permissions_matrix_session';
/** NetBox's LOGIN_TIMEOUT default is two weeks; a page that edits permissions keeps a shorter one. */
export const DEFAULT_SESSION_SECONDS = 8 * 3600;

export const CSRF_MISSING = 'CSRF Failed: CSRF token missing.';
export const CSRF_INCORRECT = 'CSRF Failed: CSRF token incorrect.';
export const SESSION_EXPIRED = 'Session expired: sign in again.';
export const SESSION_UNKNOWN = 'Session not found (signed out, or made by another server): sign in again.';

const keyOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface NewSession {
  /** The cookie's value. */
  secret: string;
  csrfToken: string;
  expires: Date;
}

/** Signs `userId` in for `seconds`. */
export async function createSession(db: Queryable, userId: number, seconds = DEFAULT_SESSION_SECONDS): Promise<NewSession> {
  const secret = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('hex');
  const [row] = await db.query<{ expires: Date }>(
    `INSERT INTO ${TABLE} (key, user_id, csrf_token, created, expires) VALUES ($1, $2, $3, now(), now() + make_interval(secs => $4)) RETURNING expires`,
    [keyOf(secret), userId, csrfToken, seconds],
  );
  // Expired sessions of anyone are swept as new ones are made: the table stays the size of its live sessions.
  await db.query(`DELETE FROM ${TABLE} WHERE expires < now()`);
  return { secret, csrfToken, expires: new Date(row.expires) };
}

export async function deleteSession(db: Queryable, secret: string): Promise<void> {
  await db.query(`DELETE FROM ${TABLE} WHERE key = $1`, [keyOf(secret)]);
}

interface SessionRow {
  id: number;
  csrf_token: string;
  expired: boolean;
  user_id: number;
  username: string;
  is_active: boolean;
  is_superuser: boolean;
  permissions: Granted[] | null;
}

/** The live session of a cookie's secret with its CSRF token, or null (unknown or expired). */
export async function findSession(db: Queryable, secret: string): Promise<{ userId: number; username: string; csrfToken: string } | null> {
  const [row] = await db.query<{ user_id: number; username: string; csrf_token: string }>(
    `SELECT s.user_id, u.username, s.csrf_token FROM ${TABLE} s JOIN users_user u ON u.id = s.user_id WHERE s.key = $1 AND s.expires >= now() AND u.is_active`,
    [keyOf(secret)],
  );
  return row ? { userId: Number(row.user_id), username: row.username, csrfToken: row.csrf_token } : null;
}

/** The value of cookie `name` in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The caller of a request authenticated by the session cookie, or null when it carries none. An
 * unknown or expired session, an inactive user, and a write without the session's CSRF token are 403s.
 */
export async function authenticateSession(db: Queryable, request: { method: string; cookie: string | undefined; csrfToken: string | undefined }): Promise<Caller | null> {
  const secret = cookieValue(request.cookie, SESSION_COOKIE);
  if (!secret) return null;
  const [row] = await db.query<SessionRow>(
    `SELECT s.id, s.csrf_token, s.expires < now() AS expired, u.id AS user_id, u.username, u.is_active, u.is_superuser,
       CASE WHEN u.is_superuser THEN NULL ELSE ${permissionsSql('u.id')} END AS permissions
     FROM ${TABLE} s JOIN users_user u ON u.id = s.user_id WHERE s.key = $1`,
    [keyOf(secret)],
  );
  if (!row) throw forbidden(SESSION_UNKNOWN);
  if (row.expired) {
    await db.query(`DELETE FROM ${TABLE} WHERE id = $1`, [row.id]);
    throw forbidden(SESSION_EXPIRED);
  }
  if (!row.is_active) throw forbidden('User inactive');
  if (!SAFE_METHODS.has(request.method.toUpperCase())) {
    if (!request.csrfToken) throw forbidden(CSRF_MISSING);
    if (!sameToken(request.csrfToken, row.csrf_token)) throw forbidden(CSRF_INCORRECT);
  }
  // A session writes as the web UI does: no token, so no token's write switch; the user's permissions decide.
  return { userId: Number(row.user_id), username: row.username, isSuperuser: row.is_superuser, tokenId: 0, writeEnabled: true, permissions: row.permissions ?? [] };
}
