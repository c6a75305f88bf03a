/**
 * Real-client test: Debian's python3-pynetbox (7.0.0) drives wireless LANs and links, ASN ranges'
 * available-asns and FHRP groups over HTTP against a real server (pynetbox.wireless.e2e.py).
 * Without pynetbox the test is skipped (the run says so once).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { listeningServer, pynetboxAvailable, runPythonScript, type ListeningServer } from '../testing/pynetbox.ts';

const available = pynetboxAvailable();

describe.skipIf(!available)('pynetbox 7.0 against the wireless, ASN range and FHRP endpoints', () => {
  let server: ListeningServer;

  beforeAll(async () => {
    server = await listeningServer(testDatabases()[0], 'Pynetbox-pass-1');
  });
  afterAll(async () => server?.close());

  it('builds a wireless LAN and link, takes ASNs from a range and assigns an FHRP group', async () => {
    const script = fileURLToPath(new URL('./pynetbox.wireless.e2e.py', import.meta.url));
    const seen = await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token });
    expect(seen).toEqual({
      lan: ['corp', 'Offices', 'Campus', 'wpa-personal'],
      lan_saved: true,
      lans_of_radio: ['corp'],
      lans_by_site: ['corp'],
      group_count: 1,
      link: ['backhaul', 'wlan0', 'connected', 120, 'm'],
      radios_link: [true, true],
      links_of_device: 1,
      wired_refused: { interface_a: ['1000BASE-T (1GE) is not a wireless interface.'] },
      radios_unlinked: [null, null],
      available: [64513, 64514, 64515],
      one: 64513,
      two: [64514, 64515],
      exhausted: [409, { detail: 'Insufficient resources are available to satisfy the request' }],
      asn_count: 4,
      fhrp: ['gw VRRPv2: 10 (10.10.0.1/24)', ['10.10.0.1/24']],
      assignment: [true, 'eth0', 200],
      vip_group: true,
      count_fhrp_groups: 1,
      assignments_of_device: 1,
    });
  }, 90_000);
});
