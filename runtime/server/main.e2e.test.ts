/**
 * The server as a process (`npm start`'s entry): a start that cannot go on says why in one line
 * and exits non-zero, an embedded data directory serves one process at a time, and several
 * processes share one PostgreSQL database (migrations applied once, each one's writes read by
 * the others, the same ETags).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, openDatabase, readMigrations } from '../db/index.ts';
import { enqueue } from '../jobs/index.ts';
import { freePort, runUntilExit, startServerProcess, SUPERUSER_ENV, SUPERUSER_HEADERS, type Exited } from '../testing/serverProcess.ts';

const root = mkdtempSync(join(tmpdir(), 'nb-main-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const dataDir = () => join(root, `data-${++dirs}`);


/** One line on stderr, no stack, and the exit code. */
function expectOneLine(exited: Exited, code: number, pattern: RegExp) {
  expect(exited.code).toBe(code);
  const lines = exited.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^netbox-inventory: /);
  expect(lines[0]).toMatch(pattern);
  expect(exited.stderr).not.toMatch(/^\s+at /m);
}

describe('starting the server', () => {
  it('refuses a bad --port in one line with exit 2', async () => {
    expectOneLine(await runUntilExit(['--port', 'eighty', '--data-dir', dataDir()]), 2, /--port must be a port number from 0 \(any free port\) to 65535, not "eighty"/);
    expectOneLine(await runUntilExit(['--data-dir', dataDir()], { PORT: '70000' }), 2, /PORT must be a port number/);
  });

  it('refuses a bad setting in one line with exit 2', async () => {
    expectOneLine(await runUntilExit(['--port', String(await freePort()), '--data-dir', dataDir()], { STATEMENT_TIMEOUT: 'soon' }), 2, /STATEMENT_TIMEOUT must be a number of seconds/);
    expectOneLine(await runUntilExit(['--port', String(await freePort()), '--data-dir', dataDir()], { STRICT_FILTERING: 'yes' }), 2, /STRICT_FILTERING must be true or false/);
    // NetBox's password policy holds for the first superuser too; the password is never echoed.
    const weak = await runUntilExit(['--port', String(await freePort()), '--data-dir', dataDir()], { SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'Xq7zz' });
    expectOneLine(weak, 2, /SUPERUSER_PASSWORD is refused by the password policy: This password is too short/);
    expect(weak.stderr).not.toContain('Xq7zz');
  });

  it('says the port is in use in one line with exit 1', async () => {
    const port = await freePort();
    const holder: Server = await new Promise((resolve) => {
      const s = createServer().listen(port, '127.0.0.1', () => resolve(s));
    });
    try {
      expectOneLine(await runUntilExit(['--port', String(port), '--data-dir', dataDir()]), 1, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use`));
    } finally {
      holder.close();
    }
  });

  it('serves an embedded data directory from one process: a second server says which process holds it', async () => {
    const dir = dataDir();
    const first = await startServerProcess(['--data-dir', dir], SUPERUSER_ENV);
    try {
      const second = await runUntilExit(['--port', String(await freePort()), '--data-dir', dir], SUPERUSER_ENV);
      expectOneLine(second, 1, new RegExp(`the data directory .* is in use by process ${first.pid}\\b`));
      // The first server goes on serving.
      expect((await fetch(`${first.baseUrl}/api/status/`, { headers: SUPERUSER_HEADERS })).status).toBe(200);
    } finally {
      await first.stop();
    }
    // Once it has stopped, the directory opens again, with what it wrote.
    const again = await startServerProcess(['--data-dir', dir], SUPERUSER_ENV);
    try {
      expect((await fetch(`${again.baseUrl}/api/status/`, { headers: SUPERUSER_HEADERS })).status).toBe(200);
    } finally {
      await again.stop();
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL?.trim();

describe.runIf(!!adminUrl)('two servers on one PostgreSQL database', () => {
  it('migrate it once while both start at the same time, read each other\'s writes with the same ETags, and share one job queue', async () => {
    const name = `nbtest_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = await openDatabase({ url: adminUrl, poolSize: 1 });
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const env = { ...SUPERUSER_ENV, DATABASE_URL: url.toString() };
    try {
      const [a, b] = await Promise.all([startServerProcess([], env), startServerProcess([], env)]);
      try {
        const db = await openDatabase({ url: url.toString(), poolSize: 1 });
        const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
        const admins = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users_user WHERE username = 'admin'`);
        await db.close();
        expect(applied.map((m) => m.name)).toEqual(readMigrations(DEFAULT_MIGRATIONS_DIR).map((m) => m.name));
        expect(admins).toEqual([{ n: 1 }]);

        const created = await fetch(`${a.baseUrl}/api/dcim/sites/`, { method: 'POST', headers: SUPERUSER_HEADERS, body: JSON.stringify({ name: 'Shared', slug: 'shared' }) });
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: number };
        const [onA, onB] = await Promise.all([fetch(`${a.baseUrl}/api/dcim/sites/${id}/`, { headers: SUPERUSER_HEADERS }), fetch(`${b.baseUrl}/api/dcim/sites/${id}/`, { headers: SUPERUSER_HEADERS })]);
        expect(onB.status).toBe(200);
        expect(((await onB.json()) as { name: string }).name).toBe('Shared');
        expect(onB.headers.get('ETag')).toBeTruthy();
        expect(onB.headers.get('ETag')).toBe(onA.headers.get('ETag'));
        // A write through B with A's ETag wins; a second one with the same ETag is stale on either server.
        const etag = onA.headers.get('ETag')!;
        const patched = await fetch(`${b.baseUrl}/api/dcim/sites/${id}/`, { method: 'PATCH', headers: { ...SUPERUSER_HEADERS, 'If-Match': etag }, body: JSON.stringify({ description: 'via b' }) });
        expect(patched.status).toBe(200);
        const stale = await fetch(`${a.baseUrl}/api/dcim/sites/${id}/`, { method: 'PATCH', headers: { ...SUPERUSER_HEADERS, 'If-Match': etag }, body: JSON.stringify({ description: 'via a' }) });
        expect(stale.status).toBe(412);

        // One job queue: each server runs its workers (2 by default), and each of 60 jobs runs once.
        const status = async (base: string) => ((await (await fetch(`${base}/api/status/`, { headers: SUPERUSER_HEADERS })).json()) as Record<string, unknown>)['rq-workers-running'];
        expect([await status(a.baseUrl), await status(b.baseUrl)]).toEqual([4, 4]);
        const queue = await openDatabase({ url: url.toString(), poolSize: 1 });
        try {
          const jobs = await queue.transaction(async (tx) => {
            const ids: number[] = [];
            for (let i = 0; i < 60; i++) ids.push((await enqueue(tx, { kind: 'core.housekeeping', job: { name: `Shared ${i}` } })).jobId!);
            return ids;
          });
          const ended = async () => (await queue.query<{ n: number }>(`SELECT count(*)::int AS n FROM core_job WHERE id = ANY($1::int[]) AND status = 'completed'`, [jobs]))[0].n;
          for (const end = Date.now() + 60_000; (await ended()) < jobs.length && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
          expect(await ended()).toBe(60);
          const runs = await queue.query<{ attempts: number; worker: string }>(`SELECT attempts, worker_name AS worker FROM core_task WHERE job = ANY($1::int[])`, [jobs]);
          expect(runs.every((r) => r.attempts === 1)).toBe(true);
          const processes = new Set(runs.map((r) => r.worker.split('.').at(-2)));
          expect(processes).toEqual(new Set([String(a.pid), String(b.pid)]));
        } finally {
          await queue.close();
        }
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    } finally {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      await admin.close();
    }
  });
});
