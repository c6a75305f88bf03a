/**
 * Real-client test: Debian's Ansible with its netbox.netbox collection builds a small site
 * (runtime/server/ansible/playbook.yml) against a real server, twice — the second run must change
 * nothing — and its nb_inventory plugin lists the device. CI installs the package (.ci/run);
 * without it the test is skipped (the run says so once).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { requirements } from '../testing/environment.ts';
import { startInventoryServer } from './server.ts';

// Without it the suite is skipped; globalSetup.ts says what to install.
const available = requirements.ansible.available();

const folder = fileURLToPath(new URL('./ansible/', import.meta.url));

/** Runs an Ansible command; resolves with its stdout, rejects with both streams. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(command, args, { cwd: folder, env: { ...process.env, ...env }, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 }, (error, out, err) =>
      error ? reject(new Error(`${command} failed: ${error.message}\n${out}\n${err}`)) : resolve(out),
    ),
  );
}

/** The `ok=… changed=… failed=…` figures of the play recap. */
function recap(output: string): Record<string, number> {
  const line = output.split('\n').find((l) => l.startsWith('localhost') && l.includes('changed='));
  if (!line) throw new Error(`no play recap in:\n${output}`);
  return Object.fromEntries([...line.matchAll(/(\w+)=(\d+)/g)].map(([, key, value]) => [key, Number(value)]));
}

describe.skipIf(!available)('Ansible netbox.netbox against the inventory server', () => {
  let server: ServerType;
  let drop: () => Promise<void>;
  let home: string;
  const env: NodeJS.ProcessEnv = {};

  beforeAll(async () => {
    const opened = await testDatabases()[0].open();
    drop = opened.drop;
    // Debian 12's collection (3.13) predates NetBox 3.6's rename of a device's device_role to role.
    const booted = await startInventoryServer(opened.db, { SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'Ansible-pass-1', LEGACY_FIELD_NAMES: 'true' });
    const url = await new Promise<string>((resolve) => {
      server = serve({ fetch: booted.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => resolve(`http://127.0.0.1:${info.port}`));
    });
    // Ansible keeps its temporary files (and nb_inventory its OpenAPI cache) under a home of the test's own.
    home = mkdtempSync(join(tmpdir(), 'nb-ansible-'));
    Object.assign(env, {
      NB_URL: url, NB_TOKEN: booted.firstBoot!.token, NETBOX_API: url, NETBOX_TOKEN: booted.firstBoot!.token,
      HOME: home, ANSIBLE_LOCAL_TEMP: join(home, 'tmp'), ANSIBLE_NOCOLOR: '1', ANSIBLE_PYTHON_INTERPRETER: '/usr/bin/python3',
      ANSIBLE_LOCALHOST_WARNING: 'false', ANSIBLE_INVENTORY_UNPARSED_WARNING: 'false',
    });
  });
  afterAll(async () => {
    server?.close();
    await drop?.();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('builds the site once and changes nothing on the second run; nb_inventory lists the device', async () => {
    const first = recap(await run('ansible-playbook', ['-i', 'localhost,', 'playbook.yml'], env));
    expect(first).toMatchObject({ ok: 10, changed: 10, failed: 0 });
    const second = recap(await run('ansible-playbook', ['-i', 'localhost,', 'playbook.yml'], env));
    expect(second).toMatchObject({ ok: 10, changed: 0, failed: 0 });

    const listed = JSON.parse(await run('ansible-inventory', ['-i', 'nb_inventory.yml', '--list'], env));
    expect(listed._meta.hostvars.leaf1).toMatchObject({
      ansible_host: '192.0.2.10',
      primary_ip4: '192.0.2.10',
      device_roles: ['leaf'],
      sites: ['ansible-dc'],
      device_types: ['ax-48'],
      manufacturers: ['acme-networks'],
      status: { value: 'active' },
    });
    expect(listed['sites_ansible-dc'].hosts).toEqual(['leaf1']);
    expect(listed.device_roles_leaf.hosts).toEqual(['leaf1']);
    expect(listed._meta.hostvars.leaf1.interfaces.map((i: any) => i.name)).toEqual(['eth0']);
  }, 600_000);
});
