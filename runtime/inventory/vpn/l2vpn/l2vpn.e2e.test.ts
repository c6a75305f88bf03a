/**
 * End-to-end tests of L2VPNs and their terminations, on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: NetBox's shapes (an L2VPN with import/export route targets, its display with the
 * identifier), terminations on a device interface, a VM interface and a VLAN, the
 * `l2vpn_termination` each of those objects shows, every filter across them (the L2VPN filters of
 * interfaces, VLANs and route targets too), and the cascades.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

describe.each(testDatabases())('vpn L2VPNs on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const idsOf = async (path: string, query: string) => (await api.request('GET', `${path}?${query}&limit=0`)).body.results.map((o: any) => o.id).sort((a: number, b: number) => a - b);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const region = await post('/api/dcim/regions/', { name: 'East', slug: 'east' });
    ids.region = region.id;
    ids.site = (await post('/api/dcim/sites/', { name: 'NYC', slug: 'nyc', region: region.id })).id;
    ids.other = (await post('/api/dcim/sites/', { name: 'LAX', slug: 'lax' })).id;
    const maker = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'S1', slug: 's1' });
    const role = await post('/api/dcim/device-roles/', { name: 'Switch', slug: 'switch' });
    ids.sw = (await post('/api/dcim/devices/', { name: 'sw1', device_type: type.id, role: role.id, site: ids.site })).id;
    ids.eth = (await post('/api/dcim/interfaces/', { device: ids.sw, name: 'eth1', type: '1000base-t' })).id;
    ids.vm = (await post('/api/virtualization/virtual-machines/', { name: 'vm1', site: ids.other })).id;
    ids.vmeth = (await post('/api/virtualization/interfaces/', { virtual_machine: ids.vm, name: 'eth0' })).id;
    ids.vlan = (await post('/api/ipam/vlans/', { vid: 100, name: 'v100', site: ids.site })).id;
    ids.rtIn = (await post('/api/ipam/route-targets/', { name: '65000:1' })).id;
    ids.rtOut = (await post('/api/ipam/route-targets/', { name: '65000:2' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('creates an L2VPN with route targets, shown as NetBox shows it', async () => {
    const l2vpn = await post('/api/vpn/l2vpns/', { name: 'Fabric', slug: 'fabric', type: 'vxlan-evpn', identifier: 10001, import_targets: [ids.rtIn], export_targets: [ids.rtOut] });
    ids.l2vpn = l2vpn.id;
    expect(Object.keys(l2vpn)).toEqual([
      'id', 'url', 'display_url', 'display', 'identifier', 'name', 'slug', 'type', 'status', 'import_targets', 'export_targets', 'description', 'owner',
      'comments', 'tenant', 'tags', 'custom_fields', 'created', 'last_updated',
    ]);
    expect(l2vpn.display).toBe('Fabric (10001)');
    expect(l2vpn.type).toEqual({ value: 'vxlan-evpn', label: 'VXLAN-EVPN' });
    expect(l2vpn.status).toEqual({ value: 'active', label: 'Active' });
    expect(l2vpn.import_targets).toEqual([expect.objectContaining({ id: ids.rtIn, name: '65000:1' })]);
    ids.plain = (await post('/api/vpn/l2vpns/', { name: 'Plain', slug: 'plain', type: 'vpls' })).id;
    expect((await api.request('GET', `/api/vpn/l2vpns/${ids.plain}/`)).body.display).toBe('Plain');
    const missing = await api.request('POST', '/api/vpn/l2vpns/', { name: 'No type', slug: 'no-type' });
    expect(missing).toMatchObject({ status: 400, body: { type: ['This field is required.'] } });
  });

  it('terminates it on an interface, a VM interface and a VLAN, each showing its termination', async () => {
    const onEth = await post('/api/vpn/l2vpn-terminations/', { l2vpn: ids.l2vpn, assigned_object_type: 'dcim.interface', assigned_object_id: ids.eth });
    expect(Object.keys(onEth)).toEqual(['id', 'url', 'display_url', 'display', 'l2vpn', 'assigned_object_type', 'assigned_object_id', 'assigned_object', 'tags', 'custom_fields', 'created', 'last_updated']);
    expect(onEth.display).toBe('eth1 <> Fabric (10001)');
    expect(onEth.l2vpn).toMatchObject({ id: ids.l2vpn, identifier: 10001, name: 'Fabric', slug: 'fabric', type: { value: 'vxlan-evpn', label: 'VXLAN-EVPN' } });
    expect(onEth.assigned_object).toMatchObject({ id: ids.eth, name: 'eth1' });
    const onVm = await post('/api/vpn/l2vpn-terminations/', { l2vpn: ids.l2vpn, assigned_object_type: 'virtualization.vminterface', assigned_object_id: ids.vmeth });
    const onVlan = await post('/api/vpn/l2vpn-terminations/', { l2vpn: ids.plain, assigned_object_type: 'ipam.vlan', assigned_object_id: ids.vlan });
    Object.assign(ids, { onEth: onEth.id, onVm: onVm.id, onVlan: onVlan.id });
    const brief = { id: onEth.id, url: onEth.url, display: 'eth1 <> Fabric (10001)', l2vpn: expect.objectContaining({ id: ids.l2vpn }) };
    expect((await api.request('GET', `/api/dcim/interfaces/${ids.eth}/`)).body.l2vpn_termination).toMatchObject(brief);
    expect((await api.request('GET', `/api/virtualization/interfaces/${ids.vmeth}/`)).body.l2vpn_termination).toMatchObject({ id: onVm.id });
    expect((await api.request('GET', `/api/ipam/vlans/${ids.vlan}/`)).body.l2vpn_termination).toMatchObject({ id: onVlan.id, display: 'v100 (100) <> Plain' });
    const other = await post('/api/dcim/interfaces/', { device: ids.sw, name: 'eth2', type: '1000base-t' });
    expect(other.l2vpn_termination).toBeNull();
  });

  it('filters terminations as NetBox does', async () => {
    const path = '/api/vpn/l2vpn-terminations/';
    expect(await idsOf(path, 'l2vpn=fabric')).toEqual([ids.onEth, ids.onVm]);
    expect(await idsOf(path, `l2vpn_id=${ids.plain}`)).toEqual([ids.onVlan]);
    expect(await idsOf(path, 'assigned_object_type=ipam.vlan')).toEqual([ids.onVlan]);
    expect(await idsOf(path, 'device=sw1')).toEqual([ids.onEth]);
    expect(await idsOf(path, `device_id=${ids.sw}`)).toEqual([ids.onEth]);
    expect(await idsOf(path, 'interface=eth1')).toEqual([ids.onEth]);
    expect(await idsOf(path, `vminterface_id=${ids.vmeth}`)).toEqual([ids.onVm]);
    expect(await idsOf(path, 'virtual_machine=vm1')).toEqual([ids.onVm]);
    expect(await idsOf(path, 'vlan=v100')).toEqual([ids.onVlan]);
    expect(await idsOf(path, 'vlan_vid=100')).toEqual([ids.onVlan]);
    expect(await idsOf(path, 'site=nyc')).toEqual([ids.onEth, ids.onVlan]);
    expect(await idsOf(path, `site_id=${ids.other}`)).toEqual([ids.onVm]);
    expect(await idsOf(path, 'region=east')).toEqual([ids.onEth, ids.onVlan]);
    expect(await idsOf(path, `region_id=${ids.region}`)).toEqual([ids.onEth, ids.onVlan]);
    expect(await idsOf(path, 'q=plain')).toEqual([ids.onVlan]);
    expect(await idsOf('/api/vpn/l2vpns/', 'q=10001')).toEqual([ids.l2vpn]);
    expect(await idsOf('/api/vpn/l2vpns/', `import_target_id=${ids.rtIn}&type=vxlan-evpn`)).toEqual([ids.l2vpn]);
    expect(await idsOf('/api/vpn/l2vpns/', 'export_target=65000:2')).toEqual([ids.l2vpn]);
  });

  it('serves the L2VPN filters of interfaces, VLANs and route targets', async () => {
    expect(await idsOf('/api/dcim/interfaces/', `l2vpn_id=${ids.l2vpn}`)).toEqual([ids.eth]);
    expect(await idsOf('/api/dcim/interfaces/', 'l2vpn=10001')).toEqual([ids.eth]);
    expect(await idsOf('/api/virtualization/interfaces/', `l2vpn_id=${ids.l2vpn}`)).toEqual([ids.vmeth]);
    expect(await idsOf('/api/ipam/vlans/', `l2vpn_id=${ids.plain}`)).toEqual([ids.vlan]);
    expect(await idsOf('/api/ipam/route-targets/', `importing_l2vpn_id=${ids.l2vpn}`)).toEqual([ids.rtIn]);
    expect(await idsOf('/api/ipam/route-targets/', 'exporting_l2vpn=10001')).toEqual([ids.rtOut]);
    expect((await api.request('GET', '/api/dcim/interfaces/?l2vpn_id=999999')).body).toEqual({ l2vpn_id: ['Select a valid choice. 999999 is not one of the available choices.'] });
  });

  it('deletes a termination with its VLAN, and every termination with its L2VPN', async () => {
    expect((await api.request('DELETE', `/api/ipam/vlans/${ids.vlan}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/vpn/l2vpn-terminations/${ids.onVlan}/`)).status).toBe(404);
    expect((await api.request('DELETE', `/api/vpn/l2vpns/${ids.l2vpn}/`)).status).toBe(204);
    expect((await api.request('GET', '/api/vpn/l2vpn-terminations/')).body.count).toBe(0);
    expect((await api.request('GET', `/api/dcim/interfaces/${ids.eth}/`)).body.l2vpn_termination).toBeNull();
  });
});
