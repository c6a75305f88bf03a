/**
 * End-to-end tests of FHRP groups and their assignments, on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: shapes and displays (the group's first address in it), assignments to a device's or
 * a VM's interface (unique per group and interface) with their filters, IP addresses assigned to
 * a group (`fhrpgroup_id`), the interfaces' `count_fhrp_groups`, services of a group and their
 * `fhrpgroup`/`fhrpgroup_id` filters, and the cascades.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('ipam FHRP groups on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const get = async (path: string) => (await api.request('GET', path)).body;
  const idsOf = async (path: string) => (await get(path)).results.map((o: any) => o.id);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const site = await post('/api/dcim/sites/', { name: 'AMS', slug: 'ams' });
    const maker = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'R', slug: 'r' });
    const role = await post('/api/dcim/device-roles/', { name: 'Router', slug: 'router' });
    ids.r1 = (await post('/api/dcim/devices/', { name: 'r1', device_type: type.id, role: role.id, site: site.id })).id;
    ids.eth0 = (await post('/api/dcim/interfaces/', { device: ids.r1, name: 'eth0', type: '1000base-t' })).id;
    ids.vm = (await post('/api/virtualization/virtual-machines/', { name: 'vm1', site: site.id })).id;
    ids.vmif = (await post('/api/virtualization/interfaces/', { virtual_machine: ids.vm, name: 'eth0' })).id;
  }, 60_000);
  afterAll(async () => api?.close());

  it('creates groups with NetBox’s fields and display', async () => {
    const group = await post('/api/ipam/fhrp-groups/', { protocol: 'vrrp2', group_id: 10, name: 'core', auth_type: 'md5', auth_key: 'k' });
    ids.g1 = group.id;
    expect(Object.keys(group).sort()).toEqual(
      ['id', 'name', 'url', 'display_url', 'display', 'protocol', 'group_id', 'auth_type', 'auth_key', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'ip_addresses'].sort(),
    );
    expect(group).toMatchObject({ display: 'core VRRPv2: 10', protocol: 'vrrp2', auth_type: 'md5', ip_addresses: [] });
    ids.g2 = (await post('/api/ipam/fhrp-groups/', { protocol: 'hsrp', group_id: 1 })).id;
    expect((await get(`/api/ipam/fhrp-groups/${ids.g2}/`)).display).toBe('HSRP: 1');
    expect((await get('/api/ipam/fhrp-groups/?protocol=hsrp')).count).toBe(1);
    expect((await get('/api/ipam/fhrp-groups/?q=10')).results.map((g: any) => g.id)).toEqual([ids.g1]);
    const bad = await api.request('POST', '/api/ipam/fhrp-groups/', { protocol: 'nope', group_id: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['protocol']);
  });

  it('assigns IP addresses to a group, shown and filtered', async () => {
    const ip = await post('/api/ipam/ip-addresses/', { address: '10.0.0.1/24', assigned_object_type: 'ipam.fhrpgroup', assigned_object_id: ids.g1, role: 'vrrp' });
    ids.vip = ip.id;
    expect(ip.assigned_object).toMatchObject({ id: ids.g1, display: 'core VRRPv2: 10 (10.0.0.1/24)' });
    const group = await get(`/api/ipam/fhrp-groups/${ids.g1}/`);
    expect(group.display).toBe('core VRRPv2: 10 (10.0.0.1/24)');
    expect(group.ip_addresses.map((a: any) => a.address)).toEqual(['10.0.0.1/24']);
    expect(await idsOf(`/api/ipam/ip-addresses/?fhrpgroup_id=${ids.g1}`)).toEqual([ids.vip]);
    expect(await idsOf(`/api/ipam/fhrp-groups/?related_ip=${ids.vip}`)).toEqual([ids.g1]);
  });

  it('assigns groups to device and VM interfaces, once per group and interface', async () => {
    const a = await post('/api/ipam/fhrp-group-assignments/', { group: ids.g1, interface_type: 'dcim.interface', interface_id: ids.eth0, priority: 100 });
    expect(Object.keys(a)).toEqual(['id', 'url', 'display', 'group', 'interface_type', 'interface_id', 'interface', 'priority', 'created', 'last_updated']);
    expect(a).toMatchObject({ display: 'eth0: core VRRPv2: 10 (10.0.0.1/24) (100)', interface: { id: ids.eth0, name: 'eth0' }, group: { id: ids.g1, protocol: 'vrrp2', group_id: 10 } });
    const b = await post('/api/ipam/fhrp-group-assignments/', { group: ids.g2, interface_type: 'virtualization.vminterface', interface_id: ids.vmif, priority: 200 });
    expect((await get('/api/ipam/fhrp-group-assignments/')).results.map((x: any) => x.id)).toEqual([b.id, a.id]);
    expect(await idsOf('/api/ipam/fhrp-group-assignments/?device=r1')).toEqual([a.id]);
    expect(await idsOf(`/api/ipam/fhrp-group-assignments/?device_id=${ids.r1}`)).toEqual([a.id]);
    expect(await idsOf('/api/ipam/fhrp-group-assignments/?virtual_machine=vm1')).toEqual([b.id]);
    expect(await idsOf(`/api/ipam/fhrp-group-assignments/?virtual_machine_id=${ids.vm}`)).toEqual([b.id]);
    expect(await idsOf('/api/ipam/fhrp-group-assignments/?interface_type=dcim.interface&priority__gte=50')).toEqual([a.id]);
    expect((await get(`/api/dcim/interfaces/${ids.eth0}/`)).count_fhrp_groups).toBe(1);
    expect((await get(`/api/virtualization/interfaces/${ids.vmif}/`)).count_fhrp_groups).toBe(1);
    const dup = await api.request('POST', '/api/ipam/fhrp-group-assignments/', { group: ids.g1, interface_type: 'dcim.interface', interface_id: ids.eth0, priority: 5 });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ __all__: ['FHRP group assignment with this Interface type, Interface id and Group already exists.'] });
    const range = await api.request('POST', '/api/ipam/fhrp-group-assignments/', { group: ids.g2, interface_type: 'dcim.interface', interface_id: ids.eth0, priority: 256 });
    expect(range.body).toEqual({ priority: ['Ensure this value is less than or equal to 255.'] });
    const missing = await api.request('POST', '/api/ipam/fhrp-group-assignments/', { group: ids.g2, interface_type: 'dcim.interface', interface_id: 999999, priority: 1 });
    expect(missing.body).toEqual({ interface_id: ['Related object not found using the provided value: 999999.'] });
  });

  it('runs services on a group, filtered by the group', async () => {
    const service = await post('/api/ipam/services/', { parent_object_type: 'ipam.fhrpgroup', parent_object_id: ids.g1, name: 'dns', protocol: 'udp', ports: [53] });
    expect(service.parent).toMatchObject({ id: ids.g1 });
    expect(await idsOf(`/api/ipam/services/?fhrpgroup_id=${ids.g1}`)).toEqual([service.id]);
    expect(await idsOf('/api/ipam/services/?fhrpgroup=core')).toEqual([service.id]);
    expect(await idsOf(`/api/ipam/services/?fhrpgroup_id=${ids.g2}`)).toEqual([]);
  });

  it('deletes assignments, addresses and services with their group, and assignments with the interface', async () => {
    expect((await api.request('DELETE', `/api/dcim/interfaces/${ids.eth0}/`)).status).toBe(204);
    expect((await get('/api/ipam/fhrp-group-assignments/')).count).toBe(1);
    expect((await api.request('DELETE', `/api/ipam/fhrp-groups/${ids.g1}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/ipam/ip-addresses/${ids.vip}/`)).status).toBe(404);
    expect((await get(`/api/ipam/services/?fhrpgroup_id=${ids.g1}`)).count).toBe(0);
    expect((await api.request('DELETE', `/api/ipam/fhrp-groups/${ids.g2}/`)).status).toBe(204);
    expect((await get(`/api/virtualization/interfaces/${ids.vmif}/`)).count_fhrp_groups).toBe(0);
  });
});
