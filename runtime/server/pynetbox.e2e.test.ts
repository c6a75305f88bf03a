/**
 * Real-client test: Debian's python3-pynetbox (7.0.0) drives the inventory over HTTP against a real
 * server. CI installs it (.ci/run); without it the test is skipped with the reason printed.
 */
import { execFile } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { startInventoryServer } from './server.ts';

const python = process.env.PYNETBOX_PYTHON ?? '/usr/bin/python3';
function hasPynetbox(): boolean {
  try {
    execFileSync(python, ['-c', 'import pynetbox'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const available = hasPynetbox();
if (!available) console.warn(`[pynetbox test] skipped: ${python} cannot import pynetbox (apt-get install python3-pynetbox)`);

describe.skipIf(!available)('pynetbox 7.0 against the inventory server', () => {
  let server: ServerType;
  let baseUrl = '';
  let token = '';
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const opened = await testDatabases()[0].open();
    drop = opened.drop;
    const booted = await startInventoryServer(opened.db, { SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'pynetbox-pass' });
    token = booted.firstBoot!.token;
    await new Promise<void>((resolve) => {
      server = serve({ fetch: booted.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
        baseUrl = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
  });
  afterAll(async () => {
    server?.close();
    await drop?.();
  });

  it('creates, gets, filters, saves, bulk-updates and deletes sites; builds devices, interfaces, a cable, a prefix and a primary IP; provisions tokens', async () => {
    const script = fileURLToPath(new URL('./pynetbox.e2e.py', import.meta.url));
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(python, [script], { env: { ...process.env, NB_URL: baseUrl, NB_TOKEN: token, NB_USER: 'admin', NB_PASSWORD: 'pynetbox-pass' }, timeout: 60_000 }, (error, out, err) =>
        error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
      ),
    );
    const seen = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(seen).toEqual({
      version: '4.6',
      status_version: '4.6.8',
      created_status: 'planned',
      created_region: 'Americas',
      get_name: 'NYC 1',
      get_by_slug: true,
      missing_is_none: true,
      filter_count: 3,
      count: 3,
      save: true,
      saved_description: 'saved by pynetbox',
      saved_status: 'active',
      bulk_updated: ['bulk-updated'],
      choices: ['planned', 'staging', 'active', 'decommissioning', 'retired'],
      delete: true,
      bulk_delete: true,
      remaining: 0,
      tenant_group: 'customers',
      device_role: 'access',
      interface_order: ['ge-0/0/1', 'ge-0/0/2', 'ge-0/0/10'],
      cable_id: true,
      link_peer: ['sw2:ge-0/0/1'],
      cabled_count: 1,
      primary_saved: true,
      primary_ip4: '10.1.0.1/24',
      address_interface: 'ge-0/0/1',
      addresses_in_prefix: 1,
      cable_delete: true,
      freed: true,
      provisioned_key_len: 12,
    });
  }, 90_000);
});
