/**
 * End-to-end tests of modules (module type profiles, module types, module bays, modules) and
 * virtual device contexts, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: shapes, the
 * module bay tree (a module's bays under the bay holding it), NetBox's module rules, filters,
 * protected deletes and cascades.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

/** Many requests per test, on a shared machine: generous limits. */
const SLOW = 60_000;

describe.each(testDatabases())('dcim modules on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/dcim/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const list = async (path: string, query: string, key = 'id') => (await api.request('GET', `/api/dcim/${path}/?${query}&limit=0`)).body.results.map((o: any) => o[key]);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('sites', { name: 'DC1', slug: 'dc1' })).id;
    ids.manufacturer = (await post('manufacturers', { name: 'Arista', slug: 'arista' })).id;
    ids.type = (await post('device-types', { manufacturer: ids.manufacturer, model: '7500R', slug: '7500r', u_height: 7 })).id;
    ids.role = (await post('device-roles', { name: 'Spine', slug: 'spine' })).id;
    ids.device = (await post('devices', { name: 'spine1', device_type: ids.type, role: ids.role, site: ids.site })).id;
    ids.other = (await post('devices', { name: 'spine2', device_type: ids.type, role: ids.role, site: ids.site })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('keeps module types’ attributes only with a profile, merging updates', async () => {
    const profile = await post('module-type-profiles', { name: 'Line card', schema: { properties: { ports: { type: 'integer' } } } });
    ids.profile = profile.id;
    expect(Object.keys(profile)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'description', 'schema', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated']);
    const dup = await api.request('POST', '/api/dcim/module-type-profiles/', { name: 'Line card' });
    expect(dup.body).toEqual({ name: ['module type profile with this name already exists.'] });
    const type = await post('module-types', { profile: profile.id, manufacturer: ids.manufacturer, model: '7500R-36CQ', attributes: { ports: 36 } });
    ids.moduleType = type.id;
    expect(Object.keys(type)).toEqual([
      'id', 'url', 'display_url', 'display', 'profile', 'manufacturer', 'model', 'part_number', 'airflow', 'weight', 'weight_unit', 'description', 'attributes',
      'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'module_count', 'console_port_template_count',
      'console_server_port_template_count', 'power_port_template_count', 'power_outlet_template_count', 'interface_template_count',
      'front_port_template_count', 'rear_port_template_count', 'module_bay_template_count',
    ]);
    expect(type.interface_template_count).toBe(0);
    expect(type.display).toBe('7500R-36CQ');
    expect(type.profile).toEqual({ id: profile.id, url: `http://nb.test/api/dcim/module-type-profiles/${profile.id}/`, display: 'Line card', name: 'Line card', description: '' });
    const merged = await api.request('PATCH', `/api/dcim/module-types/${type.id}/`, { attributes: { speed: '100G' } });
    expect(merged.body.attributes).toEqual({ ports: 36, speed: '100G' });
    // The attributes, merged, must satisfy the profile's schema: jsonschema's error as str() shows it.
    const invalid = await api.request('PATCH', `/api/dcim/module-types/${type.id}/`, { attributes: { ports: 'many' } });
    expect([invalid.status, invalid.body]).toEqual([
      400,
      { __all__: ["Invalid schema: 'many' is not of type 'integer'\n\nFailed validating 'type' in schema['properties']['ports']:\n    {'type': 'integer'}\n\nOn instance['ports']:\n    'many'"] },
    ]);
    const strict = await post('module-type-profiles', { name: 'Fan tray', schema: { properties: { rpm: { type: 'integer', minimum: 1000 } }, required: ['rpm'] } });
    const missing = await api.request('POST', '/api/dcim/module-types/', { profile: strict.id, manufacturer: ids.manufacturer, model: 'FT-1', attributes: { speed: 'low' } });
    // The schema as PostgreSQL's jsonb keeps it, shorter keys first, as NetBox reads it back too.
    expect([missing.status, missing.body]).toEqual([
      400,
      {
        __all__: [
          "Invalid schema: 'rpm' is a required property\n\nFailed validating 'required' in schema:\n    {'required': ['rpm'],\n     'properties': {'rpm': {'type': 'integer', 'minimum': 1000}}}\n\nOn instance:\n    {'speed': 'low'}",
        ],
      },
    ]);
    const slow = await api.request('POST', '/api/dcim/module-types/', { profile: strict.id, manufacturer: ids.manufacturer, model: 'FT-1', attributes: { rpm: 500 } });
    expect(slow.body.__all__[0]).toMatch(/^Invalid schema: 500 is less than the minimum of 1000\n/);
    // No attributes at all (null) satisfy it: `required` applies to objects only, and the schema does not ask for one.
    const bare = await post('module-types', { profile: strict.id, manufacturer: ids.manufacturer, model: 'FT-1' });
    expect(bare.attributes).toBeNull();
    expect((await api.request('DELETE', `/api/dcim/module-types/${bare.id}/`)).status).toBe(204);
    const plain = await post('module-types', { manufacturer: ids.manufacturer, model: 'PSU', attributes: { watts: 3000 } });
    expect(plain.attributes).toBeNull();
    ids.psu = plain.id;
    const weight = await api.request('POST', '/api/dcim/module-types/', { manufacturer: ids.manufacturer, model: 'Fan', weight: 1.5 });
    expect([weight.status, weight.body]).toEqual([400, { __all__: ['Must specify a unit when setting a weight'] }]);
    const dupModel = await api.request('POST', '/api/dcim/module-types/', { manufacturer: ids.manufacturer, model: 'PSU' });
    expect(dupModel.body).toEqual({ __all__: ['Module type with this Manufacturer and Model already exists.'] });
    expect((await api.request('GET', '/api/dcim/module-types/?profile=Line%20card')).body.count).toBe(1);
    expect((await api.request('GET', '/api/dcim/module-types/?interface_template_count__gt=0')).body.count).toBe(0);
    expect((await api.request('GET', '/api/dcim/module-types/?console_ports=false')).body.count).toBe(2);
  }, SLOW);

  it('installs modules in module bays, with NetBox’s shapes', async () => {
    const bay = await post('module-bays', { device: ids.device, name: 'Slot 1', position: '1' });
    ids.bay = bay.id;
    expect(Object.keys(bay)).toEqual([
      'id', 'url', 'display_url', 'display', 'device', 'module', 'name', 'label', 'position', 'enabled', 'description', 'installed_module', 'owner', 'tags',
      'custom_fields', 'created', 'last_updated', '_occupied',
    ]);
    expect([bay.installed_module, bay._occupied]).toEqual([null, false]);
    const module = await post('modules', { device: ids.device, module_bay: bay.id, module_type: ids.moduleType, serial: 'M1' });
    ids.module = module.id;
    expect(module.display).toBe(`Slot 1: 7500R-36CQ (${module.id})`);
    expect(module.module_bay).toEqual({ id: bay.id, url: `http://nb.test/api/dcim/module-bays/${bay.id}/`, display_url: `http://nb.test/dcim/module-bays/${bay.id}/`, display: 'Slot 1', name: 'Slot 1' });
    expect(Object.keys(module)).toEqual(['id', 'url', 'display_url', 'display', 'device', 'module_bay', 'module_type', 'status', 'serial', 'asset_tag', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated']);
    const filled = (await api.request('GET', `/api/dcim/module-bays/${bay.id}/`)).body;
    expect(filled.installed_module).toEqual({ id: module.id, url: `http://nb.test/api/dcim/modules/${module.id}/`, display_url: `http://nb.test/dcim/modules/${module.id}/`, display: `Slot 1: 7500R-36CQ (${module.id})`, serial: 'M1' });
    expect(filled._occupied).toBe(true);
    const brief = await api.request('GET', `/api/dcim/module-bays/${bay.id}/?brief=1`);
    // Brief fields in the serializer's field order, as NetBox renders them.
    expect(Object.keys(brief.body)).toEqual(['id', 'url', 'display', 'name', 'enabled', 'description', 'installed_module', '_occupied']);
    expect((await api.request('GET', `/api/dcim/devices/${ids.device}/`)).body.module_bay_count).toBe(1);
    expect((await api.request('GET', `/api/dcim/module-types/${ids.moduleType}/`)).body.module_count).toBe(1);
    expect(await list('module-bays', `installed_module_id=${module.id}`)).toEqual([bay.id]);
    expect(await list('devices', 'module_bays=true', 'name')).toEqual(['spine1']);
    expect(await list('modules', 'manufacturer=arista&site=dc1&device=spine1&module_type=7500R-36CQ&q=M1')).toEqual([module.id]);
  }, SLOW);

  it('refuses modules outside their device’s bays, occupied bays and moved components', async () => {
    const foreign = await api.request('POST', '/api/dcim/modules/', { device: ids.other, module_bay: ids.bay, module_type: ids.psu });
    expect(foreign.body).toEqual({ __all__: ['Module must be installed within a module bay belonging to the assigned device (spine2).'] });
    const occupied = await api.request('POST', '/api/dcim/modules/', { device: ids.device, module_bay: ids.bay, module_type: ids.psu });
    expect(occupied.body).toEqual({ module_bay: ['module with this module bay already exists.'] });
    const moved = await api.request('PATCH', `/api/dcim/module-bays/${ids.bay}/`, { device: ids.other });
    expect(moved.body).toEqual({ device: ['Components cannot be moved to a different device.'] });
    const unique = await api.request('POST', '/api/dcim/module-bays/', { device: ids.device, module: ids.module, name: 'Sub' });
    expect(unique.status).toBe(201);
    const again = await api.request('POST', '/api/dcim/module-bays/', { device: ids.device, module: ids.module, name: 'Sub' });
    expect(again.body).toEqual({ __all__: ['Module bay with this Device, Module and Name already exists.'] });
    ids.subBay = unique.body.id;
  }, SLOW);

  it('installs no module in a disabled bay, but leaves one in a bay disabled since', async () => {
    const disabled = await post('module-bays', { device: ids.other, name: 'Off', enabled: false });
    const spare = await post('module-bays', { device: ids.other, name: 'On' });
    const into = await api.request('POST', '/api/dcim/modules/', { device: ids.other, module_bay: disabled.id, module_type: ids.psu });
    expect([into.status, into.body]).toEqual([400, { module_bay: ['Cannot install a module in a disabled module bay.'] }]);
    const held = await post('modules', { device: ids.other, module_bay: spare.id, module_type: ids.psu });
    const moved = await api.request('PATCH', `/api/dcim/modules/${held.id}/`, { module_bay: disabled.id });
    expect([moved.status, moved.body]).toEqual([400, { module_bay: ['Cannot install a module in a disabled module bay.'] }]);
    // Disabling a bay does not evict its module, which may still be edited where it is.
    expect((await api.request('PATCH', `/api/dcim/module-bays/${spare.id}/`, { enabled: false })).status).toBe(200);
    const edited = await api.request('PATCH', `/api/dcim/modules/${held.id}/`, { serial: 'S-1', module_bay: spare.id });
    expect(edited.status).toBe(200);
    expect((await api.request('DELETE', `/api/dcim/modules/${held.id}/`)).status).toBe(204);
    for (const bay of [disabled.id, spare.id]) expect((await api.request('DELETE', `/api/dcim/module-bays/${bay}/`)).status).toBe(204);
  }, SLOW);

  it('hangs a module’s bays under the bay holding it, and refuses loops', async () => {
    const sub = await post('modules', { device: ids.device, module_bay: ids.subBay, module_type: ids.psu });
    // The bay tree: filtering modules by the top bay finds the module in the sub-bay too.
    expect(await list('modules', `module_bay_id=${ids.bay}`)).toEqual([ids.module, sub.id]);
    expect(await list('module-bays', `parent_id=${ids.bay}`)).toEqual([ids.subBay]);
    const intoOwnBay = await api.request('PATCH', `/api/dcim/modules/${ids.module}/`, { module_bay: ids.subBay });
    expect(intoOwnBay.body).toEqual({ __all__: ['A module bay cannot belong to a module installed within it.'] });
    const bayOfItsModule = await api.request('PATCH', `/api/dcim/module-bays/${ids.bay}/`, { module: sub.id });
    expect(bayOfItsModule.body).toEqual({ __all__: ['A module bay cannot belong to a module installed within it.'] });
    // Types in use are protected.
    expect((await api.request('DELETE', `/api/dcim/module-types/${ids.psu}/`)).status).toBe(409);
    expect((await api.request('DELETE', `/api/dcim/module-type-profiles/${ids.profile}/`)).status).toBe(409);
    // Removing a module removes its bays and the modules they hold: modules and bays reference
    // each other, and the delete plan removes both tables' rows in one statement.
    expect((await api.request('DELETE', `/api/dcim/modules/${ids.module}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/module-bays/${ids.subBay}/`)).status).toBe(404);
    expect((await api.request('GET', `/api/dcim/modules/${sub.id}/`)).status).toBe(404);
    // Removing a bay removes the module it holds.
    const spare = await post('module-bays', { device: ids.device, name: 'Spare' });
    const held = await post('modules', { device: ids.device, module_bay: spare.id, module_type: ids.psu });
    expect((await api.request('DELETE', `/api/dcim/module-bays/${spare.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/modules/${held.id}/`)).status).toBe(404);
    expect((await api.request('GET', `/api/dcim/module-bays/${ids.bay}/`)).body._occupied).toBe(false);
  }, SLOW);

  it('serves virtual device contexts of a device, which they protect', async () => {
    const vdc = await post('virtual-device-contexts', { name: 'ctx1', device: ids.device, identifier: 1, status: 'active' });
    expect(Object.keys(vdc)).toEqual([
      'id', 'url', 'display_url', 'display', 'name', 'device', 'identifier', 'tenant', 'primary_ip', 'primary_ip4', 'primary_ip6', 'status', 'description', 'owner', 'comments', 'tags', 'custom_fields',
      'created', 'last_updated', 'interface_count',
    ]);
    expect(vdc.device).toEqual({ id: ids.device, url: `http://nb.test/api/dcim/devices/${ids.device}/`, display: 'spine1', name: 'spine1', description: '' });
    const missing = await api.request('POST', '/api/dcim/virtual-device-contexts/', { name: 'ctx2', device: ids.device });
    expect(missing.body).toEqual({ status: ['This field is required.'] });
    const same = await api.request('POST', '/api/dcim/virtual-device-contexts/', { name: 'ctx2', device: ids.device, identifier: 1, status: 'planned' });
    expect(same.body).toEqual({ __all__: ['Virtual device context with this Device and Identifier already exists.'] });
    expect(await list('virtual-device-contexts', `device=${ids.device}&has_primary_ip=false&status=active`, 'name')).toEqual(['ctx1']);
    const interfaces = await api.request('GET', '/api/dcim/virtual-device-contexts/?interface_id=3');
    expect(interfaces.body).toEqual({ interface_id: ['Select a valid choice. 3 is not one of the available choices.'] });
    expect(await list('devices', 'has_virtual_device_context=true', 'name')).toEqual(['spine1']);
    expect(await list('devices', 'has_virtual_device_context=false', 'name')).toEqual(['spine2']);
    expect((await api.request('DELETE', `/api/dcim/devices/${ids.device}/`)).status).toBe(409);
    expect((await api.request('DELETE', `/api/dcim/virtual-device-contexts/${vdc.id}/`)).status).toBe(204);
    // Without its contexts the device goes, with its bays.
    expect((await api.request('DELETE', `/api/dcim/devices/${ids.device}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/module-bays/${ids.bay}/`)).status).toBe(404);
  }, SLOW);
});
