/**
 * Real-client test: Debian's Ansible with its netbox.netbox collection (3.13) builds config
 * templates (one including the other) and a device, renders the device's
 * configuration and builds an export template (runtime/server/ansible/rendering.yml), twice — the
 * second run must change nothing. Without Ansible the test is skipped (the run says so once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ansibleAvailable, ansibleServer, type AnsibleServer } from '../testing/ansible.ts';
import { testDatabases } from '../testing/database.ts';
import { closeRenderer } from '../inventory/extras/rendering/index.ts';

const available = ansibleAvailable();

describe.skipIf(!available)('Ansible netbox.netbox builds and renders config templates', () => {
  let ansible: AnsibleServer;

  beforeAll(async () => {
    ansible = await ansibleServer(testDatabases()[0]);
  });
  afterAll(async () => {
    await ansible?.close();
    await closeRenderer();
  });

  it('builds the templates, a device using them and an export template once, renders, and changes nothing on the second run', async () => {
    const first = await ansible.playbook('rendering.yml');
    expect(first).toMatchObject({ changed: 7, failed: 0 });
    const second = await ansible.playbook('rendering.yml');
    expect(second).toMatchObject({ changed: 0, failed: 0 });

    const get = ansible.results;
    expect((await get('extras/config-templates/')).map((t: any) => t.name)).toEqual(['leaf', 'ntp-servers']);
    const [exported] = await get('extras/export-templates/?name=Device%20names');
    expect([exported.object_types, exported.as_attachment]).toEqual([['dcim.device'], false]);
  }, 600_000);
});
