/**
 * The validation messages of NetBox 4.6.8's core models (models.md, bases included), each
 * triggered through the API with NetBox's status, key and words: DataSource.clean() (a local
 * source's URL) and custom field values of data sources (CustomFieldsMixin.clean()); the
 * serializer's refusal of an unknown backend, which comes before the model's. Recorded in
 * scripts/facts/rules/core.yaml.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('core validation rules on $name', (database) => {
  let api: TestClient;
  const source = (extra: Record<string, unknown>) => ({ name: 'Bad', type: 'git', source_url: 'https://git.example.com/x.git', ...extra });

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    for (const body of [
      { name: 'rule_int', type: 'integer', unique: true },
      { name: 'rule_req', type: 'text', required: true, default: 'x' },
    ]) {
      const made = await api.request('POST', '/api/extras/custom-fields/', { object_types: ['core.datasource'], ...body });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const holder = await api.request('POST', '/api/core/data-sources/', source({ name: 'Holder', custom_fields: { rule_int: 7, rule_req: 'x' } }));
    expect(holder.status, JSON.stringify(holder.body)).toBe(201);
  }, 60_000);
  afterAll(async () => api?.close());

  it.each<[string, Record<string, unknown>, unknown]>([
    ['a local source at a URL of another scheme', { type: 'local', source_url: 'https://example.com/x' }, { source_url: ['URLs for local sources must start with file:// (or specify no scheme)'] }],
    // The serializer's ChoiceField refuses an unknown backend before DataSource.clean() would.
    ['an unknown backend', { type: 'svn' }, { type: ['svn is not a valid choice.'] }],
    ['a bad custom field value', { custom_fields: { rule_int: 'x' } }, { __all__: ["Invalid value for custom field 'rule_int': Value must be an integer."] }],
    ['a custom field value another source holds', { custom_fields: { rule_int: 7 } }, { __all__: ["Custom field 'rule_int' must have a unique value."] }],
    ['a required custom field left out of the dict', { custom_fields: { rule_int: 8 } }, { __all__: ["Missing required custom field 'rule_req'."] }],
  ])('data sources: %s', async (_name, body, expected) => {
    const response = await api.request('POST', '/api/core/data-sources/', source(body));
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: expected });
  });

  it('object changes: read only, so no change record is ever written through the API', async () => {
    expect((await api.request('POST', '/api/core/object-changes/', { action: 'create' })).status).toBe(405);
  });
});
