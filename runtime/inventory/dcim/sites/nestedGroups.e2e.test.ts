/**
 * End-to-end tests of dcim's nested groups (regions, site groups, locations, device roles,
 * platforms) on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: NestedGroupModel.clean()
 * refusing the object itself or one of its descendants as its parent, with each model's verbose
 * name, and Location.clean() keeping a location's parent in its site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

describe.each(testDatabases())('dcim nested groups on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/dcim/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('sites', { name: 'NYC', slug: 'nyc' })).id;
    ids.other = (await post('sites', { name: 'LAX', slug: 'lax' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('refuses the object itself or one of its descendants as its parent', async () => {
    const trees: [string, string, Record<string, unknown>][] = [
      ['regions', 'region', {}],
      ['site-groups', 'site group', {}],
      ['locations', 'location', { site: ids.site }],
      ['device-roles', 'device role', {}],
      ['platforms', 'platform', {}],
    ];
    for (const [path, verboseName, extra] of trees) {
      const top = await post(path, { name: `${path} top`, slug: `${path}-top`, ...extra });
      const middle = await post(path, { name: `${path} middle`, slug: `${path}-middle`, parent: top.id, ...extra });
      const leaf = await post(path, { name: `${path} leaf`, slug: `${path}-leaf`, parent: middle.id, ...extra });
      for (const [id, parent] of [[top.id, top.id], [top.id, leaf.id], [middle.id, middle.id], [middle.id, leaf.id]]) {
        const r = await api.request('PATCH', `/api/dcim/${path}/${id}/`, { parent });
        expect([r.status, r.body], `${path} ${id} under ${parent}`).toEqual([400, { parent: [`Cannot assign self or child ${verboseName} as parent.`] }]);
      }
      const unchanged = await api.request('GET', `/api/dcim/${path}/${top.id}/`);
      expect(unchanged.body.parent).toBeNull();
      // A leaf may move to the top, and a subtree under another root.
      expect((await api.request('PATCH', `/api/dcim/${path}/${leaf.id}/`, { parent: top.id })).status).toBe(200);
      expect((await api.request('PATCH', `/api/dcim/${path}/${middle.id}/`, { parent: null })).status).toBe(200);
    }
  }, SLOW);

  it('keeps a location’s parent in the location’s site', async () => {
    const floor = await post('locations', { name: 'Floor 1', slug: 'floor-1', site: ids.site });
    const room = await post('locations', { name: 'Room 1', slug: 'room-1', site: ids.site, parent: floor.id });
    const elsewhere = await api.request('POST', '/api/dcim/locations/', { name: 'Room 2', slug: 'room-2', site: ids.other, parent: floor.id });
    expect([elsewhere.status, elsewhere.body]).toEqual([400, { __all__: ['Parent location (Floor 1) must belong to the same site (LAX).'] }]);
    const moved = await api.request('PATCH', `/api/dcim/locations/${room.id}/`, { site: ids.other });
    expect([moved.status, moved.body]).toEqual([400, { __all__: ['Parent location (Floor 1) must belong to the same site (LAX).'] }]);
    const bulk = await api.request('POST', '/api/dcim/locations/', [
      { name: 'Room 3', slug: 'room-3', site: ids.site, parent: floor.id },
      { name: 'Room 4', slug: 'room-4', site: ids.other, parent: room.id },
    ]);
    expect([bulk.status, bulk.body]).toEqual([400, [{}, { __all__: ['Parent location (Room 1) must belong to the same site (LAX).'] }]]);
    expect((await api.request('GET', '/api/dcim/locations/?slug=room-3')).body.count).toBe(0);
    // Without its parent, the location may move.
    const detached = await api.request('PATCH', `/api/dcim/locations/${room.id}/`, { site: ids.other, parent: null });
    expect(detached.status).toBe(200);
    expect(detached.body.site).toMatchObject({ id: ids.other });
  }, SLOW);
});
