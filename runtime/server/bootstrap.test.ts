/**
 * First boot: a superuser with the token netbox-docker's variables ask for, and nothing on a
 * second boot; a SUPERUSER_PASSWORD the password policy refuses stops the boot, creating nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, passwordProblems } from '../auth/index.ts';
import type { Database } from '../db/index.ts';
import { migrate } from '../db/index.ts';
import { testDatabases } from '../testing/database.ts';
import { bootstrapSuperuser, SuperuserPasswordError } from './bootstrap.ts';

describe('bootstrapSuperuser', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await testDatabases()[0].open());
    await migrate(db);
  });
  afterAll(async () => drop?.());

  it('creates the superuser once, with a given v1 token, and the token authenticates', async () => {
    const v1 = '0123456789abcdef0123456789abcdef01234567';
    const first = await bootstrapSuperuser(db, { SUPERUSER_NAME: 'root', SUPERUSER_PASSWORD: 'Secret-pass-1', SUPERUSER_API_TOKEN: v1 });
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

  it('refuses a SUPERUSER_PASSWORD that fails the password policy, naming the rules, and creates nothing', async () => {
    await db.query('DELETE FROM users_token');
    await db.query('DELETE FROM users_user');
    const refused = bootstrapSuperuser(db, { SUPERUSER_PASSWORD: 'admin', SUPERUSER_API_TOKEN: '0123456789abcdef0123456789abcdef01234567' });
    await expect(refused).rejects.toBeInstanceOf(SuperuserPasswordError);
    await expect(refused).rejects.toThrow(
      'SUPERUSER_PASSWORD is refused by the password policy: This password is too short. It must contain at least 12 characters. Password must have at least one numeral.',
    );
    await expect(bootstrapSuperuser(db, { SUPERUSER_PASSWORD: 'long-enough-but-no-capital-1' })).rejects.toThrow(/: Password must have at least one uppercase letter\.$/);
    const [{ users, tokens }] = await db.query<{ users: number; tokens: number }>('SELECT (SELECT count(*)::int FROM users_user) AS users, (SELECT count(*)::int FROM users_token) AS tokens');
    expect([Number(users), Number(tokens)]).toEqual([0, 0]);
  });

  it('generates a first password that the policy accepts', async () => {
    const result = await bootstrapSuperuser(db, {});
    expect(passwordProblems(result!.password!)).toEqual([]);
  });
});
