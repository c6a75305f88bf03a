/**
 * Real-client test: Debian's python3-pynetbox (7.0.0) drives the inventory over HTTP against a real
 * server. CI installs it (.ci/run); without it the test is skipped (the run says so once).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { listeningServer, pynetboxAvailable, runPythonScript, type ListeningServer } from '../testing/pynetbox.ts';

const available = pynetboxAvailable();

describe.skipIf(!available)('pynetbox 7.0 against the inventory server', () => {
  let server: ListeningServer;

  beforeAll(async () => {
    server = await listeningServer(testDatabases()[0], 'Pynetbox-pass-1');
  });
  afterAll(async () => server?.close());

  it('creates, gets, filters, saves, bulk-updates and deletes sites; builds devices, interfaces, a cable, a prefix and a primary IP; provisions tokens', async () => {
    const script = fileURLToPath(new URL('./pynetbox.e2e.py', import.meta.url));
    const seen = await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token, NB_USER: 'admin', NB_PASSWORD: 'Pynetbox-pass-1' });
    expect(seen).toEqual({
      version: '4.6',
      status_version: '4.6.8',
      created_status: 'planned',
      created_region: 'Americas',
      get_name: 'NYC 1',
      get_by_slug: true,
      missing_is_none: true,
      filter_count: 3,
      count: 3,
      save: true,
      saved_description: 'saved by pynetbox',
      saved_status: 'active',
      bulk_updated: ['bulk-updated'],
      choices: ['planned', 'staging', 'active', 'decommissioning', 'retired'],
      delete: true,
      bulk_delete: true,
      remaining: 0,
      tenant_group: 'customers',
      device_role: 'access',
      interface_order: ['ge-0/0/1', 'ge-0/0/2', 'ge-0/0/10'],
      cable_id: true,
      link_peer: ['sw2:ge-0/0/1'],
      cabled_count: 1,
      primary_saved: true,
      primary_ip4: '10.1.0.1/24',
      address_interface: 'ge-0/0/1',
      addresses_in_prefix: 1,
      cable_delete: true,
      freed: true,
      provisioned_key_len: 12,
    });
  }, 90_000);

  it('builds a device type with interface, console and power port templates, a racked device that gets its components, the rack elevation, a power panel and feed, and power cables to an outlet and to the feed', async () => {
    const script = fileURLToPath(new URL('./pynetbox.dcim.e2e.py', import.meta.url));
    const seen = await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token });
    expect(seen).toEqual({
      template_counts: [3, 1, 1],
      templates_of_type: ['eth0', 'eth1', 'mgmt'],
      interfaces: ['eth0', 'eth1', 'mgmt'],
      mgmt_only: ['mgmt'],
      console_ports: [['con0', 'rj-45']],
      power_ports: [['psu0', 'iec-60320-c14', 300]],
      device_counts: [3, 1, 1],
      // A 10U rack from the top in half units; the 2U device at U5 fills 5 to 6.5 on both faces (full depth).
      elevation_units: [10.5, 10, 9.5, 9, 8.5, 8, 7.5, 7, 6.5, 6, 5.5, 5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1],
      elevation_names: ['U10.5', 'U10'],
      elevation_occupied: [[6.5, 'core1'], [6, 'core1'], [5.5, 'core1'], [5, 'core1']],
      elevation_rear: [6.5, 6, 5.5, 5],
      feed: ['Panel A', 'R1', 'active', 'primary', 'ac'],
      panel_feeds: 1,
      outlet: ['psu0', 'A'],
      power_cable: true,
      power_peer: ['dcim.poweroutlet', ['pdu1:out1']],
      outlet_cable: true,
      feed_cable: [true, 'dcim.powerport', ['psu0']],
      inlet_endpoint: ['dcim.powerfeed', 1],
      cabled_power_ports: 2,
      power_trace: [['psu0'], true, 'connected', ['out1']],
      outlet_endpoint: ['psu0'],
    });
  }, 90_000);
});
