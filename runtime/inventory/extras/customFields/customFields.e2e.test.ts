/**
 * Custom fields end to end: definitions and their checks, every type's values valid and invalid on
 * sites, defaults and required fields, `cf_<name>` filters with their lookups, `q`, unique values,
 * object fields (also to a deleted object), renames and deletes moving the data, choice sets and
 * their `choices/`; and a second server on the same database seeing a new field at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { startInventoryServer } from '../../../server/server.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('custom fields on $name', (database) => {
  let api: TestClient;
  let setId: number;
  let tenantId: number;
  let otherTenantId: number;
  const site = async (body: Record<string, unknown>) => api.request('POST', '/api/dcim/sites/', body);
  const names = async (query: string) => (await api.request('GET', `/api/dcim/sites/?${query}&ordering=name`)).body.results?.map((s: any) => s.name);
  const field = async (body: Record<string, unknown>) => {
    const response = await api.request('POST', '/api/extras/custom-fields/', { object_types: ['dcim.site'], ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const set = await api.request('POST', '/api/extras/custom-field-choice-sets/', { name: 'Colours', extra_choices: [['red', 'Red'], ['green', 'Green'], ['blue', 'Blue']] });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    setId = set.body.id;
    tenantId = (await api.request('POST', '/api/tenancy/tenants/', { name: 'T1', slug: 't1' })).body.id;
    otherTenantId = (await api.request('POST', '/api/tenancy/tenants/', { name: 'T2', slug: 't2' })).body.id;
    await field({ name: 'cf_text', type: 'text', validation_regex: '^[a-z]+$', filter_logic: 'exact' });
    await field({ name: 'cf_loose', type: 'longtext' });
    await field({ name: 'cf_int', type: 'integer', validation_minimum: 1, validation_maximum: 100, weight: 50 });
    await field({ name: 'cf_dec', type: 'decimal' });
    await field({ name: 'cf_bool', type: 'boolean' });
    await field({ name: 'cf_date', type: 'date' });
    await field({ name: 'cf_time', type: 'datetime' });
    await field({ name: 'cf_url', type: 'url' });
    await field({ name: 'cf_json', type: 'json' });
    await field({ name: 'cf_select', type: 'select', choice_set: setId, default: 'red' });
    await field({ name: 'cf_multi', type: 'multiselect', choice_set: setId });
    await field({ name: 'cf_tenant', type: 'object', related_object_type: 'tenancy.tenant' });
    await field({ name: 'cf_tenants', type: 'multiobject', related_object_type: 'tenancy.tenant' });
    await field({ name: 'cf_serial', type: 'text', unique: true, search_weight: 0 });
  }, 120_000);
  afterAll(async () => api?.close());

  it('shows a definition with NetBox fields, and every field of a site, null when unset', async () => {
    const list = (await api.request('GET', '/api/extras/custom-fields/?name=cf_int')).body.results;
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0])).toEqual([
      'id', 'url', 'display_url', 'display', 'object_types', 'type', 'related_object_type', 'data_type', 'name', 'label', 'group_name', 'description', 'required', 'unique',
      'search_weight', 'filter_logic', 'ui_visible', 'ui_editable', 'is_cloneable', 'default', 'related_object_filter', 'weight', 'validation_minimum', 'validation_maximum',
      'validation_regex', 'validation_schema', 'choice_set', 'owner', 'comments', 'created', 'last_updated',
    ]);
    expect(list[0]).toMatchObject({ display: 'Cf int', type: { value: 'integer', label: 'Integer' }, data_type: 'integer', validation_minimum: 1, search_weight: 1000, filter_logic: { value: 'loose' } });
    expect((await api.request('GET', '/api/extras/custom-fields/?name=cf_dec')).body.results[0].data_type).toBe('decimal');
    expect((await api.request('GET', '/api/extras/custom-fields/?type=multiselect&type=multiobject&ordering=name')).body.results.map((f: any) => f.data_type)).toEqual(['array', 'array']);
    const made = await site({ name: 'Plain', slug: 'plain' });
    expect(made.status).toBe(201);
    expect(Object.keys(made.body.custom_fields)).toEqual(['cf_int', 'cf_bool', 'cf_date', 'cf_dec', 'cf_json', 'cf_loose', 'cf_multi', 'cf_select', 'cf_serial', 'cf_tenant', 'cf_tenants', 'cf_text', 'cf_time', 'cf_url']);
    expect(made.body.custom_fields.cf_select).toBe('red');
    expect(made.body.custom_fields.cf_int).toBeNull();
  }, 30_000);

  it('stores a valid value of every type and shows objects in their brief form', async () => {
    const values = {
      cf_text: 'abc', cf_loose: 'Some Long Text', cf_int: 42, cf_dec: 1.5, cf_bool: true, cf_date: '2026-05-01', cf_time: '2026-05-01T10:00:00Z', cf_url: 'https://example.com',
      cf_json: { a: [1, 2] }, cf_select: 'green', cf_multi: ['red', 'blue'], cf_tenant: tenantId, cf_tenants: [tenantId, otherTenantId], cf_serial: 'S1',
    };
    const made = await site({ name: 'Full', slug: 'full', custom_fields: values });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const got = (await api.request('GET', `/api/dcim/sites/${made.body.id}/`)).body.custom_fields;
    expect(got).toMatchObject({ ...values, cf_tenant: { id: tenantId, name: 'T1', slug: 't1' }, cf_tenants: [{ id: tenantId }, { id: otherTenantId }] });
    expect(Object.keys(got.cf_tenant)).toEqual(['id', 'url', 'display', 'name', 'slug', 'description']);
    // An update keeps what it does not name.
    const patched = await api.request('PATCH', `/api/dcim/sites/${made.body.id}/`, { custom_fields: { cf_int: 7 } });
    expect(patched.body.custom_fields).toMatchObject({ cf_int: 7, cf_text: 'abc', cf_tenant: { id: tenantId } });
  }, 30_000);

  it('refuses invalid values with NetBox messages, writing nothing: the model’s under __all__, the serializer field’s under custom_fields', async () => {
    const cases: [Record<string, unknown>, string | Record<string, unknown>][] = [
      [{ cf_int: 'x' }, "Invalid value for custom field 'cf_int': Value must be an integer."],
      [{ cf_int: 1.5 }, "Invalid value for custom field 'cf_int': Value must be an integer."],
      [{ cf_int: 0 }, "Invalid value for custom field 'cf_int': Value must be at least 1"],
      [{ cf_int: 101 }, "Invalid value for custom field 'cf_int': Value must not exceed 100"],
      [{ cf_dec: 'abc' }, "Invalid value for custom field 'cf_dec': Value must be a decimal."],
      [{ cf_bool: 'yes' }, "Invalid value for custom field 'cf_bool': Value must be true or false."],
      [{ cf_text: 'ABC' }, "Invalid value for custom field 'cf_text': Value must match regex '^[a-z]+$'"],
      [{ cf_text: 5 }, "Invalid value for custom field 'cf_text': Value must be a string."],
      [{ cf_date: '2026-13-01' }, "Invalid value for custom field 'cf_date': Date values must be in ISO 8601 format (YYYY-MM-DD)."],
      [{ cf_time: 'noon' }, "Invalid value for custom field 'cf_time': Date and time values must be in ISO 8601 format (YYYY-MM-DD HH:MM:SS)."],
      [{ cf_select: 'pink' }, "Invalid value for custom field 'cf_select': Invalid choice (pink) for choice set Colours."],
      [{ cf_multi: ['red', 'pink'] }, "Invalid value for custom field 'cf_multi': Invalid choice(s) (['red', 'pink']) for choice set Colours."],
      [{ cf_multi: 'red' }, "Invalid value for custom field 'cf_multi': Invalid choice(s) (red) for choice set Colours."],
      // The nested serializer reads object references before the model: what it cannot read names nothing.
      [{ cf_tenant: 'T1' }, { custom_fields: ['Unknown related object(s): T1'] }],
      [{ cf_tenants: tenantId }, { custom_fields: [`Unknown related object(s): ${tenantId}`] }],
      [{ cf_tenant: 999999 }, { custom_fields: ['Unknown related object(s): 999999'] }],
      [{ cf_tenants: [tenantId, 999999] }, { custom_fields: [`Unknown related object(s): [${tenantId}, 999999]`] }],
      [{ nope: 1, also: 2 }, { custom_fields: { also: "Custom field 'also' does not exist for this object type.", nope: "Custom field 'nope' does not exist for this object type." } }],
      // clean() stops at the first value that fails.
      [{ cf_int: 'x', cf_dec: 'abc' }, "Invalid value for custom field 'cf_int': Value must be an integer."],
    ];
    for (const [values, expected] of cases) {
      const response = await site({ name: 'Bad', slug: 'bad', custom_fields: values });
      expect(response.status, JSON.stringify(values)).toBe(400);
      expect(response.body, JSON.stringify(values)).toEqual(typeof expected === 'string' ? { __all__: [expected] } : expected);
    }
    expect((await site({ name: 'Bad', slug: 'bad', custom_fields: 'x' })).body).toEqual({
      custom_fields: ['Invalid data format. Custom field data must be passed as a dictionary mapping field names to their values.'],
    });
    expect(await names('name=Bad')).toEqual([]);
  }, 60_000);

  it('keeps unique values unique, in the database and within a bulk write', async () => {
    expect((await site({ name: 'Dup', slug: 'dup', custom_fields: { cf_serial: 'S1' } })).body).toEqual({ __all__: ["Custom field 'cf_serial' must have a unique value."] });
    const bulk = await api.request('POST', '/api/dcim/sites/', [
      { name: 'U1', slug: 'u1', custom_fields: { cf_serial: 'S9' } },
      { name: 'U2', slug: 'u2', custom_fields: { cf_serial: 'S9' } },
    ]);
    expect(bulk.status).toBe(400);
    expect(bulk.body).toEqual([{}, { __all__: ["Custom field 'cf_serial' must have a unique value."] }]);
    expect(await names('name=U1')).toEqual([]);
  }, 30_000);

  it('filters with the lookups NetBox gives each type, and searches by search weight', async () => {
    await site({ name: 'F1', slug: 'f1', custom_fields: { cf_int: 5, cf_text: 'alpha', cf_loose: 'Hello World', cf_bool: false, cf_date: '2025-01-01', cf_multi: ['green'], cf_tenants: [otherTenantId], cf_serial: 'zz-hidden' } });
    expect(await names('cf_cf_int=42&cf_cf_int=5')).toEqual(['F1']);
    expect(await names('cf_cf_int__gte=6')).toEqual(['Full']);
    expect(await names('cf_cf_int__lt=6')).toEqual(['F1']);
    expect(await names('cf_cf_int__empty=true')).toEqual(['Plain']);
    expect(await names('cf_cf_text=alpha')).toEqual(['F1']);
    expect(await names('cf_cf_text__isw=al')).toEqual(['F1']);
    expect(await names('cf_cf_text__n=alpha')).toEqual(['Full', 'Plain']);
    expect(await names('cf_cf_loose=world')).toEqual(['F1']);
    expect(await names('cf_cf_bool=true')).toEqual(['Full']);
    expect(await names('cf_cf_bool=false')).toEqual(['F1']);
    expect(await names('cf_cf_date__lt=2026-01-01')).toEqual(['F1']);
    expect(await names('cf_cf_select=red')).toEqual(['F1', 'Plain']);
    expect(await names('cf_cf_select__ic=GRE')).toEqual(['Full']);
    expect(await names('cf_cf_multi=blue')).toEqual(['Full']);
    expect(await names(`cf_cf_tenant=${tenantId}`)).toEqual(['Full']);
    expect(await names(`cf_cf_tenants=${otherTenantId}`)).toEqual(['F1', 'Full']);
    expect(await names('cf_cf_dec__gt=1')).toEqual(['Full']);
    expect((await api.request('GET', '/api/dcim/sites/?cf_cf_int=x')).body).toEqual({ cf_cf_int: ['Enter a number.'] });
    expect((await api.request('GET', '/api/dcim/sites/?cf_cf_date=x')).body).toEqual({ cf_cf_date: ['Enter a valid date.'] });
    // No lookups on a loose text field; an unknown one is ignored as any unknown parameter.
    expect(await names('cf_cf_loose__n=world')).toEqual(['F1', 'Full', 'Plain']);
    expect(await names('q=hello')).toEqual(['F1']);
    expect(await names('q=zz-hidden')).toEqual([]);
  }, 60_000);

  it('shows null for an object field whose object was deleted', async () => {
    const tenant = (await api.request('POST', '/api/tenancy/tenants/', { name: 'Gone', slug: 'gone' })).body.id;
    const made = await site({ name: 'Orphan', slug: 'orphan', custom_fields: { cf_tenant: tenant, cf_tenants: [tenant, tenantId] } });
    expect(made.status).toBe(201);
    expect((await api.request('DELETE', `/api/tenancy/tenants/${tenant}/`)).status).toBe(204);
    const got = (await api.request('GET', `/api/dcim/sites/${made.body.id}/`)).body.custom_fields;
    expect(got.cf_tenant).toBeNull();
    expect(got.cf_tenants.map((t: any) => t.id)).toEqual([tenantId]);
  }, 30_000);

  it('requires required fields on create, fills defaults, and gives the default to existing objects', async () => {
    const required = await field({ name: 'cf_req', type: 'integer', required: true, default: 3 });
    expect((await api.request('GET', '/api/dcim/sites/?name=Plain')).body.results[0].custom_fields.cf_req).toBe(3);
    expect((await site({ name: 'R1', slug: 'r1' })).body.custom_fields.cf_req).toBe(3);
    await api.request('PATCH', `/api/extras/custom-fields/${required.id}/`, { default: null });
    // Sent no custom_fields, a new object gets the serializer's default, null for this field; sent
    // a dict without it, the field is missing.
    expect((await site({ name: 'R2', slug: 'r2' })).body).toEqual({ __all__: ["Invalid value for custom field 'cf_req': Required field cannot be empty."] });
    expect((await site({ name: 'R2', slug: 'r2', custom_fields: {} })).body).toEqual({ __all__: ["Missing required custom field 'cf_req'."] });
    expect((await site({ name: 'R2', slug: 'r2', custom_fields: { cf_req: null } })).body).toEqual({ __all__: ["Invalid value for custom field 'cf_req': Required field cannot be empty."] });
    expect((await api.request('DELETE', `/api/extras/custom-fields/${required.id}/`)).status).toBe(204);
    expect((await site({ name: 'R2', slug: 'r2' })).status).toBe(201);
  }, 30_000);

  it('moves the data on rename and removes it on delete', async () => {
    const made = await field({ name: 'cf_old', type: 'text' });
    const s = (await site({ name: 'Moved', slug: 'moved', custom_fields: { cf_old: 'kept' } })).body;
    await api.request('PATCH', `/api/extras/custom-fields/${made.id}/`, { name: 'cf_new' });
    const after = (await api.request('GET', `/api/dcim/sites/${s.id}/`)).body.custom_fields;
    expect(after.cf_new).toBe('kept');
    expect('cf_old' in after).toBe(false);
    expect(await names('cf_cf_new=kept')).toEqual(['Moved']);
    await api.request('DELETE', `/api/extras/custom-fields/${made.id}/`);
    await field({ name: 'cf_new', type: 'text' });
    expect((await api.request('GET', `/api/dcim/sites/${s.id}/`)).body.custom_fields.cf_new).toBeNull();
  }, 30_000);

  it('refuses invalid definitions with 400', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: 'x1', type: 'select' }, { choice_set: ['Selection fields must specify a set of choices.'] }],
      [{ name: 'x2', type: 'integer', default: 'abc' }, { default: ['Invalid default value "abc": Value must be an integer.'] }],
      [{ name: 'x3', type: 'object' }, { related_object_type: ['Object fields must define an object type.'] }],
      [{ name: 'x4', type: 'text', validation_minimum: 3 }, { validation_minimum: ['A minimum value may be set only for numeric fields'] }],
      [{ name: 'x5', type: 'integer', choice_set: setId }, { choice_set: ['Choices may be set only on selection fields.'] }],
      [{ name: 'Bad-Name', type: 'text' }, { name: ['Only alphanumeric characters and underscores are allowed.'] }],
      [{ name: 'a__b', type: 'text' }, { name: ['Double underscores are not permitted in custom field names.'] }],
      [{ name: 'slug', type: 'text' }, { name: ['Custom field name "slug" conflicts with a field of site.'] }],
      [{ name: 'x6', type: 'boolean', unique: true }, { unique: ['Uniqueness cannot be enforced for boolean fields'] }],
      [{ name: 'x7', type: 'text', object_types: ['dcim.nothing'] }, { object_types: ['Invalid content type: dcim.nothing'] }],
      [{ name: 'x8', type: 'nope' }, { type: ['nope is not a valid choice.'] }],
      [{ name: 'cf_int', type: 'text' }, { name: ['custom field with this name already exists.'] }],
      [{ name: 'x9', type: 'multiobject', related_object_type: 'tenancy.tenant', default: [tenantId, 999999] }, { default: [`Invalid default value "[${tenantId}, 999999]": Unknown related object(s): [999999]`] }],
      [{ name: 'x10', type: 'object', related_object_type: 'tenancy.tenant', default: 999999 }, { default: ['Invalid default value "999999": Unknown related object(s): 999999'] }],
      [{ name: 'x11', type: 'object', related_object_type: 'tenancy.tenant', default: { id: tenantId } }, { default: [`Invalid default value "{'id': ${tenantId}}": Value must be an object ID, not dict`] }],
      [{ name: 'x12', type: 'text', default: 'a\ud800' }, { default: ['Invalid default value "a\ud800": Surrogate characters are not allowed: U+D800.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await api.request('POST', '/api/extras/custom-fields/', { object_types: ['dcim.site'], ...body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toEqual(errors);
    }
    const bad = await api.request('POST', '/api/extras/custom-field-choice-sets/', { name: 'Empty', extra_choices: [] });
    expect(bad.body).toEqual({ __all__: ['Must define base or extra choices.'] });
  }, 60_000);

  it('gives new objects a default naming existing objects, and refuses changing it to a missing one', async () => {
    const made = await field({ name: 'cf_owners', type: 'multiobject', related_object_type: 'tenancy.tenant', default: [tenantId] });
    const created = await site({ name: 'Owned', slug: 'owned' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.custom_fields.cf_owners.map((t: any) => t.id)).toEqual([tenantId]);
    const changed = await api.request('PATCH', `/api/extras/custom-fields/${made.id}/`, { default: [999999] });
    expect(changed.status).toBe(400);
    expect(changed.body).toEqual({ default: ['Invalid default value "[999999]": Unknown related object(s): [999999]'] });
    expect((await site({ name: 'Owned 2', slug: 'owned-2' })).status).toBe(201);
    // A default whose object is deleted afterwards does not block edits that leave the default alone.
    const gone = (await api.request('POST', '/api/tenancy/tenants/', { name: 'Former', slug: 'former' })).body.id;
    expect((await api.request('PATCH', `/api/extras/custom-fields/${made.id}/`, { default: [gone] })).status).toBe(200);
    expect((await api.request('DELETE', `/api/tenancy/tenants/${gone}/`)).status).toBe(204);
    expect((await api.request('PATCH', `/api/extras/custom-fields/${made.id}/`, { label: 'Owners' })).status).toBe(200);
    // Nor creates that take that default, nor edits of other values of an object holding it (as NetBox,
    // only the objects a request names are looked up); naming the missing object is still refused.
    const holder = await site({ name: 'Holder', slug: 'holder' });
    expect(holder.status, JSON.stringify(holder.body)).toBe(201);
    expect(holder.body.custom_fields.cf_owners).toEqual([]);
    expect((await api.request('PATCH', `/api/dcim/sites/${holder.body.id}/`, { custom_fields: { cf_text: 'edited' } })).status).toBe(200);
    expect((await api.request('PATCH', `/api/dcim/sites/${holder.body.id}/`, { custom_fields: { cf_owners: [gone] } })).status).toBe(400);
    expect((await api.request('DELETE', `/api/extras/custom-fields/${made.id}/`)).status).toBe(204);
  }, 30_000);

  it('lists a choice set with its count, and its choices', async () => {
    const set = (await api.request('GET', `/api/extras/custom-field-choice-sets/${setId}/`)).body;
    expect(set).toMatchObject({ name: 'Colours', choices_count: 3, extra_choices: [['red', 'Red'], ['green', 'Green'], ['blue', 'Blue']] });
    const choices = (await api.request('GET', `/api/extras/custom-field-choice-sets/${setId}/choices/?q=re`)).body;
    expect(choices).toEqual({ count: 2, next: null, previous: null, results: [{ id: 'red', display: 'Red' }, { id: 'green', display: 'Green' }] });
    expect((await api.request('GET', `/api/extras/custom-field-choice-sets/?choice=blue`)).body.count).toBe(1);
    expect((await api.request('GET', `/api/extras/custom-field-choice-sets/999999/choices/`)).status).toBe(404);
    // A set in use by a field is protected, as NetBox's PROTECT foreign key.
    expect((await api.request('DELETE', `/api/extras/custom-field-choice-sets/${setId}/`)).status).toBe(409);
  }, 30_000);

  it('offers ISO 3166 country codes as base choices, plus the extra ones', async () => {
    const made = await api.request('POST', '/api/extras/custom-field-choice-sets/', { name: 'Countries', base_choices: 'ISO_3166', extra_choices: [['XK', 'Kosovo']] });
    expect(made.status).toBe(201);
    expect(made.body.choices_count).toBe(250);
    const germany = (await api.request('GET', `/api/extras/custom-field-choice-sets/${made.body.id}/choices/?q=germ`)).body;
    expect(germany.results).toEqual([{ id: 'DE', display: 'Germany' }]);
    const field = await api.request('POST', '/api/extras/custom-fields/', { object_types: ['dcim.site'], name: 'cf_country', type: 'select', choice_set: made.body.id });
    expect(field.status).toBe(201);
    expect((await site({ name: 'In Germany', slug: 'in-germany', custom_fields: { cf_country: 'DE' } })).status).toBe(201);
    expect((await site({ name: 'In Kosovo', slug: 'in-kosovo', custom_fields: { cf_country: 'XK' } })).status).toBe(201);
    const nowhere = await site({ name: 'Nowhere', slug: 'nowhere', custom_fields: { cf_country: 'XX' } });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.__all__[0]).toMatch(/^Invalid value for custom field 'cf_country': Invalid choice \(XX\)/);
    expect((await api.request('DELETE', `/api/extras/custom-fields/${field.body.id}/`)).status).toBe(204);
  }, 60_000);

  it('sees a field added by another server on the same database at once', async () => {
    const { app } = await startInventoryServer(api.db, { SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'Admin-password-1' });
    const made = await app.request('http://nb.test/api/extras/custom-fields/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ object_types: ['dcim.site'], name: 'cf_shared', type: 'integer', default: 9 }),
    });
    expect(made.status).toBe(201);
    expect((await api.request('GET', '/api/dcim/sites/?name=Plain')).body.results[0].custom_fields.cf_shared).toBe(9);
    expect((await site({ name: 'Shared', slug: 'shared', custom_fields: { cf_shared: 1 } })).status).toBe(201);
  }, 60_000);

  it('matches validation patterns in linear time, and refuses patterns RE2 cannot run', async () => {
    const made = await field({ name: 'b18', type: 'text', validation_regex: '(a+)+$' });
    const target = (await site({ name: 'Patterned', slug: 'patterned' })).body.id;
    // A backtracking engine takes tens of seconds on this value, blocking every other request meanwhile.
    const patched = await api.request('PATCH', `/api/dcim/sites/${target}/`, { custom_fields: { b18: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' } });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual({ __all__: ["Invalid value for custom field 'b18': Value must match regex '(a+)+$'"] });
    expect((await api.request('PATCH', `/api/dcim/sites/${target}/`, { custom_fields: { b18: 'aaa' } })).status).toBe(200);

    const refused = await api.request('POST', '/api/extras/custom-fields/', { object_types: ['dcim.site'], name: 'x_backref', type: 'text', validation_regex: '(a)\\1' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      validation_regex: [
        '(a)\\1 is not a valid regular expression in RE2 syntax (invalid escape sequence: `\\1`). Custom field values are matched by a linear-time RE2 engine, ' +
          'which has no backreferences or lookaround assertions, so that no pattern can stall the server.',
      ],
    });
    for (const regex of ['(?=a)a', '(?<!x)a', 'a)|(b']) {
      const response = await api.request('POST', '/api/extras/custom-fields/', { object_types: ['dcim.site'], name: 'x_look', type: 'text', validation_regex: regex });
      expect(response.status, regex).toBe(400);
      expect(response.body.validation_regex[0], regex).toContain(`${regex} is not a valid regular expression in RE2 syntax (`);
    }
    const update = await api.request('PATCH', `/api/extras/custom-fields/${made.id}/`, { validation_regex: '(x)\\1' });
    expect(update.status).toBe(400);
    expect(Object.keys(update.body)).toEqual(['validation_regex']);

    // A pattern stored before this check (here through SQL) refuses values with a message, never a 500.
    await api.db.query(`UPDATE extras_custom_field SET validation_regex = $1 WHERE name = 'b18'`, ['(a)\\1']);
    const stale = await api.request('PATCH', `/api/dcim/sites/${target}/`, { custom_fields: { b18: 'aa' } });
    expect(stale.status).toBe(400);
    expect(stale.body.__all__[0]).toMatch(/^Invalid value for custom field 'b18': Value must match regex '\(a\)\\1', which cannot be checked: it is not valid RE2 syntax/);
    expect((await api.request('DELETE', `/api/extras/custom-fields/${made.id}/`)).status).toBe(204);
  }, 60_000);

  it('refuses NUL and lone surrogates inside values under __all__, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ cf_loose: 'a\u0000b' }, "Invalid value for custom field 'cf_loose': Null characters are not allowed."],
      [{ cf_text: 'abc\u0000' }, "Invalid value for custom field 'cf_text': Null characters are not allowed."],
      [{ cf_url: 'https://example.com/\u0000' }, "Invalid value for custom field 'cf_url': Null characters are not allowed."],
      [{ cf_json: { list: ['ok', 'x\u0000'] } }, "Invalid value for custom field 'cf_json': Null characters are not allowed."],
      [{ cf_json: { 'key\u0000': 1 } }, "Invalid value for custom field 'cf_json': Null characters are not allowed."],
      [{ cf_select: 'red\u0000' }, "Invalid value for custom field 'cf_select': Null characters are not allowed."],
      [{ cf_multi: ['red', 'blue\u0000'] }, "Invalid value for custom field 'cf_multi': Null characters are not allowed."],
      [{ cf_loose: 'x\ud800' }, "Invalid value for custom field 'cf_loose': Surrogate characters are not allowed: U+D800."],
      [{ cf_json: ['\udc00'] }, "Invalid value for custom field 'cf_json': Surrogate characters are not allowed: U+DC00."],
    ];
    for (const [values, message] of cases) {
      const response = await site({ name: 'Nul', slug: 'nul', custom_fields: values });
      expect(response.status, JSON.stringify(values)).toBe(400);
      expect(response.body, JSON.stringify(values)).toEqual({ __all__: [message] });
    }
    // A character outside the basic plane is a surrogate pair, stored as any other.
    const emoji = await site({ name: 'Emoji', slug: 'emoji', custom_fields: { cf_loose: 'ok \ud83d\ude00', cf_json: { k: '\ud83d\ude00' } } });
    expect(emoji.status, JSON.stringify(emoji.body)).toBe(201);
    expect(emoji.body.custom_fields.cf_loose).toBe('ok \ud83d\ude00');
    expect(await names('name=Nul')).toEqual([]);
  }, 30_000);
});
