/**
 * The validation messages of NetBox 4.6.8's tenancy models (models.md, bases included), each
 * triggered through the API with NetBox's status, key and words: custom field values
 * (CustomFieldsMixin.clean()), tree parents (NestedGroupModel.clean()), contact assignments'
 * object type and object (ContactAssignment.clean(), the GenericForeignKey check), and the unique
 * constraints. Recorded in scripts/facts/rules/tenancy.yaml.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

type Case = [string, 'POST' | 'PATCH', string, Record<string, unknown>, Record<string, unknown>];

describe.each(testDatabases())('tenancy validation rules on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const response = await api.request('POST', `/api/tenancy/${path}/`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as number;
  };
  const valid: Record<string, () => Record<string, unknown>> = {
    tenants: () => ({ name: 'Bad', slug: 'bad' }),
    'tenant-groups': () => ({ name: 'Bad', slug: 'bad' }),
    'contact-groups': () => ({ name: 'Bad', slug: 'bad' }),
    'contact-roles': () => ({ name: 'Bad', slug: 'bad' }),
    contacts: () => ({ name: 'Bad' }),
    'contact-assignments': () => ({ object_type: 'tenancy.tenant', object_id: ids.tenant, contact: ids.contact, role: ids.otherRole }),
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.tenantGroup = await post('tenant-groups', { name: 'Top', slug: 'top' });
    ids.tenantGroupChild = await post('tenant-groups', { name: 'Child', slug: 'child', parent: ids.tenantGroup });
    ids.contactGroup = await post('contact-groups', { name: 'Top', slug: 'top' });
    ids.contactGroupChild = await post('contact-groups', { name: 'Child', slug: 'child', parent: ids.contactGroup });
    ids.role = await post('contact-roles', { name: 'Owner', slug: 'owner' });
    ids.otherRole = await post('contact-roles', { name: 'Admin', slug: 'admin' });
    ids.contact = await post('contacts', { name: 'Alice' });
    ids.tenant = await post('tenants', { name: 'Acme', slug: 'acme', group: ids.tenantGroup });
    ids.loose = await post('tenants', { name: 'Loose', slug: 'loose' });
    const types = ['tenant', 'tenantgroup', 'contactgroup', 'contactrole', 'contact', 'contactassignment'].map((m) => `tenancy.${m}`);
    for (const body of [
      { name: 'rule_int', type: 'integer', unique: true },
      { name: 'rule_req', type: 'text', required: true, default: 'x' },
    ]) {
      const made = await api.request('POST', '/api/extras/custom-fields/', { object_types: types, ...body });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    // One object of each type holds rule_int 7.
    const holders: Record<string, Record<string, unknown>> = {
      tenants: { name: 'Holder', slug: 'holder' },
      'tenant-groups': { name: 'Holder', slug: 'holder' },
      'contact-groups': { name: 'Holder', slug: 'holder' },
      'contact-roles': { name: 'Holder', slug: 'holder' },
      contacts: { name: 'Holder' },
      'contact-assignments': { object_type: 'tenancy.tenant', object_id: ids.tenant, contact: ids.contact, role: ids.role },
    };
    for (const [path, body] of Object.entries(holders)) await post(path, { ...body, custom_fields: { rule_int: 7, rule_req: 'x' } });
  }, 120_000);
  afterAll(async () => api?.close());

  const customFieldCases = (path: string): Case[] => [
    [`${path}: a bad value`, 'POST', path, { custom_fields: { rule_int: 'x' } }, { __all__: ["Invalid value for custom field 'rule_int': Value must be an integer."] }],
    [`${path}: a value another object holds`, 'POST', path, { custom_fields: { rule_int: 7 } }, { __all__: ["Custom field 'rule_int' must have a unique value."] }],
    [`${path}: a required field left out of the dict`, 'POST', path, { custom_fields: { rule_int: 8 } }, { __all__: ["Missing required custom field 'rule_req'."] }],
  ];

  it.each<Case>([
    ...['tenants', 'tenant-groups', 'contact-groups', 'contact-roles', 'contacts', 'contact-assignments'].flatMap(customFieldCases),
    ['contact-groups: a child as parent', 'PATCH', 'contact-groups/:contactGroup', { parent: ':contactGroupChild' }, { parent: ['Cannot assign self or child contact group as parent.'] }],
    ['tenant-groups: itself as parent', 'PATCH', 'tenant-groups/:tenantGroup', { parent: ':tenantGroup' }, { parent: ['Cannot assign self or child tenant group as parent.'] }],
    [
      'contact-assignments: a type without contacts',
      'POST',
      'contact-assignments',
      { object_type: 'tenancy.contactrole', object_id: ':role' },
      { __all__: ['Contacts cannot be assigned to this object type (Tenancy | contact role).'] },
    ],
    ['contact-assignments: a type not served', 'POST', 'contact-assignments', { object_type: 'dcim.nothing' }, { object_type: ['Invalid content type: dcim.nothing'] }],
    ['contact-assignments: no such object', 'POST', 'contact-assignments', { object_id: 999999 }, { object_id: ['Related object not found using the provided value: 999999.'] }],
    [
      'contact-assignments: the same object, contact and role twice',
      'POST',
      'contact-assignments',
      { role: ':role' },
      { __all__: ['Contact assignment with this Object type, Object id, Contact and Role already exists.'] },
    ],
    ['tenants: a name taken in the group', 'POST', 'tenants', { name: 'Acme', slug: 'acme-2', group: ':tenantGroup' }, { __all__: ['Tenant name must be unique per group.'] }],
    ['tenants: a slug taken in the group', 'POST', 'tenants', { name: 'Acme 2', slug: 'acme', group: ':tenantGroup' }, { __all__: ['Tenant slug must be unique per group.'] }],
    ['tenants: a name taken ungrouped', 'POST', 'tenants', { name: 'Loose', slug: 'loose-2' }, { __all__: ['Constraint “tenancy_tenant_unique_name” is violated.'] }],
    ['tenants: a slug taken ungrouped', 'POST', 'tenants', { name: 'Loose 2', slug: 'loose' }, { __all__: ['Constraint “tenancy_tenant_unique_slug” is violated.'] }],
  ])('%s', async (_name, method, path, body, expected) => {
    const ref = (v: unknown) => (typeof v === 'string' && v.startsWith(':') ? ids[v.slice(1)] : v);
    const [base, id] = path.split('/');
    const url = `/api/tenancy/${base}/${id ? `${ref(id)}/` : ''}`;
    const sent = { ...(method === 'POST' ? valid[base!]!() : {}), ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, ref(v)])) };
    const response = await api.request(method, url, sent);
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: expected });
  });
});
