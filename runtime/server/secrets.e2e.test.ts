/**
 * No secret ever reaches the server's log: the real server (`runtime/server/main.ts`, as `npm
 * start` runs it) is driven through requests that used to fail with a logged database error, then
 * its whole log is searched for every password, hash, token, digest and pepper it has seen. A
 * second test forces a database failure whose driver error carries the statement's parameters.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite, type Database } from '../db/index.ts';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp } from '../testing/inventoryApp.ts';

const root = new URL('../../', import.meta.url).pathname;
const secrets = {
  superuserPassword: 'Sup3r-secret-admin-password',
  superuserToken: 'nbt_AbCdEfGh1234.ZyXwVuTsRqPoNmLkJiHgFeDcBa0987654321abcdEF',
  pepper: 'Pepper-that-must-never-be-logged-0123456789',
  userPassword: 'Alice-wonderland-password-42',
};

/** Starts the server on a free port with the embedded database in `dataDir`; resolves with its base URL. */
function startServer(dataDir: string, log: string[]): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'runtime/server/main.ts', '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      SUPERUSER_NAME: 'admin',
      SUPERUSER_PASSWORD: secrets.superuserPassword,
      SUPERUSER_API_TOKEN: secrets.superuserToken,
      API_TOKEN_PEPPERS: `1:${secrets.pepper}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log.join('')}`)), 60_000);
    child.stdout!.on('data', (chunk) => log.push(String(chunk)));
    child.stderr!.on('data', (chunk) => {
      log.push(String(chunk));
      const url = /on (http:\/\/[^/]+)\/api\//.exec(log.join(''))?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, base: url });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log.join('')}`)));
  });
}

describe('the server log', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nb-secrets-'));
  const log: string[] = [];
  const seen: string[] = [...Object.values(secrets)];
  let server: { child: ChildProcess; base: string };

  beforeAll(async () => {
    server = await startServer(join(dataDir, 'data'), log);
  }, 90_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const call = async (method: string, path: string, body?: unknown, token = secrets.superuserToken) => {
    const response = await fetch(`${server.base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as any };
  };

  it('never carries a password, hash, token, digest or pepper', async () => {
    // Requests that answered 500 with a logged statement before: a superuser flag on create, NULs, big ids.
    expect((await call('POST', '/api/users/users/', { username: 'alice', password: secrets.userPassword, is_superuser: true })).status).toBe(201);
    expect((await call('POST', '/api/users/users/', { username: 'bob\u0000', password: secrets.userPassword })).status).toBe(400);
    expect((await call('POST', '/api/dcim/sites/', { name: 'S', slug: 's', region: 2147483648 })).status).toBe(400);
    const provisioned = await call('POST', '/api/users/tokens/provision/', { username: 'alice', password: secrets.userPassword });
    expect(provisioned.status).toBe(201);
    seen.push(provisioned.body.token, `nbt_${provisioned.body.key}.${provisioned.body.token}`);
    const v1 = await call('POST', '/api/users/tokens/provision/', { username: 'alice', password: secrets.userPassword, version: 1 });
    seen.push(v1.body.token);
    expect((await call('GET', '/api/dcim/sites/', undefined, 'nbt_AbCdEfGh1234.wrong-secret')).status).toBe(403);
    expect((await call('POST', '/api/users/tokens/provision/', { username: 'alice', password: 'wrong-password' })).status).toBe(403);

    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    // What the database holds of those secrets: password hashes and token digests.
    const db: Database = await openPglite(join(dataDir, 'data'));
    try {
      for (const row of await db.query<{ password: string }>('SELECT password FROM users_user')) seen.push(row.password, row.password.split('$').pop()!);
      for (const row of await db.query<{ hmac_digest: string | null; plaintext: string | null }>('SELECT hmac_digest, plaintext FROM users_token')) {
        if (row.hmac_digest) seen.push(row.hmac_digest);
        if (row.plaintext) seen.push(row.plaintext);
      }
    } finally {
      await db.close();
    }
    const text = log.join('');
    expect(text).toContain('inventory API on http://');
    for (const secret of seen) expect(text, 'a secret was logged').not.toContain(secret);
  }, 90_000);
});

describe.each(testDatabases())('an unexpected database failure on $name', (database) => {
  it('is logged without the statement\'s parameters and answered without PostgreSQL\'s text', async () => {
    const opened = await database.open();
    const api = await bootTestApp(opened);
    // The driver's error as postgres.js raises it: the failing statement's parameters attached.
    const transaction = opened.db.transaction.bind(opened.db);
    const diskFull = (text: string, params?: unknown[]) =>
      Object.assign(new Error('could not extend file "base/16384/2619": No space left on device'), { code: '53100', parameters: params, query: text });
    opened.db.transaction = (fn) =>
      transaction((tx) =>
        fn({
          query: <T>(text: string, params?: unknown[]) => (/INSERT INTO "dcim_site"/.test(text) ? Promise.reject(diskFull(text, params)) : tx.query<T>(text, params)),
        }),
      );
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    try {
      const response = await api.request('POST', '/api/dcim/sites/', { name: 'Disk', slug: 'disk', description: 'secret-description-value' });
      expect(response.status).toBe(500);
      expect(response.body).toMatchObject({ exception: 'DatabaseError', netbox_version: '4.6.8' });
      expect(JSON.stringify(response.body)).not.toContain('No space left');
    } finally {
      spy.mockRestore();
      await api.close();
    }
    const text = written.join('');
    expect(text).toContain('DatabaseError 53100');
    expect(text).not.toContain('secret-description-value');
  });
});
