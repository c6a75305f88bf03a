/**
 * End-to-end tests of interfaces and MAC addresses on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: NetBox 4.6's field set and brief form, natural interface ordering, bulk creates,
 * the 802.1Q mode and VLAN rules (serializer, then model, messages word for word), parent,
 * bridge and LAG rules within a device or virtual chassis, PoE and wireless rules, primary MAC
 * addresses, filters narrowing results, and nothing written after a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

describe.each(testDatabases())('dcim interfaces on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const iface = (device: number, name: string, extra: Record<string, unknown> = {}) => post('dcim/interfaces', { device, name, type: '1000base-t', ...extra });
  const list = async (query: string) => {
    const r = await api.request('GET', `/api/dcim/interfaces/?${query}&limit=0`);
    if (r.status !== 200) throw new Error(`${query}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.results.map((i: any) => `${i.device.name}:${i.name}`);
  };
  const count = async (path: string) => (await api.request('GET', `/api/${path}/?limit=1`)).body.count;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.region = (await post('dcim/regions', { name: 'Europe', slug: 'europe' })).id;
    ids.subregion = (await post('dcim/regions', { name: 'France', slug: 'france', parent: ids.region })).id;
    ids.site = (await post('dcim/sites', { name: 'Paris', slug: 'paris', region: ids.subregion })).id;
    ids.other = (await post('dcim/sites', { name: 'Lyon', slug: 'lyon' })).id;
    ids.maker = (await post('dcim/manufacturers', { name: 'Arista', slug: 'arista' })).id;
    ids.type = (await post('dcim/device-types', { manufacturer: ids.maker, model: '7050', slug: '7050' })).id;
    ids.role = (await post('dcim/device-roles', { name: 'Leaf', slug: 'leaf' })).id;
    ids.spine = (await post('dcim/device-roles', { name: 'Spine', slug: 'spine' })).id;
    const device = (name: string, extra: Record<string, unknown> = {}) => post('dcim/devices', { name, device_type: ids.type, role: ids.role, site: ids.site, ...extra });
    ids.sw1 = (await device('sw1')).id;
    ids.sw2 = (await device('sw2', { role: ids.spine })).id;
    ids.sw3 = (await device('sw3', { site: ids.other })).id;
    ids.vc = (await post('dcim/virtual-chassis', { name: 'vc1' })).id;
    ids.m1 = (await device('m1', { virtual_chassis: ids.vc, vc_position: 1 })).id;
    ids.m2 = (await device('m2', { virtual_chassis: ids.vc, vc_position: 2 })).id;
    const patched = await api.request('PATCH', `/api/dcim/virtual-chassis/${ids.vc}/`, { master: ids.m1 });
    if (patched.status !== 200) throw new Error(JSON.stringify(patched.body));
    ids.global = (await post('ipam/vlans', { vid: 10, name: 'v10' })).id;
    ids.paris = (await post('ipam/vlans', { vid: 20, name: 'v20', site: ids.site })).id;
    ids.lyon = (await post('ipam/vlans', { vid: 30, name: 'v30', site: ids.other })).id;
    ids.vrf = (await post('ipam/vrfs', { name: 'blue', rd: '65000:1' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('creates an interface with NetBox 4.6’s fields, brief form and display', async () => {
    const created = await iface(ids.sw1, 'eth0', { label: 'uplink', vrf: ids.vrf, speed: 10_000_000, mtu: 9000 });
    ids.eth0 = created.id;
    expect(Object.keys(created)).toEqual([
      'id', 'url', 'display_url', 'display', 'device', 'vdcs', 'module', 'name', 'label', 'type', 'enabled', 'parent', 'bridge', 'bridge_interfaces',
      'lag', 'mtu', 'mac_address', 'primary_mac_address', 'mac_addresses', 'speed', 'duplex', 'wwn', 'mgmt_only', 'description', 'mode', 'rf_role',
      'rf_channel', 'poe_mode', 'poe_type', 'rf_channel_frequency', 'rf_channel_width', 'tx_power', 'untagged_vlan', 'tagged_vlans', 'qinq_svlan',
      'vlan_translation_policy', 'mark_connected', 'cable', 'cable_end', 'wireless_link', 'link_peers', 'link_peers_type', 'wireless_lans', 'vrf',
      'l2vpn_termination', 'connected_endpoints', 'connected_endpoints_type', 'connected_endpoints_reachable', 'owner', 'tags', 'custom_fields',
      'created', 'last_updated', 'count_ipaddresses', 'count_fhrp_groups', '_occupied',
    ]);
    expect(created).toMatchObject({
      display: 'eth0 (uplink)', type: { value: '1000base-t', label: '1000BASE-T (1GE)' }, enabled: true, mode: null, duplex: null, speed: 10_000_000, mtu: 9000,
      cable: null, cable_end: null, link_peers: [], link_peers_type: null, connected_endpoints: null, connected_endpoints_type: null,
      connected_endpoints_reachable: false, wireless_link: null, wireless_lans: [], l2vpn_termination: null, mac_address: null, mac_addresses: [],
      count_ipaddresses: 0, count_fhrp_groups: 0, _occupied: false, vrf: { id: ids.vrf, name: 'blue' },
    });
    const brief = await api.request('GET', `/api/dcim/interfaces/${created.id}/?brief=1`);
    expect(Object.keys(brief.body)).toEqual(['id', 'url', 'display', 'device', 'name', 'description', 'cable', '_occupied']);
    expect(brief.body.device).toMatchObject({ id: ids.sw1, name: 'sw1' });
    const missing = await api.request('POST', '/api/dcim/interfaces/', { name: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ device: ['This field is required.'], type: ['This field is required.'] });
    const wwn = await iface(ids.sw1, 'fc0', { type: '8gfc-sfpp', wwn: '50-01-43-80-12-34-56-78' });
    expect(wwn.wwn).toBe('50:01:43:80:12:34:56:78');
    const badWwn = await api.request('POST', '/api/dcim/interfaces/', { device: ids.sw1, name: 'fc1', type: '8gfc-sfpp', wwn: '50:01' });
    expect(badWwn.body).toEqual({ wwn: ['Invalid WWN format: 50:01'] });
    expect((await api.request('PATCH', `/api/dcim/interfaces/${wwn.id}/`, { wwn: '' })).body.wwn).toBeNull();
    const badMtu = await api.request('POST', '/api/dcim/interfaces/', { device: ids.sw1, name: 'x', type: 'virtual', mtu: 70000 });
    expect(badMtu.body).toEqual({ mtu: ['Ensure this value is less than or equal to 65536.'] });
  });

  it('orders interfaces naturally by device, then slot, position and number', async () => {
    for (const name of ['eth10', 'eth2', 'eth1', 'eth1.100', 'eth1.20', 'Gi1/0/10', 'Gi1/0/2']) await iface(ids.sw2, name);
    expect(await list(`device_id=${ids.sw2}`)).toEqual(['sw2:Gi1/0/2', 'sw2:Gi1/0/10', 'sw2:eth1', 'sw2:eth1.20', 'sw2:eth1.100', 'sw2:eth2', 'sw2:eth10']);
    expect(await list(`device_id=${ids.sw2}&ordering=-name`)).toEqual(['sw2:eth2', 'sw2:eth10', 'sw2:eth1.20', 'sw2:eth1.100', 'sw2:eth1', 'sw2:Gi1/0/2', 'sw2:Gi1/0/10']);
  });

  it('creates interfaces in bulk, and writes none of them when one is refused', async () => {
    const bulk = await api.request('POST', '/api/dcim/interfaces/', [
      { device: ids.sw3, name: 'p1', type: '10gbase-x-sfpp' },
      { device: ids.sw3, name: 'p2', type: '10gbase-x-sfpp' },
    ]);
    expect(bulk.status).toBe(201);
    expect(bulk.body.map((i: any) => i.name)).toEqual(['p1', 'p2']);
    const before = await count('dcim/interfaces');
    const refused = await api.request('POST', '/api/dcim/interfaces/', [
      { device: ids.sw3, name: 'p3', type: '10gbase-x-sfpp' },
      { device: ids.sw3, name: 'p4', type: 'virtual', poe_mode: 'pse' },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual([{}, { poe_mode: ['Virtual interfaces cannot have a PoE mode.'] }]);
    const taken = await api.request('POST', '/api/dcim/interfaces/', [{ device: ids.sw3, name: 'p5', type: 'virtual' }, { device: ids.sw3, name: 'p1', type: 'virtual' }]);
    expect(taken.status).toBe(400);
    expect(taken.body[1]).toEqual({ __all__: ['Interface with this Device and Name already exists.'] });
    expect(await count('dcim/interfaces')).toBe(before);
  });

  it('keeps an interface on its device', async () => {
    const moved = await api.request('PATCH', `/api/dcim/interfaces/${ids.eth0}/`, { device: ids.sw2 });
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual({ device: ['Components cannot be moved to a different device.'] });
  });

  it('checks the 802.1Q mode against the VLANs, every serializer error at once', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ untagged_vlan: ids.global }, { untagged_vlan: ['Interface mode does not support untagged vlan'] }],
      [
        { untagged_vlan: ids.global, tagged_vlans: [ids.global], qinq_svlan: ids.global },
        {
          qinq_svlan: ['Interface mode does not support q-in-q service vlan'],
          untagged_vlan: ['Interface mode does not support untagged vlan'],
          tagged_vlans: ['Interface mode does not support tagged vlans'],
        },
      ],
      [{ mode: 'access', tagged_vlans: [ids.global] }, { tagged_vlans: ['Interface mode does not support tagged vlans'] }],
      [{ mode: 'tagged-all', tagged_vlans: [ids.global] }, { tagged_vlans: ['Interface mode does not support tagged vlans'] }],
      [{ mode: 'tagged', qinq_svlan: ids.global }, { qinq_svlan: ['Interface mode does not support q-in-q service vlan'] }],
      [{ mode: 'tagged', tagged_vlans: [ids.global, ids.lyon] }, { tagged_vlans: ["VLAN v30 (30) must belong to the same site as the interface's parent device, or it must be global."] }],
      [{ mode: 'access', untagged_vlan: ids.lyon }, { untagged_vlan: ["The untagged VLAN (v30 (30)) must belong to the same site as the interface's parent device, or it must be global."] }],
      [{ mode: 'bogus' }, { mode: ['bogus is not a valid choice.'] }],
    ];
    const before = await count('dcim/interfaces');
    for (const [extra, errors] of cases) {
      const r = await api.request('POST', '/api/dcim/interfaces/', { device: ids.sw1, name: 'vl', type: '1000base-t', ...extra });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body, JSON.stringify(extra)).toEqual(errors);
    }
    expect(await count('dcim/interfaces')).toBe(before);
  });

  it('keeps or clears tagged VLANs as NetBox does when the mode changes', async () => {
    const trunk = await iface(ids.sw1, 'trunk1', { mode: 'tagged', untagged_vlan: ids.paris, tagged_vlans: [ids.global, ids.paris] });
    expect(trunk.mode).toEqual({ value: 'tagged', label: 'Tagged' });
    // VLANs are ordered by site (global ones last, as PostgreSQL orders NULL), then VID.
    expect(trunk.tagged_vlans.map((v: any) => v.vid)).toEqual([20, 10]);
    expect(trunk.untagged_vlan).toMatchObject({ id: ids.paris, vid: 20 });
    // The stored tagged VLANs count: leaving `tagged` without clearing them is refused.
    const toAccess = await api.request('PATCH', `/api/dcim/interfaces/${trunk.id}/`, { mode: 'access' });
    expect(toAccess.status).toBe(400);
    expect(toAccess.body).toEqual({ tagged_vlans: ['Interface mode does not support tagged vlans'] });
    const cleared = await api.request('PATCH', `/api/dcim/interfaces/${trunk.id}/`, { mode: 'access', tagged_vlans: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.tagged_vlans).toEqual([]);
    const noMode = await api.request('PATCH', `/api/dcim/interfaces/${trunk.id}/`, { mode: '' });
    expect(noMode.body).toEqual({ untagged_vlan: ['Interface mode does not support untagged vlan'] });
    const routed = await api.request('PATCH', `/api/dcim/interfaces/${trunk.id}/`, { mode: '', untagged_vlan: null });
    expect(routed.status).toBe(200);
    expect(routed.body.mode).toBeNull();
    // Q-in-Q keeps the tagged VLANs written with it, but any later save clears them (BaseInterface.save()).
    const qinq = await iface(ids.sw1, 'qinq1', { mode: 'q-in-q', qinq_svlan: ids.global, tagged_vlans: [ids.paris] });
    expect(qinq.qinq_svlan).toMatchObject({ vid: 10 });
    expect(qinq.tagged_vlans.map((v: any) => v.vid)).toEqual([20]);
    const saved = await api.request('PATCH', `/api/dcim/interfaces/${qinq.id}/`, { description: 'customer' });
    expect(saved.status).toBe(200);
    expect(saved.body.tagged_vlans).toEqual([]);
    expect(saved.body.qinq_svlan).toMatchObject({ vid: 10 });
    expect(await list(`vlan_id=${ids.global}&device_id=${ids.sw1}`)).toEqual(['sw1:qinq1']);
    expect(await list(`vlan=20&device_id=${ids.sw1}`)).toEqual([]);
    expect(await list('vlan=nope')).toEqual([]);
  });

  it('keeps parent, bridge and LAG on the device or its virtual chassis, and never the interface itself', async () => {
    const lag = await iface(ids.sw1, 'Port-Channel1', { type: 'lag' });
    const member = await iface(ids.sw1, 'eth5', { lag: lag.id });
    expect(member.lag).toEqual({ id: lag.id, url: `http://nb.test/api/dcim/interfaces/${lag.id}/`, display_url: `http://nb.test/dcim/interfaces/${lag.id}/`, display: 'Port-Channel1', device: expect.objectContaining({ id: ids.sw1, name: 'sw1' }), name: 'Port-Channel1', _occupied: false });
    const bridge = await iface(ids.sw1, 'br0', { type: 'bridge' });
    const bridged = await iface(ids.sw1, 'eth6', { bridge: bridge.id });
    const sub = await iface(ids.sw1, 'eth5.10', { type: 'virtual', parent: member.id });
    expect((await api.request('GET', `/api/dcim/interfaces/${bridge.id}/`)).body.bridge_interfaces.map((i: any) => i.name)).toEqual(['eth6']);
    const other = await iface(ids.sw2, 'lag9', { type: 'lag' });
    const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
      [`${member.id}`, { parent: member.id }, { parent: ['An interface cannot be its own parent.'] }],
      [`${bridged.id}`, { bridge: bridged.id }, { bridge: ['An interface cannot be bridged to itself.'] }],
      [`${lag.id}`, { lag: lag.id }, { lag: ['A LAG interface cannot be its own parent.'] }],
      [`${member.id}`, { lag: other.id }, { lag: ['The selected LAG interface (lag9) belongs to a different device (sw2).'] }],
      [`${member.id}`, { bridge: other.id }, { bridge: ['The selected bridge interface (lag9) belongs to a different device (sw2).'] }],
      [`${sub.id}`, { parent: other.id }, { parent: ['The selected parent interface (lag9) belongs to a different device (sw2)'] }],
      [`${sub.id}`, { lag: lag.id }, { lag: ['Virtual interfaces cannot have a parent LAG interface.'] }],
      // Only type `virtual` has a parent: not a physical interface, nor a LAG or bridge.
      [`${bridged.id}`, { parent: member.id }, { parent: ['Only virtual interfaces may be assigned to a parent interface.'] }],
      [`${lag.id}`, { parent: member.id }, { parent: ['Only virtual interfaces may be assigned to a parent interface.'] }],
      [`${sub.id}`, { type: '1000base-t' }, { parent: ['Only virtual interfaces may be assigned to a parent interface.'] }],
    ];
    for (const [id, body, errors] of cases) {
      const r = await api.request('PATCH', `/api/dcim/interfaces/${id}/`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body, JSON.stringify(body)).toEqual(errors);
    }
    // Members of one virtual chassis share LAGs; a device outside it does not.
    const vcLag = await iface(ids.m1, 'ae0', { type: 'lag' });
    const m2Member = await iface(ids.m2, 'et-0/0/1', { lag: vcLag.id });
    expect(m2Member.lag.id).toBe(vcLag.id);
    const outside = await api.request('POST', '/api/dcim/interfaces/', { device: ids.m2, name: 'et-0/0/2', type: '1000base-t', lag: lag.id });
    expect(outside.status).toBe(400);
    expect(outside.body).toEqual({ lag: ['The selected LAG interface (Port-Channel1) belongs to sw1, which is not part of virtual chassis vc1.'] });
    // So do parents and bridges: a member's sub-interface may hang off another member's port, not off a device outside.
    const vcPort = await iface(ids.m1, 'et-0/0/9');
    const vcSub = await iface(ids.m2, 'et-0/0/9.5', { type: 'virtual', parent: vcPort.id });
    expect(vcSub.parent.id).toBe(vcPort.id);
    const foreignParent = await api.request('POST', '/api/dcim/interfaces/', { device: ids.m2, name: 'et-0/0/9.6', type: 'virtual', parent: member.id });
    expect(foreignParent.status).toBe(400);
    expect(foreignParent.body).toEqual({ parent: ['The selected parent interface (eth5) belongs to sw1, which is not part of virtual chassis vc1.'] });
    const foreignBridge = await api.request('POST', '/api/dcim/interfaces/', { device: ids.m2, name: 'et-0/0/3', type: '1000base-t', bridge: bridge.id });
    expect(foreignBridge.status).toBe(400);
    expect(foreignBridge.body).toEqual({ bridge: ['The selected bridge interface (br0) belongs to sw1, which is not part of virtual chassis vc1.'] });
    expect(await list(`lag_id=${lag.id}`)).toEqual(['sw1:eth5']);
    expect(await list(`parent_id=${member.id}`)).toEqual(['sw1:eth5.10']);
    expect(await list(`bridge_id=${bridge.id}`)).toEqual(['sw1:eth6']);
    expect(await list(`virtual_chassis_member=m2&type=lag`)).toEqual(['m1:ae0']);
    expect(await list(`virtual_chassis_member_or_master=m2&type=lag`)).toEqual([]);
    expect(await list(`virtual_chassis_member_or_master_id=${ids.m1}&type=lag`)).toEqual(['m1:ae0']);
    // A parent with children is protected (RESTRICT); the LAG and bridge are cleared from their members.
    const protectedParent = await api.request('DELETE', `/api/dcim/interfaces/${member.id}/`);
    expect(protectedParent.status).toBe(409);
    expect(protectedParent.body.detail).toContain('eth5.10');
    expect((await api.request('DELETE', `/api/dcim/interfaces/${bridge.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/interfaces/${bridged.id}/`)).body.bridge).toBeNull();
  });

  it('refuses PoE and wireless settings where NetBox does, and fills a channel’s frequency and width', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ type: 'virtual', poe_mode: 'pse' }, { poe_mode: ['Virtual interfaces cannot have a PoE mode.'] }],
      [{ type: 'lag', poe_type: 'type1-ieee802.3af' }, { poe_type: ['Virtual interfaces cannot have a PoE type.'] }],
      [{ poe_type: 'type1-ieee802.3af' }, { poe_type: ['Must specify PoE mode when designating a PoE type.'] }],
      [{ rf_role: 'ap' }, { rf_role: ['Wireless role may be set only on wireless interfaces.'] }],
      [{ rf_channel: '2.4g-1-2412-22' }, { rf_channel: ['Channel may be set only on wireless interfaces.'] }],
      [{ rf_channel_frequency: 2412 }, { rf_channel_frequency: ['Channel frequency may be set only on wireless interfaces.'] }],
      [{ rf_channel_width: 20 }, { rf_channel_width: ['Channel width may be set only on wireless interfaces.'] }],
      [{ type: 'ieee802.11n', rf_channel: '2.4g-1-2412-22', rf_channel_frequency: 2400 }, { rf_channel_frequency: ['Cannot specify custom frequency with channel selected.'] }],
      [{ type: 'ieee802.11n', rf_channel: '2.4g-1-2412-22', rf_channel_width: 40 }, { rf_channel_width: ['Cannot specify custom width with channel selected.'] }],
      [{ type: 'virtual', mark_connected: true }, { mark_connected: ['Virtual interfaces cannot be marked as connected.'] }],
    ];
    for (const [extra, errors] of cases) {
      const r = await api.request('POST', '/api/dcim/interfaces/', { device: ids.sw3, name: 'w', type: '1000base-t', ...extra });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body, JSON.stringify(extra)).toEqual(errors);
    }
    const poe = await iface(ids.sw3, 'poe1', { poe_mode: 'pse', poe_type: 'type1-ieee802.3af' });
    expect(poe.poe_mode).toEqual({ value: 'pse', label: 'PSE' });
    const radio = await iface(ids.sw3, 'wlan0', { type: 'ieee802.11n', rf_role: 'ap', rf_channel: '2.4g-1-2412-22' });
    expect(radio).toMatchObject({ rf_channel_frequency: 2412, rf_channel_width: 22, rf_role: { value: 'ap', label: 'Access point' } });
    expect(await list(`kind=wireless&device_id=${ids.sw3}`)).toEqual(['sw3:wlan0']);
    expect(await list(`kind=physical&device_id=${ids.sw3}`)).toEqual(['sw3:p1', 'sw3:p2', 'sw3:poe1']);
    expect(await list('kind=nonsense')).toEqual([]);
  });

  it('keeps MAC addresses, refusing a primary one assigned elsewhere and moving a primary one', async () => {
    const eth7 = await iface(ids.sw1, 'eth7');
    const eth8 = await iface(ids.sw1, 'eth8');
    const mac = await post('dcim/mac-addresses', { mac_address: '00-11-22-aa-bb-cc', assigned_object_type: 'dcim.interface', assigned_object_id: eth7.id });
    expect(Object.keys(mac)).toEqual(['id', 'url', 'display_url', 'display', 'mac_address', 'assigned_object_type', 'assigned_object_id', 'assigned_object', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated']);
    expect(mac).toMatchObject({ display: '00:11:22:AA:BB:CC', mac_address: '00:11:22:AA:BB:CC', assigned_object: { id: eth7.id, name: 'eth7' } });
    const spare = await post('dcim/mac-addresses', { mac_address: '00:11:22:aa:bb:dd' });
    const other = await post('dcim/mac-addresses', { mac_address: '00:11:22:aa:bb:ee', assigned_object_type: 'dcim.interface', assigned_object_id: eth8.id });
    const primary = await api.request('PATCH', `/api/dcim/interfaces/${eth7.id}/`, { primary_mac_address: mac.id });
    expect(primary.status).toBe(200);
    expect(primary.body).toMatchObject({ mac_address: '00:11:22:AA:BB:CC', primary_mac_address: { id: mac.id, mac_address: '00:11:22:AA:BB:CC' } });
    expect(primary.body.mac_addresses.map((m: any) => m.mac_address)).toEqual(['00:11:22:AA:BB:CC']);
    const elsewhere = await api.request('PATCH', `/api/dcim/interfaces/${eth7.id}/`, { primary_mac_address: other.id });
    expect(elsewhere.body).toEqual({ primary_mac_address: ['MAC address 00:11:22:AA:BB:EE is assigned to a different interface (eth8).'] });
    // NetBox 4.6 accepts an unassigned MAC address as primary.
    const unassigned = await api.request('PATCH', `/api/dcim/interfaces/${eth8.id}/`, { primary_mac_address: spare.id });
    expect(unassigned.body.mac_address).toBe('00:11:22:AA:BB:DD');
    // A VM interface's MAC address is another interface's too: BaseInterface.clean() names it; it goes with its VM.
    const vm = await post('virtualization/virtual-machines', { name: 'vm-mac', site: ids.site });
    const vnic = await post('virtualization/interfaces', { virtual_machine: vm.id, name: 'vnic0' });
    const onVm = await post('dcim/mac-addresses', { mac_address: '00:00:00:00:00:01', assigned_object_type: 'virtualization.vminterface', assigned_object_id: vnic.id });
    expect(onVm).toMatchObject({ assigned_object_type: 'virtualization.vminterface', assigned_object_id: vnic.id, assigned_object: { id: vnic.id, name: 'vnic0' } });
    const vmMac = await api.request('PATCH', `/api/dcim/interfaces/${eth7.id}/`, { primary_mac_address: onVm.id });
    expect([vmMac.status, vmMac.body]).toEqual([400, { primary_mac_address: ['MAC address 00:00:00:00:00:01 is assigned to a different interface (vnic0).'] }]);
    expect((await api.request('DELETE', `/api/virtualization/virtual-machines/${vm.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/mac-addresses/${onVm.id}/`)).status).toBe(404);
    const noVmInterface = await api.request('POST', '/api/dcim/mac-addresses/', { mac_address: '00:00:00:00:00:01', assigned_object_type: 'virtualization.vminterface', assigned_object_id: vnic.id });
    expect([noVmInterface.status, noVmInterface.body]).toEqual([400, { assigned_object_id: [`Related object not found using the provided value: ${vnic.id}.`] }]);
    const notInterface = await api.request('POST', '/api/dcim/mac-addresses/', { mac_address: '00:00:00:00:00:01', assigned_object_type: 'dcim.device', assigned_object_id: ids.sw1 });
    expect([notInterface.status, notInterface.body]).toEqual([400, { assigned_object_type: ['Invalid content type: dcim.device'] }]);
    const badMac = await api.request('POST', '/api/dcim/mac-addresses/', { mac_address: 'zz' });
    expect(badMac.status).toBe(400);
    // BaseModel.clean()'s checks of the generic relation: half a pair, and an object that is not there.
    const typeOnly = await api.request('POST', '/api/dcim/mac-addresses/', { mac_address: '00:00:00:00:00:02', assigned_object_type: 'dcim.interface' });
    expect([typeOnly.status, typeOnly.body]).toEqual([400, { assigned_object_id: ['This field cannot be null.'] }]);
    const idOnly = await api.request('POST', '/api/dcim/mac-addresses/', { mac_address: '00:00:00:00:00:02', assigned_object_id: eth7.id });
    expect([idOnly.status, idOnly.body]).toEqual([400, { assigned_object_type: ['This field cannot be null.'] }]);
    const nowhere = await api.request('POST', '/api/dcim/mac-addresses/', { mac_address: '00:00:00:00:00:02', assigned_object_type: 'dcim.interface', assigned_object_id: 99999 });
    expect([nowhere.status, nowhere.body]).toEqual([400, { assigned_object_id: ['Related object not found using the provided value: 99999.'] }]);
    const reassign = await api.request('PATCH', `/api/dcim/mac-addresses/${mac.id}/`, { assigned_object_id: eth8.id });
    expect(reassign.body).toEqual({ __all__: ['Cannot reassign MAC Address while it is designated as the primary MAC for an object'] });
    const unassign = await api.request('PATCH', `/api/dcim/mac-addresses/${mac.id}/`, { assigned_object_type: null, assigned_object_id: null });
    expect(unassign.body).toEqual({ __all__: ['Cannot unassign MAC Address while it is designated as the primary MAC for an object'] });
    const moved = await api.request('PATCH', `/api/dcim/mac-addresses/${other.id}/`, { assigned_object_id: eth7.id });
    expect(moved.status).toBe(200);
    const macs = async (query: string) => (await api.request('GET', `/api/dcim/mac-addresses/?${query}`)).body.results.map((m: any) => m.mac_address);
    expect(await macs('primary=true')).toEqual(['00:11:22:AA:BB:CC', '00:11:22:AA:BB:DD']);
    expect(await macs('assigned=false')).toEqual(['00:11:22:AA:BB:DD']);
    expect(await macs(`interface_id=${eth7.id}`)).toEqual(['00:11:22:AA:BB:CC', '00:11:22:AA:BB:EE']);
    expect(await macs('interface=eth7&mac_address__ic=bb:ee')).toEqual(['00:11:22:AA:BB:EE']);
    expect(await macs(`interface_id__n=${eth7.id}`)).toEqual(['00:11:22:AA:BB:DD']);
    expect(await macs('device=sw1')).toEqual(['00:11:22:AA:BB:CC', '00:11:22:AA:BB:EE']);
    expect(await macs(`device_id=${ids.sw2}`)).toEqual([]);
    expect(await macs('q=aa:bb:dd')).toEqual(['00:11:22:AA:BB:DD']);
    expect((await api.request('GET', '/api/dcim/mac-addresses/?device_id=x')).body).toEqual({ device_id: ['Enter a number.'] });
    expect((await api.request('GET', '/api/dcim/mac-addresses/?interface=nowhere')).body).toEqual({ interface: ['Select a valid choice. nowhere is not one of the available choices.'] });
    expect(await list('mac_address=00-11-22-AA-BB-EE')).toEqual(['sw1:eth7']);
    expect(await list('mac_address__ic=bb:ee')).toEqual(['sw1:eth7']);
    expect(await list('primary_mac_address=00-11-22-AA-BB-CC')).toEqual(['sw1:eth7']);
    expect((await api.request('GET', '/api/dcim/interfaces/?primary_mac_address=00:00:00:00:00:99')).body).toEqual({ primary_mac_address: ['Select a valid choice. 00:00:00:00:00:99 is not one of the available choices.'] });
    // Deleting the primary MAC address clears it; deleting the interface deletes its MAC addresses.
    expect((await api.request('DELETE', `/api/dcim/mac-addresses/${spare.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/interfaces/${eth8.id}/`)).body).toMatchObject({ primary_mac_address: null, mac_address: null });
    expect((await api.request('DELETE', `/api/dcim/interfaces/${eth7.id}/`)).status).toBe(204);
    expect(await macs('')).toEqual([]);
  });

  it('filters interfaces by device, site, region tree, role, type, mode and vdcs', async () => {
    const vdc = await post('dcim/virtual-device-contexts', { name: 'ctx1', device: ids.sw2, identifier: 1, status: 'active' });
    const inVdc = await iface(ids.sw2, 'eth20', { vdcs: [vdc.id], mgmt_only: true });
    expect(inVdc.vdcs).toEqual([expect.objectContaining({ id: vdc.id, name: 'ctx1' })]);
    expect(await list(`vdc_id=${vdc.id}`)).toEqual(['sw2:eth20']);
    expect(await list('vdc=ctx1')).toEqual(['sw2:eth20']);
    expect(await list('vdc_identifier=1')).toEqual(['sw2:eth20']);
    expect(await list('device=sw3&type=lag')).toEqual([]);
    expect(await list(`device=sw3`)).toEqual(['sw3:p1', 'sw3:p2', 'sw3:poe1', 'sw3:wlan0']);
    expect(await list('site=lyon')).toEqual(['sw3:p1', 'sw3:p2', 'sw3:poe1', 'sw3:wlan0']);
    expect(await list(`site_id=${ids.other}&mgmt_only=true`)).toEqual([]);
    expect((await list('region=europe')).length).toBeGreaterThan(5);
    expect(await list('region=europe&site=lyon')).toEqual([]);
    expect(await list('device_role=spine&mgmt_only=true')).toEqual(['sw2:eth20']);
    expect(await list(`device_role_id=${ids.spine}&name__isw=eth1`)).toEqual(['sw2:eth1', 'sw2:eth1.20', 'sw2:eth1.100', 'sw2:eth10']);
    expect(await list('type=bridge')).toEqual([]);
    expect(await list('mode=tagged')).toEqual([]);
    expect(await list('mode=access')).toEqual([]);
    expect(await list('mode=q-in-q')).toEqual(['sw1:qinq1']);
    expect(await list('q=uplink')).toEqual(['sw1:eth0']);
    expect((await api.request('GET', '/api/dcim/interfaces/?site=nowhere')).body).toEqual({ site: ['Select a valid choice. nowhere is not one of the available choices.'] });
    expect((await api.request('GET', '/api/dcim/interfaces/?wireless_lan_id=1')).status).toBe(400);
    // Deleting a device deletes its interfaces.
    const before = await count('dcim/interfaces');
    expect((await api.request('DELETE', `/api/dcim/devices/${ids.sw3}/`)).status).toBe(204);
    expect(await count('dcim/interfaces')).toBe(before - 4);
  });
});
