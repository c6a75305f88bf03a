/**
 * What bounds a request: the size of its body (DATA_UPLOAD_MAX_MEMORY_SIZE, 413), the time of
 * each of its statements (STATEMENT_TIMEOUT, 503, nothing written) and of a custom field's pattern
 * (linear, RE2) — and that meanwhile the server's thread and the other connections stay free for
 * everyone else. (The permissions-matrix import's own bound is importSize.e2e.test.ts's.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/index.ts';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';
import { startInventoryServer } from './server.ts';

const caught = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as Error & { code?: string });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON body of about `bytes`: one site whose description is padded. */
const siteOfSize = (bytes: number) => ({ name: 'Big', slug: 'big', description: 'x'.repeat(bytes) });

describe.each(testDatabases())('request bodies on $name', (database) => {
  let api: TestClient;
  beforeAll(async () => {
    api = await bootTestApp(await database.open(), { DATA_UPLOAD_MAX_MEMORY_SIZE: '4096' });
  });
  afterAll(async () => api?.close());

  const sites = async () => (await api.request('GET', '/api/dcim/sites/?brief=true')).body.count as number;

  it('refuses a body past DATA_UPLOAD_MAX_MEMORY_SIZE with 413, writing nothing', async () => {
    const before = await sites();
    const refused = await api.request('POST', '/api/dcim/sites/', siteOfSize(5000));
    expect(refused.status).toBe(413);
    expect(refused.body.detail).toMatch(/^Request body exceeded the largest accepted \(4096 bytes/);
    expect(await sites()).toBe(before);
    // Within the limit the same request is served.
    expect((await api.request('POST', '/api/dcim/sites/', { ...siteOfSize(100), slug: 'small', name: 'Small' })).status).toBe(201);
  });

  it('counts a streamed body without a Content-Length too', async () => {
    const chunk = new TextEncoder().encode(JSON.stringify(siteOfSize(10_000)));
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < chunk.length; i += 1000) controller.enqueue(chunk.slice(i, i + 1000));
        controller.close();
      },
    });
    const refused = await api.raw('POST', '/api/dcim/sites/', stream, { 'Content-Type': 'application/json' });
    expect(refused.status).toBe(413);
  });
});

describe.each(testDatabases())('request bodies over HTTP on $name', (database) => {
  // Over a socket, @hono/node-server tells a request without a body by its headers (the in-process
  // requests above go through the body limit whatever they carry): bodies declared either way are still counted.
  let server: { url: string; token: string; close(): Promise<void> };
  beforeAll(async () => {
    const opened = await database.open();
    const booted = await startInventoryServer(opened.db, { DATA_UPLOAD_MAX_MEMORY_SIZE: '4096', SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'Admin-password-1' });
    server = await new Promise((resolve) => {
      const listening = serve({ fetch: booted.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
        resolve({ url: `http://127.0.0.1:${info.port}`, token: booted.firstBoot!.token, close: async () => (listening.close(), opened.drop()) }),
      );
    });
  });
  afterAll(async () => server?.close());

  const send = (method: string, body?: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/dcim/sites/`, { method, body, headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json', ...headers }, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);

  it('refuses a body past the limit whether sent with a Content-Length or chunked, and serves a GET without one', async () => {
    expect((await send('POST', JSON.stringify(siteOfSize(5000)))).status).toBe(413);
    const chunk = new TextEncoder().encode(JSON.stringify(siteOfSize(10_000)));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < chunk.length; i += 1000) controller.enqueue(chunk.slice(i, i + 1000));
        controller.close();
      },
    });
    expect((await send('POST', stream)).status).toBe(413);
    const listed = await send('GET');
    expect([listed.status, ((await listed.json()) as { count: number }).count]).toEqual([200, 0]);
    expect((await send('POST', JSON.stringify({ ...siteOfSize(100), slug: 'small', name: 'Small' }))).status).toBe(201);
  });
});

describe.each(testDatabases())('a custom-field pattern backtracking engines take exponential time on, on $name', (database) => {
  let api: TestClient;
  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  });
  afterAll(async () => api?.close());

  it('refuses the value at once while the server answers others', async () => {
    const site = (await api.request('POST', '/api/dcim/sites/', { name: 'R', slug: 'r' })).body.id;
    const manufacturer = (await api.request('POST', '/api/dcim/manufacturers/', { name: 'M', slug: 'm' })).body.id;
    const type = (await api.request('POST', '/api/dcim/device-types/', { manufacturer, model: 'T', slug: 't' })).body.id;
    const role = (await api.request('POST', '/api/dcim/device-roles/', { name: 'Role', slug: 'role' })).body.id;
    const device = (await api.request('POST', '/api/dcim/devices/', { name: 'd', site, device_type: type, role })).body.id;
    expect((await api.request('POST', '/api/extras/custom-fields/', { name: 'b18', type: 'text', object_types: ['dcim.device'], validation_regex: '(a+)+$' })).status).toBe(201);
    // 33 letters and a mismatch: ~2^33 steps for a backtracking engine (51 s in the report), linear for RE2.
    const evil = { custom_fields: { b18: `${'a'.repeat(33)}!` } };
    const attacks = Array.from({ length: 4 }, () => api.request('PATCH', `/api/dcim/devices/${device}/`, evil));
    const started = performance.now();
    expect((await api.request('GET', '/api/status/')).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    for (const answer of await Promise.all(attacks)) expect(answer.body).toEqual({ __all__: ["Invalid value for custom field 'b18': Value must match regex '(a+)+$'"] });
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('a statement past STATEMENT_TIMEOUT on PostgreSQL', () => {
  const [, postgres] = testDatabases({ statementTimeoutMs: 2000 });
  let api: TestClient;
  beforeAll(async () => {
    api = await bootTestApp(await postgres!.open());
  });
  afterAll(async () => api?.close());

  it('answers 503, writes nothing, and leaves the other connections to everyone else meanwhile', async () => {
    const site = (await api.request('POST', '/api/dcim/sites/', { name: 'Locked', slug: 'locked' })).body as { id: number };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Another transaction holds the site's row: the PATCH below waits for it, and its wait counts.
    const holder = api.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM dcim_site WHERE id = $1 FOR UPDATE', [site.id]);
      locked();
      await released;
    });
    await lockTaken;
    const patching = api.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: 'never' });
    await sleep(200);
    const started = performance.now();
    expect((await api.request('GET', '/api/status/')).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    const patched = await patching;
    release();
    await holder;
    expect(patched.status).toBe(503);
    expect(patched.body.detail).toMatch(/took longer than the server allows a database statement/);
    expect(patched.headers.get('Retry-After')).toBe('5');
    const after = await api.request('GET', `/api/dcim/sites/${site.id}/`);
    expect(after.body.description).toBe('');
    const changes = await api.request('GET', `/api/core/object-changes/?changed_object_id=${site.id}&action=update`);
    expect(changes.body.count).toBe(0);
  });
});

describe('a statement past the statement timeout on the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nb-limits-'));
  let db: Database;
  let api: TestClient;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: join(dir, 'data'), statementTimeoutMs: 2000 });
    api = await bootTestApp({ db, drop: () => db.close() });
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is ended with 57014 while the server thread answers, and the database serves again after', async () => {
    const site = (await api.request('POST', '/api/dcim/sites/', { name: 'Kept', slug: 'kept' })).body as { id: number };
    // What a slow request would run: the one connection is held, the server's thread is not.
    const slow = caught(db.query('SELECT pg_sleep(60)'));
    await sleep(100);
    const started = performance.now();
    const root = await api.request('GET', '/api/', undefined, { Authorization: '' });
    expect(root.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    // A request that needs the database waits for the statement to be ended, not for its 60 s.
    const status = await api.request('GET', '/api/status/');
    expect(status.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect((await slow)?.code).toBe('57014');
    expect((await api.request('GET', `/api/dcim/sites/${site.id}/`)).body.name).toBe('Kept');
  });
});
