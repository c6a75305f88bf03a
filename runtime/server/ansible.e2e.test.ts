/**
 * Real-client test: Debian's Ansible with its netbox.netbox collection builds a small site, a rack,
 * a device with its ports and an inventory item, and a power feed (runtime/server/ansible/playbook.yml)
 * against a real server, twice — the second run must change nothing — and its nb_inventory plugin lists the device. CI installs the package (.ci/run);
 * without it the test is skipped (the run says so once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ansibleAvailable, ansibleServer, type AnsibleServer } from '../testing/ansible.ts';
import { testDatabases } from '../testing/database.ts';

// Without it the suite is skipped; globalSetup.ts says what to install.
const available = ansibleAvailable();

describe.skipIf(!available)('Ansible netbox.netbox against the inventory server', () => {
  let ansible: AnsibleServer;

  beforeAll(async () => {
    ansible = await ansibleServer(testDatabases()[0]);
  });
  afterAll(async () => ansible?.close());

  it('builds the site, rack, device, its ports, an inventory item and a power feed once and changes nothing on the second run; nb_inventory lists the device', async () => {
    const first = await ansible.playbook('playbook.yml');
    expect(first).toMatchObject({ ok: 19, changed: 19, failed: 0 });
    const second = await ansible.playbook('playbook.yml');
    expect(second).toMatchObject({ ok: 19, changed: 0, failed: 0 });

    const listed = JSON.parse(await ansible.run('ansible-inventory', ['-i', 'nb_inventory.yml', '--list']));
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
    const get = ansible.results;
    const [rack] = await get('dcim/racks/?name=Rack%201');
    expect([rack.form_factor.value, rack.width.value, rack.u_height, rack.facility_id]).toEqual(['4-post-cabinet', 19, 42, 'A-01']);
    expect((await get('dcim/console-ports/?device=leaf1')).map((p: any) => [p.name, p.type.value, p.speed.value])).toEqual([['con0', 'rj-45', 9600]]);
    expect((await get('dcim/power-ports/?device=leaf1')).map((p: any) => [p.name, p.maximum_draw, p.allocated_draw])).toEqual([['psu0', 250, 120]]);
    const rear = await get('dcim/rear-ports/?device=leaf1');
    expect(rear.map((p: any) => [p.name, p.type.value, p.positions])).toEqual([['rear1', '8p8c', 1]]);
    // The server runs with LEGACY_FIELD_NAMES: the mapping shows as NetBox 4.4's rear_port and rear_port_position.
    expect((await get('dcim/front-ports/?device=leaf1')).map((p: any) => [p.name, p.rear_port, p.rear_port_position])).toEqual([['front1', rear[0].id, 1]]);
    expect((await get('dcim/inventory-items/?device=leaf1')).map((i: any) => [i.name, i.manufacturer.slug, i.part_id, i.discovered])).toEqual([['SFP 1', 'acme-networks', 'SFP-10G-LR', true]]);
    const [feed] = await get('dcim/power-feeds/?name=Feed%20A');
    expect([feed.power_panel.name, feed.rack.name, feed.phase.value, feed.voltage, feed.amperage, feed.max_utilization]).toEqual(['Panel 1', 'Rack 1', 'single-phase', 230, 16, 80]);
  }, 600_000);
});
