/**
 * End-to-end tests of racks and what surrounds them (rack roles, groups and types, sites' and
 * locations' counts and filters), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: shapes,
 * NetBox's rack rules and their messages, multi-hop filters, protected deletes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

/** Many requests per test, on a shared machine: generous limits. */
const SLOW = 60_000;

describe.each(testDatabases())('dcim racks on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/dcim/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.region = (await post('regions', { name: 'Europe', slug: 'europe' })).id;
    ids.subregion = (await post('regions', { name: 'France', slug: 'france', parent: ids.region })).id;
    ids.group = (await post('site-groups', { name: 'Prod', slug: 'prod' })).id;
    ids.site = (await post('sites', { name: 'Paris', slug: 'paris', region: ids.subregion, group: ids.group })).id;
    ids.other = (await post('sites', { name: 'Lyon', slug: 'lyon' })).id;
    ids.location = (await post('locations', { name: 'Hall A', slug: 'hall-a', site: ids.site })).id;
    ids.room = (await post('locations', { name: 'Room 1', slug: 'room-1', site: ids.site, parent: ids.location })).id;
    ids.manufacturer = (await post('manufacturers', { name: 'APC', slug: 'apc' })).id;
    ids.role = (await post('rack-roles', { name: 'Core', slug: 'core', color: 'ff0000' })).id;
    ids.rackGroup = (await post('rack-groups', { name: 'Row 1', slug: 'row-1' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('creates a rack with NetBox shapes: display with facility id, brief, nested without counts', async () => {
    const rack = await post('racks', { name: 'R1', facility_id: 'F-1', site: ids.site, location: ids.room, role: ids.role, group: ids.rackGroup, u_height: 42 });
    ids.rack = rack.id;
    expect(rack.display).toBe('R1 (F-1)');
    expect(Object.keys(rack)).toEqual([
      'id', 'url', 'display_url', 'display', 'name', 'facility_id', 'site', 'location', 'group', 'tenant', 'status', 'role', 'serial', 'asset_tag', 'rack_type',
      'form_factor', 'width', 'u_height', 'starting_unit', 'weight', 'max_weight', 'weight_unit', 'desc_units', 'outer_width', 'outer_height', 'outer_depth',
      'outer_unit', 'mounting_depth', 'airflow', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'device_count',
      'powerfeed_count',
    ]);
    expect(rack.powerfeed_count).toBe(0);
    expect(rack.status).toEqual({ value: 'active', label: 'Active' });
    expect(rack.role).toEqual({ id: ids.role, url: `http://nb.test/api/dcim/rack-roles/${ids.role}/`, display: 'Core', name: 'Core', slug: 'core', description: '' });
    expect(rack.location).toMatchObject({ name: 'Room 1', rack_count: 1, _depth: 1 });
    expect(rack.airflow).toBeNull();
    const brief = await api.request('GET', `/api/dcim/racks/${rack.id}/?brief=1`);
    expect(Object.keys(brief.body)).toEqual(['id', 'url', 'display', 'name', 'description', 'device_count']);
    const role = await api.request('GET', `/api/dcim/rack-roles/${ids.role}/`);
    expect(role.body).toMatchObject({ color: 'ff0000', rack_count: 1 });
    // Counts: the site's racks, and the location's over its subtree.
    expect((await api.request('GET', `/api/dcim/sites/${ids.site}/`)).body).toMatchObject({ rack_count: 1, device_count: 0 });
    expect((await api.request('GET', `/api/dcim/locations/${ids.location}/`)).body).toMatchObject({ rack_count: 1, device_count: 0 });
  }, SLOW);

  it('shows nested-group parents as NetBox’s nested serializers do', async () => {
    const france = await api.request('GET', `/api/dcim/regions/${ids.subregion}/`);
    expect(france.body.parent).toEqual({ id: ids.region, url: `http://nb.test/api/dcim/regions/${ids.region}/`, display_url: `http://nb.test/dcim/regions/${ids.region}/`, display: 'Europe', name: 'Europe', slug: 'europe', _depth: 0 });
    const room = await api.request('GET', `/api/dcim/locations/${ids.room}/`);
    expect(Object.keys(room.body.parent)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'slug', '_depth']);
  }, SLOW);

  it('refuses a location of another site and units without their unit', async () => {
    const wrongSite = await api.request('POST', '/api/dcim/racks/', { name: 'X', site: ids.other, location: ids.location });
    expect(wrongSite.status).toBe(400);
    expect(wrongSite.body).toEqual({ __all__: ['Assigned location must belong to parent site (Lyon).'] });
    const weight = await api.request('POST', '/api/dcim/racks/', { name: 'X', site: ids.site, weight: 10 });
    expect(weight.body).toEqual({ __all__: ['Must specify a unit when setting a weight'] });
    const outer = await api.request('POST', '/api/dcim/racks/', { name: 'X', site: ids.site, outer_width: 600 });
    expect(outer.body).toEqual({ __all__: ['Must specify a unit when setting an outer dimension'] });
    const maxWeight = await api.request('POST', '/api/dcim/racks/', { name: 'X', site: ids.site, max_weight: 500 });
    expect(maxWeight.body).toEqual({ __all__: ['Must specify a unit when setting a maximum weight'] });
    const duplicate = await api.request('POST', '/api/dcim/racks/', { name: 'R1', site: ids.site, location: ids.room });
    expect(duplicate.body).toEqual({ __all__: ['Rack with this Location and Name already exists.'] });
    const height = await api.request('POST', '/api/dcim/racks/', { name: 'X', site: ids.site, u_height: 101 });
    expect(height.body).toEqual({ u_height: ['Ensure this value is less than or equal to 100.'] });
  }, SLOW);

  it('stores blank asset tags as null, so two never collide', async () => {
    const a = await post('racks', { name: 'Blank A', site: ids.other, asset_tag: '' });
    const b = await post('racks', { name: 'Blank B', site: ids.other, asset_tag: '' });
    expect([a.asset_tag, b.asset_tag]).toEqual([null, null]);
    await post('racks', { name: 'Tagged', site: ids.other, asset_tag: 'AT-1' });
    const clash = await api.request('POST', '/api/dcim/racks/', { name: 'Tagged 2', site: ids.other, asset_tag: 'AT-1' });
    expect(clash.body).toEqual({ asset_tag: ['rack with this asset tag already exists.'] });
  }, SLOW);

  it('takes its rack type’s physical attributes, and follows changes to the type', async () => {
    const type = await post('rack-types', { manufacturer: ids.manufacturer, model: 'NetShelter', slug: 'netshelter', form_factor: '4-post-cabinet', u_height: 48, width: 23, outer_width: 600, outer_unit: 'mm' });
    ids.rackType = type.id;
    expect(type.display).toBe('NetShelter');
    expect(Object.keys(type).slice(4, 9)).toEqual(['manufacturer', 'model', 'slug', 'description', 'form_factor']);
    const rack = await post('racks', { name: 'Typed', site: ids.other, rack_type: type.id, u_height: 10 });
    expect(rack).toMatchObject({ u_height: 48, outer_width: 600, form_factor: { value: '4-post-cabinet' }, width: { value: 23 } });
    expect(rack.outer_unit).toEqual({ value: 'mm', label: 'Millimeters' });
    const changed = await api.request('PATCH', `/api/dcim/rack-types/${type.id}/`, { u_height: 44 });
    expect(changed.status).toBe(200);
    expect(changed.body.rack_count).toBe(1);
    expect((await api.request('GET', `/api/dcim/racks/${rack.id}/`)).body.u_height).toBe(44);
    const types = await api.request('GET', '/api/dcim/rack-types/?rack_count__gte=1&manufacturer=apc');
    expect(types.body.results.map((t: any) => t.model)).toEqual(['NetShelter']);
    const missing = await api.request('POST', '/api/dcim/rack-types/', { manufacturer: ids.manufacturer, model: 'NS2', slug: 'ns2' });
    expect(missing.body).toEqual({ form_factor: ['This field is required.'] });
    const unit = await api.request('POST', '/api/dcim/rack-types/', { manufacturer: ids.manufacturer, model: 'NS2', slug: 'ns2', form_factor: 'wall-frame', outer_depth: 3 });
    expect(unit.body).toEqual({ __all__: ['Must specify a unit when setting an outer dimension'] });
    const typeWeight = await api.request('POST', '/api/dcim/rack-types/', { manufacturer: ids.manufacturer, model: 'NS2', slug: 'ns2', form_factor: 'wall-frame', weight: 40 });
    expect([typeWeight.status, typeWeight.body]).toEqual([400, { __all__: ['Must specify a unit when setting a weight'] }]);
    const typeMaxWeight = await api.request('POST', '/api/dcim/rack-types/', { manufacturer: ids.manufacturer, model: 'NS2', slug: 'ns2', form_factor: 'wall-frame', max_weight: 400 });
    expect([typeMaxWeight.status, typeMaxWeight.body]).toEqual([400, { __all__: ['Must specify a unit when setting a maximum weight'] }]);
    const same = await api.request('POST', '/api/dcim/rack-types/', { manufacturer: ids.manufacturer, model: 'NetShelter', slug: 'ns3', form_factor: 'wall-frame' });
    expect(same.body).toEqual({ __all__: ['Rack type with this Manufacturer and Model already exists.'] });
    // The type is protected while racks use it.
    const removed = await api.request('DELETE', `/api/dcim/rack-types/${type.id}/`);
    expect(removed.status).toBe(409);
    expect(removed.body.detail).toBe('Unable to delete object. 1 dependent objects were found: Typed (' + rack.id + ')');
  }, SLOW);

  it('filters racks through the site’s region and group trees, and by the type’s manufacturer', async () => {
    const byRegion = await api.request('GET', `/api/dcim/racks/?region_id=${ids.region}`);
    expect(byRegion.body.results.map((r: any) => r.name)).toEqual(['R1']);
    const byRegionSlug = await api.request('GET', '/api/dcim/racks/?region=europe');
    expect(byRegionSlug.body.count).toBe(1);
    const bySiteGroup = await api.request('GET', `/api/dcim/racks/?site_group_id=${ids.group}`);
    expect(bySiteGroup.body.count).toBe(1);
    const byLocationTree = await api.request('GET', `/api/dcim/racks/?location_id=${ids.location}`);
    expect(byLocationTree.body.count).toBe(1);
    const byManufacturer = await api.request('GET', '/api/dcim/racks/?manufacturer=apc');
    expect(byManufacturer.body.results.map((r: any) => r.name)).toEqual(['Typed']);
    const unknown = await api.request('GET', '/api/dcim/racks/?manufacturer=nobody');
    expect(unknown.body).toEqual({ manufacturer: ['Select a valid choice. nobody is not one of the available choices.'] });
    const width = await api.request('GET', '/api/dcim/racks/?width=23');
    expect(width.body.count).toBe(1);
    const locations = await api.request('GET', `/api/dcim/locations/?region_id=${ids.region}&site_group=prod`);
    expect(locations.body.results.map((l: any) => l.name).sort()).toEqual(['Hall A', 'Room 1']);
  }, SLOW);

  it('orders racks naturally by name within a site', async () => {
    for (const name of ['N10', 'N9', 'N100']) await post('racks', { name, site: ids.site, location: ids.location });
    const list = await api.request('GET', `/api/dcim/racks/?location_id=${ids.location}&name__isw=N`);
    expect(list.body.results.map((r: any) => r.name)).toEqual(['N9', 'N10', 'N100']);
  }, SLOW);

  it('keeps a rack from shrinking below its devices, then protects its site', async () => {
    const type = await post('device-types', { manufacturer: ids.manufacturer, model: 'UPS', slug: 'ups', u_height: 2 });
    const role = await post('device-roles', { name: 'Power', slug: 'power' });
    await post('devices', { name: 'ups1', device_type: type.id, role: role.id, site: ids.site, rack: ids.rack, position: 40, face: 'front' });
    const shrink = await api.request('PATCH', `/api/dcim/racks/${ids.rack}/`, { u_height: 40 });
    expect(shrink.body).toEqual({ u_height: ['Rack must be at least 41.0U tall to house currently installed devices.'] });
    const start = await api.request('PATCH', `/api/dcim/racks/${ids.rack}/`, { starting_unit: 41 });
    expect(start.body).toEqual({ starting_unit: ['Rack unit numbering must begin at 40.0 or less to house currently installed devices.'] });
    expect((await api.request('PATCH', `/api/dcim/racks/${ids.rack}/`, { u_height: 41 })).status).toBe(200);
    expect((await api.request('GET', `/api/dcim/racks/${ids.rack}/`)).body.device_count).toBe(1);
    const site = await api.request('DELETE', `/api/dcim/sites/${ids.site}/`);
    expect(site.status).toBe(409);
    // A rack role or rack group in use is protected (NetBox's Rack.role and Rack.group are PROTECT).
    expect((await api.request('DELETE', `/api/dcim/rack-roles/${ids.role}/`)).status).toBe(409);
    expect((await api.request('DELETE', `/api/dcim/rack-groups/${ids.rackGroup}/`)).status).toBe(409);
    expect((await api.request('GET', `/api/dcim/racks/${ids.rack}/`)).body.group).toMatchObject({ id: ids.rackGroup });
  }, SLOW);
});
