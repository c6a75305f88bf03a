/**
 * NetBox's validation messages of the circuits models that the app's main suite
 * (circuits/circuits.e2e.test.ts) does not show, end to end on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL: CustomFieldsMixin.clean()'s three messages on every circuits resource with custom
 * fields (400 under `__all__`, nothing written), BaseModel.clean()'s generic-relation messages on a
 * group assignment's `member`, and DistanceMixin.clean()'s unit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 120_000;

type Factory = (n: number) => Promise<Record<string, unknown>>;

describe.each(testDatabases())('circuits validation on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  let sideFields: Record<string, unknown> = {};
  const named = (prefix: string) => async (n: number) => ({ name: `${prefix} ${n}`, slug: `${prefix}-${n}` });
  const circuit = async (n: number) => (await post('circuits/circuits', { cid: `side-${n}`, provider: ids.provider, type: ids.type, custom_fields: sideFields })).id;
  const resources: [string, string, Factory][] = [
    ['providers', 'circuits.provider', named('provider')],
    ['provider-accounts', 'circuits.provideraccount', async (n) => ({ provider: ids.provider, account: `A-${n}` })],
    ['provider-networks', 'circuits.providernetwork', async (n) => ({ provider: ids.provider, name: `Network ${n}` })],
    ['circuit-types', 'circuits.circuittype', named('circuit-type')],
    ['circuits', 'circuits.circuit', async (n) => ({ cid: `C-${n}`, provider: ids.provider, type: ids.type })],
    ['circuit-terminations', 'circuits.circuittermination', async (n) => ({ circuit: await circuit(n), term_side: 'A', termination_type: 'dcim.site', termination_id: ids.site })],
    ['circuit-groups', 'circuits.circuitgroup', named('circuit-group')],
    ['virtual-circuit-types', 'circuits.virtualcircuittype', named('vc-type')],
    ['virtual-circuits', 'circuits.virtualcircuit', async (n) => ({ cid: `VC-${n}`, provider_network: ids.network, type: ids.vctype })],
    [
      'virtual-circuit-terminations',
      'circuits.virtualcircuittermination',
      async (n) => ({ virtual_circuit: ids.vc, interface: (await post('dcim/interfaces', { device: ids.device, name: `vif${n}`, type: 'virtual', custom_fields: sideFields })).id }),
    ],
  ];
  let counter = 0;
  const fresh = (factory: Factory) => factory(++counter);
  const count = async (path: string) => (await api.request('GET', `/api/circuits/${path}/?limit=1`)).body.count;
  const refused = (message: string) => [400, { __all__: [message] }];

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('dcim/sites', { name: 'Home', slug: 'home' })).id;
    const manufacturer = (await post('dcim/manufacturers', { name: 'Acme', slug: 'acme' })).id;
    const type = (await post('dcim/device-types', { manufacturer, model: 'R1', slug: 'r1' })).id;
    const role = (await post('dcim/device-roles', { name: 'Router', slug: 'router' })).id;
    ids.device = (await post('dcim/devices', { name: 'edge1', device_type: type, role, site: ids.site })).id;
    ids.provider = (await post('circuits/providers', { name: 'Base', slug: 'base' })).id;
    ids.type = (await post('circuits/circuit-types', { name: 'Base', slug: 'base' })).id;
    ids.network = (await post('circuits/provider-networks', { provider: ids.provider, name: 'Base' })).id;
    ids.vctype = (await post('circuits/virtual-circuit-types', { name: 'Base', slug: 'base' })).id;
    ids.vc = (await post('circuits/virtual-circuits', { cid: 'VC-base', provider_network: ids.network, type: ids.vctype })).id;
    ids.group = (await post('circuits/circuit-groups', { name: 'Base', slug: 'base' })).id;
    const objectTypes = resources.map(([, t]) => t);
    await post('extras/custom-fields', { name: 'cf_count', type: 'integer', object_types: objectTypes });
    await post('extras/custom-fields', { name: 'cf_tag', type: 'text', unique: true, object_types: objectTypes });
  }, SLOW);
  afterAll(async () => api?.close());

  it('refuses an invalid custom field value and a unique value held by another object', async () => {
    for (const [path, , factory] of resources) {
      const first = await api.request('POST', `/api/circuits/${path}/`, { ...(await fresh(factory)), custom_fields: { cf_tag: `${path}-1` } });
      expect(first.status, `${path}: ${JSON.stringify(first.body)}`).toBe(201);
      const before = await count(path);
      const invalid = await api.request('POST', `/api/circuits/${path}/`, { ...(await fresh(factory)), custom_fields: { cf_count: 'many' } });
      expect([invalid.status, invalid.body], path).toEqual(refused("Invalid value for custom field 'cf_count': Value must be an integer."));
      const taken = await api.request('PATCH', `/api/circuits/${path}/${first.body.id}/`, { custom_fields: { cf_count: 'x' } });
      expect([taken.status, taken.body], path).toEqual(refused("Invalid value for custom field 'cf_count': Value must be an integer."));
      const again = await api.request('POST', `/api/circuits/${path}/`, { ...(await fresh(factory)), custom_fields: { cf_tag: `${path}-1` } });
      expect([again.status, again.body], path).toEqual(refused("Custom field 'cf_tag' must have a unique value."));
      expect(await count(path), path).toBe(before);
    }
  }, SLOW);

  it('refuses an object without a required custom field', async () => {
    const older = new Map<string, number>();
    for (const [path, , factory] of resources) older.set(path, (await post(`circuits/${path}`, await fresh(factory))).id);
    await post('extras/custom-fields', { name: 'cf_required', type: 'text', required: true, object_types: [...resources.map(([, t]) => t), 'dcim.interface'] });
    sideFields = { cf_required: 'side' };
    for (const [path] of resources) {
      const untouched = await api.request('PATCH', `/api/circuits/${path}/${older.get(path)}/`, {});
      expect([untouched.status, untouched.body], path).toEqual(refused("Missing required custom field 'cf_required'."));
    }
    sideFields = {};
  }, SLOW);

  it('answers BaseModel.clean() for a group assignment’s member', async () => {
    const c = (await post('circuits/circuits', { cid: 'member', provider: ids.provider, type: ids.type, custom_fields: { cf_required: 'x' } })).id;
    const cases: [unknown, unknown][] = [
      [{ group: ids.group, member_type: 'circuits.circuit', member_id: 999999 }, { member_id: ['Related object not found using the provided value: 999999.'] }],
      [{ group: ids.group, member_type: 'circuits.circuit' }, { member_id: ['This field is required.'] }],
      [{ group: ids.group, member_id: c }, { member_type: ['This field is required.'] }],
      [{ group: ids.group, member_type: 'circuits.circuit', member_id: null }, { member_id: ['This field may not be null.'] }],
    ];
    for (const [body, errors] of cases) {
      const r = await api.request('POST', '/api/circuits/circuit-group-assignments/', body);
      expect([r.status, r.body], JSON.stringify(body)).toEqual([400, errors]);
    }
    // A circuit termination's pair is optional, so half of it reaches BaseModel.clean().
    const t = await api.request('POST', '/api/circuits/circuit-terminations/', { circuit: c, term_side: 'A', termination_id: ids.site, custom_fields: { cf_required: 'x' } });
    expect([t.status, t.body]).toEqual([400, { termination_type: ['This field cannot be null.'] }]);
  }, SLOW);

  it('refuses a distance without a unit', async () => {
    const r = await api.request('POST', '/api/circuits/circuits/', { cid: 'far', provider: ids.provider, type: ids.type, distance: 10, custom_fields: { cf_required: 'x' } });
    expect([r.status, r.body]).toEqual([400, { distance_unit: ['Must specify a unit when setting a distance'] }]);
  }, SLOW);
});
