/**
 * NetBox's object-permission test patterns (utilities/testing/api.py), for every resource of the
 * registry with a list: without a permission a list is 403; with a view permission constrained to
 * one object, the list holds exactly that object and another object's detail is 404; an update or
 * delete outside the constraint is 404 and changes nothing; a create outside an `add` constraint
 * is 403 and writes nothing, no change record either, alone or as one item of a bulk create.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '../rest/index.ts';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';

const registry = Registry.load();
/** Types every user may view (DEFAULT_PERMISSIONS: their own bookmarks, notifications, subscriptions and tokens; object types, as NetBox lets any authenticated user read them). */
const DEFAULT_VIEWABLE = new Set(['extras.bookmark', 'extras.notification', 'extras.subscription', 'users.token', 'core.objecttype']);
// A resource without routes (a script module: its table and object type only) has no list to guard.
const listed = registry.resources.filter((r) => !DEFAULT_VIEWABLE.has(r.objectType) && r.routes !== 'none');

/** A new object's body for each creatable kind of the seed (`n` makes it unique). */
const creatable: Record<string, (n: string) => Record<string, unknown>> = {
  '/api/dcim/regions/': (n) => ({ name: `R-${n}`, slug: `r-${n}` }),
  '/api/tenancy/tenant-groups/': (n) => ({ name: `TG-${n}`, slug: `tg-${n}` }),
  '/api/tenancy/tenants/': (n) => ({ name: `T-${n}`, slug: `t-${n}` }),
  '/api/extras/tags/': (n) => ({ name: `Tag-${n}`, slug: `tag-${n}` }),
  '/api/dcim/sites/': (n) => ({ name: `S-${n}`, slug: `s-${n}` }),
  '/api/ipam/rirs/': (n) => ({ name: `RIR-${n}`, slug: `rir-${n}` }),
  '/api/ipam/prefixes/': (n) => ({ prefix: `10.9.${n.length}.0/24` }),
  '/api/virtualization/cluster-types/': (n) => ({ name: `CT-${n}`, slug: `ct-${n}` }),
  '/api/users/groups/': (n) => ({ name: `Group-${n}` }),
};

describe.each(testDatabases())('permission patterns of every resource on $name', (database) => {
  let api: TestClient;
  let as: Record<string, string>;
  let userId: number;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    // Two of many things, so most lists have a second object to hide.
    const seed = async (path: string, items: unknown[]) => expect((await api.request('POST', path, items)).status, path).toBe(201);
    await seed('/api/dcim/regions/', [{ name: 'R1', slug: 'r1' }, { name: 'R2', slug: 'r2' }]);
    await seed('/api/tenancy/tenant-groups/', [{ name: 'TG1', slug: 'tg1' }, { name: 'TG2', slug: 'tg2' }]);
    await seed('/api/tenancy/tenants/', [{ name: 'T1', slug: 't1' }, { name: 'T2', slug: 't2' }]);
    await seed('/api/extras/tags/', [{ name: 'Tag1', slug: 'tag1' }, { name: 'Tag2', slug: 'tag2' }]);
    await seed('/api/dcim/sites/', [{ name: 'S1', slug: 's1', tags: [{ slug: 'tag1' }] }, { name: 'S2', slug: 's2', tags: [{ slug: 'tag2' }] }]);
    await seed('/api/ipam/rirs/', [{ name: 'RIR1', slug: 'rir1' }, { name: 'RIR2', slug: 'rir2' }]);
    await seed('/api/ipam/prefixes/', [{ prefix: '10.0.0.0/24' }, { prefix: '10.0.1.0/24' }]);
    await seed('/api/virtualization/cluster-types/', [{ name: 'CT1', slug: 'ct1' }, { name: 'CT2', slug: 'ct2' }]);
    await seed('/api/users/groups/', [{ name: 'Group1' }, { name: 'Group2' }]);
    const user = await api.request('POST', '/api/users/users/', { username: 'patterns', password: 'Patterns-pass-1' });
    userId = user.body.id;
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'patterns', password: 'Patterns-pass-1' }, { Authorization: '' });
    as = { Authorization: `Token nbt_${token.body.key}.${token.body.token}` };
  }, 120_000);
  afterAll(async () => api?.close());

  it('answers 403 to a list without a permission', async () => {
    for (const resource of listed) {
      const response = await api.request('GET', `/api/${resource.app}/${resource.path}/`, undefined, as);
      expect(response.status, resource.key).toBe(403);
    }
  }, 120_000);

  it('shows exactly the object a constrained view permission allows, and 404 for another', async () => {
    const ids = new Map<string, number[]>();
    for (const resource of listed) {
      const all = await api.request('GET', `/api/${resource.app}/${resource.path}/?limit=2&ordering=id`);
      ids.set(resource.key, all.body.results.map((r: any) => r.id));
    }
    // One permission per type, constrained to its first object (to none when it has none).
    const granted = await api.request(
      'POST',
      '/api/users/permissions/',
      listed.map((r) => ({ name: `view one ${r.key}`, object_types: [r.objectType], actions: ['view', 'change', 'delete'], constraints: { id: ids.get(r.key)![0] ?? 0 }, users: [userId] })),
    );
    expect(granted.status, JSON.stringify(granted.body).slice(0, 500)).toBe(201);
    let hidden = 0;
    for (const resource of listed) {
      const base = `/api/${resource.app}/${resource.path}/`;
      const [first, second] = ids.get(resource.key)!;
      const list = await api.request('GET', base, undefined, as);
      expect(list.status, resource.key).toBe(200);
      expect(list.body.results.map((r: any) => r.id), resource.key).toEqual(first === undefined ? [] : [first]);
      expect(list.body.count, resource.key).toBe(first === undefined ? 0 : 1);
      if (first !== undefined) expect((await api.request('GET', `${base}${first}/`, undefined, as)).status, resource.key).toBe(200);
      if (second === undefined) continue;
      hidden++;
      expect((await api.request('GET', `${base}${second}/`, undefined, as)).status, resource.key).toBe(404);
      const routes = resource.routes ?? 'full';
      if (routes === 'read-only' || routes === 'list-only') continue;
      expect((await api.request('PATCH', `${base}${second}/`, {}, as)).status, resource.key).toBe(404);
      expect((await api.request('DELETE', `${base}${second}/`, undefined, as)).status, resource.key).toBe(404);
      expect((await api.request('GET', `${base}${second}/`)).status, resource.key).toBe(200);
    }
    // The seed gives enough resources a second object for this to mean something.
    expect(hidden).toBeGreaterThanOrEqual(10);
  }, 180_000);

  it('refuses a create outside an add constraint with 403, alone or in a bulk, writing nothing', async () => {
    const types = Object.keys(creatable).map((path) => registry.resources.find((r) => path === `/api/${r.app}/${r.path}/`)!);
    const granted = await api.request('POST', '/api/users/permissions/', {
      name: 'add described objects',
      object_types: types.map((r) => r.objectType),
      actions: ['add'],
      constraints: { description: 'allowed' },
      users: [userId],
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    const count = async (path: string) => (await api.request('GET', `${path}?limit=1`)).body.count as number;
    for (const [path, body] of Object.entries(creatable)) {
      const [objects, changes] = [await count(path), await count('/api/core/object-changes/')];
      const alone = await api.request('POST', path, { ...body('a'), description: 'forbidden' }, as);
      expect(alone.status, path).toBe(403);
      const bulk = await api.request('POST', path, [{ ...body('bb'), description: 'allowed' }, { ...body('ccc'), description: 'forbidden' }], as);
      expect(bulk.status, path).toBe(403);
      expect([await count(path), await count('/api/core/object-changes/')], path).toEqual([objects, changes]);
      // Inside the constraint, the same create is made.
      const inside = await api.request('POST', path, { ...body('dddd'), description: 'allowed' }, as);
      expect(inside.status, `${path} ${JSON.stringify(inside.body)}`).toBe(201);
      expect(await count(path), path).toBe(objects + 1);
    }
  }, 120_000);
});
