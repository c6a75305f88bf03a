/**
 * Real-client test: Debian's Ansible with its netbox.netbox collection (3.13) builds config
 * contexts scoped to a region, a site and a tag (runtime/server/ansible/config-contexts.yml),
 * twice — the second run must change nothing. Without Ansible the test is skipped (the run says
 * so once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ansibleAvailable, ansibleServer, type AnsibleServer } from '../testing/ansible.ts';
import { testDatabases } from '../testing/database.ts';

const available = ansibleAvailable();

describe.skipIf(!available)('Ansible netbox.netbox builds config contexts', () => {
  let ansible: AnsibleServer;

  beforeAll(async () => {
    ansible = await ansibleServer(testDatabases()[0]);
  }, 60_000);
  afterAll(async () => ansible?.close());

  it('builds config contexts once, and changes nothing on the second run', async () => {
    const first = await ansible.playbook('config-contexts.yml');
    expect(first).toMatchObject({ ok: 5, changed: 5, failed: 0 });
    const second = await ansible.playbook('config-contexts.yml');
    expect(second).toMatchObject({ changed: 0, failed: 0 });

    const [dns, ntp] = await ansible.results('extras/config-contexts/?name=ansible-dns&name=ansible-ntp');
    expect([dns.name, dns.weight, dns.description, dns.regions.map((r: any) => r.slug), dns.data]).toEqual(['ansible-dns', 500, 'Built by Ansible', ['ansible-region'], { dns: { nameservers: ['9.9.9.9'] } }]);
    expect([ntp.name, ntp.is_active, ntp.sites.map((s: any) => s.slug), ntp.tags, ntp.data]).toEqual(['ansible-ntp', false, ['ansible-dc'], ['ansible-edge'], { ntp: { servers: ['pool.ntp.org'] } }]);
  }, 600_000);
});
