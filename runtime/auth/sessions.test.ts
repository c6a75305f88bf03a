/**
 * Sessions on both databases: a session's cookie authenticates reads; a write needs the session's
 * CSRF token (missing and wrong ones refused with DRF's messages); a signed-out or expired session
 * is refused with a message saying so, and an expired one is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type OpenedTestDatabase } from '../testing/database.ts';
import { authenticateSession, cookieValue, createSession, CSRF_INCORRECT, CSRF_MISSING, deleteSession, SESSION_COOKIE, SESSION_EXPIRED, SESSION_UNKNOWN } from './sessions.ts';

describe.each(testDatabases())('sessions on $name', (database) => {
  let opened: OpenedTestDatabase;
  let userId: number;
  beforeAll(async () => {
    opened = await database.open();
    [{ id: userId }] = await opened.db.query<{ id: number }>("INSERT INTO users_user (username, password, first_name, last_name, email, is_active, date_joined, is_superuser) VALUES ('sam', '!', '', '', '', true, now(), false) RETURNING id");
  });
  afterAll(async () => opened?.drop());

  const request = (secret: string, method = 'GET', csrfToken?: string) => ({ method, cookie: `other=1; ${SESSION_COOKIE}=${secret}`, csrfToken });

  it('authenticates reads by cookie, and writes only with the CSRF token', async () => {
    const session = await createSession(opened.db, userId);
    await expect(authenticateSession(opened.db, request(session.secret))).resolves.toMatchObject({ userId, username: 'sam', writeEnabled: true });
    await expect(authenticateSession(opened.db, request(session.secret, 'POST', session.csrfToken))).resolves.toMatchObject({ userId });
    await expect(authenticateSession(opened.db, request(session.secret, 'POST'))).rejects.toMatchObject({ status: 403, body: { detail: CSRF_MISSING } });
    await expect(authenticateSession(opened.db, request(session.secret, 'PATCH', 'x'.repeat(64)))).rejects.toMatchObject({ status: 403, body: { detail: CSRF_INCORRECT } });
    await expect(authenticateSession(opened.db, { method: 'GET', cookie: undefined, csrfToken: undefined })).resolves.toBeNull();
  });

  it('refuses a signed-out session and an expired one (which it deletes)', async () => {
    const gone = await createSession(opened.db, userId);
    await deleteSession(opened.db, gone.secret);
    await expect(authenticateSession(opened.db, request(gone.secret))).rejects.toMatchObject({ status: 403, body: { detail: SESSION_UNKNOWN } });
    const old = await createSession(opened.db, userId);
    await opened.db.query("UPDATE permissions_matrix_session SET expires = now() - interval '1 second'");
    await expect(authenticateSession(opened.db, request(old.secret))).rejects.toMatchObject({ status: 403, body: { detail: SESSION_EXPIRED } });
    await expect(authenticateSession(opened.db, request(old.secret))).rejects.toMatchObject({ body: { detail: SESSION_UNKNOWN } });
  });

  it('reads one cookie out of a header', () => {
    expect(cookieValue('a=1; b = 2 ;c=3=4', 'b')).toBe('2');
    expect(cookieValue('a=1; c=3=4', 'c')).toBe('3=4');
    expect(cookieValue(undefined, 'a')).toBeUndefined();
  });
});
