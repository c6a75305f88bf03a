/**
 * End-to-end tests of the vpn app's IKE/IPSec chain and tunnels, on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL: NetBox's shapes (proposals, policies and their m2m
 * proposals, a profile, a tunnel in a group with its counts), terminations on a device's and a
 * VM's interface with their generic `termination` and outside IP, the filters across them, the
 * protected deletes and the cascade from an interface; a termination on an object of another type
 * (NetBox's serializer takes any), which a delete of that object leaves in place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

describe.each(testDatabases())('vpn tunnels on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const names = async (path: string, query = '') => (await api.request('GET', `${path}?${query}&limit=0`)).body.results.map((o: any) => o.display);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('/api/dcim/sites/', { name: 'NYC', slug: 'nyc' })).id;
    const maker = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'R1', slug: 'r1' });
    const role = await post('/api/dcim/device-roles/', { name: 'Router', slug: 'router' });
    ids.r1 = (await post('/api/dcim/devices/', { name: 'r1', device_type: type.id, role: role.id, site: ids.site })).id;
    ids.r2 = (await post('/api/dcim/devices/', { name: 'r2', device_type: type.id, role: role.id, site: ids.site })).id;
    ids.r1eth = (await post('/api/dcim/interfaces/', { device: ids.r1, name: 'tun0', type: 'virtual' })).id;
    ids.r2eth = (await post('/api/dcim/interfaces/', { device: ids.r2, name: 'tun0', type: 'virtual' })).id;
    ids.vm = (await post('/api/virtualization/virtual-machines/', { name: 'vm1', site: ids.site })).id;
    ids.vmeth = (await post('/api/virtualization/interfaces/', { virtual_machine: ids.vm, name: 'wg0' })).id;
    ids.ip = (await post('/api/ipam/ip-addresses/', { address: '192.0.2.1/32' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('builds an IKE/IPSec profile chain with NetBox’s fields', async () => {
    const ike = await post('/api/vpn/ike-proposals/', { name: 'ike-p1', authentication_method: 'preshared-keys', encryption_algorithm: 'aes-256-cbc', authentication_algorithm: 'hmac-sha256', group: 14, sa_lifetime: 28800 });
    expect(Object.keys(ike)).toEqual([
      'id', 'url', 'display_url', 'display', 'name', 'description', 'authentication_method', 'encryption_algorithm', 'authentication_algorithm', 'group',
      'sa_lifetime', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
    ]);
    expect(ike.group).toEqual({ value: 14, label: 'Group 14' });
    expect(ike.url).toMatch(/\/api\/vpn\/ike-proposals\/\d+\/$/);
    const policy = await post('/api/vpn/ike-policies/', { name: 'ike-pol', version: 1, mode: 'main', proposals: [ike.id], preshared_key: 's3cret' });
    expect(policy.version).toEqual({ value: 1, label: 'IKEv1' });
    expect(policy.proposals).toEqual([{ id: ike.id, url: ike.url, display: 'ike-p1', name: 'ike-p1', description: '', display_url: expect.any(String) }].map(({ display_url: _, ...p }) => expect.objectContaining(p)));
    const ipsec = await post('/api/vpn/ipsec-proposals/', { name: 'esp-p1', encryption_algorithm: 'aes-128-gcm', sa_lifetime_seconds: 3600 });
    expect(ipsec.authentication_algorithm).toBeNull();
    const ipsecPolicy = await post('/api/vpn/ipsec-policies/', { name: 'esp-pol', proposals: [ipsec.id], pfs_group: 19 });
    expect(ipsecPolicy.pfs_group).toEqual({ value: 19, label: 'Group 19' });
    const profile = await post('/api/vpn/ipsec-profiles/', { name: 'prof', mode: 'esp', ike_policy: policy.id, ipsec_policy: ipsecPolicy.id });
    expect(profile.ike_policy).toMatchObject({ id: policy.id, name: 'ike-pol' });
    expect(Object.keys(profile).slice(4, 9)).toEqual(['name', 'description', 'mode', 'ike_policy', 'ipsec_policy']);
    Object.assign(ids, { ike: ike.id, policy: policy.id, ipsec: ipsec.id, ipsecPolicy: ipsecPolicy.id, profile: profile.id });
    expect(await names('/api/vpn/ike-proposals/', `ike_policy_id=${policy.id}`)).toEqual(['ike-p1']);
    expect(await names('/api/vpn/ike-policies/', 'ike_proposal=ike-p1')).toEqual(['ike-pol']);
    expect(await names('/api/vpn/ipsec-proposals/', 'ipsec_policy=esp-pol')).toEqual(['esp-p1']);
    expect(await names('/api/vpn/ipsec-profiles/', 'ike_policy=ike-pol&mode=esp')).toEqual(['prof']);
    expect(await names('/api/vpn/ipsec-policies/', 'pfs_group=19')).toEqual(['esp-pol']);
  });

  it('creates a tunnel in a group with two terminations on device interfaces', async () => {
    const group = await post('/api/vpn/tunnel-groups/', { name: 'Mesh', slug: 'mesh' });
    ids.group = group.id;
    const tunnel = await post('/api/vpn/tunnels/', { name: 'T1', status: 'active', group: group.id, encapsulation: 'ipsec-tunnel', ipsec_profile: ids.profile, tunnel_id: 100 });
    ids.tunnel = tunnel.id;
    expect(Object.keys(tunnel)).toEqual([
      'id', 'url', 'display_url', 'display', 'name', 'status', 'group', 'encapsulation', 'ipsec_profile', 'tenant', 'tunnel_id', 'description', 'owner',
      'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'terminations_count',
    ]);
    expect(tunnel.encapsulation).toEqual({ value: 'ipsec-tunnel', label: 'IPsec - Tunnel' });
    const a = await post('/api/vpn/tunnel-terminations/', { tunnel: tunnel.id, role: 'peer', termination_type: 'dcim.interface', termination_id: ids.r1eth, outside_ip: ids.ip });
    expect(Object.keys(a)).toEqual(['id', 'url', 'display_url', 'display', 'tunnel', 'role', 'termination_type', 'termination_id', 'termination', 'outside_ip', 'tags', 'custom_fields', 'created', 'last_updated']);
    expect(a.display).toBe(`T1: Termination ${a.id}`);
    expect(a.termination).toMatchObject({ id: ids.r1eth, name: 'tun0', device: expect.objectContaining({ name: 'r1' }) });
    expect(a.outside_ip).toMatchObject({ id: ids.ip, address: '192.0.2.1/32' });
    const b = await post('/api/vpn/tunnel-terminations/', { tunnel: tunnel.id, role: 'peer', termination_type: 'dcim.interface', termination_id: ids.r2eth });
    const c = await post('/api/vpn/tunnel-terminations/', { tunnel: tunnel.id, role: 'hub', termination_type: 'virtualization.vminterface', termination_id: ids.vmeth });
    Object.assign(ids, { a: a.id, b: b.id, c: c.id });
    const got = (await api.request('GET', `/api/vpn/tunnels/${tunnel.id}/`)).body;
    expect(got.terminations_count).toBe(3);
    expect((await api.request('GET', `/api/vpn/tunnel-groups/${group.id}/`)).body.tunnel_count).toBe(1);
    // Ordered by tunnel, role, id: hub before peer.
    expect((await api.request('GET', '/api/vpn/tunnel-terminations/')).body.results.map((t: any) => t.id)).toEqual([c.id, a.id, b.id]);
  });

  it('filters tunnels and terminations as NetBox does', async () => {
    const ids_ = async (query: string) => (await api.request('GET', `/api/vpn/tunnel-terminations/?${query}`)).body.results.map((t: any) => t.id).sort();
    expect(await ids_(`interface_id=${ids.r1eth}`)).toEqual([ids.a]);
    expect(await ids_('interface=tun0')).toEqual([ids.a, ids.b].sort());
    expect(await ids_(`vminterface_id=${ids.vmeth}`)).toEqual([ids.c]);
    expect(await ids_('vminterface=wg0')).toEqual([ids.c]);
    expect(await ids_('role=hub')).toEqual([ids.c]);
    expect(await ids_('tunnel=T1&termination_type=dcim.interface')).toEqual([ids.a, ids.b].sort());
    expect(await ids_(`outside_ip_id=${ids.ip}`)).toEqual([ids.a]);
    expect(await ids_(`termination_id=${ids.r2eth}`)).toEqual([ids.b]);
    expect(await names('/api/vpn/tunnels/', 'group=mesh&encapsulation=ipsec-tunnel&ipsec_profile=prof&tunnel_id=100')).toEqual(['T1']);
    expect(await names('/api/vpn/tunnels/', 'q=t1')).toEqual(['T1']);
    expect((await api.request('GET', '/api/vpn/tunnels/?group=nowhere')).status).toBe(400);
  });

  it('terminates a tunnel on an object of any type, which a delete of the object leaves in place', async () => {
    // NetBox's serializer takes any content type; only interfaces hold a GenericRelation back.
    const site = await post('/api/dcim/sites/', { name: 'Far', slug: 'far' });
    const onSite = await post('/api/vpn/tunnel-terminations/', { tunnel: ids.tunnel, role: 'spoke', termination_type: 'dcim.site', termination_id: site.id });
    expect(onSite).toMatchObject({ termination_type: 'dcim.site', termination_id: site.id, termination: { id: site.id, url: site.url, name: 'Far', slug: 'far' } });
    // GFKSerializerField: the object's brief form.
    expect(onSite.termination).toEqual({ id: site.id, url: site.url, display: 'Far', name: 'Far', slug: 'far', description: '' });
    // Read back as PostgreSQL renders it, the same as the serializer's answer to the POST.
    expect((await api.request('GET', `/api/vpn/tunnel-terminations/${onSite.id}/`)).body).toEqual(onSite);
    const listed = (await api.request('GET', '/api/vpn/tunnel-terminations/?termination_type=dcim.site')).body.results;
    expect(listed.map((t: any) => [t.id, t.termination?.name])).toEqual([[onSite.id, 'Far']]);
    expect((await api.request('DELETE', `/api/dcim/sites/${site.id}/`)).status).toBe(204);
    const left = (await api.request('GET', `/api/vpn/tunnel-terminations/${onSite.id}/`)).body;
    expect(left).toMatchObject({ termination_type: 'dcim.site', termination_id: site.id, termination: null });
    expect((await api.request('DELETE', `/api/vpn/tunnel-terminations/${onSite.id}/`)).status).toBe(204);
  });

  it('refuses deleting what a tunnel uses, and cascades from its interface', async () => {
    const profile = await api.request('DELETE', `/api/vpn/ipsec-profiles/${ids.profile}/`);
    expect(profile.status).toBe(409);
    const ip = await api.request('DELETE', `/api/ipam/ip-addresses/${ids.ip}/`);
    expect(ip.status).toBe(409);
    expect((await api.request('DELETE', `/api/dcim/interfaces/${ids.r2eth}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/vpn/tunnel-terminations/${ids.b}/`)).status).toBe(404);
    expect((await api.request('DELETE', `/api/vpn/tunnels/${ids.tunnel}/`)).status).toBe(204);
    expect((await api.request('GET', '/api/vpn/tunnel-terminations/')).body.count).toBe(0);
  });
});
