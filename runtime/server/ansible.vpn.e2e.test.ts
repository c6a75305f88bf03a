/**
 * Real-client test: Debian's Ansible with its netbox.netbox collection (3.13) builds an L2VPN with
 * route targets and terminations on an interface and a VLAN, and a tunnel between two routers
 * (runtime/server/ansible/vpn.yml), twice — the second run must change nothing. Without Ansible
 * the test is skipped (the run says so once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ansibleAvailable, ansibleServer, type AnsibleServer } from '../testing/ansible.ts';
import { testDatabases } from '../testing/database.ts';

const available = ansibleAvailable();

describe.skipIf(!available)('Ansible netbox.netbox builds the vpn app', () => {
  let ansible: AnsibleServer;

  beforeAll(async () => {
    ansible = await ansibleServer(testDatabases()[0]);
  });
  afterAll(async () => ansible?.close());

  it('builds an L2VPN with its terminations and a tunnel with two terminations once, and changes nothing on the second run', async () => {
    const first = await ansible.playbook('vpn.yml');
    expect(first).toMatchObject({ ok: 17, changed: 14, failed: 0 });
    const second = await ansible.playbook('vpn.yml');
    expect(second).toMatchObject({ changed: 0, failed: 0 });

    const get = ansible.results;
    const [l2vpn] = await get('vpn/l2vpns/?name=Customer%20EVPN');
    expect([l2vpn.display, l2vpn.slug, l2vpn.type.value, l2vpn.import_targets.map((t: any) => t.name), l2vpn.export_targets.map((t: any) => t.name), l2vpn.description]).toEqual([
      'Customer EVPN (30000)', 'customer-evpn', 'vxlan-evpn', ['65100:1'], ['65100:2'], 'Built by Ansible',
    ]);
    expect((await get(`vpn/l2vpn-terminations/?l2vpn_id=${l2vpn.id}`)).map((t: any) => t.display).sort()).toEqual(['Customer (300) <> Customer EVPN (30000)', 'eth1 <> Customer EVPN (30000)']);
    const [tunnel] = await get('vpn/tunnels/?name=edge1-edge2');
    expect([tunnel.encapsulation.value, tunnel.tunnel_id, tunnel.terminations_count]).toEqual(['gre', 7, 2]);
    expect((await get(`vpn/tunnel-terminations/?tunnel_id=${tunnel.id}`)).map((t: any) => t.termination.device.name).sort()).toEqual(['edge1', 'edge2']);
  }, 600_000);
});
