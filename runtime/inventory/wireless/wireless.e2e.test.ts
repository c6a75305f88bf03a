/**
 * End-to-end tests of the wireless app, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL:
 * wireless LAN groups (a tree), wireless LANs (scope and cached scope, the interfaces' m2m and its
 * filters) and wireless links (wireless ends only, the interfaces' `wireless_link` set on create,
 * moved on update, cleared on delete, the devices' cascade), with NetBox's shapes and messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../testing/inventoryApp.ts';

const SLOW = 60_000;

describe.each(testDatabases())('wireless on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const get = async (path: string) => (await api.request('GET', path)).body;
  const ssids = async (query: string) => (await get(`/api/wireless/wireless-lans/?${query}`)).results.map((l: any) => l.ssid);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.region = (await post('/api/dcim/regions/', { name: 'Europe', slug: 'europe' })).id;
    ids.site = (await post('/api/dcim/sites/', { name: 'AMS', slug: 'ams', region: ids.region })).id;
    ids.other = (await post('/api/dcim/sites/', { name: 'FRA', slug: 'fra' })).id;
    const maker = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'AP', slug: 'ap' });
    const role = await post('/api/dcim/device-roles/', { name: 'AP', slug: 'ap' });
    ids.ap1 = (await post('/api/dcim/devices/', { name: 'ap1', device_type: type.id, role: role.id, site: ids.site })).id;
    ids.ap2 = (await post('/api/dcim/devices/', { name: 'ap2', device_type: type.id, role: role.id, site: ids.site })).id;
    ids.w1 = (await post('/api/dcim/interfaces/', { device: ids.ap1, name: 'wlan0', type: 'ieee802.11ac' })).id;
    ids.w2 = (await post('/api/dcim/interfaces/', { device: ids.ap2, name: 'wlan0', type: 'ieee802.11ac' })).id;
    ids.w3 = (await post('/api/dcim/interfaces/', { device: ids.ap2, name: 'wlan1', type: 'ieee802.11ax' })).id;
    ids.eth = (await post('/api/dcim/interfaces/', { device: ids.ap1, name: 'eth0', type: '1000base-t' })).id;
    ids.vlan = (await post('/api/ipam/vlans/', { vid: 10, name: 'wifi' })).id;
    ids.tenant = (await post('/api/tenancy/tenants/', { name: 'Acme Corp', slug: 'acme-corp' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('keeps wireless LAN groups as a tree with their LAN counts', async () => {
    ids.campus = (await post('/api/wireless/wireless-lan-groups/', { name: 'Campus', slug: 'campus' })).id;
    const child = await post('/api/wireless/wireless-lan-groups/', { name: 'Building 1', slug: 'building-1', parent: ids.campus });
    ids.building = child.id;
    expect(Object.keys(child)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'slug', 'parent', 'description', 'tags', 'custom_fields', 'created', 'last_updated', 'wirelesslan_count', 'owner', 'comments', '_depth']);
    expect(child).toMatchObject({ display: 'Building 1', _depth: 1, parent: { id: ids.campus, name: 'Campus', _depth: 0 } });
    const dup = await api.request('POST', '/api/wireless/wireless-lan-groups/', { name: 'Campus', slug: 'campus-2' });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ name: ['wireless LAN group with this name already exists.'] });
    const cycle = await api.request('PATCH', `/api/wireless/wireless-lan-groups/${ids.campus}/`, { parent: ids.building });
    expect(cycle.status).toBe(400);
    expect(cycle.body).toEqual({ parent: ['Cannot assign self or child wireless LAN group as parent.'] });
  });

  it('creates wireless LANs with a scope, cached for the site and region filters', async () => {
    const lan = await post('/api/wireless/wireless-lans/', {
      ssid: 'corp', group: ids.building, vlan: ids.vlan, scope_type: 'dcim.site', scope_id: ids.site, tenant: ids.tenant, auth_type: 'wpa-personal', auth_cipher: 'aes', auth_psk: 'secret',
    });
    ids.corp = lan.id;
    expect(Object.keys(lan)).toEqual([
      'id', 'url', 'display_url', 'display', 'ssid', 'description', 'group', 'status', 'vlan', 'scope_type', 'scope_id', 'scope', 'tenant',
      'auth_type', 'auth_cipher', 'auth_psk', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
    ]);
    expect(lan).toMatchObject({
      display: 'corp', status: { value: 'active', label: 'Active' }, scope_type: 'dcim.site', scope: { id: ids.site, name: 'AMS' },
      auth_type: { value: 'wpa-personal', label: 'WPA Personal (PSK)' }, auth_cipher: { value: 'aes', label: 'AES' }, vlan: { id: ids.vlan, vid: 10 },
    });
    ids.guest = (await post('/api/wireless/wireless-lans/', { ssid: 'guest', status: 'disabled' })).id;
    expect((await get(`/api/wireless/wireless-lans/${ids.guest}/`))).toMatchObject({ auth_type: null, auth_cipher: null, scope: null, group: null });
    expect(await ssids(`region_id=${ids.region}`)).toEqual(['corp']);
    expect(await ssids('site=ams')).toEqual(['corp']);
    expect(await ssids(`group_id=${ids.campus}`)).toEqual(['corp']);
    expect(await ssids('status=disabled')).toEqual(['guest']);
    expect(await ssids(`vlan_id=${ids.vlan}`)).toEqual(['corp']);
    expect(await ssids('q=gues')).toEqual(['guest']);
    expect((await get(`/api/wireless/wireless-lan-groups/${ids.campus}/`)).wirelesslan_count).toBe(1);
    const zero = await api.request('POST', '/api/wireless/wireless-lans/', { ssid: 'x', scope_type: 'dcim.site', scope_id: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual({ __all__: ['Please select a site.'] });
    const long = await api.request('POST', '/api/wireless/wireless-lans/', { ssid: 'x'.repeat(33) });
    expect(long.body).toEqual({ ssid: ['Ensure this field has no more than 32 characters.'] });
  });

  it('attaches LANs to interfaces, filtered both ways', async () => {
    const iface = await api.request('PATCH', `/api/dcim/interfaces/${ids.w1}/`, { wireless_lans: [ids.corp, ids.guest] });
    expect(iface.status).toBe(200);
    expect(iface.body.wireless_lans.map((l: any) => l.ssid)).toEqual(['corp', 'guest']);
    expect(await ssids(`interface_id=${ids.w1}`)).toEqual(['corp', 'guest']);
    const names = (await get(`/api/dcim/interfaces/?wireless_lan_id=${ids.corp}`)).results.map((i: any) => i.id);
    expect(names).toEqual([ids.w1]);
  });

  it('links two wireless interfaces and keeps their wireless_link', async () => {
    const link = await post('/api/wireless/wireless-links/', { interface_a: ids.w1, interface_b: ids.w2, ssid: 'bridge', tenant: ids.tenant, distance: 1.5, distance_unit: 'km' });
    ids.link = link.id;
    expect(Object.keys(link)).toEqual([
      'id', 'url', 'display_url', 'display', 'interface_a', 'interface_b', 'ssid', 'status', 'tenant', 'auth_type', 'auth_cipher', 'auth_psk',
      'distance', 'distance_unit', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
    ]);
    expect(link).toMatchObject({ display: 'bridge', status: { value: 'connected', label: 'Connected' }, distance: 1.5, distance_unit: { value: 'km', label: 'Kilometers' }, interface_a: { id: ids.w1, name: 'wlan0' } });
    // Each radio's link peer is the other radio, and it is occupied (NetBox's Interface.link_peers, _occupied).
    const radio = await get(`/api/dcim/interfaces/${ids.w1}/`);
    expect([radio.link_peers_type, radio.link_peers.map((p: any) => [p.id, p.name, p.device.name]), radio._occupied]).toEqual(['dcim.interface', [[ids.w2, 'wlan0', 'ap2']], true]);
    for (const id of [ids.w1, ids.w2]) expect((await get(`/api/dcim/interfaces/${id}/`)).wireless_link).toEqual({ id: ids.link, url: `http://nb.test/api/wireless/wireless-links/${ids.link}/`, display_url: `http://nb.test/wireless/wireless-links/${ids.link}/`, display: 'bridge', ssid: 'bridge' });
    expect((await get(`/api/dcim/interfaces/?wireless_link_id=${ids.link}`)).results.map((i: any) => i.id).sort()).toEqual([ids.w1, ids.w2].sort());
    expect((await get(`/api/wireless/wireless-links/?interface_a_id=${ids.w1}`)).count).toBe(1);

    // Moving end B clears the old interface and sets the new one.
    await api.request('PATCH', `/api/wireless/wireless-links/${ids.link}/`, { interface_b: ids.w3, ssid: '' });
    expect((await get(`/api/dcim/interfaces/${ids.w2}/`)).wireless_link).toBeNull();
    expect((await get(`/api/dcim/interfaces/${ids.w3}/`)).wireless_link).toMatchObject({ id: ids.link, display: `#${ids.link}` });

    // An interface in a link cannot be deleted (PROTECT); deleting the link clears both ends.
    expect((await api.request('DELETE', `/api/dcim/interfaces/${ids.w1}/`)).status).toBe(409);
    expect((await api.request('DELETE', `/api/wireless/wireless-links/${ids.link}/`)).status).toBe(204);
    for (const id of [ids.w1, ids.w3]) expect((await get(`/api/dcim/interfaces/${id}/`)).wireless_link).toBeNull();
    expect(await get(`/api/dcim/interfaces/${ids.w1}/`)).toMatchObject({ link_peers: [], link_peers_type: null, _occupied: false });
  });

  it('deletes a device’s links with the device', async () => {
    const link = await post('/api/wireless/wireless-links/', { interface_a: ids.w1, interface_b: ids.w2 });
    expect(link.display).toBe(`#${link.id}`);
    expect((await api.request('DELETE', `/api/dcim/devices/${ids.ap2}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/wireless/wireless-links/${link.id}/`)).status).toBe(404);
    expect((await get(`/api/dcim/interfaces/${ids.w1}/`)).wireless_link).toBeNull();
  });
});
