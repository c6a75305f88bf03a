/**
 * Real-client test: Debian's Ansible with its netbox.netbox collection (3.13) builds wireless LAN
 * groups, LANs and a link, an FHRP group and its assignment (runtime/server/ansible/wireless.yml)
 * against a real server, twice — the second run must change nothing. Without Ansible the test is
 * skipped (the run says so once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ansibleAvailable, ansibleServer, type AnsibleServer } from '../testing/ansible.ts';
import { testDatabases } from '../testing/database.ts';

const available = ansibleAvailable();

describe.skipIf(!available)('Ansible netbox.netbox wireless and FHRP modules against the inventory server', () => {
  let ansible: AnsibleServer;

  beforeAll(async () => {
    ansible = await ansibleServer(testDatabases()[0]);
  });
  afterAll(async () => ansible?.close());

  it('builds the wireless LAN and link and the FHRP group assignment once, and changes nothing on the second run', async () => {
    const first = await ansible.playbook('wireless.yml');
    expect(first).toMatchObject({ ok: 12, changed: 12, failed: 0 });
    const second = await ansible.playbook('wireless.yml');
    expect(second).toMatchObject({ ok: 12, changed: 0, failed: 0 });

    const get = ansible.results;
    const [lan] = await get('wireless/wireless-lans/?ssid=campus');
    expect([lan.group.name, lan.status.value, lan.auth_type.value, lan.auth_cipher.value, lan.auth_psk]).toEqual(['Campus WLANs', 'active', 'wpa-personal', 'aes', 'campus-psk']);
    const [link] = await get('wireless/wireless-links/');
    expect([link.ssid, link.interface_a.device.name, link.interface_b.device.name]).toEqual(['backhaul', 'ap-east', 'ap-west']);
    const radios = await get('dcim/interfaces/?name=wlan0');
    expect(radios.map((r: any) => r.wireless_link?.id)).toEqual([link.id, link.id]);
    const [group] = await get('ipam/fhrp-groups/?group_id=20');
    expect([group.protocol, group.auth_type, group.description]).toEqual(['vrrp2', 'md5', 'Campus gateway']);
    const [assignment] = await get(`ipam/fhrp-group-assignments/?group_id=${group.id}`);
    expect([assignment.interface.name, assignment.interface.device.name, assignment.priority]).toEqual(['eth0', 'ap-east', 150]);
  }, 600_000);
});
