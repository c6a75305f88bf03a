/**
 * Real-client test: Debian's Ansible with its netbox.netbox collection allocates IPAM space
 * (runtime/server/ansible/ipam.yml): a VRF, a container prefix, a /24 taken with
 * `first_available` from it (POST available-prefixes/), a VLAN group and a VLAN,
 * twice — the second run must change nothing. CI installs the package (.ci/run); without it the
 * test is skipped (the run says so once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ansibleAvailable, ansibleServer, type AnsibleServer } from '../testing/ansible.ts';
import { testDatabases } from '../testing/database.ts';

const available = ansibleAvailable();

describe.skipIf(!available)('Ansible netbox.netbox allocates IPAM space', () => {
  let ansible: AnsibleServer;

  beforeAll(async () => {
    ansible = await ansibleServer(testDatabases()[0]);
  });
  afterAll(async () => ansible?.close());

  it('creates the VRF, the container, its first free /24, the VLAN group and a VLAN once, and changes nothing on the second run', async () => {
    const first = await ansible.playbook('ipam.yml');
    expect(first).toMatchObject({ ok: 5, changed: 5, failed: 0 });
    const second = await ansible.playbook('ipam.yml');
    expect(second).toMatchObject({ ok: 4, changed: 0, failed: 0, skipped: 1 });

    const get = ansible.results;
    const prefixes = await get('ipam/prefixes/?vrf=65000:1&ordering=prefix');
    expect(prefixes.map((p: any) => [p.prefix, p.status.value, p.vrf.name, p.description, p._depth])).toEqual([
      ['10.40.0.0/16', 'container', 'Customers', 'Customer space', 0],
      ['10.40.0.0/24', 'reserved', 'Customers', 'First customer', 1],
    ]);
    const [group] = await get('ipam/vlan-groups/?slug=customer-vlans');
    expect([group.vid_ranges, group.total_vlan_ids, group.vlan_count, group.description]).toEqual([[[1, 4094]], 4094, 1, 'Built by Ansible']);
    expect((await get(`ipam/vlans/?group_id=${group.id}`)).map((v: any) => [v.vid, v.name])).toEqual([[100, 'cust-a']]);
  }, 600_000);
});
