/**
 * Deleting a rack group, as NetBox's Rack.group (`on_delete=PROTECT`) does it: refused with 409
 * and NetBox's message naming every rack still in the group, until none is; then deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('deleting rack groups on $name', (database) => {
  let api: TestClient;
  const post = async (path: string, body: unknown) => {
    const response = await api.request('POST', `/api/dcim/${path}/`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  }, 60_000);
  afterAll(async () => api?.close());

  it('refuses while racks are in the group, naming them, and deletes an empty group', async () => {
    const site = await post('sites', { name: 'Paris', slug: 'paris' });
    const group = await post('rack-groups', { name: 'Row 1', slug: 'row-1' });
    const r1 = await post('racks', { name: 'R1', facility_id: 'F-1', site: site.id, group: group.id });
    const r2 = await post('racks', { name: 'R2', site: site.id, group: group.id });
    const refused = await api.request('DELETE', `/api/dcim/rack-groups/${group.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: `Unable to delete object. 2 dependent objects were found: R1 (F-1) (${r1.id}), R2 (${r2.id})` });
    expect((await api.request('GET', `/api/dcim/racks/${r1.id}/`)).body.group).toMatchObject({ id: group.id });
    // Out of the group, the racks no longer hold it.
    for (const rack of [r1, r2]) expect((await api.request('PATCH', `/api/dcim/racks/${rack.id}/`, { group: null })).status).toBe(200);
    expect((await api.request('DELETE', `/api/dcim/rack-groups/${group.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/racks/${r1.id}/`)).status).toBe(200);
  }, 30_000);
});
