/**
 * NetBox's validation messages of the wireless models (scripts/facts/rules/wireless.yaml), each
 * triggered through the API with its status, key and words, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('wireless validation on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const count = async () => (await api.request('GET', '/api/wireless/wireless-links/')).body.count;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const site = await post('/api/dcim/sites/', { name: 'AMS', slug: 'ams' });
    const maker = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'AP', slug: 'ap' });
    const role = await post('/api/dcim/device-roles/', { name: 'AP', slug: 'ap' });
    const ap = await post('/api/dcim/devices/', { name: 'ap1', device_type: type.id, role: role.id, site: site.id });
    ids.w1 = (await post('/api/dcim/interfaces/', { device: ap.id, name: 'wlan0', type: 'ieee802.11ac' })).id;
    ids.w2 = (await post('/api/dcim/interfaces/', { device: ap.id, name: 'wlan1', type: 'ieee802.11ac' })).id;
    ids.eth0 = (await post('/api/dcim/interfaces/', { device: ap.id, name: 'eth0', type: '1000base-t' })).id;
    ids.eth1 = (await post('/api/dcim/interfaces/', { device: ap.id, name: 'eth1', type: 'virtual' })).id;
  }, 60_000);
  afterAll(async () => api?.close());

  it.each([
    ['interface A', { interface_a: 'eth0', interface_b: 'w2' }, { interface_a: ['1000BASE-T (1GE) is not a wireless interface.'] }],
    ['interface B', { interface_a: 'w1', interface_b: 'eth1' }, { interface_b: ['Virtual is not a wireless interface.'] }],
    ['both: A only, as NetBox raises one', { interface_a: 'eth1', interface_b: 'eth0' }, { interface_a: ['Virtual is not a wireless interface.'] }],
  ])('refuses a link whose %s is not wireless', async (_name, ends, errors) => {
    const r = await api.request('POST', '/api/wireless/wireless-links/', { interface_a: ids[ends.interface_a], interface_b: ids[ends.interface_b] });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(errors);
    expect(await count()).toBe(0);
  });

  it('refuses a distance without its unit (DistanceMixin.clean())', async () => {
    const r = await api.request('POST', '/api/wireless/wireless-links/', { interface_a: ids.w1, interface_b: ids.w2, distance: 3 });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ __all__: ['Must specify a unit when setting a distance'] });
    expect(await count()).toBe(0);
  });

  it('refuses a second link between the same interfaces', async () => {
    await post('/api/wireless/wireless-links/', { interface_a: ids.w1, interface_b: ids.w2 });
    const r = await api.request('POST', '/api/wireless/wireless-links/', { interface_a: ids.w1, interface_b: ids.w2 });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ __all__: ['Wireless link with this Interface A and Interface B already exists.'] });
  });

  it('refuses a wireless LAN group under itself or its child', async () => {
    const top = await post('/api/wireless/wireless-lan-groups/', { name: 'Top', slug: 'top' });
    const child = await post('/api/wireless/wireless-lan-groups/', { name: 'Child', slug: 'child', parent: top.id });
    const cycle = await api.request('PATCH', `/api/wireless/wireless-lan-groups/${top.id}/`, { parent: child.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body).toEqual({ parent: ['Cannot assign self or child wireless LAN group as parent.'] });
  });

  it('refuses a LAN scope of id 0 (CachedScopeMixin.clean()) and a half scope', async () => {
    const zero = await api.request('POST', '/api/wireless/wireless-lans/', { ssid: 'x', scope_type: 'dcim.region', scope_id: 0 });
    expect(zero.body).toEqual({ __all__: ['Please select a region.'] });
    const half = await api.request('POST', '/api/wireless/wireless-lans/', { ssid: 'x', scope_type: 'dcim.site' });
    expect(half.body).toEqual({ __all__: ['Please select a site.'] });
    const typeless = await api.request('POST', '/api/wireless/wireless-lans/', { ssid: 'x', scope_id: 1 });
    expect(typeless.body).toEqual({ scope_type: ['This field cannot be null.'] });
    const missing = await api.request('POST', '/api/wireless/wireless-lans/', { ssid: 'x', scope_type: 'dcim.site', scope_id: 999 });
    expect(missing.body).toEqual({ scope_id: ['Related object not found using the provided value: 999.'] });
  });
});
