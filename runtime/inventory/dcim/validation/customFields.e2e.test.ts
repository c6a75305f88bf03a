/**
 * Custom fields on every dcim resource that has them (all but cable terminations), end to end on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL: CustomFieldsMixin.clean()'s three messages —
 * an invalid value, a value a unique field already holds on another object of the model, a
 * required field left out — each answered with 400 under `__all__` (CustomFieldsMixin.clean(), as NetBox 4.6.8) on create and on update,
 * and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 120_000;

/** A body creating a new object of the resource: `n` makes names unique; it may create what the object needs. */
type Factory = (n: number) => Promise<Record<string, unknown>>;

describe.each(testDatabases())('custom fields of dcim resources on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  /** What the objects a factory creates on the side carry once a required field exists. */
  let sideFields: Record<string, unknown> = {};
  const iface = async (n: number) => (await post('dcim/interfaces', { device: ids.device, name: `cable-${n}`, type: '1000base-t', custom_fields: sideFields })).id;
  const named = (prefix: string) => async (n: number) => ({ name: `${prefix} ${n}`, slug: `${prefix}-${n}` });

  /** Each resource: its path, its object type, and how to make a new one. */
  const resources: [string, string, Factory][] = [
    ['regions', 'dcim.region', named('region')],
    ['site-groups', 'dcim.sitegroup', named('site-group')],
    ['sites', 'dcim.site', named('site')],
    ['locations', 'dcim.location', async (n) => ({ name: `Location ${n}`, slug: `location-${n}`, site: ids.site })],
    ['rack-groups', 'dcim.rackgroup', named('rack-group')],
    ['rack-roles', 'dcim.rackrole', named('rack-role')],
    ['rack-types', 'dcim.racktype', async (n) => ({ manufacturer: ids.manufacturer, model: `Rack type ${n}`, slug: `rack-type-${n}`, form_factor: '4-post-cabinet' })],
    ['racks', 'dcim.rack', async (n) => ({ name: `Rack ${n}`, site: ids.site })],
    ['manufacturers', 'dcim.manufacturer', named('manufacturer')],
    ['device-types', 'dcim.devicetype', async (n) => ({ manufacturer: ids.manufacturer, model: `Device type ${n}`, slug: `device-type-${n}` })],
    ['device-roles', 'dcim.devicerole', named('device-role')],
    ['platforms', 'dcim.platform', named('platform')],
    ['devices', 'dcim.device', async (n) => ({ name: `device-${n}`, device_type: ids.chassisType, role: ids.role, site: ids.site })],
    ['virtual-chassis', 'dcim.virtualchassis', async (n) => ({ name: `Stack ${n}` })],
    ['virtual-device-contexts', 'dcim.virtualdevicecontext', async (n) => ({ name: `Context ${n}`, device: ids.device, status: 'active' })],
    ['module-type-profiles', 'dcim.moduletypeprofile', async (n) => ({ name: `Profile ${n}` })],
    ['module-types', 'dcim.moduletype', async (n) => ({ manufacturer: ids.manufacturer, model: `Module type ${n}` })],
    ['modules', 'dcim.module', async (n) => ({ device: ids.device, module_bay: (await post('dcim/module-bays', { device: ids.device, name: `Holder ${n}`, custom_fields: sideFields })).id, module_type: ids.moduleType })],
    ['module-bays', 'dcim.modulebay', async (n) => ({ device: ids.device, name: `Bay ${n}` })],
    ['device-bays', 'dcim.devicebay', async (n) => ({ device: ids.device, name: `Slot ${n}` })],
    ['interfaces', 'dcim.interface', async (n) => ({ device: ids.device, name: `eth${n}`, type: '1000base-t' })],
    ['mac-addresses', 'dcim.macaddress', async (n) => ({ mac_address: `00:00:5e:00:53:${(n % 256).toString(16).padStart(2, '0')}` })],
    ['cables', 'dcim.cable', async (n) => ({ a_terminations: [{ object_type: 'dcim.interface', object_id: await iface(2 * n) }], b_terminations: [{ object_type: 'dcim.interface', object_id: await iface(2 * n + 1) }] })],
    ['cable-bundles', 'dcim.cablebundle', async (n) => ({ name: `Bundle ${n}` })],
  ];
  let counter = 0;
  const fresh = (factory: Factory) => factory(++counter);
  const count = async (path: string) => (await api.request('GET', `/api/dcim/${path}/?limit=1`)).body.count;
  // CustomFieldsMixin.clean()'s errors: a model ValidationError without a field, so `__all__` (NetBox 4.6.8).
  const refused = (message: string) => [400, { __all__: [message] }];

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('dcim/sites', { name: 'Home', slug: 'home' })).id;
    ids.manufacturer = (await post('dcim/manufacturers', { name: 'Acme', slug: 'acme' })).id;
    ids.chassisType = (await post('dcim/device-types', { manufacturer: ids.manufacturer, model: 'Chassis', slug: 'chassis', subdevice_role: 'parent' })).id;
    ids.role = (await post('dcim/device-roles', { name: 'Core', slug: 'core' })).id;
    ids.device = (await post('dcim/devices', { name: 'holder', device_type: ids.chassisType, role: ids.role, site: ids.site })).id;
    ids.moduleType = (await post('dcim/module-types', { manufacturer: ids.manufacturer, model: 'Line card' })).id;
    const objectTypes = resources.map(([, type]) => type);
    await post('extras/custom-fields', { name: 'cf_count', type: 'integer', object_types: objectTypes });
    await post('extras/custom-fields', { name: 'cf_tag', type: 'text', unique: true, object_types: objectTypes });
  }, SLOW);
  afterAll(async () => api?.close());

  it('refuses an invalid value and a unique value held by another object, on create and update', async () => {
    for (const [path, , factory] of resources) {
      const first = await api.request('POST', `/api/dcim/${path}/`, { ...(await fresh(factory)), custom_fields: { cf_tag: `${path}-1` } });
      expect(first.status, `${path}: ${JSON.stringify(first.body)}`).toBe(201);
      expect(first.body.custom_fields, path).toEqual({ cf_count: null, cf_tag: `${path}-1` });
      const before = await count(path);
      const invalid = await api.request('POST', `/api/dcim/${path}/`, { ...(await fresh(factory)), custom_fields: { cf_count: 'many' } });
      expect([invalid.status, invalid.body], path).toEqual(refused("Invalid value for custom field 'cf_count': Value must be an integer."));
      const patched = await api.request('PATCH', `/api/dcim/${path}/${first.body.id}/`, { custom_fields: { cf_count: 'many' } });
      expect([patched.status, patched.body], path).toEqual(refused("Invalid value for custom field 'cf_count': Value must be an integer."));
      const taken = await api.request('POST', `/api/dcim/${path}/`, { ...(await fresh(factory)), custom_fields: { cf_tag: `${path}-1` } });
      expect([taken.status, taken.body], path).toEqual(refused("Custom field 'cf_tag' must have a unique value."));
      const second = await api.request('POST', `/api/dcim/${path}/`, { ...(await fresh(factory)), custom_fields: { cf_tag: `${path}-2` } });
      expect(second.status, `${path}: ${JSON.stringify(second.body)}`).toBe(201);
      const retagged = await api.request('PATCH', `/api/dcim/${path}/${second.body.id}/`, { custom_fields: { cf_tag: `${path}-1` } });
      expect([retagged.status, retagged.body], path).toEqual(refused("Custom field 'cf_tag' must have a unique value."));
      expect(await count(path), path).toBe(before + 1);
      expect((await api.request('GET', `/api/dcim/${path}/${first.body.id}/`)).body.custom_fields, path).toEqual({ cf_count: null, cf_tag: `${path}-1` });
    }
  }, SLOW);

  it('refuses an object without a required field that has no default', async () => {
    // Objects from before the field: their stored data has no value for it at all.
    const older = new Map<string, number>();
    for (const [path, , factory] of resources) older.set(path, (await post(`dcim/${path}`, await fresh(factory))).id);
    await post('extras/custom-fields', { name: 'cf_required', type: 'text', required: true, object_types: resources.map(([, type]) => type) });
    sideFields = { cf_required: 'side' };
    for (const [path, , factory] of resources) {
      const before = await count(path);
      // A new object gets every field at its default (CustomFieldDefaultValues), here null, which
      // CustomField.validate() refuses for a required field.
      const missing = await api.request('POST', `/api/dcim/${path}/`, await fresh(factory));
      expect([missing.status, missing.body], path).toEqual(refused("Invalid value for custom field 'cf_required': Required field cannot be empty."));
      // An update that does not give it leaves the stored data without it.
      const untouched = await api.request('PATCH', `/api/dcim/${path}/${older.get(path)}/`, {});
      expect([untouched.status, untouched.body], path).toEqual(refused("Missing required custom field 'cf_required'."));
      expect(await count(path), path).toBe(before);
      const given = await api.request('POST', `/api/dcim/${path}/`, { ...(await fresh(factory)), custom_fields: { cf_required: 'yes' } });
      expect(given.status, `${path}: ${JSON.stringify(given.body)}`).toBe(201);
    }
  }, SLOW);
});
