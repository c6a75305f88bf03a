/**
 * Tokens checked before are not looked up again while nothing has changed (runtime/auth/
 * callerCache.ts), and every change takes effect on the next request: one made through the API,
 * one written to the database directly, and (PostgreSQL) one made by another process, which its
 * triggers announce. Expiry needs no change to take effect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/index.ts';
import { countingDatabase } from '../testing/countingDatabase.ts';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';

const isTokenLookup = (text: string) => /FROM users_token t JOIN users_user u/.test(text);

describe.each(testDatabases())('the tokens a server has checked, on $name', (database) => {
  let api: TestClient;
  let counting: ReturnType<typeof countingDatabase>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await database.open();
    counting = countingDatabase(opened.db);
    drop = opened.drop;
    api = await bootTestApp({ db: counting.db, drop: opened.drop });
  });
  afterAll(async () => {
    await api?.close();
    await drop?.();
  });

  /** A user allowed to view sites, and a header with a new token of theirs. */
  async function viewer(username: string): Promise<{ id: number; tokenId: number; auth: Record<string, string> }> {
    const user = await api.request('POST', '/api/users/users/', { username, password: 'Viewer-pass-1' });
    await api.request('POST', '/api/users/permissions/', { name: `view sites ${username}`, object_types: ['dcim.site'], actions: ['view'], users: [user.body.id] });
    const token = await api.request('POST', '/api/users/tokens/provision/', { username, password: 'Viewer-pass-1' }, { Authorization: '' });
    return { id: user.body.id, tokenId: token.body.id, auth: { Authorization: `Token nbt_${token.body.key}.${token.body.token}` } };
  }

  /**
   * Uses a new token until it is remembered: its first use refreshes last_used (a write, which ends
   * every entry), and on PostgreSQL the notifications of the writes that made the user arrive a
   * moment after them (each ends every entry too). Remembered: two uses 50 ms apart look nothing up.
   */
  async function warm(auth: Record<string, string>): Promise<void> {
    let quiet = 0;
    for (let attempt = 0; attempt < 100 && quiet < 2; attempt++) {
      quiet = (await lookups(auth)) === 0 ? quiet + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(quiet, 'the token is remembered').toBe(2);
  }

  /** The token lookups a request made. */
  async function lookups(auth: Record<string, string>, expected = 200): Promise<number> {
    counting.reset();
    const answer = await api.request('GET', '/api/dcim/sites/', undefined, auth);
    expect(answer.status, JSON.stringify(answer.body)).toBe(expected);
    return counting.statements.filter(isTokenLookup).length;
  }

  it('looks a token up once, then not again until the database changes', async () => {
    const { auth } = await viewer('cached');
    expect(await lookups(auth)).toBe(1);
    await warm(auth);
    expect(await lookups(auth)).toBe(0);
    expect(await lookups(auth)).toBe(0);
    await api.request('POST', '/api/dcim/sites/', { name: 'Changed', slug: 'changed' });
    expect(await lookups(auth)).toBe(1);
    expect(await lookups(auth)).toBe(0);
  });

  it('takes a change made through the API on the next request', async () => {
    const { tokenId, auth } = await viewer('revoked');
    await warm(auth);
    expect((await api.request('PATCH', `/api/users/tokens/${tokenId}/`, { enabled: false })).status).toBe(200);
    expect((await api.request('GET', '/api/dcim/sites/', undefined, auth)).body).toEqual({ detail: 'Token disabled' });
  });

  it('takes a change written to the database directly on the next request', async () => {
    const { id, tokenId, auth } = await viewer('deactivated');
    await warm(auth);
    await api.db.query('UPDATE users_user SET is_active = false WHERE id = $1', [id]);
    expect((await api.request('GET', '/api/dcim/sites/', undefined, auth)).body).toEqual({ detail: 'User inactive' });
  });

  it('lets a token expire without any change', async () => {
    const { tokenId, auth } = await viewer('expiring');
    const expires = Date.now() + 3000;
    await api.request('PATCH', `/api/users/tokens/${tokenId}/`, { expires: new Date(expires).toISOString() });
    await warm(auth);
    expect(await lookups(auth)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expires - Date.now()) + 50));
    expect((await api.request('GET', '/api/dcim/sites/', undefined, auth)).body).toEqual({ detail: 'Token expired' });
  });

  // The embedded database is one process's alone (its data directory's lock): PostgreSQL only.
  if (database.name === 'postgres') it('takes a change made by another process once PostgreSQL announces it', async () => {
    const { id, tokenId, auth } = await viewer('elsewhere');
    await warm(auth);
    expect(await lookups(auth)).toBe(0);
    const [{ name }] = await api.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const other = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      await other.query('DELETE FROM users_user_permissions WHERE user_id = $1', [id]);
    } finally {
      await other.close();
    }
    // The notification arrives on the server's listening connection shortly after the commit.
    let status = 200;
    for (let attempt = 0; attempt < 100 && status === 200; attempt++) {
      status = (await api.request('GET', '/api/dcim/sites/', undefined, auth)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(403);
  });
});
