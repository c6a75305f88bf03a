/**
 * CustomFieldsMixin.clean()'s messages on every virtualization model
 * a required field missing, a value of the wrong
 * type and a unique value taken are refused with 400 under `__all__`, as NetBox 4.6.8 answers a
 * model's clean() that names no field. One row per resource and message; the records of
 * scripts/facts/rules/virtualization.yaml point here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

type Ids = Record<string, number>;

/** Each resource's path, object type and two objects to create (before the custom fields exist). */
const RESOURCES: { path: string; objectType: string; bodies: (ids: Ids) => [object, object] }[] = [
  { path: 'cluster-groups', objectType: 'virtualization.clustergroup', bodies: () => [{ name: 'G1', slug: 'g1' }, { name: 'G2', slug: 'g2' }] },
  { path: 'cluster-types', objectType: 'virtualization.clustertype', bodies: () => [{ name: 'T1', slug: 't1' }, { name: 'T2', slug: 't2' }] },
  { path: 'clusters', objectType: 'virtualization.cluster', bodies: (i) => [{ name: 'C1', type: i.type }, { name: 'C2', type: i.type }] },
  { path: 'virtual-machine-types', objectType: 'virtualization.virtualmachinetype', bodies: () => [{ name: 'Small', slug: 'small' }, { name: 'Large', slug: 'large' }] },
  { path: 'virtual-machines', objectType: 'virtualization.virtualmachine', bodies: (i) => [{ name: 'vm1', site: i.site }, { name: 'vm2', site: i.site }] },
  { path: 'interfaces', objectType: 'virtualization.vminterface', bodies: (i) => [{ virtual_machine: i.vm, name: 'eth0' }, { virtual_machine: i.vm, name: 'eth1' }] },
  { path: 'virtual-disks', objectType: 'virtualization.virtualdisk', bodies: (i) => [{ virtual_machine: i.vm, name: 'd1', size: 10 }, { virtual_machine: i.vm, name: 'd2', size: 20 }] },
];

/** The three messages, each with the custom field data that triggers it on the second object. */
const MESSAGES: { message: string; data: Record<string, unknown> }[] = [
  { message: "Missing required custom field 'cf_required'.", data: { cf_number: 1 } },
  { message: "Invalid value for custom field 'cf_number': Value must be an integer.", data: { cf_required: 'x', cf_number: 'abc' } },
  { message: "Custom field 'cf_unique' must have a unique value.", data: { cf_required: 'x', cf_unique: 'taken' } },
];

const rows = RESOURCES.flatMap((resource) => MESSAGES.map((m) => ({ path: resource.path, ...m })));

describe.each(testDatabases())('virtualization custom field messages on $name', (database) => {
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
    ids.site = (await send('POST', '/api/dcim/sites/', { name: 'Site', slug: 'site' })).id;
    ids.type = (await send('POST', '/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' })).id;
    ids.vm = (await send('POST', '/api/virtualization/virtual-machines/', { name: 'host', site: ids.site })).id;
    for (const resource of RESOURCES) {
      const made = await send('POST', `/api/virtualization/${resource.path}/`, resource.bodies(ids));
      objects[resource.path] = [made[0].id, made[1].id];
    }
    const objectTypes = RESOURCES.map((r) => r.objectType);
    await send('POST', '/api/extras/custom-fields/', [
      { name: 'cf_required', type: 'text', required: true, object_types: objectTypes },
      { name: 'cf_number', type: 'integer', object_types: objectTypes },
      { name: 'cf_unique', type: 'text', unique: true, object_types: objectTypes },
    ]);
    for (const resource of RESOURCES) {
      await send('PATCH', `/api/virtualization/${resource.path}/${objects[resource.path][0]}/`, { custom_fields: { cf_required: 'x', cf_unique: 'taken' } });
    }
  }, 120_000);
  afterAll(async () => api?.close());

  it.each(rows)('$path: $message', async ({ path, message, data }) => {
    const response = await api.request('PATCH', `/api/virtualization/${path}/${objects[path][1]}/`, { custom_fields: data });
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { __all__: [message] } });
  });
});
