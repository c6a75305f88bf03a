/**
 * End-to-end tests of VM interfaces, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL:
 * shapes, natural ordering within each VM, every rule NetBox's API applies (unique-together,
 * tagged VLAN sites, VMInterface.clean()) with its message, what saving does to VLANs by mode,
 * the VM's interface count, MAC addresses (primary, filters both ways, MACAddress.clean() and
 * BaseInterface.clean() refusals), filters, and cascades.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

describe.each(testDatabases())('virtualization VM interfaces on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const iface = (body: Record<string, unknown>) => post('/api/virtualization/interfaces/', { virtual_machine: ids.vm1, ...body });
  const list = async (query: string) => (await api.request('GET', `/api/virtualization/interfaces/?${query}&limit=0`)).body.results.map((i: any) => `${i.virtual_machine.name}:${i.name}`);
  const count = async () => Number((await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM virtualization_vminterface'))[0].n);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.nyc = (await post('/api/dcim/sites/', { name: 'NYC', slug: 'nyc' })).id;
    ids.lax = (await post('/api/dcim/sites/', { name: 'LAX', slug: 'lax' })).id;
    const type = await post('/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' });
    ids.cluster = (await post('/api/virtualization/clusters/', { name: 'c1', type: type.id, scope_type: 'dcim.site', scope_id: ids.nyc })).id;
    ids.vm1 = (await post('/api/virtualization/virtual-machines/', { name: 'vm1', cluster: ids.cluster })).id;
    ids.vm2 = (await post('/api/virtualization/virtual-machines/', { name: 'vm2', site: ids.lax })).id;
    ids.global = (await post('/api/ipam/vlans/', { vid: 10, name: 'global' })).id;
    ids.local = (await post('/api/ipam/vlans/', { vid: 20, name: 'nyc-users', site: ids.nyc })).id;
    ids.far = (await post('/api/ipam/vlans/', { vid: 30, name: 'lax-users', site: ids.lax })).id;
    ids.svlan = (await post('/api/ipam/vlans/', { vid: 100, name: 'outer', qinq_role: 'svlan' })).id;
    ids.vrf = (await post('/api/ipam/vrfs/', { name: 'blue', rd: '65000:1' })).id;
    ids.policy = (await post('/api/ipam/vlan-translation-policies/', { name: 'p1' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('creates interfaces with NetBox’s fields and nested shapes', async () => {
    const eth0 = await iface({ name: 'eth0', mtu: 1500, description: 'uplink', mode: 'access', untagged_vlan: ids.local, vrf: ids.vrf, vlan_translation_policy: ids.policy });
    ids.eth0 = eth0.id;
    expect(Object.keys(eth0)).toEqual([
      'id', 'url', 'display_url', 'display', 'virtual_machine', 'name', 'enabled', 'parent', 'bridge', 'mtu', 'mac_address', 'primary_mac_address',
      'mac_addresses', 'description', 'mode', 'untagged_vlan', 'tagged_vlans', 'qinq_svlan', 'vlan_translation_policy', 'vrf', 'l2vpn_termination',
      'owner', 'tags', 'custom_fields', 'created', 'last_updated', 'count_ipaddresses', 'count_fhrp_groups',
    ]);
    expect(eth0).toMatchObject({
      url: `http://nb.test/api/virtualization/interfaces/${eth0.id}/`,
      display_url: `http://nb.test/virtualization/interfaces/${eth0.id}/`,
      display: 'eth0',
      enabled: true,
      mtu: 1500,
      mac_address: null,
      primary_mac_address: null,
      mac_addresses: [],
      mode: { value: 'access', label: 'Access' },
      tagged_vlans: [],
      l2vpn_termination: null,
      count_ipaddresses: 0,
      count_fhrp_groups: 0,
    });
    expect(eth0.virtual_machine).toEqual({ id: ids.vm1, url: `http://nb.test/api/virtualization/virtual-machines/${ids.vm1}/`, display: 'vm1', name: 'vm1', description: '' });
    expect(eth0.untagged_vlan).toMatchObject({ id: ids.local, display: 'nyc-users (20)', vid: 20 });
    expect(eth0.vrf).toMatchObject({ id: ids.vrf, name: 'blue', rd: '65000:1' });
    expect(eth0.vlan_translation_policy).toMatchObject({ id: ids.policy, name: 'p1' });
    const sub = await iface({ name: 'eth0.10', parent: eth0.id, mode: 'tagged', tagged_vlans: [ids.global, ids.local] });
    expect(sub.parent).toEqual({
      id: eth0.id, url: eth0.url, display_url: eth0.display_url, display: 'eth0',
      virtual_machine: { id: ids.vm1, url: `http://nb.test/api/virtualization/virtual-machines/${ids.vm1}/`, display: 'vm1', name: 'vm1', description: '' },
      name: 'eth0',
    });
    // In the VLANs' own order: by site (the global one last), then VID.
    expect(sub.tagged_vlans.map((v: any) => v.vid)).toEqual([20, 10]);
    const brief = await api.request('GET', `/api/virtualization/interfaces/${eth0.id}/?brief=1`);
    expect(brief.body).toEqual({ id: eth0.id, url: eth0.url, display: 'eth0', virtual_machine: eth0.virtual_machine, name: 'eth0', description: 'uplink' });
    expect((await api.request('GET', `/api/virtualization/virtual-machines/${ids.vm1}/`)).body.interface_count).toBe(2);
  }, SLOW);

  it('orders interfaces by VM, then naturally by name', async () => {
    for (const name of ['eth10', 'eth2', 'eth1', 'eth1.100']) await iface({ name });
    await post('/api/virtualization/interfaces/', { virtual_machine: ids.vm2, name: 'eth0' });
    await post('/api/virtualization/interfaces/', { virtual_machine: ids.vm2, name: 'Gi1/0/10' });
    await post('/api/virtualization/interfaces/', { virtual_machine: ids.vm2, name: 'Gi1/0/2' });
    expect(await list('')).toEqual(['vm1:eth0', 'vm1:eth0.10', 'vm1:eth1', 'vm1:eth1.100', 'vm1:eth2', 'vm1:eth10', 'vm2:Gi1/0/2', 'vm2:Gi1/0/10', 'vm2:eth0']);
    expect((await api.request('GET', `/api/virtualization/virtual-machines/${ids.vm1}/`)).body.interface_count).toBe(6);
    expect(await list('virtual_machine=vm1&interface_count__gte=0&name__isw=eth1')).toEqual(['vm1:eth1', 'vm1:eth1.100', 'vm1:eth10']);
  }, SLOW);

  it('refuses what NetBox’s serializer and VMInterface.clean() refuse, with their messages, writing nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ name: 'eth0' }, { __all__: ['Interface with this Virtual machine and Name already exists.'] }],
      [{ name: 'x', mode: 'tagged', tagged_vlans: [ids.global, ids.far] }, { tagged_vlans: ["VLAN lax-users (30) must belong to the same site as the interface's parent virtual machine, or it must be global."] }],
      [{ name: 'x', qinq_svlan: ids.svlan, mode: 'access' }, { qinq_svlan: ['Only Q-in-Q interfaces may specify a service VLAN.'] }],
      [{ name: 'x', parent: 0 }, { parent: ['Related object not found using the provided numeric ID: 0'] }],
      [{ name: 'x', mode: 'access', untagged_vlan: ids.far }, { untagged_vlan: ["The untagged VLAN (lax-users (30)) must belong to the same site as the interface's parent virtual machine, or it must be global."] }],
      [{ name: 'x', mtu: 0 }, { mtu: ['Ensure this value is greater than or equal to 1.'] }],
      [{ name: 'x', mtu: 65537 }, { mtu: ['Ensure this value is less than or equal to 65536.'] }],
      [{ name: 'x', mode: 'trunk' }, { mode: ['trunk is not a valid choice.'] }],
      [{ name: 'x', primary_mac_address: 1 }, { primary_mac_address: ['Related object not found using the provided numeric ID: 1'] }],
      [{ name: 'x', tagged_vlans: [999999] }, { tagged_vlans: ['Invalid pk "999999" - object does not exist.'] }],
    ];
    for (const [body, errors] of cases) {
      const r = await api.request('POST', '/api/virtualization/interfaces/', { virtual_machine: ids.vm1, ...body });
      expect({ body, status: r.status, errors: r.body }).toEqual({ body, status: 400, errors });
    }
    // Parents and bridges on another VM, or the interface itself.
    const other = (await api.request('GET', '/api/virtualization/interfaces/?virtual_machine=vm2&name=eth0')).body.results[0];
    const patches: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ parent: other.id }, { parent: ['The selected parent interface (eth0) belongs to a different virtual machine (vm2).'] }],
      [{ bridge: other.id }, { bridge: ['The selected bridge interface (eth0) belongs to a different virtual machine (vm2).'] }],
      [{ parent: ids.eth0 }, { parent: ['An interface cannot be its own parent.'] }],
      [{ bridge: ids.eth0 }, { bridge: ['An interface cannot be bridged to itself.'] }],
    ];
    for (const [body, errors] of patches) {
      const r = await api.request('PATCH', `/api/virtualization/interfaces/${ids.eth0}/`, body);
      expect({ body, status: r.status, errors: r.body }).toEqual({ body, status: 400, errors });
    }
    // The VM an update checks tagged VLANs against is the interface's own, not one in the request.
    const moved = await api.request('PATCH', `/api/virtualization/interfaces/${ids.eth0}/`, { virtual_machine: ids.vm2, name: 'moved', mode: 'tagged', tagged_vlans: [ids.far] });
    expect(moved.body).toEqual({ tagged_vlans: ["VLAN lax-users (30) must belong to the same site as the interface's parent virtual machine, or it must be global."] });
    const bulk = await api.request('POST', '/api/virtualization/interfaces/', [{ virtual_machine: ids.vm1, name: 'new1' }, { virtual_machine: ids.vm1, name: 'new1' }]);
    expect(bulk.body).toEqual([{}, { __all__: ['Interface with this Virtual machine and Name already exists.'] }]);
    expect(await count()).toBe(before);
    const unchanged = (await api.request('GET', `/api/virtualization/interfaces/${ids.eth0}/`)).body;
    expect([unchanged.parent, unchanged.bridge, unchanged.virtual_machine.id, unchanged.mode.value]).toEqual([null, null, ids.vm1, 'access']);
    // A bridge on the same VM is fine; so is a Q-in-Q interface with its service VLAN.
    const eth1 = (await api.request('GET', '/api/virtualization/interfaces/?virtual_machine=vm1&name=eth1')).body.results[0];
    expect((await api.request('PATCH', `/api/virtualization/interfaces/${ids.eth0}/`, { bridge: eth1.id })).body.bridge).toMatchObject({ id: eth1.id, name: 'eth1' });
    expect((await api.request('PATCH', `/api/virtualization/interfaces/${eth1.id}/`, { mode: 'q-in-q', qinq_svlan: ids.svlan })).body.qinq_svlan).toMatchObject({ id: ids.svlan });
  }, SLOW);

  it('drops VLANs a mode cannot carry when saving, as NetBox does', async () => {
    const trunk = await iface({ name: 'trunk', mode: 'tagged', untagged_vlan: ids.global, tagged_vlans: [ids.local] });
    const path = `/api/virtualization/interfaces/${trunk.id}/`;
    // No mode: no untagged VLAN (and, on update, no tagged ones).
    const routed = await api.request('PATCH', path, { mode: '' });
    expect(routed.body).toMatchObject({ mode: null, untagged_vlan: null, tagged_vlans: [] });
    // Back to tagged mode with VLANs, then to access: the tagged VLANs go, the untagged stays.
    await api.request('PATCH', path, { mode: 'tagged', untagged_vlan: ids.global, tagged_vlans: [ids.local, ids.global] });
    const access = await api.request('PATCH', path, { mode: 'access' });
    expect(access.body).toMatchObject({ mode: { value: 'access', label: 'Access' }, tagged_vlans: [] });
    expect(access.body.untagged_vlan.id).toBe(ids.global);
    // NetBox's serializer writes tagged VLANs given in the request after the model's save.
    const given = await api.request('PATCH', path, { mode: 'tagged-all', tagged_vlans: [ids.local] });
    expect(given.body.tagged_vlans.map((v: any) => v.id)).toEqual([ids.local]);
    // A new interface without a mode keeps no untagged VLAN.
    const plain = await iface({ name: 'plain', untagged_vlan: ids.global });
    expect(plain.untagged_vlan).toBeNull();
  }, SLOW);

  it('filters interfaces by VM, cluster, VLAN, mode and more', async () => {
    const sub = (await api.request('GET', '/api/virtualization/interfaces/?name=eth0.10')).body.results[0];
    expect(await list(`vlan_id=${ids.local}&virtual_machine_id=${ids.vm1}`)).toEqual(['vm1:eth0', 'vm1:eth0.10', 'vm1:trunk']);
    expect(await list('vlan=10&name__n=plain')).toEqual(['vm1:eth0.10', 'vm1:trunk']);
    expect(await list('vlan=100')).toEqual(['vm1:eth1']); // the service VLAN
    expect(await list('vlan=abc')).toEqual([]);
    expect(await list(`cluster_id=${ids.cluster}&mode=access`)).toEqual(['vm1:eth0']);
    expect(await list('cluster=c1&mode__n=access&mode__empty=false')).toEqual(['vm1:eth0.10', 'vm1:eth1', 'vm1:trunk']);
    expect(await list(`parent_id=${ids.eth0}`)).toEqual(['vm1:eth0.10']);
    expect(await list(`bridge_id=${sub.id}`)).toEqual([]);
    expect(await list('vrf=65000:1')).toEqual(['vm1:eth0']);
    expect(await list(`vrf_id=${ids.vrf}&mtu__gte=1000&enabled=true`)).toEqual(['vm1:eth0']);
    expect(await list('vlan_translation_policy=p1')).toEqual(['vm1:eth0']);
    expect(await list('q=uplink')).toEqual(['vm1:eth0']);
    expect(await list('mac_address=00:11:22:33:44:55')).toEqual([]);
    expect(await list('virtual_machine=vm2&mac_address__n=00:11:22:33:44:55')).toEqual(['vm2:Gi1/0/2', 'vm2:Gi1/0/10', 'vm2:eth0']);
    const l2vpn = await api.request('GET', '/api/virtualization/interfaces/?l2vpn_id=1');
    expect(l2vpn.body).toEqual({ l2vpn_id: ['Select a valid choice. 1 is not one of the available choices.'] });
    const vm = await api.request('GET', '/api/virtualization/interfaces/?virtual_machine=nowhere');
    expect(vm.body).toEqual({ virtual_machine: ['Select a valid choice. nowhere is not one of the available choices.'] });
  }, SLOW);

  it('keeps MAC addresses: a primary one shown, filtered, refused elsewhere as NetBox does, gone with the interface', async () => {
    const mac = (mac_address: string, assigned_object_id: number) => post('/api/dcim/mac-addresses/', { mac_address, assigned_object_type: 'virtualization.vminterface', assigned_object_id });
    const macs = async (query: string) => (await api.request('GET', `/api/dcim/mac-addresses/?${query}`)).body.results.map((m: any) => m.mac_address);
    const machines = async (query: string) => (await api.request('GET', `/api/virtualization/virtual-machines/?${query}`)).body.results.map((m: any) => m.name);
    const nic0 = await iface({ name: 'nic0' });
    const nic1 = await iface({ name: 'nic1' });
    const nic9 = await post('/api/virtualization/interfaces/', { virtual_machine: ids.vm2, name: 'nic9' });
    const first = await mac('aa-bb-cc-00-00-01', nic0.id);
    expect(first).toMatchObject({ mac_address: 'AA:BB:CC:00:00:01', assigned_object_type: 'virtualization.vminterface', assigned_object_id: nic0.id });
    expect(first.assigned_object).toMatchObject({ id: nic0.id, name: 'nic0', virtual_machine: { id: ids.vm1, name: 'vm1' } });
    const second = await mac('aa:bb:cc:00:00:02', nic0.id);
    const far = await mac('aa:bb:cc:00:00:09', nic9.id);
    // Made primary, the interface shows it, its value and its list.
    const primary = await api.request('PATCH', `/api/virtualization/interfaces/${nic0.id}/`, { primary_mac_address: first.id });
    expect(primary.status).toBe(200);
    expect(primary.body).toMatchObject({ mac_address: 'AA:BB:CC:00:00:01', primary_mac_address: { id: first.id, mac_address: 'AA:BB:CC:00:00:01', description: '' } });
    expect(primary.body.mac_addresses.map((m: any) => m.mac_address)).toEqual(['AA:BB:CC:00:00:01', 'AA:BB:CC:00:00:02']);
    expect((await api.request('GET', `/api/virtualization/interfaces/${nic0.id}/`)).body.mac_address).toBe('AA:BB:CC:00:00:01');
    // BaseInterface.clean(): a MAC address of another interface, on this VM or another, is refused.
    const elsewhere = await api.request('PATCH', `/api/virtualization/interfaces/${nic1.id}/`, { primary_mac_address: second.id });
    expect([elsewhere.status, elsewhere.body]).toEqual([400, { primary_mac_address: ['MAC address AA:BB:CC:00:00:02 is assigned to a different interface (nic0).'] }]);
    const created = await api.request('POST', '/api/virtualization/interfaces/', { virtual_machine: ids.vm1, name: 'nic2', primary_mac_address: far.id });
    expect([created.status, created.body]).toEqual([400, { primary_mac_address: ['MAC address AA:BB:CC:00:00:09 is assigned to a different interface (nic9).'] }]);
    // MACAddress.clean(): the primary one stays where it is; another moves freely.
    const reassign = await api.request('PATCH', `/api/dcim/mac-addresses/${first.id}/`, { assigned_object_id: nic1.id });
    expect([reassign.status, reassign.body]).toEqual([400, { __all__: ['Cannot reassign MAC Address while it is designated as the primary MAC for an object'] }]);
    const unassign = await api.request('PATCH', `/api/dcim/mac-addresses/${first.id}/`, { assigned_object_type: null, assigned_object_id: null });
    expect([unassign.status, unassign.body]).toEqual([400, { __all__: ['Cannot unassign MAC Address while it is designated as the primary MAC for an object'] }]);
    expect((await api.request('PATCH', `/api/dcim/mac-addresses/${second.id}/`, { assigned_object_id: nic1.id })).status).toBe(200);
    expect((await api.request('GET', `/api/dcim/mac-addresses/${first.id}/`)).body.assigned_object_id).toBe(nic0.id);
    // The MAC addresses' filters by VM and VM interface.
    expect(await macs('virtual_machine=vm1')).toEqual(['AA:BB:CC:00:00:01', 'AA:BB:CC:00:00:02']);
    expect(await macs(`virtual_machine_id=${ids.vm2}`)).toEqual(['AA:BB:CC:00:00:09']);
    expect(await macs('virtual_machine=nowhere')).toEqual([]);
    expect(await macs('vminterface=nic0')).toEqual(['AA:BB:CC:00:00:01']);
    expect(await macs(`vminterface_id=${nic1.id}&vminterface_id=${nic9.id}`)).toEqual(['AA:BB:CC:00:00:02', 'AA:BB:CC:00:00:09']);
    expect(await macs(`vminterface_id__n=${nic0.id}`)).toEqual(['AA:BB:CC:00:00:02', 'AA:BB:CC:00:00:09']);
    expect(await macs('primary=true')).toEqual(['AA:BB:CC:00:00:01']);
    expect(await macs('primary=false')).toEqual(['AA:BB:CC:00:00:02', 'AA:BB:CC:00:00:09']);
    expect(await macs('assigned_object_type=virtualization.vminterface&virtual_machine=vm1&mac_address__n=aa:bb:cc:00:00:01')).toEqual(['AA:BB:CC:00:00:02']);
    expect((await api.request('GET', '/api/dcim/mac-addresses/?virtual_machine_id=x')).body).toEqual({ virtual_machine_id: ['Enter a number.'] });
    // ModelMultipleChoiceFilters: an interface that is not there is an invalid choice (`interface` names a device's).
    expect((await api.request('GET', '/api/dcim/mac-addresses/?interface=nic0')).body).toEqual({ interface: ['Select a valid choice. nic0 is not one of the available choices.'] });
    expect((await api.request('GET', '/api/dcim/mac-addresses/?vminterface=nowhere')).body).toEqual({ vminterface: ['Select a valid choice. nowhere is not one of the available choices.'] });
    expect((await api.request('GET', '/api/dcim/mac-addresses/?vminterface_id=999999')).body).toEqual({ vminterface_id: ['Select a valid choice. 999999 is not one of the available choices.'] });
    // The interfaces' and the VMs' filters by MAC address.
    expect(await list('mac_address=AA-BB-CC-00-00-02')).toEqual(['vm1:nic1']);
    expect(await list('mac_address__ic=cc:00:00')).toEqual(['vm1:nic0', 'vm1:nic1', 'vm2:nic9']);
    expect(await list('primary_mac_address=aa:bb:cc:00:00:01')).toEqual(['vm1:nic0']);
    expect(await list('name__isw=nic&primary_mac_address__n=aa:bb:cc:00:00:01')).toEqual(['vm1:nic1', 'vm2:nic9']);
    expect(await list(`primary_mac_address_id=${first.id}`)).toEqual(['vm1:nic0']);
    expect((await api.request('GET', '/api/virtualization/interfaces/?primary_mac_address=00:00:00:00:00:99')).body).toEqual({ primary_mac_address: ['Select a valid choice. 00:00:00:00:00:99 is not one of the available choices.'] });
    expect(await machines('mac_address=aa:bb:cc:00:00:09')).toEqual(['vm2']);
    expect(await machines('mac_address__ic=cc:00:00')).toEqual(['vm1', 'vm2']);
    expect(await machines('mac_address__n=aa:bb:cc:00:00:09')).toEqual(['vm1']);
    // Deleting the interface deletes its MAC addresses.
    expect((await api.request('DELETE', `/api/virtualization/interfaces/${nic0.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/mac-addresses/${first.id}/`)).status).toBe(404);
    expect(await macs('')).toEqual(['AA:BB:CC:00:00:02', 'AA:BB:CC:00:00:09']);
    expect((await api.request('DELETE', `/api/virtualization/interfaces/${nic1.id}/`)).status).toBe(204);
  }, SLOW);

  it('goes with its VM; a parent is protected unless its children go too; a VLAN or VRF is cleared', async () => {
    const parent = await post('/api/virtualization/interfaces/', { virtual_machine: ids.vm2, name: 'bond0' });
    await post('/api/virtualization/interfaces/', { virtual_machine: ids.vm2, name: 'bond0.5', parent: parent.id });
    expect((await api.request('DELETE', `/api/virtualization/interfaces/${parent.id}/`)).status).toBe(409);
    const vrfHolder = await api.request('DELETE', `/api/ipam/vrfs/${ids.vrf}/`);
    expect(vrfHolder.status).toBe(204);
    expect((await api.request('GET', `/api/virtualization/interfaces/${ids.eth0}/`)).body.vrf).toBeNull();
    expect((await api.request('DELETE', `/api/ipam/vlan-translation-policies/${ids.policy}/`)).status).toBe(409);
    expect((await api.request('DELETE', `/api/virtualization/virtual-machines/${ids.vm2}/`)).status).toBe(204);
    expect(await list('virtual_machine_id=' + ids.vm1 + '&name=bond0')).toEqual([]);
    expect(Number((await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM virtualization_vminterface WHERE virtual_machine_id = $1`, [ids.vm2]))[0].n)).toBe(0);
  }, SLOW);
});
