/**
 * CustomFieldsMixin.clean()'s messages on every wireless model: a required field missing, a value
 * of the wrong type and a unique value taken are refused with 400 under `__all__`, as NetBox 4.6.8
 * answers a model's clean() that names no field. One row per resource and message; the records of
 * scripts/facts/rules/wireless.yaml point here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

type Ids = Record<string, number>;

/** Each resource's path, object type and two objects to create (before the custom fields exist). */
const RESOURCES: { path: string; objectType: string; bodies: (ids: Ids) => [object, object] }[] = [
  { path: 'wireless-lan-groups', objectType: 'wireless.wirelesslangroup', bodies: () => [{ name: 'G1', slug: 'g1' }, { name: 'G2', slug: 'g2' }] },
  { path: 'wireless-lans', objectType: 'wireless.wirelesslan', bodies: () => [{ ssid: 'a' }, { ssid: 'b' }] },
  { path: 'wireless-links', objectType: 'wireless.wirelesslink', bodies: (i) => [{ interface_a: i.w1, interface_b: i.w2 }, { interface_a: i.w3, interface_b: i.w4 }] },
];

const MESSAGES: { message: string; data: Record<string, unknown> }[] = [
  { message: "Missing required custom field 'cf_required'.", data: { cf_number: 1 } },
  { message: "Invalid value for custom field 'cf_number': Value must be an integer.", data: { cf_required: 'x', cf_number: 'abc' } },
  { message: "Custom field 'cf_unique' must have a unique value.", data: { cf_required: 'x', cf_unique: 'taken' } },
];

const rows = RESOURCES.flatMap((resource) => MESSAGES.map((m) => ({ path: resource.path, ...m })));

describe.each(testDatabases())('wireless custom field messages on $name', (database) => {
  let api: TestClient;
  const ids: Ids = {};
  const objects: Record<string, [number, number]> = {};
  const send = async (method: string, path: string, body: unknown) => {
    const answer = await api.request(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const site = await send('POST', '/api/dcim/sites/', { name: 'Site', slug: 'site' });
    const maker = await send('POST', '/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await send('POST', '/api/dcim/device-types/', { manufacturer: maker.id, model: 'AP', slug: 'ap' });
    const role = await send('POST', '/api/dcim/device-roles/', { name: 'AP', slug: 'ap' });
    const ap = await send('POST', '/api/dcim/devices/', { name: 'ap', device_type: type.id, role: role.id, site: site.id });
    for (const n of [1, 2, 3, 4]) ids[`w${n}`] = (await send('POST', '/api/dcim/interfaces/', { device: ap.id, name: `wlan${n}`, type: 'ieee802.11ac' })).id;
    for (const resource of RESOURCES) {
      const made = await send('POST', `/api/wireless/${resource.path}/`, resource.bodies(ids));
      objects[resource.path] = [made[0].id, made[1].id];
    }
    const objectTypes = RESOURCES.map((r) => r.objectType);
    await send('POST', '/api/extras/custom-fields/', [
      { name: 'cf_required', type: 'text', required: true, object_types: objectTypes },
      { name: 'cf_number', type: 'integer', object_types: objectTypes },
      { name: 'cf_unique', type: 'text', unique: true, object_types: objectTypes },
    ]);
    for (const resource of RESOURCES) {
      await send('PATCH', `/api/wireless/${resource.path}/${objects[resource.path][0]}/`, { custom_fields: { cf_required: 'x', cf_unique: 'taken' } });
    }
  }, 120_000);
  afterAll(async () => api?.close());

  it.each(rows)('$path: $message', async ({ path, message, data }) => {
    const response = await api.request('PATCH', `/api/wireless/${path}/${objects[path][1]}/`, { custom_fields: data });
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { __all__: [message] } });
  });
});
