/**
 * Users, groups and permissions: object permissions decide what a non-superuser may do; passwords
 * pass NetBox's password policy; trees refuse cycles; locations are unique per site; the schema is
 * public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';

describe.each(testDatabases())('users and permissions on $name', (database) => {
  let api: TestClient;
  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  });
  afterAll(async () => api?.close());

  it('lets a user do only what an object permission grants, directly or through a group', async () => {
    const user = await api.request('POST', '/api/users/users/', { username: 'viewer', password: 'Viewer-pass-1', first_name: 'Vi', last_name: 'Ewer' });
    expect(user.status).toBe(201);
    expect(user.body.display).toBe('viewer (Vi Ewer)');
    expect(user.body).not.toHaveProperty('password');
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'viewer', password: 'Viewer-pass-1' }, { Authorization: '' });
    const auth = { Authorization: `Token nbt_${token.body.key}.${token.body.token}` };
    expect((await api.request('GET', '/api/dcim/sites/', undefined, auth)).status).toBe(403);

    const group = (await api.request('POST', '/api/users/groups/', { name: 'Viewers' })).body;
    const permission = await api.request('POST', '/api/users/permissions/', { name: 'view sites', object_types: ['dcim.site'], actions: ['view'], groups: [group.id] });
    expect(permission.status).toBe(201);
    expect(permission.body.groups[0]).toMatchObject({ id: group.id, name: 'Viewers' });
    await api.request('PATCH', `/api/users/users/${user.body.id}/`, { groups: [group.id] });
    expect((await api.request('GET', `/api/users/groups/${group.id}/`)).body.user_count).toBe(1);
    expect((await api.request('GET', `/api/users/groups/${group.id}/`)).body.permissions.map((p: any) => p.name)).toEqual(['view sites']);
    expect((await api.request('GET', '/api/dcim/sites/', undefined, auth)).status).toBe(200);
    const denied = await api.request('POST', '/api/dcim/sites/', { name: 'N', slug: 'n' }, auth);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await api.request('GET', '/api/tenancy/tenants/', undefined, auth)).status).toBe(403);
  });

  it("refuses passwords NetBox's policy refuses, on create and update, single and bulk, writing nothing", async () => {
    const SHORT = 'This password is too short. It must contain at least 12 characters.';
    const users = async () => (await api.request('GET', '/api/users/users/?limit=0')).body.results.map((u: any) => u.username);
    const before = await users();
    const weak = await api.request('POST', '/api/users/users/', { username: 'weakpw', password: 'a' });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ non_field_errors: [SHORT, 'Password must have at least one numeral.'] });
    const cases: [string, string][] = [
      ['abcdefghijk1', 'Password must have at least one uppercase letter.'],
      ['ABCDEFGHIJK1', 'Password must have at least one lowercase letter.'],
      ['Abcdefghijkl', 'Password must have at least one numeral.'],
    ];
    for (const [password, message] of cases) {
      expect((await api.request('POST', '/api/users/users/', { username: 'weakpw', password })).body, password).toEqual({ non_field_errors: [message] });
    }
    // Field errors come first, as DRF validates fields before the serializer's validate().
    expect((await api.request('POST', '/api/users/users/', { username: '', password: 'a' })).body).toEqual({ username: ['This field may not be blank.'] });
    const bulk = await api.request('POST', '/api/users/users/', [{ username: 'strong', password: 'Strong-pass-1' }, { username: 'weak', password: 'weak' }]);
    expect(bulk.status).toBe(400);
    expect(bulk.body).toEqual([{}, { non_field_errors: [SHORT, 'Password must have at least one numeral.'] }]);
    expect(await users()).toEqual(before);

    const created = await api.request('POST', '/api/users/users/', { username: 'strong', password: 'Strong-pass-1' });
    expect(created.status).toBe(201);
    const patched = await api.request('PATCH', `/api/users/users/${created.body.id}/`, { password: 'strong-pass-1' });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual({ non_field_errors: ['Password must have at least one uppercase letter.'] });
    const put = await api.request('PUT', `/api/users/users/${created.body.id}/`, { username: 'strong', password: 'short1A' });
    expect(put.body).toEqual({ non_field_errors: [SHORT] });
    const bulkPatch = await api.request('PATCH', '/api/users/users/', [{ id: created.body.id, password: 'ALLCAPS-PASS-1' }]);
    expect(bulkPatch.body).toEqual([{ non_field_errors: ['Password must have at least one lowercase letter.'] }]);
    // The stored password is still the first one; an update without a password is not checked.
    const login = (password: string) => api.request('POST', '/api/users/tokens/provision/', { username: 'strong', password }, { Authorization: '' });
    expect((await login('strong-pass-1')).status).toBe(403);
    expect((await login('Strong-pass-1')).status).toBe(201);
    expect((await api.request('PATCH', `/api/users/users/${created.body.id}/`, { first_name: 'Str' })).status).toBe(200);
    expect((await api.request('PATCH', `/api/users/users/${created.body.id}/`, { password: 'Stronger-pass-2' })).status).toBe(200);
    expect((await login('Stronger-pass-2')).status).toBe(201);
  });

  it('refuses a permission without actions, on create and update, single and bulk, as NetBox\'s full_clean does', async () => {
    const BLANK = { actions: ['This field cannot be blank.'] };
    const count = async () => (await api.request('GET', '/api/users/permissions/?limit=1')).body.count;
    const before = await count();
    const empty = await api.request('POST', '/api/users/permissions/', { name: 'nothing', object_types: ['dcim.site'], actions: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual(BLANK);
    const bulk = await api.request('POST', '/api/users/permissions/', [{ name: 'some', object_types: ['dcim.site'], actions: ['view'] }, { name: 'none', object_types: ['dcim.site'], actions: [] }]);
    expect(bulk.status).toBe(400);
    expect(bulk.body).toEqual([{}, BLANK]);
    expect(await count()).toBe(before);
    const kept = await api.request('POST', '/api/users/permissions/', { name: 'kept', object_types: ['dcim.site'], actions: ['view'] });
    expect(kept.status).toBe(201);
    const patched = await api.request('PATCH', `/api/users/permissions/${kept.body.id}/`, { actions: [] });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual(BLANK);
    const bulkPatch = await api.request('PATCH', '/api/users/permissions/', [{ id: kept.body.id, actions: [] }]);
    expect(bulkPatch.status).toBe(400);
    expect(bulkPatch.body).toEqual([BLANK]);
    expect((await api.request('GET', `/api/users/permissions/${kept.body.id}/`)).body.actions).toEqual(['view']);
  });

  it("takes constraints naming a foreign key by its attname (site_id, site__region_id), as NetBox's Django does, written or stored", async () => {
    const post = async (path: string, body: unknown) => {
      const response = await api.request('POST', path, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body;
    };
    const region = await post('/api/dcim/regions/', { name: 'Attname', slug: 'attname' });
    const [east, west] = await post('/api/dcim/sites/', [{ name: 'East', slug: 'east', region: region.id }, { name: 'West', slug: 'west' }]);
    const maker = await post('/api/dcim/manufacturers/', { name: 'Maker', slug: 'maker' });
    const [small, large] = await post('/api/dcim/device-types/', [{ manufacturer: maker.id, model: 'Small', slug: 'small' }, { manufacturer: maker.id, model: 'Large', slug: 'large' }]);
    const role = await post('/api/dcim/device-roles/', { name: 'Leaf', slug: 'leaf' });
    await post('/api/dcim/devices/', [
      { name: 'east-small', site: east.id, device_type: small.id, role: role.id },
      { name: 'west-small', site: west.id, device_type: small.id, role: role.id },
      { name: 'west-large', site: west.id, device_type: large.id, role: role.id },
    ]);
    const user = await post('/api/users/users/', { username: 'attname', password: 'Attname-pass-1' });
    const token = (await api.request('POST', '/api/users/tokens/provision/', { username: 'attname', password: 'Attname-pass-1' }, { Authorization: '' })).body;
    const auth = { Authorization: `Bearer nbt_${token.key}.${token.token}` };
    const seen = async () => (await api.request('GET', '/api/dcim/devices/?ordering=name', undefined, auth)).body.results.map((d: any) => d.name);

    const permission = await post('/api/users/permissions/', { name: 'east devices', object_types: ['dcim.device'], actions: ['view'], constraints: { site_id__in: [east.id] }, users: [user.id] });
    expect(await seen()).toEqual(['east-small']);
    const patched = await api.request('PATCH', `/api/users/permissions/${permission.id}/`, { constraints: [{ site_id: west.id, device_type_id: large.id }, { site__region_id: region.id }] });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await seen()).toEqual(['east-small', 'west-large']);
    // One stored before (migrated from NetBox) is read the same way.
    await api.db.query('UPDATE users_object_permission SET constraints = $1::jsonb WHERE id = $2', [{ device_type_id: small.id }, permission.id]);
    expect(await seen()).toEqual(['east-small', 'west-small']);
    const refused = await api.request('PATCH', `/api/users/permissions/${permission.id}/`, { constraints: { sight_id: east.id } });
    expect(refused.body).toEqual({ constraints: ["Invalid filter for dcim.device: Cannot resolve keyword 'sight_id' into field (sight_id)."] });
  });

  it('refuses cycles in trees and duplicate names among siblings', async () => {
    const a = (await api.request('POST', '/api/tenancy/tenant-groups/', { name: 'A', slug: 'a' })).body;
    const b = (await api.request('POST', '/api/tenancy/tenant-groups/', { name: 'B', slug: 'b', parent: a.id })).body;
    const cycle = await api.request('PATCH', `/api/tenancy/tenant-groups/${a.id}/`, { parent: b.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body).toEqual({ parent: ['Cannot assign self or child tenant group as parent.'] });
    const c = (await api.request('POST', '/api/tenancy/tenant-groups/', { name: 'C', slug: 'c', parent: b.id })).body;
    expect(c._depth).toBe(2);
    const moved = await api.request('PATCH', `/api/tenancy/tenant-groups/${b.id}/`, { parent: null });
    expect(moved.body._depth).toBe(0);
    expect((await api.request('GET', `/api/tenancy/tenant-groups/${c.id}/`)).body._depth).toBe(1);
    const region = (await api.request('POST', '/api/dcim/regions/', { name: 'R', slug: 'r' })).body;
    const dup = await api.request('POST', '/api/dcim/regions/', { name: 'R', slug: 'r2' });
    expect(dup.body).toEqual({ __all__: ['A top-level region with this name already exists.'] });
    await api.request('POST', '/api/dcim/regions/', { name: 'Child', slug: 'child', parent: region.id });
    const sibling = await api.request('POST', '/api/dcim/regions/', { name: 'Child', slug: 'child-2', parent: region.id });
    expect(sibling.body).toEqual({ __all__: ['Region with this Parent and Name already exists.'] });
  });

  it('keeps location names unique per site, not globally', async () => {
    const [s1, s2] = (await api.request('POST', '/api/dcim/sites/', [{ name: 'L1', slug: 'l1' }, { name: 'L2', slug: 'l2' }])).body;
    expect((await api.request('POST', '/api/dcim/locations/', { name: 'Room', slug: 'room', site: s1.id })).status).toBe(201);
    expect((await api.request('POST', '/api/dcim/locations/', { name: 'Room', slug: 'room', site: { slug: 'l2' } })).status).toBe(201);
    const dup = await api.request('POST', '/api/dcim/locations/', { name: 'Room', slug: 'room-x', site: s2.id });
    expect(dup.body).toEqual({ __all__: ['A location with this name already exists within the specified site.'] });
    const missing = await api.request('POST', '/api/dcim/locations/', { name: 'X', slug: 'x', site: { slug: 'nowhere' } });
    expect(missing.body).toEqual({ site: ["Related object not found using the provided attributes: {'slug': 'nowhere'}"] });
  });

  it('serves the schema to anyone, with filters Ansible reads', async () => {
    const schema = await api.request('GET', '/api/schema/?format=json', undefined, { Authorization: '' });
    expect(schema.status).toBe(200);
    const names = schema.body.paths['/api/dcim/sites/'].get.parameters.map((p: any) => p.name);
    expect(names).toEqual(expect.arrayContaining(['limit', 'offset', 'q', 'region_id', 'name__ic', 'tag']));
  });

  it('checks a token\'s allowed IPs, enabled flag and expiry, in NetBox\'s words', async () => {
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'admin', password: 'Admin-password-1', allowed_ips: ['10.0.0.0/8'] }, { Authorization: '' });
    const auth = { Authorization: `Bearer nbt_${token.body.key}.${token.body.token}` };
    const inside = await api.request('GET', '/api/status/', undefined, { ...auth, 'X-Forwarded-For': '10.1.2.3' });
    expect(inside.status).toBe(200);
    const outside = await api.request('GET', '/api/status/', undefined, { ...auth, 'X-Forwarded-For': '192.0.2.1' });
    expect(outside.body).toEqual({ detail: 'Source IP 192.0.2.1 is not permitted to authenticate using this token.' });
    await api.request('PATCH', `/api/users/tokens/${token.body.id}/`, { allowed_ips: [], enabled: false });
    expect((await api.request('GET', '/api/status/', undefined, auth)).body).toEqual({ detail: 'Token disabled' });
    await api.request('PATCH', `/api/users/tokens/${token.body.id}/`, { enabled: true, expires: '2001-01-01T00:00:00Z' });
    expect((await api.request('GET', '/api/status/', undefined, auth)).body).toEqual({ detail: 'Token expired' });
    const listed = await api.request('GET', `/api/users/tokens/${token.body.id}/`);
    // NetBox's `token` is the plaintext only in the answer that set it: null on every read.
    expect(listed.body.token).toBeNull();
    expect(listed.body).not.toHaveProperty('hmac_digest');
    expect(listed.body.display).toBe(token.body.key);
  });
});
