/**
 * Object permissions with constraints, in NetBox's test patterns (utilities/testing/api.py): a
 * constrained list shows exactly the allowed objects, another object is 404, a create or update
 * whose result falls outside the constraint is 403 and writes nothing (no change record either),
 * a bulk request with one forbidden item writes nothing, updates and deletes reach only objects
 * the constraint allows; constraints are checked when a permission is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';

describe.each(testDatabases())('object permission constraints on $name', (database) => {
  let api: TestClient;
  let as: Record<string, string>;
  let userId: number;
  const ids: Record<string, number> = {};
  const names = async (path: string) => {
    const response = await api.request('GET', path, undefined, as);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { count: response.body.count, names: response.body.results.map((r: any) => r.name) };
  };
  const grant = async (body: Record<string, unknown>) => {
    const response = await api.request('POST', '/api/users/permissions/', { users: [userId], ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as number;
  };
  const changeCount = async () => (await api.request('GET', '/api/core/object-changes/?limit=1')).body.count as number;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const user = await api.request('POST', '/api/users/users/', { username: 'limited', password: 'Limited-pass-1' });
    userId = user.body.id;
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'limited', password: 'Limited-pass-1' }, { Authorization: '' });
    as = { Authorization: `Token nbt_${token.body.key}.${token.body.token}` };
    const [emea, amer] = (await api.request('POST', '/api/dcim/regions/', [{ name: 'EMEA', slug: 'emea' }, { name: 'AMER', slug: 'amer' }])).body;
    const sites = (await api.request('POST', '/api/dcim/sites/', [
      { name: 'Paris', slug: 'paris', region: emea.id },
      { name: 'Berlin', slug: 'berlin', region: emea.id, status: 'planned' },
      { name: 'Austin', slug: 'austin', region: amer.id },
    ])).body;
    Object.assign(ids, { emea: emea.id, amer: amer.id, paris: sites[0].id, berlin: sites[1].id, austin: sites[2].id });
    await grant({ name: 'view EMEA sites', object_types: ['dcim.site'], actions: ['view'], constraints: { region__slug: 'emea' } });
    await grant({ name: 'plan sites', object_types: ['dcim.site'], actions: ['add', 'change', 'delete'], constraints: [{ status: 'planned' }, { status: 'staging', region: emea.id }] });
  }, 60_000);
  afterAll(async () => api?.close());

  it('lists and shows only the objects the constraint allows; others are 404, never 403', async () => {
    expect(await names('/api/dcim/sites/?ordering=name')).toEqual({ count: 2, names: ['Berlin', 'Paris'] });
    expect(await names('/api/dcim/sites/?status=active')).toEqual({ count: 1, names: ['Paris'] });
    expect((await api.request('GET', `/api/dcim/sites/${ids.paris}/`, undefined, as)).status).toBe(200);
    expect((await api.request('GET', `/api/dcim/sites/${ids.austin}/`, undefined, as)).status).toBe(404);
    // No permission at all on a type is still 403.
    expect((await api.request('GET', '/api/dcim/regions/', undefined, as)).status).toBe(403);
  });

  it('refuses a create whose object falls outside the constraint with 403, writing nothing', async () => {
    const before = await changeCount();
    const inside = await api.request('POST', '/api/dcim/sites/', { name: 'Lyon', slug: 'lyon', status: 'planned', region: ids.emea }, as);
    expect(inside.status).toBe(201);
    expect(await changeCount()).toBe(before + 1);
    const outside = await api.request('POST', '/api/dcim/sites/', { name: 'Dallas', slug: 'dallas', status: 'active' }, as);
    expect(outside.status).toBe(403);
    expect(outside.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    const bulk = await api.request('POST', '/api/dcim/sites/', [{ name: 'Nice', slug: 'nice', status: 'planned' }, { name: 'Houston', slug: 'houston', status: 'active' }], as);
    expect(bulk.status).toBe(403);
    expect((await api.request('GET', '/api/dcim/sites/?slug=dallas&slug=nice&slug=houston')).body.count).toBe(0);
    expect(await changeCount()).toBe(before + 1);
  });

  it('updates and deletes only objects the constraint allows, and refuses moving one outside it', async () => {
    // Paris is active: outside the change constraint, so not there for a change.
    expect((await api.request('PATCH', `/api/dcim/sites/${ids.paris}/`, { description: 'x' }, as)).status).toBe(404);
    expect((await api.request('PATCH', `/api/dcim/sites/${ids.berlin}/`, { description: 'planned still' }, as)).status).toBe(200);
    const moved = await api.request('PATCH', `/api/dcim/sites/${ids.berlin}/`, { status: 'active' }, as);
    expect(moved.status).toBe(403);
    expect((await api.request('GET', `/api/dcim/sites/${ids.berlin}/`)).body.status.value).toBe('planned');
    // The second constraint: staging in EMEA.
    expect((await api.request('PATCH', `/api/dcim/sites/${ids.berlin}/`, { status: 'staging' }, as)).status).toBe(200);
    expect((await api.request('PATCH', `/api/dcim/sites/${ids.berlin}/`, { status: 'staging', region: ids.amer }, as)).status).toBe(403);
    // Bulk: objects outside the constraint are skipped, as NetBox's restricted queryset skips them.
    const bulk = await api.request('PATCH', '/api/dcim/sites/', [{ id: ids.berlin, description: 'b' }, { id: ids.paris, description: 'p' }], as);
    expect(bulk.status).toBe(200);
    expect(bulk.body.map((s: any) => s.name)).toEqual(['Berlin']);
    expect((await api.request('GET', `/api/dcim/sites/${ids.paris}/`)).body.description).toBe('');
    expect((await api.request('DELETE', `/api/dcim/sites/${ids.austin}/`, undefined, as)).status).toBe(404);
    expect((await api.request('DELETE', '/api/dcim/sites/', [{ id: ids.austin }, { id: ids.berlin }], as)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/sites/${ids.austin}/`)).status).toBe(200);
    expect((await api.request('GET', `/api/dcim/sites/${ids.berlin}/`)).status).toBe(404);
  });

  it('finds related objects by attributes only among those the caller may view (by id, any)', async () => {
    const byAttributes = await api.request('POST', '/api/dcim/sites/', { name: 'Rome', slug: 'rome', status: 'planned', region: { slug: 'emea' } }, as);
    expect(byAttributes.status).toBe(400);
    expect(byAttributes.body).toEqual({ region: ["Related object not found using the provided attributes: {'slug': 'emea'}"] });
    expect((await api.request('POST', '/api/dcim/sites/', { name: 'Rome', slug: 'rome', status: 'planned', region: ids.emea }, as)).status).toBe(201);
    await grant({ name: 'view EMEA', object_types: ['dcim.region'], actions: ['view'], constraints: { slug: 'emea' } });
    expect((await api.request('POST', '/api/dcim/sites/', { name: 'Milan', slug: 'milan', status: 'planned', region: { slug: 'emea' } }, as)).status).toBe(201);
    expect((await api.request('POST', '/api/dcim/sites/', { name: 'Boston', slug: 'boston', status: 'planned', region: { slug: 'amer' } }, as)).body).toEqual({
      region: ["Related object not found using the provided attributes: {'slug': 'amer'}"],
    });
    expect((await api.request('GET', '/api/dcim/regions/', undefined, as)).body.results.map((r: any) => r.slug)).toEqual(['emea']);
  });

  it('refuses a permission whose constraints do not apply to its object types, at write time', async () => {
    const cases: [unknown, string][] = [
      [{ nope: 1 }, "Invalid filter for dcim.site: Cannot resolve keyword 'nope' into field (nope)."],
      [{ region__slug__bogus: 'x' }, 'Invalid filter for dcim.site: '],
      [{ id: 'abc' }, 'Invalid filter for dcim.site: "id": "abc" is not a valid integer value'],
      ['region', 'Constraints must be a dictionary of lookups or a list of them.'],
    ];
    for (const [constraints, message] of cases) {
      const response = await api.request('POST', '/api/users/permissions/', { name: 'bad', object_types: ['dcim.site'], actions: ['view'], constraints });
      expect(response.status, JSON.stringify(constraints)).toBe(400);
      expect(response.body.constraints[0], JSON.stringify(constraints)).toContain(message);
    }
    // A constraint must apply to every object type of the permission.
    const both = await api.request('POST', '/api/users/permissions/', { name: 'bad', object_types: ['dcim.site', 'tenancy.tenant'], actions: ['view'], constraints: { region__slug: 'emea' } });
    expect(both.body).toEqual({ constraints: ["Invalid filter for tenancy.tenant: Cannot resolve keyword 'region' into field (region__slug)."] });
    const ok = await api.request('POST', '/api/users/permissions/', { name: 'fine', object_types: ['dcim.site'], actions: ['view'], constraints: [{ tenant__group__slug: 'x' }, { tags__slug: 'gold', status__in: ['active'] }] });
    expect(ok.status).toBe(201);
  });

  it('lets a constraint stored before it could be checked (through the database) match nothing, never fail', async () => {
    const [row] = await api.db.query<{ id: number }>(
      `INSERT INTO users_object_permission (name, description, enabled, object_types, actions, constraints) VALUES ('stale', '', true, '{tenancy.tenant}', '{view}', '{"nope__exact": 1}'::jsonb) RETURNING id`,
    );
    await api.db.query('INSERT INTO users_user_permissions (user_id, permission_id) VALUES ($1, $2)', [userId, row.id]);
    await api.request('POST', '/api/tenancy/tenants/', { name: 'Hidden', slug: 'hidden' });
    const tenants = await api.request('GET', '/api/tenancy/tenants/', undefined, as);
    expect(tenants.status).toBe(200);
    expect(tenants.body.count).toBe(0);
  });

  it("lets every user manage their own tokens and no one else's (DEFAULT_PERMISSIONS)", async () => {
    const tokens = await api.request('GET', '/api/users/tokens/', undefined, as);
    expect(tokens.status).toBe(200);
    expect(tokens.body.results.map((t: any) => t.user.username)).toEqual(['limited']);
    const adminToken = (await api.request('GET', '/api/users/tokens/?user=admin')).body.results[0];
    expect((await api.request('GET', `/api/users/tokens/${adminToken.id}/`, undefined, as)).status).toBe(404);
    expect((await api.request('PATCH', `/api/users/tokens/${tokens.body.results[0].id}/`, { description: 'mine' }, as)).status).toBe(200);
  });
});

describe.each(testDatabases())('permission settings on $name', (database) => {
  it('EXEMPT_VIEW_PERMISSIONS and LOGIN_REQUIRED=false open reads of the exempt types, DEFAULT_PERMISSIONS={} takes the defaults away', async () => {
    const api = await bootTestApp(await database.open(), { EXEMPT_VIEW_PERMISSIONS: 'dcim.site', LOGIN_REQUIRED: 'false', DEFAULT_PERMISSIONS: '{}' });
    try {
      await api.request('POST', '/api/dcim/sites/', { name: 'Open', slug: 'open' });
      await api.request('POST', '/api/users/users/', { username: 'nobody', password: 'Nobody-pass-1' });
      const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'nobody', password: 'Nobody-pass-1' }, { Authorization: '' });
      const as = { Authorization: `Token nbt_${token.body.key}.${token.body.token}` };
      expect((await api.request('GET', '/api/dcim/sites/', undefined, as)).body.count).toBe(1);
      expect((await api.request('GET', '/api/dcim/sites/', undefined, { Authorization: '' })).body.count).toBe(1);
      expect((await api.request('POST', '/api/dcim/sites/', { name: 'No', slug: 'no' }, { Authorization: '' })).status).toBe(403);
      expect((await api.request('POST', '/api/dcim/sites/', { name: 'No', slug: 'no' }, as)).status).toBe(403);
      expect((await api.request('GET', '/api/dcim/regions/', undefined, { Authorization: '' })).status).toBe(403);
      expect((await api.request('GET', '/api/users/tokens/', undefined, as)).status).toBe(403);
    } finally {
      await api.close();
    }
  }, 60_000);
});
