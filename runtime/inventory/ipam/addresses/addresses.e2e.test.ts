/**
 * End-to-end tests of IP addresses, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: shapes
 * (family, assigned interface, NAT inside and outside), ordering, every rule of IPAddress.clean()
 * with its message (masks, network and broadcast addresses on interfaces, unique space, populated
 * ranges, primary addresses kept on their device, SLAAC, DNS names), every filter, the counts on
 * VRFs and tenants, and what deleting an interface does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry, type SqlScope } from '../../../rest/index.ts';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { addresses as addressRules } from './index.ts';

/** Enough of the engine's SQL scope to evaluate one registered expression on its own. */
function scope(registry: Registry): SqlScope {
  let n = 0;
  return {
    alias: () => `x${n++}`,
    table: (key) => `"${registry.resource(key).table}"`,
    column: (key, field, alias) => `${alias}."${registry.field(registry.resource(key), field)!.column}"`,
    resource: (key) => registry.resource(key),
  } as SqlScope;
}

const SLOW = 60_000;

describe.each(testDatabases())('ipam IP addresses on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const answer = await api.request('POST', path, body);
    if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const address = (body: Record<string, unknown>) => post('/api/ipam/ip-addresses/', body);
  const onInterface = (name: string) => ({ assigned_object_type: 'dcim.interface', assigned_object_id: ids[name] });
  const addresses = async (query: string) => ((await api.request('GET', `/api/ipam/ip-addresses/?${query}&limit=0`)).body.results as { address: string }[]).map((r) => r.address);
  const count = async () => (await api.request('GET', '/api/ipam/ip-addresses/?limit=1')).body.count;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const site = await post('/api/dcim/sites/', { name: 'Site', slug: 'site' });
    const manufacturer = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'Switch', slug: 'switch' });
    const role = await post('/api/dcim/device-roles/', { name: 'Access', slug: 'access' });
    const device = async (name: string) => (await post('/api/dcim/devices/', { name, device_type: type.id, role: role.id, site: site.id })).id;
    ids.sw1 = await device('sw1');
    ids.sw2 = await device('sw2');
    ids.sw3 = await device('sw3');
    const iface = async (device: number, name: string, extra: Record<string, unknown> = {}) =>
      (await post('/api/dcim/interfaces/', { device, name, type: '1000base-t', ...extra })).id;
    ids.sw1eth0 = await iface(ids.sw1, 'eth0');
    ids.sw1eth1 = await iface(ids.sw1, 'eth1');
    ids.sw2eth0 = await iface(ids.sw2, 'eth0');
    ids.sw3eth0 = await iface(ids.sw3, 'eth0');
    ids.sw3mgmt = await iface(ids.sw3, 'mgmt', { mgmt_only: true });
    ids.red = (await post('/api/ipam/vrfs/', { name: 'Red', rd: '65000:1' })).id;
    ids.blue = (await post('/api/ipam/vrfs/', { name: 'Blue', enforce_unique: false })).id;
    ids.tenant = (await post('/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('shows NetBox’s fields: family, the assigned interface, NAT inside and outside, and a lower-case DNS name', async () => {
    const inside = await address({ address: '10.1.0.5/24', ...onInterface('sw1eth0'), dns_name: 'Host.Example.COM', tenant: ids.tenant, role: 'loopback' });
    ids.inside = inside.id;
    expect(Object.keys(inside)).toEqual([
      'id', 'url', 'display_url', 'display', 'family', 'address', 'vrf', 'tenant', 'status', 'role', 'assigned_object_type', 'assigned_object_id',
      'assigned_object', 'nat_inside', 'nat_outside', 'dns_name', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
    ]);
    expect(inside).toMatchObject({
      display: '10.1.0.5/24', family: { value: 4, label: 'IPv4' }, address: '10.1.0.5/24', status: { value: 'active', label: 'Active' },
      role: { value: 'loopback', label: 'Loopback' }, assigned_object_type: 'dcim.interface', assigned_object_id: ids.sw1eth0, nat_inside: null, nat_outside: [],
      dns_name: 'host.example.com',
    });
    expect(inside.assigned_object).toMatchObject({ id: ids.sw1eth0, name: 'eth0', device: { id: ids.sw1, name: 'sw1' } });
    const outside = await address({ address: '203.0.113.5/32', nat_inside: inside.id });
    const nested = { id: inside.id, url: `http://nb.test/api/ipam/ip-addresses/${inside.id}/`, display_url: `http://nb.test/ipam/ip-addresses/${inside.id}/`, display: '10.1.0.5/24' };
    expect(outside.nat_inside).toMatchObject({ ...nested, address: '10.1.0.5/24' });
    expect(Object.keys(outside.nat_inside)).toEqual(['id', 'url', 'display_url', 'display', 'family', 'address']);
    const read = (await api.request('GET', `/api/ipam/ip-addresses/${inside.id}/`)).body;
    expect(read.nat_outside.map((n: any) => n.address)).toEqual(['203.0.113.5/32']);
    const brief = (await api.request('GET', `/api/ipam/ip-addresses/${inside.id}/?brief=1`)).body;
    expect(brief).toEqual({ id: inside.id, url: nested.url, display: '10.1.0.5/24', family: { value: 4, label: 'IPv4' }, address: '10.1.0.5/24', description: '' });
    // A bare address takes a host mask; IPv6 is shown compressed.
    const bare = await address({ address: '2001:DB8:0::1', status: 'slaac' });
    expect([bare.address, bare.family.value]).toEqual(['2001:db8::1/128', 6]);
    // NetBox orders by address: IPv4 before IPv6, then by network and mask.
    await address({ address: '10.1.0.4/24' });
    expect(await addresses('address__n=0.0.0.0')).toEqual(['10.1.0.4/24', '10.1.0.5/24', '203.0.113.5/32', '2001:db8::1/128']);
    // Deleting the inside address leaves the outside one without it.
    expect((await api.request('DELETE', `/api/ipam/ip-addresses/${outside.id}/`)).status).toBe(204);
    expect((await api.request('DELETE', `/api/ipam/ip-addresses/${bare.id}/`)).status).toBe(204);
  }, SLOW);

  it('refuses what IPAddress.clean() refuses, with its messages, and writes nothing then', async () => {
    await post('/api/ipam/ip-ranges/', { start_address: '10.9.0.10/24', end_address: '10.9.0.20/24', mark_populated: true });
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ address: '10.0.0.1/0' }, { address: ['Cannot create IP address with /0 mask.'] }],
      [{ address: '10.2.0.0/24', ...onInterface('sw1eth1') }, { __all__: ['10.2.0.0 is a network ID, which may not be assigned to an interface.'] }],
      [{ address: '10.2.0.255/24', ...onInterface('sw1eth1') }, { __all__: ['10.2.0.255 is a broadcast address, which may not be assigned to an interface.'] }],
      [{ address: '2001:db8:5::/64', ...onInterface('sw1eth1') }, { __all__: ['2001:db8:5:: is a network ID, which may not be assigned to an interface.'] }],
      [{ address: '10.1.0.5/16' }, { address: ['Duplicate IP address found in global table: 10.1.0.5/24'] }],
      [{ address: '10.9.0.15/24' }, { address: ['Cannot create IP address 10.9.0.15/24 inside range 10.9.0.10-20/24.'] }],
      // NetBox 4.6.8 compares host portions: another mask does not slip past a populated range.
      [{ address: '10.9.0.15/32' }, { address: ['Cannot create IP address 10.9.0.15/32 inside range 10.9.0.10-20/24.'] }],
      [{ address: '10.2.0.9/24', status: 'slaac' }, { status: ['Only IPv6 addresses can be assigned SLAAC status'] }],
      [{ address: '10.2.0.9/24', dns_name: 'bad name' }, { dns_name: ['Only alphanumeric characters, asterisks, hyphens, periods, and underscores are allowed in DNS names'] }],
      [{ address: '10.2.0.9/24', assigned_object_type: 'ipam.aggregate', assigned_object_id: 1 }, { assigned_object_type: ['Invalid content type: ipam.aggregate'] }],
      [{ address: 'not-an-ip' }, { address: ['Invalid IP address format: not-an-ip'] }],
    ];
    const before = await count();
    for (const [body, errors] of cases) {
      const answer = await api.request('POST', '/api/ipam/ip-addresses/', body);
      expect([answer.status, answer.body], JSON.stringify(body)).toEqual([400, errors]);
    }
    expect(await count()).toBe(before);
    // Point-to-point and host masks, unassigned network IDs and wildcards are fine.
    for (const body of [
      { address: '10.3.0.0/31', ...onInterface('sw1eth1') },
      { address: '10.3.0.3/32', ...onInterface('sw1eth1') },
      { address: '2001:db8:6::/127', ...onInterface('sw1eth1') },
      { address: '10.4.0.0/24' },
      { address: '10.5.0.1/24', dns_name: '*.example.com.' },
    ]) {
      expect((await api.request('POST', '/api/ipam/ip-addresses/', body)).status, JSON.stringify(body)).toBe(201);
    }
  }, SLOW);

  it('keeps unique space per VRF, lets shared roles repeat, and checks a request’s addresses against each other', async () => {
    await address({ address: '10.20.0.1/24', vrf: ids.red });
    const red = await api.request('POST', '/api/ipam/ip-addresses/', { address: '10.20.0.1/28', vrf: ids.red });
    expect(red.body).toEqual({ address: ['Duplicate IP address found in VRF Red (65000:1): 10.20.0.1/24'] });
    // Another VRF, or one that does not enforce unique space, may hold the same address.
    await address({ address: '10.20.0.1/24' });
    await address({ address: '10.20.0.1/24', vrf: ids.blue });
    await address({ address: '10.20.0.1/24', vrf: ids.blue });
    // Anycast and the redundancy protocols share an address, if every copy does.
    await address({ address: '10.21.0.1/24', role: 'anycast' });
    await address({ address: '10.21.0.1/24', role: 'vrrp' });
    const plain = await api.request('POST', '/api/ipam/ip-addresses/', { address: '10.21.0.1/24' });
    expect(plain.body).toEqual({ address: ['Duplicate IP address found in global table: 10.21.0.1/24'] });
    await address({ address: '10.22.0.1/24' });
    const shared = await api.request('POST', '/api/ipam/ip-addresses/', { address: '10.22.0.1/24', role: 'anycast' });
    expect(shared.body).toEqual({ address: ['Duplicate IP address found in global table: 10.22.0.1/24'] });
    const before = await count();
    const bulk = await api.request('POST', '/api/ipam/ip-addresses/', [{ address: '10.23.0.1/24' }, { address: '10.23.0.1/25' }]);
    expect(bulk.body).toEqual([{}, { address: ['Duplicate IP address found in global table: 10.23.0.1/24'] }]);
    expect(await count()).toBe(before);
    // An address may be updated in place without colliding with itself.
    const own = (await api.request('GET', '/api/ipam/ip-addresses/?address=10.22.0.1/24')).body.results[0];
    expect((await api.request('PATCH', `/api/ipam/ip-addresses/${own.id}/`, { address: '10.22.0.1/25' })).status).toBe(200);
  }, SLOW);

  it('keeps a primary address on its device, and counts addresses on VRFs and tenants', async () => {
    const primary = await address({ address: '10.30.0.1/24', ...onInterface('sw2eth0'), vrf: ids.red, tenant: ids.tenant });
    expect((await api.request('PATCH', `/api/dcim/devices/${ids.sw2}/`, { primary_ip4: primary.id })).status).toBe(200);
    const reassign = 'Cannot reassign IP address while it is designated as the primary IP for the parent object';
    expect((await api.request('PATCH', `/api/ipam/ip-addresses/${primary.id}/`, { assigned_object_type: null, assigned_object_id: null })).body).toEqual({ __all__: [reassign] });
    expect((await api.request('PATCH', `/api/ipam/ip-addresses/${primary.id}/`, onInterface('sw1eth0'))).body).toEqual({ __all__: [reassign] });
    // Another interface of the same device is fine.
    const moved = await api.request('POST', '/api/dcim/interfaces/', { device: ids.sw2, name: 'eth1', type: '1000base-t' });
    ids.sw2eth1 = moved.body.id;
    expect((await api.request('PATCH', `/api/ipam/ip-addresses/${primary.id}/`, onInterface('sw2eth1'))).status).toBe(200);
    expect((await api.request('GET', `/api/ipam/vrfs/${ids.red}/`)).body).toMatchObject({ ipaddress_count: 2, prefix_count: 0 });
    expect((await api.request('GET', `/api/tenancy/tenants/${ids.tenant}/`)).body).toMatchObject({ ipaddress_count: 2 });
    // VRFs and tenants with addresses are protected.
    expect((await api.request('DELETE', `/api/ipam/vrfs/${ids.red}/`)).status).toBe(409);
    // Deleting the interface deletes its addresses, and the device's primary address goes with them.
    expect((await api.request('DELETE', `/api/dcim/interfaces/${ids.sw2eth1}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/ipam/ip-addresses/${primary.id}/`)).status).toBe(404);
    expect((await api.request('GET', `/api/dcim/devices/${ids.sw2}/`)).body.primary_ip4).toBeNull();
  }, SLOW);

  it('filters addresses as NetBox does', async () => {
    await address({ address: '192.168.7.1/24', ...onInterface('sw3eth0'), description: 'uplink', dns_name: 'gw.lab', vrf: ids.red, status: 'reserved' });
    await address({ address: '192.168.7.2/24', ...onInterface('sw3mgmt'), vrf: ids.red });
    await address({ address: '192.168.8.1/23', vrf: ids.blue });
    const inside = (await api.request('GET', '/api/ipam/ip-addresses/?address=10.1.0.5/24')).body.results[0];
    await address({ address: '198.51.100.7/32', nat_inside: inside.id });
    await address({ address: '2001:db8:7::1/64', ...onInterface('sw3eth0') });
    expect(await addresses('family=6')).toContain('2001:db8:7::1/64');
    expect(await addresses('family=6')).not.toContain('192.168.7.1/24');
    expect(await addresses('address=192.168.7.1/24&address=192.168.7.2')).toEqual(['192.168.7.1/24', '192.168.7.2/24']);
    expect(await addresses('address=192.168.7.1/25')).toEqual([]);
    expect(await addresses('address=bogus')).toEqual([]);
    expect(await addresses('parent=192.168.6.0/23')).toEqual(['192.168.7.1/24', '192.168.7.2/24']);
    expect(await addresses('parent=192.168.8.0/24&parent=192.168.7.0/30')).toEqual(['192.168.7.1/24', '192.168.7.2/24', '192.168.8.1/23']);
    expect(await addresses('parent=bogus')).toEqual([]);
    expect(await addresses('mask_length=23')).toEqual(['192.168.8.1/23']);
    expect(await addresses('mask_length__gte=64&family=6')).toEqual(['2001:db8:6::/127', '2001:db8:7::1/64']);
    expect(await addresses('mask_length__lte=23&parent=192.168.0.0/16')).toEqual(['192.168.8.1/23']);
    expect(await addresses('vrf=65000:1&parent=192.168.0.0/16')).toEqual(['192.168.7.1/24', '192.168.7.2/24']);
    expect(await addresses(`vrf_id=${ids.blue}&parent=192.168.0.0/16`)).toEqual(['192.168.8.1/23']);
    expect(await addresses(`present_in_vrf_id=${ids.red}&parent=192.168.0.0/16`)).toEqual(['192.168.7.1/24', '192.168.7.2/24']);
    expect(await addresses('present_in_vrf=65000:1&parent=192.168.0.0/16')).toEqual(['192.168.7.1/24', '192.168.7.2/24']);
    expect(await addresses('device=sw3')).toEqual(['192.168.7.1/24', '192.168.7.2/24', '2001:db8:7::1/64']);
    expect(await addresses(`device_id=${ids.sw3}&family=4`)).toEqual(['192.168.7.1/24', '192.168.7.2/24']);
    expect(await addresses('device=nobody')).toEqual([]);
    expect((await api.request('GET', '/api/ipam/ip-addresses/?device_id=x')).body).toEqual({ device_id: ['Enter a number.'] });
    expect(await addresses(`interface_id=${ids.sw3mgmt}`)).toEqual(['192.168.7.2/24']);
    expect(await addresses('interface=mgmt')).toEqual(['192.168.7.2/24']);
    expect((await api.request('GET', '/api/ipam/ip-addresses/?interface_id=999999')).body).toEqual({ interface_id: ['Select a valid choice. 999999 is not one of the available choices.'] });
    expect(await addresses('assigned_to_interface=true&parent=192.168.0.0/16')).toEqual(['192.168.7.1/24', '192.168.7.2/24']);
    expect(await addresses('assigned_to_interface=false&parent=192.168.0.0/16')).toEqual(['192.168.8.1/23']);
    expect(await addresses('assigned=false&parent=192.168.0.0/16')).toEqual(['192.168.8.1/23']);
    expect(await addresses('assigned=true&parent=192.168.0.0/16')).toEqual(['192.168.7.1/24', '192.168.7.2/24']);
    expect((await api.request('GET', '/api/ipam/ip-addresses/?assigned=maybe')).body).toEqual({ assigned: ['Select a valid choice. maybe is not one of the available choices.'] });
    expect(await addresses(`assigned_object_type=dcim.interface&assigned_object_id=${ids.sw3eth0}`)).toEqual(['192.168.7.1/24', '2001:db8:7::1/64']);
    expect(await addresses('status=reserved')).toEqual(['192.168.7.1/24']);
    expect(await addresses('role=loopback')).toEqual(['10.1.0.5/24']);
    expect(await addresses(`nat_inside_id=${inside.id}`)).toEqual(['198.51.100.7/32']);
    expect(await addresses('dns_name__ic=gw')).toEqual(['192.168.7.1/24']);
    expect(await addresses('q=uplink')).toEqual(['192.168.7.1/24']);
    expect(await addresses('q=192.168.8')).toEqual(['192.168.8.1/23']);
    expect(await addresses(`tenant_id=${ids.tenant}`)).toEqual(['10.1.0.5/24']);
    // No virtual machine, VM interface, FHRP group or service exists here.
    expect(await addresses('virtual_machine=vm1')).toEqual([]);
    expect((await api.request('GET', '/api/ipam/ip-addresses/?virtual_machine_id=x')).body).toEqual({ virtual_machine_id: ['Enter a number.'] });
    expect((await api.request('GET', '/api/ipam/ip-addresses/?vminterface_id=1')).body).toEqual({ vminterface_id: ['Select a valid choice. 1 is not one of the available choices.'] });
    expect((await api.request('GET', '/api/ipam/ip-addresses/?fhrpgroup_id=1')).status).toBe(400);
  }, SLOW);

  it('takes addresses in use out of the available addresses of prefixes and ranges', async () => {
    const prefix = await post('/api/ipam/prefixes/', { prefix: '10.70.0.0/29', vrf: ids.red });
    const range = await post('/api/ipam/ip-ranges/', { start_address: '10.71.0.1/24', end_address: '10.71.0.4/24' });
    await address({ address: '10.70.0.1/29', vrf: ids.red });
    await address({ address: '10.70.0.3/32', vrf: ids.red });
    await address({ address: '10.70.0.2/29' }); // another VRF's
    await address({ address: '10.71.0.2/24' });
    const free = async (path: string) => ((await api.request('GET', path)).body as { address: string }[]).map((a) => a.address);
    expect(await free(`/api/ipam/prefixes/${prefix.id}/available-ips/`)).toEqual(['10.70.0.2/29', '10.70.0.4/29', '10.70.0.5/29', '10.70.0.6/29']);
    expect(await free(`/api/ipam/ip-ranges/${range.id}/available-ips/`)).toEqual(['10.71.0.1/24', '10.71.0.3/24', '10.71.0.4/24']);
  }, SLOW);

  it('counts the addresses of an interface with interface_ipaddress_count (interfaces’ count_ipaddresses)', async () => {
    const expression = addressRules.expressions!.interface_ipaddress_count("i", scope(Registry.load()));
    const counted = async (id: number) => Number((await api.db.query<{ n: number }>(`SELECT ${expression} AS n FROM "dcim_interface" i WHERE i.id = $1`, [id]))[0].n);
    expect(await counted(ids.sw3eth0)).toBe(2);
    expect(await counted(ids.sw3mgmt)).toBe(1);
    expect(await counted(ids.sw2eth0)).toBe(0);
  }, SLOW);

  it('reaches a virtual chassis master’s members’ interfaces through the device filters, leaving out management ones', async () => {
    const vc = await post('/api/dcim/virtual-chassis/', { name: 'stack', master: ids.sw1 });
    expect((await api.request('PATCH', `/api/dcim/devices/${ids.sw3}/`, { virtual_chassis: vc.id, vc_position: 2 })).status).toBe(200);
    expect(await addresses(`device_id=${ids.sw1}&parent=192.168.0.0/16`)).toEqual(['192.168.7.1/24']);
    // A member reaches only its own.
    expect(await addresses(`device_id=${ids.sw3}&parent=192.168.0.0/16`)).toEqual(['192.168.7.1/24', '192.168.7.2/24']);
    expect((await api.request('PATCH', `/api/dcim/devices/${ids.sw3}/`, { virtual_chassis: null, vc_position: null })).status).toBe(200);
  }, SLOW);
});
