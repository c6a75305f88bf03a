/**
 * Real-client test: Debian's python3-pynetbox (7.0.0) creates a webhook and an event rule against
 * a real server with a job worker (runtime/server/pynetbox.events.e2e.py), then creates two sites:
 * only the one the rule's conditions match reaches the receiver this test runs. Without pynetbox
 * the test is skipped (the run says so once).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRenderer } from '../inventory/extras/rendering/index.ts';
import { testDatabases } from '../testing/database.ts';
import { pynetboxAvailable, runPythonScript } from '../testing/pynetbox.ts';
import { startInventoryServer } from './server.ts';

const available = pynetboxAvailable();

describe.skipIf(!available)('pynetbox 7.0 with webhooks and event rules', () => {
  const bodies: string[] = [];
  let receiver: Server;
  let close: () => Promise<void>;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => (bodies.push(body), res.end()));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const opened = await testDatabases()[0].open();
    const booted = await startInventoryServer(opened.db, { SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'Pynetbox-pass-1', JOB_WORKERS: '1' });
    token = booted.firstBoot!.token;
    await new Promise<void>((resolve) => {
      const server = serve({ fetch: booted.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
        baseUrl = `http://127.0.0.1:${info.port}`;
        close = async () => {
          server.close();
          await booted.queue.stop();
          await opened.drop();
        };
        resolve();
      });
    });
  }, 120_000);
  afterAll(async () => {
    await close?.();
    receiver?.close();
    await closeRenderer();
  });

  it('creates, saves and filters an event rule, which then fires for the matching site only', async () => {
    const script = fileURLToPath(new URL('./pynetbox.events.e2e.py', import.meta.url));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const seen = await runPythonScript(script, { NB_URL: baseUrl, NB_TOKEN: token, NB_HOOK_URL: hookUrl });
    expect(seen).toEqual({ rule: ['Active sites', 'Sites', ['object_created'], true], saved: true, filtered: ['Active sites'] });
    const end = Date.now() + 20_000;
    while (!bodies.length && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    expect(bodies).toEqual(['created active']);
  }, 120_000);
});
