/**
 * GET and POST …/vlan-groups/{id}/available-vlans/ on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: the next free VIDs of the group's ranges are created as VLANs of the group with the
 * item's fields; an object answers an object, a list a list; `name` is required before any VID is
 * taken; too few free VIDs is NetBox's 409 and creates nothing; parallel requests never take one
 * VID twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('creating available VLANs on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const vids = async (group: number) => (await api.request('GET', `/api/ipam/vlans/?group_id=${group}&limit=0&ordering=vid`)).body.results.map((v: any) => v.vid);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.group = (await post('/api/ipam/vlan-groups/', { name: 'Access', slug: 'access', vid_ranges: [[100, 103], [200, 202]] })).id;
    ids.tenant = (await post('/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' })).id;
    await post('/api/ipam/vlans/', { vid: 101, name: 'taken', group: ids.group });
    ids.tiny = (await post('/api/ipam/vlan-groups/', { name: 'Tiny', slug: 'tiny', vid_ranges: [[10, 12]] })).id;
    ids.all = (await post('/api/ipam/vlan-groups/', { name: 'All', slug: 'all' })).id;
  }, 60_000);
  afterAll(async () => api?.close());

  it('creates VLANs with the next free VIDs of the group and the item’s fields; a list creates as many', async () => {
    const one = await api.request('POST', `/api/ipam/vlan-groups/${ids.group}/available-vlans/`, { name: 'users', status: 'reserved', tenant: ids.tenant, vid: 4000 });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ vid: 100, name: 'users', group: { id: ids.group }, status: { value: 'reserved' }, tenant: { id: ids.tenant } });
    const many = await api.request('POST', `/api/ipam/vlan-groups/${ids.group}/available-vlans/`, [{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect(many.status).toBe(201);
    expect(many.body.map((v: any) => v.vid)).toEqual([102, 103, 200]);
    expect((await api.request('GET', `/api/ipam/vlan-groups/${ids.group}/available-vlans/`)).body.map((v: any) => v.vid)).toEqual([201, 202]);
    // The whole 1-4094 space answers a page, not 4094 VIDs.
    expect((await api.request('GET', `/api/ipam/vlan-groups/${ids.all}/available-vlans/`)).body.map((v: any) => v.vid)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('requires a name before taking a VID and refuses bad items per item, creating nothing', async () => {
    const nameless = await api.request('POST', `/api/ipam/vlan-groups/${ids.tiny}/available-vlans/`, [{ name: 'x' }, {}]);
    expect(nameless.status).toBe(400);
    expect(nameless.body).toEqual([{}, { name: ['This field is required.'] }]);
    const invalid = await api.request('POST', `/api/ipam/vlan-groups/${ids.tiny}/available-vlans/`, { name: 'x', status: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ status: ['nope is not a valid choice.'] });
    expect(await vids(ids.tiny)).toEqual([]);
  });

  it('answers 409 when too few VIDs are free, creating none; parallel requests take distinct VIDs', async () => {
    const tooMany = await api.request('POST', `/api/ipam/vlan-groups/${ids.tiny}/available-vlans/`, [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({ detail: 'Insufficient resources are available to satisfy the request' });
    expect(await vids(ids.tiny)).toEqual([]);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => api.request('POST', `/api/ipam/vlan-groups/${ids.tiny}/available-vlans/`, { name: `p${n}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409]);
    expect(answers.filter((a) => a.status === 201).map((a) => a.body.vid).sort()).toEqual([10, 11, 12]);
    expect((await api.request('POST', '/api/ipam/vlan-groups/999999/available-vlans/', { name: 'x' })).status).toBe(404);
  });
});
