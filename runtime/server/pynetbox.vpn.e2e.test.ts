/**
 * Real-client test: Debian's python3-pynetbox (7.0.0) drives the vpn app over HTTP against a real
 * server (runtime/server/pynetbox.vpn.e2e.py). Without pynetbox the test is skipped (the run says
 * so once).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { listeningServer, pynetboxAvailable, runPythonScript, type ListeningServer } from '../testing/pynetbox.ts';

const available = pynetboxAvailable();

describe.skipIf(!available)('pynetbox 7.0 against the vpn app', () => {
  let server: ListeningServer;

  beforeAll(async () => {
    server = await listeningServer(testDatabases()[0], 'Pynetbox-pass-1');
  });
  afterAll(async () => server?.close());

  it('builds an IKE/IPSec profile chain, a tunnel with two terminations on device interfaces, an L2VPN with a termination, and filters them', async () => {
    const script = fileURLToPath(new URL('./pynetbox.vpn.e2e.py', import.meta.url));
    const seen = await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token });
    expect(seen).toEqual({
      profile: ['ike-v2', 'esp-pfs', 'esp'],
      ike_policy_proposals: ['ike-aes256'],
      ike_group: [14, 'Group 14'],
      pfs_group: 'Group 19',
      termination_display: true,
      termination: ['tun0', 'vpn-r1', '198.51.100.1/32'],
      terminations_count: 2,
      tunnel_count: 1,
      by_device_interface: true,
      tunnels_by_profile: ['r1-r2'],
      tunnel_terminations_of_tunnel: 2,
      second_termination: [400, { termination: ['tun0 is already attached to a tunnel (r1-r2).'], __all__: ['An object may be terminated to only one tunnel at a time.'] }],
      tunnel_saved: true,
      tunnel_after_save: ['core backbone', 'disabled', 'backbone'],
      l2vpn: ['Customer A (5000)', 'vxlan-evpn', ['65000:100'], ['65000:200']],
      l2vpn_termination: ['eth1 <> Customer A (5000)', 'eth1'],
      interface_l2vpn_termination: true,
      interfaces_of_l2vpn: ['eth1'],
      l2vpn_terminations_of_device: 1,
      route_targets_importing: ['65000:100'],
      tunnel_delete: true,
      terminations_left: 0,
    });
  }, 90_000);
});
