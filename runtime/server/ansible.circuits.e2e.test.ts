/**
 * Real-client test: Debian's Ansible with its netbox.netbox collection records a provider, its
 * network, a circuit type and a circuit with A and Z terminations (runtime/server/ansible/circuits.yml)
 * against a real server, twice — the second run must change nothing. Skipped without Ansible.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ansibleAvailable, ansibleServer, type AnsibleServer } from '../testing/ansible.ts';
import { testDatabases } from '../testing/database.ts';

const available = ansibleAvailable();

describe.skipIf(!available)('Ansible netbox.netbox circuits against the inventory server', () => {
  let ansible: AnsibleServer;

  beforeAll(async () => {
    ansible = await ansibleServer(testDatabases()[0]);
  });
  afterAll(async () => ansible?.close());

  it('records a provider, network, circuit type and a circuit with its A and Z sides once, and changes nothing on the second run', async () => {
    const first = await ansible.playbook('circuits.yml');
    expect(first).toMatchObject({ ok: 7, changed: 7, failed: 0 });
    const second = await ansible.playbook('circuits.yml');
    expect(second).toMatchObject({ ok: 7, changed: 0, failed: 0 });

    const get = ansible.results;
    const [circuit] = await get('circuits/circuits/?cid=TC-1001');
    expect([circuit.provider.name, circuit.type.slug, circuit.status.value, circuit.commit_rate]).toEqual(['Telia Carrier', 'transit', 'active', 1000000]);
    expect([circuit.termination_a.termination_type, circuit.termination_a.termination.name, circuit.termination_a.xconnect_id]).toEqual(['dcim.site', 'Circuit POP', 'XC-42']);
    expect([circuit.termination_z.termination_type, circuit.termination_z.termination.name]).toEqual(['circuits.providernetwork', 'Telia MPLS']);
    expect((await get('circuits/circuit-terminations/?site=circuit-pop')).map((t: any) => t.display)).toEqual(['TC-1001: Termination A']);
    expect((await get('circuits/providers/?slug=telia-carrier'))[0].circuit_count).toBe(1);
  }, 600_000);
});
