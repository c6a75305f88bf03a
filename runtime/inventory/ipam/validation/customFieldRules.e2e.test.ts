/**
 * CustomFieldsMixin.clean()'s messages on every ipam model whose serializer writes custom fields
 * (VLAN translation policies and rules show none): a required field missing, a value of the wrong
 * type and a unique value taken are refused with 400 under `__all__`, as NetBox 4.6.8 answers a
 * model's clean() that names no field. One row per resource and message; the records of
 * scripts/facts/rules/ipam.yaml point here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

type Ids = Record<string, number>;

/** Each resource's path, object type and two objects to create (before the custom fields exist). */
const RESOURCES: { path: string; objectType: string; bodies: (ids: Ids) => [object, object] }[] = [
  { path: 'aggregates', objectType: 'ipam.aggregate', bodies: (i) => [{ prefix: '192.0.2.0/24', rir: i.rir }, { prefix: '198.51.100.0/24', rir: i.rir }] },
  { path: 'asn-ranges', objectType: 'ipam.asnrange', bodies: (i) => [{ name: 'AR1', slug: 'ar1', rir: i.rir, start: 1, end: 10 }, { name: 'AR2', slug: 'ar2', rir: i.rir, start: 11, end: 20 }] },
  { path: 'asns', objectType: 'ipam.asn', bodies: (i) => [{ asn: 65001, rir: i.rir }, { asn: 65002, rir: i.rir }] },
  { path: 'fhrp-groups', objectType: 'ipam.fhrpgroup', bodies: () => [{ protocol: 'vrrp2', group_id: 1 }, { protocol: 'hsrp', group_id: 2 }] },
  { path: 'ip-addresses', objectType: 'ipam.ipaddress', bodies: () => [{ address: '10.0.0.1/24' }, { address: '10.0.0.2/24' }] },
  { path: 'ip-ranges', objectType: 'ipam.iprange', bodies: () => [{ start_address: '10.1.0.1/24', end_address: '10.1.0.5/24' }, { start_address: '10.1.0.10/24', end_address: '10.1.0.15/24' }] },
  { path: 'prefixes', objectType: 'ipam.prefix', bodies: () => [{ prefix: '10.2.0.0/24' }, { prefix: '10.3.0.0/24' }] },
  { path: 'rirs', objectType: 'ipam.rir', bodies: () => [{ name: 'R1', slug: 'r1' }, { name: 'R2', slug: 'r2' }] },
  { path: 'roles', objectType: 'ipam.role', bodies: () => [{ name: 'Role 1', slug: 'role-1' }, { name: 'Role 2', slug: 'role-2' }] },
  { path: 'route-targets', objectType: 'ipam.routetarget', bodies: () => [{ name: '65000:1' }, { name: '65000:2' }] },
  { path: 'service-templates', objectType: 'ipam.servicetemplate', bodies: () => [{ name: 'ssh', protocol: 'tcp', ports: [22] }, { name: 'web', protocol: 'tcp', ports: [80] }] },
  {
    path: 'services',
    objectType: 'ipam.service',
    bodies: (i) => [
      { parent_object_type: 'virtualization.virtualmachine', parent_object_id: i.vm, name: 'ssh', protocol: 'tcp', ports: [22] },
      { parent_object_type: 'virtualization.virtualmachine', parent_object_id: i.vm, name: 'web', protocol: 'tcp', ports: [80] },
    ],
  },
  { path: 'vlan-groups', objectType: 'ipam.vlangroup', bodies: () => [{ name: 'G1', slug: 'g1' }, { name: 'G2', slug: 'g2' }] },
  { path: 'vlans', objectType: 'ipam.vlan', bodies: () => [{ vid: 1, name: 'V1' }, { vid: 2, name: 'V2' }] },
  { path: 'vrfs', objectType: 'ipam.vrf', bodies: () => [{ name: 'VRF 1' }, { name: 'VRF 2' }] },
];

/**
 * VLAN translation policies and rules: their serializers show and take no custom fields, but a
 * write still runs the model's clean(), which misses a required field, and checks the values saved
 * before — defaults, stored on create (CustomFieldsMixin.save()) and on every object there when a
 * field is added — against the field's validation and uniqueness.
 */
const WITHOUT_FIELD: { path: string; objectType: string; bodies: (ids: Ids) => [object, object] }[] = [
  { path: 'vlan-translation-policies', objectType: 'ipam.vlantranslationpolicy', bodies: () => [{ name: 'P9' }, { name: 'P10' }] },
  { path: 'vlan-translation-rules', objectType: 'ipam.vlantranslationrule', bodies: (i) => [{ policy: i.policy, local_vid: 9, remote_vid: 10 }, { policy: i.policy, local_vid: 11, remote_vid: 12 }] },
];

/** The three messages, each with the custom field data that triggers it on the second object. */
const MESSAGES: { message: string; data: Record<string, unknown> }[] = [
  { message: "Missing required custom field 'cf_required'.", data: { cf_number: 1 } },
  { message: "Invalid value for custom field 'cf_number': Value must be an integer.", data: { cf_required: 'x', cf_number: 'abc' } },
  { message: "Custom field 'cf_unique' must have a unique value.", data: { cf_required: 'x', cf_unique: 'taken' } },
];

const rows = RESOURCES.flatMap((resource) => MESSAGES.map((m) => ({ path: resource.path, ...m })));

describe.each(testDatabases())('ipam custom field messages on $name', (database) => {
  let api: TestClient;
  const ids: Ids = {};
  /** Each resource's two objects: the first holds the unique value, the second is refused. */
  const objects: Record<string, [number, number]> = {};
  const send = async (method: string, path: string, body: unknown) => {
    const answer = await api.request(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.rir = (await send('POST', '/api/ipam/rirs/', { name: 'RFC 1918', slug: 'rfc-1918' })).id;
    ids.policy = (await send('POST', '/api/ipam/vlan-translation-policies/', { name: 'Policy' })).id;
    const site = await send('POST', '/api/dcim/sites/', { name: 'Site', slug: 'site' });
    ids.vm = (await send('POST', '/api/virtualization/virtual-machines/', { name: 'vm', site: site.id })).id;
    for (const resource of RESOURCES) {
      const made = await send('POST', `/api/ipam/${resource.path}/`, resource.bodies(ids));
      objects[resource.path] = [made[0].id, made[1].id];
    }
    // A default stored on create (and on the objects there, as a new field's default is), then refused by the field's new maximum.
    const limit = await send('POST', '/api/extras/custom-fields/', { name: 'cf_limit', type: 'integer', default: 5, validation_maximum: 10, object_types: WITHOUT_FIELD.map((r) => r.objectType) });
    await send('POST', '/api/ipam/vlan-translation-policies/', { name: 'Limited' }).then((p) => (ids.limitedPolicy = p.id));
    await send('POST', '/api/ipam/vlan-translation-rules/', { policy: ids.policy, local_vid: 20, remote_vid: 21 }).then((r) => (ids.limitedRule = r.id));
    await send('PATCH', `/api/extras/custom-fields/${limit.id}/`, { default: 1, validation_maximum: 3 });
    // Objects created now hold the new default, which passes.
    for (const resource of WITHOUT_FIELD) {
      const made = await send('POST', `/api/ipam/${resource.path}/`, resource.bodies(ids));
      objects[resource.path] = [made[1].id, made[0].id];
    }
    const objectTypes = [...RESOURCES, ...WITHOUT_FIELD].map((r) => r.objectType);
    await send('POST', '/api/extras/custom-fields/', [
      { name: 'cf_required', type: 'text', required: true, object_types: objectTypes },
      { name: 'cf_number', type: 'integer', object_types: objectTypes },
      { name: 'cf_unique', type: 'text', unique: true, object_types: objectTypes },
    ]);
    for (const resource of RESOURCES) {
      await send('PATCH', `/api/ipam/${resource.path}/${objects[resource.path][0]}/`, { custom_fields: { cf_required: 'x', cf_unique: 'taken' } });
    }
  }, 120_000);
  afterAll(async () => api?.close());

  it.each(rows)('$path: $message', async ({ path, message, data }) => {
    const response = await api.request('PATCH', `/api/ipam/${path}/${objects[path][1]}/`, { custom_fields: data });
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { __all__: [message] } });
  });

  it.each([
    ['vlan-translation-policies', 'limitedPolicy'],
    ['vlan-translation-rules', 'limitedRule'],
  ])("%s: Invalid value for custom field 'cf_limit': Value must not exceed 3", async (path, object) => {
    const response = await api.request('PATCH', `/api/ipam/${path}/${ids[object]}/`, { description: 'changed' });
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { __all__: ["Invalid value for custom field 'cf_limit': Value must not exceed 3"] } });
  });

  it.each(WITHOUT_FIELD)("$path: Missing required custom field 'cf_required'.", async ({ path }) => {
    const response = await api.request('PATCH', `/api/ipam/${path}/${objects[path][1]}/`, { description: 'changed' });
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { __all__: ["Missing required custom field 'cf_required'."] } });
  });

  // Last, as it gives every policy and rule a value: a new field's default is stored on every object there, so a unique one repeats.
  it.each(WITHOUT_FIELD)("$path: Custom field 'cf_code_…' must have a unique value.", async ({ path, objectType }) => {
    await send('POST', '/api/extras/custom-fields/', { name: `cf_code_${path.length}`, type: 'text', unique: true, default: 'same', object_types: [objectType] });
    const response = await api.request('PATCH', `/api/ipam/${path}/${objects[path][0]}/`, { description: 'changed' });
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { __all__: [`Custom field 'cf_code_${path.length}' must have a unique value.`] } });
  });
});
