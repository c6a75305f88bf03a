/**
 * First boot: a superuser with the token netbox-docker's variables ask for, and nothing on a
 * second boot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../auth/index.ts';
import type { Database } from '../db/index.ts';
import { migrate } from '../db/index.ts';
import { testDatabases } from '../testing/database.ts';
import { bootstrapSuperuser } from './bootstrap.ts';

describe('bootstrapSuperuser', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await testDatabases()[0].open());
    await migrate(db);
    // Opening and migrating a fresh database takes seconds, more on a loaded machine.
  }, 60_000);
  afterAll(async () => drop?.());

  it('creates the superuser once, with a given v1 token, and the token authenticates', async () => {
    const v1 = '0123456789abcdef0123456789abcdef01234567';
    const first = await bootstrapSuperuser(db, { SUPERUSER_NAME: 'root', SUPERUSER_PASSWORD: 'secret-pass', SUPERUSER_API_TOKEN: v1 });
    expect(first).toEqual({ username: 'root', password: null, token: v1, tokenGenerated: false });
    const caller = await authenticate(db, `Token ${v1}`, null);
    expect(caller).toMatchObject({ username: 'root', isSuperuser: true, writeEnabled: true });
    expect(await bootstrapSuperuser(db, { SUPERUSER_NAME: 'other' })).toBeNull();
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users_user');
    expect(Number(n)).toBe(1);
  });

  it('keeps a given v2 token usable as Bearer, and never stores its secret', async () => {
    // Start again from an empty user table (tokens first: the database refuses dangling references).
    await db.query('DELETE FROM users_token');
    await db.query('DELETE FROM users_user');
    const given = 'nbt_abcdefABCDEF.0123456789abcdefghijABCDEFGHIJ0123456789';
    const result = await bootstrapSuperuser(db, { SUPERUSER_API_TOKEN: given });
    expect(result?.token).toBe(given);
    expect(result?.username).toBe('admin');
    expect(result?.password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(await authenticate(db, `Bearer ${given}`, null)).toMatchObject({ username: 'admin' });
    const stored = await db.query('SELECT * FROM users_token');
    expect(JSON.stringify(stored)).not.toContain('0123456789abcdefghijABCDEFGHIJ0123456789');
  });
});
