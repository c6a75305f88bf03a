/**
 * End-to-end tests of object types, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: one per
 * served model, with NetBox's fields (the brief form is the whole object: the serializer declares
 * no brief fields), its order, the features NetBox computes from a model's mixins, the ids every
 * object type filter takes, ObjectTypeFilterSet's filters, and reads open to any authenticated user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectTypeId } from '../../../kinds/index.ts';
import { Registry } from '../../../rest/index.ts';
import { syncObjectTypes } from './sync.ts';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const FIELDS = ['id', 'url', 'display', 'app_label', 'app_name', 'model', 'model_name', 'model_name_plural', 'public', 'features', 'is_plugin_model', 'rest_api_endpoint', 'description'];

describe.each(testDatabases())('object types on $name', (database) => {
  let api: TestClient;
  const list = async (q: string, headers?: Record<string, string>) => (await api.request('GET', `/api/core/object-types/?limit=0&${q}`, undefined, headers)).body;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  }, 120_000);
  afterAll(async () => api?.close());

  it("lists every served model with NetBox's fields, in app and model order", async () => {
    const all = await list('');
    expect(all.count).toBeGreaterThan(100);
    expect(Object.keys(all.results[0])).toEqual(FIELDS);
    const keys = all.results.map((t: { app_label: string; model: string }) => `${t.app_label}.${t.model}`);
    expect(keys).toEqual([...keys].sort());
    const device = (await api.request('GET', `/api/core/object-types/${objectTypeId('dcim.device')}/`)).body;
    expect(device).toEqual({
      id: objectTypeId('dcim.device'), url: `http://nb.test/api/core/object-types/${objectTypeId('dcim.device')}/`, display: 'DCIM > Device',
      app_label: 'dcim', app_name: 'DCIM', model: 'device', model_name: 'device', model_name_plural: 'devices', public: true,
      features: ['bookmarks', 'change_logging', 'cloning', 'contacts', 'custom_fields', 'custom_links', 'custom_validation', 'event_rules', 'export_templates', 'image_attachments', 'journaling', 'notifications', 'tags'],
      is_plugin_model: false, rest_api_endpoint: '/api/dcim/devices/', description: null,
    });
    const brief = (await api.request('GET', `/api/core/object-types/${objectTypeId('dcim.device')}/?brief=true`)).body;
    expect(Object.keys(brief)).toEqual(FIELDS);
    const ip = (await api.request('GET', `/api/core/object-types/${objectTypeId('ipam.ipaddress')}/`)).body;
    expect([ip.display, ip.model_name_plural]).toEqual(['IPAM > IP Address', 'IP addresses']);
    const tagged = (await api.request('GET', `/api/core/object-types/${objectTypeId('extras.taggeditem')}/`)).body;
    expect([tagged.public, tagged.features]).toEqual([false, []]);
    const link = (await api.request('GET', `/api/core/object-types/${objectTypeId('extras.customlink')}/`)).body;
    expect(link.features).toEqual(['change_logging', 'cloning', 'custom_validation', 'event_rules', 'export_templates']);
  });

  it('writes the rows at boot only when they differ from the table', async () => {
    const registry = Registry.load();
    expect(await api.db.transaction((tx) => syncObjectTypes(tx, registry))).toBe(0);
    await api.db.query(`UPDATE core_object_type SET features = '{}' WHERE id = $1`, [objectTypeId('dcim.site')]);
    expect(await api.db.transaction((tx) => syncObjectTypes(tx, registry))).toBe(registry.resources.length);
    expect((await api.request('GET', `/api/core/object-types/${objectTypeId('dcim.site')}/`)).body.features).toContain('image_attachments');
  });

  it('filters as ObjectTypeFilterSet does', async () => {
    const models = async (q: string) => (await list(q)).results.map((t: { app_label: string; model: string }) => `${t.app_label}.${t.model}`);
    expect(await models('features=image_attachments')).toEqual(['circuits.circuit', 'dcim.device', 'dcim.devicetype', 'dcim.location', 'dcim.moduletype', 'dcim.powerpanel', 'dcim.rack', 'dcim.racktype', 'dcim.site', 'virtualization.virtualmachine', 'virtualization.virtualmachinetype']);
    expect(await models('app_label=wireless')).toEqual(['wireless.wirelesslan', 'wireless.wirelesslangroup', 'wireless.wirelesslink']);
    expect(await models('app_label=dcim&model__isw=rack')).toEqual(['dcim.rack', 'dcim.rackgroup', 'dcim.rackreservation', 'dcim.rackrole', 'dcim.racktype']);
    expect(await models('public=false')).toEqual(['extras.taggeditem']);
    expect(await models(`id=${objectTypeId('dcim.site')}`)).toEqual(['dcim.site']);
    expect(await models('q=wirelessl')).toEqual(['wireless.wirelesslan', 'wireless.wirelesslangroup', 'wireless.wirelesslink']);
  });

  it('is read-only, and readable by any authenticated user', async () => {
    expect((await api.request('POST', '/api/core/object-types/', { app_label: 'x', model: 'y' })).status).toBe(405);
    await api.request('POST', '/api/users/users/', { username: 'nobody', password: 'Nobody-pass-1' });
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'nobody', password: 'Nobody-pass-1' }, { Authorization: '' });
    const nobody = { Authorization: `Token nbt_${token.body.key}.${token.body.token}` };
    expect((await list('app_label=tenancy', nobody)).count).toBe(6);
    expect((await api.request('GET', '/api/dcim/sites/', undefined, nobody)).status).toBe(403);
    expect((await api.request('GET', '/api/core/object-types/', undefined, { Authorization: '' })).status).toBe(403);
  });
});
