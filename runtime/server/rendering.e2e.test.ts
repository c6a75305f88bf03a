/**
 * Lists and reads of one object answer JSON that PostgreSQL renders (Reader.rendered, each field
 * kind's `json`), with no JavaScript per row; writes answer through the JavaScript serializer (each
 * kind's `serialize`). Both must give NetBox's JSON byte for byte once parsed, key order included:
 * this compares them for every object of every served resource in a fixture that sets choices,
 * decimals, dates and times, tags, custom fields of every type (object ones too), generic and
 * nested relations, and leaves nested objects null — in full, brief and `?fields=` form, with
 * legacy field names, and through the HTTP list and detail routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryExtensions } from '../inventory/index.ts';
import { Reader, shownFields, unrestricted, type RequestContext } from '../rest/index.ts';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';
import { loadTables } from './server.ts';
import { renderingFixture } from '../testing/renderingFixture.ts';


const ctx: RequestContext = { requestId: 'rendering', caller: null, origin: 'http://nb.test', scope: unrestricted };

describe.each(testDatabases())('responses rendered by PostgreSQL on $name', (database) => {
  let api: TestClient;
  const { registry } = loadTables();
  const readers = [false, true].map((legacyFieldNames) => new Reader(registry, inventoryExtensions, { legacyFieldNames, strict: false }));

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    await renderingFixture(api);
  }, 120_000);
  afterAll(async () => api?.close());

  /** The JavaScript serializer's and PostgreSQL's JSON of `ids`, each as JSON text in key order. */
  async function both(reader: Reader, key: string, ids: number[], query: string) {
    const resource = registry.resource(key);
    const shown = shownFields(resource, new URLSearchParams(query), 'GET');
    const customFields = await reader.customFields(api.db, resource, shown);
    const rows = await reader.rows(api.db, resource, ids, shown, customFields);
    const serializer = reader.serializer(ctx, customFields);
    const expected = rows.map((row) => JSON.stringify(serializer.object(resource, row, new Set(shown))));
    const rendered = await reader.rendered(api.db, resource, ids, shown, customFields, ctx);
    return { expected, actual: rendered.map((r) => JSON.stringify(JSON.parse(r.json))), etags: [rows.map((r) => r.__etag ?? null), rendered.map((r) => r.etag?.slice(3, -1) ?? null)] };
  }

  it('fills every served resource', async () => {
    const empty: string[] = [];
    for (const resource of registry.resources) {
      const [{ n }] = await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${resource.table}"`);
      if (!n) empty.push(resource.key);
    }
    expect(empty).toEqual([]);
  });

  it.each(['', 'brief=1', 'fields=id,display,url,tags,custom_fields', 'fields=id,display', 'omit=id'])('renders every object as the serializer does (?%s)', async (query) => {
    let compared = 0;
    for (const resource of registry.resources) {
      const ids = (await api.db.query<{ id: number }>(`SELECT id FROM "${resource.table}" ORDER BY id LIMIT 40`)).map((r) => Number(r.id));
      for (const reader of readers) {
        if (reader === readers[1] && !resource.legacyNames) continue;
        const { expected, actual, etags } = await both(reader, resource.key, ids, query);
        expect(actual, `${resource.key}?${query}`).toEqual(expected);
        expect(etags[1], `${resource.key} ETags`).toEqual(etags[0]);
        compared += ids.length;
      }
    }
    expect(compared).toBeGreaterThan(150);
  });

  it('answers lists and details with the rendered JSON', async () => {
    for (const resource of registry.resources) {
      const list = await api.request('GET', `/api/${resource.app}/${resource.path}/?limit=3`);
      if (list.status === 404 || list.status === 405) continue;
      expect(list.status, resource.key).toBe(200);
      expect(list.headers.get('Content-Type')).toBe('application/json');
      const ids: number[] = list.body.results.map((r: { id: number }) => r.id);
      const { expected } = await both(readers[0], resource.key, ids, '');
      expect(list.body.results.map((r: unknown) => JSON.stringify(r)), resource.key).toEqual(expected);
      if (!ids.length) continue;
      // Without URLs the statements take no origin.
      const bare = await api.request('GET', `/api/${resource.app}/${resource.path}/?limit=3&fields=id`);
      expect(bare.body.results, `${resource.key}?fields=id`).toEqual(ids.map((id) => ({ id })));
      const [first] = await both(readers[0], resource.key, ids.slice(0, 1), 'fields=id').then((r) => r.actual);
      expect(first).toBe(JSON.stringify({ id: ids[0] }));
      // A filtered list chooses its page first, then renders it (another statement), in list order.
      const filtered = await api.request('GET', `/api/${resource.app}/${resource.path}/?${ids.map((id) => `id=${id}`).join('&')}&ordering=-id`);
      expect(filtered.body.results.map((r: unknown) => JSON.stringify(r)), `${resource.key} filtered`).toEqual([...expected].sort((a, b) => JSON.parse(b).id - JSON.parse(a).id));
      expect(filtered.body.count).toBe(ids.length);
      const detail = await api.request('GET', `/api/${resource.app}/${resource.path}/${ids[0]}/`);
      if (detail.status === 404 || detail.status === 405) continue;
      expect(JSON.stringify(detail.body), resource.key).toBe(expected[0]);
    }
    // Six requests for each of the 95 resources, on a shared machine.
  }, 120_000);

  it('lists show custom field definitions added, changed or removed since the last list', async () => {
    const names = async () => Object.keys((await api.request('GET', '/api/dcim/sites/?limit=1')).body.results[0].custom_fields);
    // A few lists first: the definitions are then reused, checked by their version.
    const before = await names();
    await names();
    expect(await names()).toEqual(before);
    const created = await api.request('POST', '/api/extras/custom-fields/', { name: 'zz_new', type: 'text', object_types: ['dcim.site'] });
    expect(created.status).toBe(201);
    expect(await names()).toEqual([...before, 'zz_new']);
    await names();
    expect((await api.request('PATCH', `/api/extras/custom-fields/${created.body.id}/`, { name: 'zz_renamed' })).status).toBe(200);
    expect(await names()).toEqual([...before, 'zz_renamed']);
    expect((await api.request('DELETE', `/api/extras/custom-fields/${created.body.id}/`)).status).toBe(204);
    expect(await names()).toEqual(before);
  });
});
