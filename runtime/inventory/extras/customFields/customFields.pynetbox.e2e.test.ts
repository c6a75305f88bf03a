/**
 * Real-client test of custom fields: Debian's python3-pynetbox (7.0.0) defines fields, writes and
 * reads `custom_fields` and filters by them over HTTP (customFields.pynetbox.py), on both
 * databases. Without pynetbox the test is skipped with the reason printed (CI installs it).
 */
import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInventoryServer } from '../../../server/server.ts';
import { testDatabases } from '../../../testing/database.ts';

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
if (!available) console.warn(`[pynetbox custom fields test] skipped: ${python} cannot import pynetbox (apt-get install python3-pynetbox)`);

describe.skipIf(!available).each(testDatabases())('pynetbox reads and writes custom fields on $name', (database) => {
  let server: ServerType;
  let baseUrl = '';
  let token = '';
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    const booted = await startInventoryServer(opened.db, { SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'pynetbox-pass' });
    token = booted.firstBoot!.token;
    await new Promise<void>((resolve) => {
      server = serve({ fetch: booted.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
        baseUrl = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
  }, 120_000);
  afterAll(async () => {
    server?.close();
    await drop?.();
  });

  it('defines fields, writes values on create, save and bulk update, reads them back and filters', async () => {
    const script = fileURLToPath(new URL('./customFields.pynetbox.py', import.meta.url));
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(python, [script], { env: { ...process.env, NB_URL: baseUrl, NB_TOKEN: token }, timeout: 60_000 }, (error, out, err) =>
        error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
      ),
    );
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
      choices: ['red', 'blue'],
      field_type: 'select',
      created: 10,
      default: 'red',
      nested_tenant: 'Acme',
      saved: true,
      after_save: [20, 'blue'],
      filtered: ['CF 2'],
      by_colour: ['CF 1'],
      bulk: 5,
      refused: { custom_fields: ["Invalid value for custom field 'rack_units': Value must not exceed 50"] },
    });
  }, 90_000);
});
