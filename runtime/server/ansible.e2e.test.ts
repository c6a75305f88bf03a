/**
 * Real-client test: Debian's Ansible with its netbox.netbox collection builds a small site, a rack,
 * a device with its ports and an inventory item, and a power feed (runtime/server/ansible/playbook.yml)
 * against a real server, twice — the second run must change nothing — and its nb_inventory plugin lists the device. CI installs the package (.ci/run);
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

  it('builds the site, rack, device, its ports, an inventory item and a power feed once and changes nothing on the second run; nb_inventory lists the device', async () => {
    const first = recap(await run('ansible-playbook', ['-i', 'localhost,', 'playbook.yml'], env));
    expect(first).toMatchObject({ ok: 18, changed: 18, failed: 0 });
    const second = recap(await run('ansible-playbook', ['-i', 'localhost,', 'playbook.yml'], env));
    expect(second).toMatchObject({ ok: 18, changed: 0, failed: 0 });

    const listed = JSON.parse(await run('ansible-inventory', ['-i', 'nb_inventory.yml', '--list'], env));
    expect(listed._meta.hostvars.leaf1).toMatchObject({
      ansible_host: '192.0.2.10',
      primary_ip4: '192.0.2.10',
      device_roles: ['leaf'],
      sites: ['ansible-dc'],
      racks: ['Rack 1'],
      device_types: ['ax-48'],
      manufacturers: ['acme-networks'],
      status: { value: 'active' },
    });
    expect(listed['sites_ansible-dc'].hosts).toEqual(['leaf1']);
    expect(listed.device_roles_leaf.hosts).toEqual(['leaf1']);
    // mgmt0 came from the device type's interface template.
    expect(listed._meta.hostvars.leaf1.interfaces.map((i: any) => i.name)).toEqual(['eth0', 'mgmt0']);

    // What the component and power modules built, as the API shows it.
    const get = async (path: string) =>
      ((await (await fetch(`${env.NB_URL}/api/${path}`, { headers: { Authorization: `Token ${env.NB_TOKEN}` } })).json()) as { results: any[] }).results;
    const [rack] = await get('dcim/racks/?name=Rack%201');
    expect([rack.form_factor.value, rack.width.value, rack.u_height, rack.facility_id]).toEqual(['4-post-cabinet', 19, 42, 'A-01']);
    expect((await get('dcim/console-ports/?device=leaf1')).map((p: any) => [p.name, p.type.value, p.speed.value])).toEqual([['con0', 'rj-45', 9600]]);
    expect((await get('dcim/power-ports/?device=leaf1')).map((p: any) => [p.name, p.maximum_draw, p.allocated_draw])).toEqual([['psu0', 250, 120]]);
    expect((await get('dcim/rear-ports/?device=leaf1')).map((p: any) => [p.name, p.type.value, p.positions])).toEqual([['rear1', '8p8c', 1]]);
    expect((await get('dcim/inventory-items/?device=leaf1')).map((i: any) => [i.name, i.manufacturer.slug, i.part_id, i.discovered])).toEqual([['SFP 1', 'acme-networks', 'SFP-10G-LR', true]]);
    const [feed] = await get('dcim/power-feeds/?name=Feed%20A');
    expect([feed.power_panel.name, feed.rack.name, feed.phase.value, feed.voltage, feed.amperage, feed.max_utilization]).toEqual(['Panel 1', 'Rack 1', 'single-phase', 230, 16, 80]);
  }, 600_000);
});
