/**
 * Journal entries: the generic relation (`assigned_object_type` + `assigned_object_id`, read back
 * as `assigned_object`), the writer as `created_by`, filters, and cascade when the object goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';

describe.each(testDatabases())('journal entries on $name', (database) => {
  let api: TestClient;
  let site: any;
  let tenant: any;
  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    site = (await api.request('POST', '/api/dcim/sites/', { name: 'J1', slug: 'j1' })).body;
    tenant = (await api.request('POST', '/api/tenancy/tenants/', { name: 'JT', slug: 'jt' })).body;
  });
  afterAll(async () => api?.close());

  it('points at any allowed object type and shows it embedded', async () => {
    const entry = await api.request('POST', '/api/extras/journal-entries/', { assigned_object_type: 'dcim.site', assigned_object_id: site.id, kind: 'warning', comments: 'Power maintenance' });
    expect(entry.status).toBe(201);
    expect(entry.body.assigned_object_type).toBe('dcim.site');
    expect(entry.body.assigned_object).toEqual({ id: site.id, url: site.url, display: 'J1', name: 'J1', slug: 'j1', description: '' });
    expect(entry.body.kind).toEqual({ value: 'warning', label: 'Warning' });
    expect(entry.body.created_by).toMatchObject({ username: 'admin' });
    expect(entry.body.display).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Warning\)$/);
    const other = await api.request('POST', '/api/extras/journal-entries/', { assigned_object_type: 'tenancy.tenant', assigned_object_id: tenant.id, comments: 'Contract signed' });
    expect(other.body.assigned_object.name).toBe('JT');
    const filtered = await api.request('GET', '/api/extras/journal-entries/?assigned_object_type=dcim.site');
    expect(filtered.body.results.map((e: any) => e.comments)).toEqual(['Power maintenance']);
    const byId = await api.request('GET', `/api/extras/journal-entries/?assigned_object_type=tenancy.tenant&assigned_object_id=${tenant.id}`);
    expect(byId.body.count).toBe(1);
  });

  it('refuses unknown types, missing objects and half-given pairs', async () => {
    const cases: [unknown, unknown][] = [
      [{ assigned_object_type: 'dcim.nothing', assigned_object_id: 1, comments: 'x' }, { assigned_object_type: ['Invalid content type: dcim.nothing'] }],
      [{ assigned_object_type: 'site', assigned_object_id: 1, comments: 'x' }, { assigned_object_type: ["Invalid value. Specify a content type as '<app_label>.<model_name>'."] }],
      [{ assigned_object_type: 'dcim.site', assigned_object_id: 999999, comments: 'x' }, { non_field_errors: ['Invalid assigned_object: DCIM | site ID 999999'] }],
      [{ assigned_object_type: 'dcim.site', comments: 'x' }, { assigned_object_id: ['This field is required.'] }],
      [{ assigned_object_type: 'dcim.site', assigned_object_id: site.id, comments: '' }, { comments: ['This field may not be blank.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await api.request('POST', '/api/extras/journal-entries/', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toEqual(errors);
    }
  });

  it('goes away with the object it is about', async () => {
    const doomed = (await api.request('POST', '/api/dcim/sites/', { name: 'Doomed', slug: 'doomed' })).body;
    const entry = (await api.request('POST', '/api/extras/journal-entries/', { assigned_object_type: 'dcim.site', assigned_object_id: doomed.id, comments: 'Closing' })).body;
    expect((await api.request('DELETE', `/api/dcim/sites/${doomed.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/extras/journal-entries/${entry.id}/`)).status).toBe(404);
  });
});
