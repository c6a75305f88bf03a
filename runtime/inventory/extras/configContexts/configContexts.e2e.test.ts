/**
 * Config contexts end to end: scopes matched as NetBox matches them (trees by ancestor, tags,
 * clusters, tenants), data merged deeply by weight then name with the local data last, inactive
 * contexts ignored, `?exclude=config_context` and brief mode leaving it out, and the profiles'
 * JSON schemas refusing bad schemas and bad data with NetBox's 400s, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { configContext } from './deepMerge.ts';

describe.each(testDatabases())('config contexts on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const made = await api.request('POST', path, body);
    expect(made.status, `${path}: ${JSON.stringify(made.body)}`).toBe(201);
    return made.body;
  };
  const context = (name: string, weight: number, data: unknown, scopes: Record<string, unknown> = {}) => post('/api/extras/config-contexts/', { name, weight, data, ...scopes });
  const deviceContext = async (id = ids.device) => (await api.request('GET', `/api/dcim/devices/${id}/`)).body.config_context;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const europe = await post('/api/dcim/regions/', { name: 'Europe', slug: 'europe' });
    const france = await post('/api/dcim/regions/', { name: 'France', slug: 'france', parent: europe.id });
    const campus = await post('/api/dcim/site-groups/', { name: 'Campus', slug: 'campus' });
    const site = await post('/api/dcim/sites/', { name: 'Paris', slug: 'paris', region: france.id, group: campus.id });
    const other = await post('/api/dcim/sites/', { name: 'Lyon', slug: 'lyon' });
    const building = await post('/api/dcim/locations/', { name: 'B1', slug: 'b1', site: site.id });
    const floor = await post('/api/dcim/locations/', { name: 'F1', slug: 'f1', site: site.id, parent: building.id });
    const maker = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'X1', slug: 'x1' });
    const network = await post('/api/dcim/device-roles/', { name: 'Network', slug: 'network' });
    const router = await post('/api/dcim/device-roles/', { name: 'Router', slug: 'router', parent: network.id });
    const linux = await post('/api/dcim/platforms/', { name: 'Linux', slug: 'linux' });
    const groupT = await post('/api/tenancy/tenant-groups/', { name: 'Customers', slug: 'customers' });
    const tenant = await post('/api/tenancy/tenants/', { name: 'Ann', slug: 'ann', group: groupT.id });
    const tag = await post('/api/extras/tags/', { name: 'Edge', slug: 'edge' });
    const kvm = await post('/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' });
    const cluster = await post('/api/virtualization/clusters/', { name: 'C1', type: kvm.id });
    const device = await post('/api/dcim/devices/', { name: 'r1', device_type: type.id, role: router.id, site: site.id, location: floor.id, platform: linux.id, tenant: tenant.id, tags: [tag.id], local_context_data: { ntp: { local: true } } });
    const bare = await post('/api/dcim/devices/', { name: 'r2', device_type: type.id, role: network.id, site: other.id });
    const vm = await post('/api/virtualization/virtual-machines/', { name: 'vm1', cluster: cluster.id, role: router.id, tenant: tenant.id });
    Object.assign(ids, { europe: europe.id, france: france.id, campus: campus.id, site: site.id, building: building.id, type: type.id, network: network.id, linux: linux.id, groupT: groupT.id, tenant: tenant.id, kvm: kvm.id, cluster: cluster.id, device: device.id, bare: bare.id, vm: vm.id });
  }, 120_000);
  afterAll(async () => api?.close());

  it('creates a context with every scope, shown nested, tags as slugs', async () => {
    const made = await context('everything', 500, { a: 1 }, {
      regions: [ids.europe], site_groups: [ids.campus], sites: [ids.site], locations: [ids.building], device_types: [ids.type], roles: [ids.network],
      platforms: [ids.linux], tenant_groups: [ids.groupT], tenants: [ids.tenant], tags: ['edge'],
    });
    expect(made).toMatchObject({ name: 'everything', weight: 500, is_active: true, profile: null, data: { a: 1 }, tags: ['edge'], data_source: null, data_path: '', data_file: null, data_synced: null });
    expect(made).not.toHaveProperty('auto_sync_enabled');
    expect(made.regions).toEqual([expect.objectContaining({ id: ids.europe, slug: 'europe' })]);
    expect(Object.keys(made)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'weight', 'profile', 'description', 'is_active', 'regions', 'site_groups', 'sites', 'locations', 'device_types', 'roles', 'platforms', 'cluster_types', 'cluster_groups', 'clusters', 'tenant_groups', 'tenants', 'owner', 'tags', 'data_source', 'data_path', 'data_file', 'data_synced', 'data', 'created', 'last_updated']);
    // Ancestors match: Europe (region of the site's region), B1 (the floor's building), Network (the router role's parent).
    expect(await deviceContext()).toEqual({ a: 1, ntp: { local: true } });
    expect(await deviceContext(ids.bare)).toEqual({});
    const unknown = await api.request('POST', '/api/extras/config-contexts/', { name: 'x', data: {}, tags: ['nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ tags: ['Object with slug=nope does not exist.'] });
    expect((await api.request('DELETE', `/api/extras/config-contexts/${made.id}/`)).status).toBe(204);
  }, 60_000);

  it('merges the matching active contexts by weight then name, deeply, the local data last', async () => {
    const global = await context('global', 1000, { ntp: { servers: ['a'], prefer: 'a' }, dns: 'x', list: [1] });
    await context('b-site', 2000, { ntp: { servers: ['b'] }, dns: { primary: 'y' }, list: [2] }, { sites: [ids.site] });
    await context('a-site', 2000, { ntp: { prefer: 'site' }, empty: {} }, { sites: [ids.site] });
    await context('light', 10, { dns: 'early', ntp: 'flat' });
    await context('inactive', 3000, { dns: 'never' }, {});
    await api.request('PATCH', '/api/extras/config-contexts/?name=inactive', {});
    const inactive = (await api.request('GET', '/api/extras/config-contexts/?name=inactive')).body.results[0];
    expect((await api.request('PATCH', `/api/extras/config-contexts/${inactive.id}/`, { is_active: false })).status).toBe(200);
    await context('other-tenant', 3000, { dns: 'never' }, { tenant_groups: [ids.groupT], sites: [ids.bare] });
    await context('vm-cluster', 3000, { vm: true }, { clusters: [ids.cluster], cluster_types: [ids.kvm] });
    await context('located', 3000, { located: true }, { locations: [ids.building] });

    const expected = configContext(
      [{ dns: 'early', ntp: 'flat' }, { ntp: { servers: ['a'], prefer: 'a' }, dns: 'x', list: [1] }, { ntp: { prefer: 'site' }, empty: {} }, { ntp: { servers: ['b'] }, dns: { primary: 'y' }, list: [2] }, { located: true }],
      { ntp: { local: true } },
    );
    expect(expected).toEqual({ dns: { primary: 'y' }, ntp: { servers: ['b'], prefer: 'site', local: true }, list: [2], empty: {}, located: true });
    expect(await deviceContext()).toEqual(expected);
    // The list shows the same, for every device of the page.
    const list = (await api.request('GET', '/api/dcim/devices/?ordering=name')).body.results;
    expect(list.map((d: any) => d.config_context)).toEqual([expected, { ntp: { servers: ['a'], prefer: 'a' }, dns: 'x', list: [1] }]);
    // A virtual machine has no location: the located context does not apply; its cluster's does.
    const vm = (await api.request('GET', `/api/virtualization/virtual-machines/${ids.vm}/`)).body;
    expect(vm.config_context).toEqual({ dns: 'x', ntp: { servers: ['a'], prefer: 'a' }, list: [1], vm: true });
    expect(global.weight).toBe(1000);
  }, 60_000);

  it('leaves config_context out with ?exclude=config_context and in brief mode', async () => {
    const excluded = (await api.request('GET', '/api/dcim/devices/?exclude=config_context')).body.results[0];
    expect(excluded).not.toHaveProperty('config_context');
    expect(excluded).toHaveProperty('local_context_data');
    expect((await api.request('GET', `/api/virtualization/virtual-machines/${ids.vm}/?exclude=config_context`)).body).not.toHaveProperty('config_context');
    expect((await api.request('GET', '/api/dcim/devices/?brief=1')).body.results[0]).not.toHaveProperty('config_context');
  });

  it('filters and orders contexts as NetBox does', async () => {
    const names = async (query: string) => (await api.request('GET', `/api/extras/config-contexts/?${query}`)).body.results.map((c: any) => c.name);
    expect(await names('')).toEqual(['light', 'global', 'a-site', 'b-site', 'inactive', 'located', 'other-tenant', 'vm-cluster']);
    expect(await names('site=paris')).toEqual(['a-site', 'b-site']);
    expect(await names(`site_id=${ids.site}&is_active=true`)).toEqual(['a-site', 'b-site']);
    expect(await names('is_active=false')).toEqual(['inactive']);
    expect(await names(`cluster_id=${ids.cluster}`)).toEqual(['vm-cluster']);
    expect(await names('tenant_group=customers')).toEqual(['other-tenant']);
    expect(await names('q=primary')).toEqual(['b-site']);
    expect(await names('weight__lt=1000')).toEqual(['light']);
    expect((await api.request('GET', '/api/extras/config-contexts/?brief=1')).body.results[0]).toEqual({ id: expect.any(Number), url: expect.any(String), display: 'light', name: 'light', description: '' });
  });

  it('refuses data that is no object, with nothing written', async () => {
    // models.md gives this one as its source expression: _('JSON data must be in object form. Example:') + ' {"foo": 123}'
    const refused = await api.request('POST', '/api/extras/config-contexts/', { name: 'bad', data: [1, 2] });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ data: ['JSON data must be in object form. Example: {"foo": 123}'] });
    const missing = await api.request('POST', '/api/extras/config-contexts/', { name: 'bad' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ data: ['This field is required.'] });
    expect((await api.request('GET', '/api/extras/config-contexts/?name=bad')).body.count).toBe(0);
  });

  it('checks schemas of profiles and data of contexts against them', async () => {
    const badSchema = await api.request('POST', '/api/extras/config-context-profiles/', { name: 'bad', schema: { type: 'nonsense' } });
    expect(badSchema.status).toBe(400);
    expect(badSchema.body.schema[0]).toMatch(/^Invalid JSON schema definition: /);
    const notObject = await api.request('POST', '/api/extras/config-context-profiles/', { name: 'bad', schema: [1] });
    expect(notObject.body).toEqual({ schema: ['Invalid JSON schema definition'] });
    const profile = await post('/api/extras/config-context-profiles/', { name: 'NTP', schema: { type: 'object', required: ['ntp'], properties: { ntp: { type: 'string' } } }, tags: [] });
    expect(Object.keys(profile)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'description', 'schema', 'tags', 'owner', 'comments', 'data_source', 'data_path', 'data_file', 'data_synced', 'created', 'last_updated']);
    const missing = await api.request('POST', '/api/extras/config-contexts/', { name: 'p1', profile: profile.id, data: { dns: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ __all__: ["Data does not conform to profile schema: 'ntp' is a required property"] });
    const wrongType = await api.request('POST', '/api/extras/config-contexts/', { name: 'p1', profile: profile.id, data: { ntp: 5 } });
    expect(wrongType.body).toEqual({ __all__: ["Data does not conform to profile schema: 5 is not of type 'string'"] });
    const made = await post('/api/extras/config-contexts/', { name: 'p1', profile: profile.id, data: { ntp: 'pool' } });
    expect(made.profile).toMatchObject({ id: profile.id, name: 'NTP', description: '' });
    const change = await api.request('PATCH', `/api/extras/config-contexts/${made.id}/`, { data: { ntp: [] } });
    expect(change.status).toBe(400);
    expect((await api.request('GET', `/api/extras/config-contexts/${made.id}/`)).body.data).toEqual({ ntp: 'pool' });
    // A profile in use is protected.
    expect((await api.request('DELETE', `/api/extras/config-context-profiles/${profile.id}/`)).status).toBe(409);
  });

  it('takes data and schemas from data files (JSON or YAML), refusing one that is no object', async () => {
    const source = await post('/api/core/data-sources/', { name: 'Repo', type: 'local', source_url: '/tmp/config-contexts' });
    const file = async (path: string, text: string) => {
      const [row] = await api.db.query<{ id: number }>(
        `INSERT INTO core_data_file (source_id, path, last_updated, size, hash, created, data) VALUES ($1, $2, now(), $3, repeat('0', 64), now(), $4) RETURNING id`,
        [source.id, path, text.length, text],
      );
      return Number(row!.id);
    };
    const yaml = await file('contexts/ntp.yaml', 'ntp:\n  servers: [pool.example]\n');
    const made = await post('/api/extras/config-contexts/', { name: 'synced', data: {}, data_file: yaml });
    expect(made).toMatchObject({ data: { ntp: { servers: ['pool.example'] } }, data_source: expect.objectContaining({ id: source.id }), data_path: 'contexts/ntp.yaml', data_synced: expect.any(String) });
    const list = await file('contexts/list.json', '[1, 2]');
    const refused = await api.request('POST', '/api/extras/config-contexts/', { name: 'listed', data: {}, data_file: list });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ data: ['JSON data must be in object form. Example: {"foo": 123}'] });
    const schema = await file('schemas/ntp.json', '{"type": "object", "required": ["ntp"]}');
    const profile = await post('/api/extras/config-context-profiles/', { name: 'From file', data_file: schema });
    expect(profile).toMatchObject({ schema: { type: 'object', required: ['ntp'] }, data_path: 'schemas/ntp.json' });
    // Without the file the sync fields are cleared.
    const cleared = await api.request('PATCH', `/api/extras/config-contexts/${made.id}/`, { data_file: null });
    expect(cleared.body).toMatchObject({ data_source: null, data_path: '', data_synced: null, data: { ntp: { servers: ['pool.example'] } } });
  });
});
