/**
 * Saved filters and table configs (fields, brief forms, NetBox's messages, filters, and the
 * shared-or-own narrowing of SharedObjectQuerySetMixin), the requesting user's dashboard
 * (/api/extras/dashboard/, no id in the path) and preferences (/api/users/config/), on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectTypeId } from '../../../kinds/index.ts';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('saved filters, table configs, dashboards and preferences on $name', (database) => {
  let api: TestClient;
  let admin: number;
  let alice: { id: number; as: Record<string, string> };
  let bob: { id: number; as: Record<string, string> };
  const anonymous = { Authorization: '' };

  async function user(username: string) {
    const created = await api.request('POST', '/api/users/users/', { username, password: `${username}-Password-1` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = await api.request('POST', '/api/users/tokens/provision/', { username, password: `${username}-Password-1` }, { Authorization: '' });
    return { id: created.body.id as number, as: { Authorization: `Bearer nbt_${token.body.key}.${token.body.token}` } };
  }
  const names = (body: any) => body.results.map((r: any) => r.name);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    admin = (await api.request('GET', '/api/users/users/?username=admin')).body.results[0].id;
    alice = await user('alice');
    bob = await user('bob');
  }, 60_000);
  afterAll(async () => api?.close());

  it('saves filters with NetBox fields, brief form and messages', async () => {
    const made = await api.request('POST', '/api/extras/saved-filters/', { name: 'Active sites', slug: 'active-sites', object_types: ['dcim.site'], parameters: { status: ['active'] }, user: admin });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(Object.keys(made.body)).toEqual(['id', 'url', 'display_url', 'display', 'object_types', 'name', 'slug', 'description', 'user', 'weight', 'enabled', 'shared', 'parameters', 'owner', 'created', 'last_updated']);
    // A plain ForeignKey in NetBox's serializer: the user's id.
    expect(made.body).toMatchObject({ display: 'Active sites', object_types: ['dcim.site'], user: admin, weight: 100, enabled: true, shared: true, parameters: { status: ['active'] } });
    expect((await api.request('GET', `/api/extras/saved-filters/${made.body.id}/?brief=true`)).body).toEqual({ id: made.body.id, url: made.body.url, display: 'Active sites', name: 'Active sites', slug: 'active-sites', description: '' });
    const bad = (body: object) => api.request('POST', '/api/extras/saved-filters/', { name: 'X', slug: 'x', object_types: ['dcim.site'], parameters: {}, ...body });
    expect((await bad({ parameters: ['status'] })).body).toEqual({ parameters: ['Filter parameters must be stored as a dictionary of keyword arguments.'] });
    expect((await bad({ object_types: ['dcim.nothing'] })).body).toEqual({ object_types: ['Invalid content type: dcim.nothing'] });
    expect((await bad({ name: 'Active sites' })).body).toEqual({ name: ['saved filter with this name already exists.'] });
    expect((await bad({ weight: -1 })).status).toBe(400);
  });

  it('filters saved filters, and shows a user only the shared ones and their own', async () => {
    await api.request('POST', '/api/extras/saved-filters/', { name: 'Alice private', slug: 'alice-private', object_types: ['dcim.device'], parameters: {}, user: alice.id, shared: false });
    await api.request('POST', '/api/extras/saved-filters/', { name: 'Bob private', slug: 'bob-private', object_types: ['dcim.device'], parameters: {}, user: bob.id, shared: false, description: 'mine' });
    await api.request('POST', '/api/extras/saved-filters/', { name: 'Disabled', slug: 'disabled', object_types: ['ipam.prefix'], parameters: {}, enabled: false, weight: 5 });
    const list = (query: string, as?: Record<string, string>) => api.request('GET', `/api/extras/saved-filters/?${query}`, undefined, as);
    expect(names((await list('')).body)).toEqual(['Disabled', 'Active sites', 'Alice private', 'Bob private']);
    expect(names((await list('object_type=dcim.device')).body)).toEqual(['Alice private', 'Bob private']);
    expect(names((await list(`object_type_id=${objectTypeId('ipam.prefix')}`)).body)).toEqual(['Disabled']);
    expect(names((await list('user=bob')).body)).toEqual(['Bob private']);
    expect(names((await list('q=mine')).body)).toEqual(['Bob private']);
    // NetBox's usable: enabled, and shared or the caller's own (the superuser's here: neither private one).
    expect(names((await list('usable=true')).body)).toEqual(['Active sites']);
    expect(names((await list('usable=false')).body)).toEqual(['Disabled', 'Alice private', 'Bob private']);
    expect(names((await list('shared=false&weight__gte=100')).body)).toEqual(['Alice private', 'Bob private']);
    // Alice may view every saved filter, yet reaches only the shared ones and hers.
    expect((await api.request('POST', '/api/users/permissions/', { name: 'filters', object_types: ['extras.savedfilter', 'extras.tableconfig'], actions: ['view', 'change', 'delete'], users: [alice.id] })).status).toBe(201);
    expect(names((await list('', alice.as)).body)).toEqual(['Disabled', 'Active sites', 'Alice private']);
    const bobs = (await list('user=bob')).body.results[0];
    expect((await api.request('GET', `/api/extras/saved-filters/${bobs.id}/`, undefined, alice.as)).status).toBe(404);
    expect((await api.request('PATCH', `/api/extras/saved-filters/${bobs.id}/`, { description: 'taken' }, alice.as)).status).toBe(404);
    expect((await api.request('DELETE', `/api/extras/saved-filters/${bobs.id}/`, undefined, alice.as)).status).toBe(404);
    expect(names((await list('usable=true', alice.as)).body)).toEqual(['Active sites', 'Alice private']);
    expect(names((await list('usable=false', alice.as)).body)).toEqual(['Disabled']);
  });

  it('saves table configs with their object type, and filters them', async () => {
    const made = await api.request('POST', '/api/extras/table-configs/', { object_type: 'dcim.site', table: 'SiteTable', name: 'Compact', columns: ['name', 'status'], ordering: ['-name'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(Object.keys(made.body)).toEqual(['id', 'url', 'display_url', 'display', 'object_type', 'table', 'name', 'description', 'user', 'weight', 'enabled', 'shared', 'columns', 'ordering', 'created', 'last_updated']);
    expect(made.body).toMatchObject({ display: 'Compact', object_type: 'dcim.site', user: null, weight: 1000, columns: ['name', 'status'], ordering: ['-name'] });
    expect((await api.request('GET', `/api/extras/table-configs/${made.body.id}/?brief=true`)).body).toEqual({ id: made.body.id, url: made.body.url, display: 'Compact', name: 'Compact', description: '', object_type: 'dcim.site', table: 'SiteTable' });
    expect((await api.request('POST', '/api/extras/table-configs/', { object_type: 'dcim', table: 'T', name: 'N', columns: [] })).body).toEqual({ object_type: ["Invalid value. Specify a content type as '<app_label>.<model_name>'."] });
    expect((await api.request('POST', '/api/extras/table-configs/', { table: 'T', name: 'N' })).body).toEqual({ object_type: ['This field is required.'], columns: ['This field is required.'] });
    await api.request('POST', '/api/extras/table-configs/', { object_type: 'ipam.prefix', table: 'PrefixTable', name: 'Wide', columns: ['prefix'], user: bob.id, shared: false });
    const list = (query: string, as?: Record<string, string>) => api.request('GET', `/api/extras/table-configs/?${query}`, undefined, as);
    expect(names((await list('object_type=dcim.site')).body)).toEqual(['Compact']);
    expect(names((await list(`object_type_id=${objectTypeId('ipam.prefix')}`)).body)).toEqual(['Wide']);
    expect(names((await list('q=prefixtab')).body)).toEqual(['Wide']);
    expect(names((await list('table__ic=site')).body)).toEqual(['Compact']);
    expect(names((await list(`user_id=${bob.id}`)).body)).toEqual(['Wide']);
    expect(names((await list('', alice.as)).body)).toEqual(['Compact']);
    expect(names((await list('usable=false')).body)).toEqual(['Wide']);
    expect(names((await list('usable=false', alice.as)).body)).toEqual([]);
  });

  it("serves the requesting user's dashboard, with no id in the path", async () => {
    expect((await api.request('GET', '/api/extras/dashboard/')).body).toEqual({ layout: null, config: null });
    const patched = await api.request('PATCH', '/api/extras/dashboard/', { layout: [{ id: 'a1', x: 0, y: 0, w: 4, h: 3 }] });
    expect(patched).toMatchObject({ status: 200, body: { layout: [{ id: 'a1', x: 0, y: 0, w: 4, h: 3 }], config: {} } });
    const put = await api.request('PUT', '/api/extras/dashboard/', { config: { a1: { class: 'extras.NoteWidget', title: 'Hi', config: { content: 'x' } } } });
    expect(put.body).toEqual({ layout: [{ id: 'a1', x: 0, y: 0, w: 4, h: 3 }], config: { a1: { class: 'extras.NoteWidget', title: 'Hi', config: { content: 'x' } } } });
    expect((await api.request('GET', '/api/extras/dashboard/')).body).toEqual(put.body);
    // Each user has their own.
    expect((await api.request('GET', '/api/extras/dashboard/', undefined, alice.as)).body).toEqual({ layout: null, config: null });
    expect((await api.request('PATCH', '/api/extras/dashboard/', { config: { b: 1 } }, alice.as)).body).toEqual({ layout: [], config: { b: 1 } });
    expect((await api.request('GET', '/api/extras/dashboard/')).body).toEqual(put.body);
    // DRF's JSONField: never null; as form fields, JSON text.
    expect((await api.request('PATCH', '/api/extras/dashboard/', { layout: null })).body).toEqual({ layout: ['This field may not be null.'] });
    const form = new FormData();
    form.set('layout', '[{"id": "a1"');
    expect(await api.raw('PATCH', '/api/extras/dashboard/', form)).toMatchObject({ status: 400, body: { layout: ['Value must be valid JSON.'] } });
    const good = new FormData();
    good.set('layout', '[]');
    expect((await api.raw('PATCH', '/api/extras/dashboard/', good)).body.layout).toEqual([]);
    expect((await api.request('PATCH', '/api/extras/dashboard/', [1])).body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
    expect((await api.request('GET', '/api/extras/dashboard/', undefined, anonymous)).status).toBe(403);
    const readOnly = await api.request('POST', '/api/users/tokens/', { user: alice.id, write_enabled: false });
    const asReadOnly = { Authorization: `Bearer nbt_${readOnly.body.key}.${readOnly.body.token}` };
    expect((await api.request('GET', '/api/extras/dashboard/', undefined, asReadOnly)).body).toEqual({ layout: [], config: { b: 1 } });
    expect((await api.request('PATCH', '/api/extras/dashboard/', { layout: [] }, asReadOnly)).status).toBe(403);
    expect((await api.request('DELETE', '/api/extras/dashboard/')).status).toBe(204);
    expect((await api.request('GET', '/api/extras/dashboard/')).body).toEqual({ layout: null, config: null });
    expect((await api.request('DELETE', '/api/extras/dashboard/')).status).toBe(404);
    expect((await api.request('POST', '/api/extras/dashboard/', {})).status).toBe(405);
  });

  it("serves the requesting user's preferences, deep-merging a PATCH", async () => {
    expect((await api.request('GET', '/api/users/config/')).body).toEqual({});
    // Listed in the app's root as NetBox's router lists it; the dashboard, routed by hand, is not.
    expect((await api.request('GET', '/api/users/')).body).toMatchObject({ config: 'http://nb.test/api/users/config/' });
    expect((await api.request('GET', '/api/extras/')).body).not.toHaveProperty('dashboard');
    expect((await api.request('PATCH', '/api/users/config/', { tables: { SiteTable: { columns: ['name'] } }, ui: { theme: 'dark' } })).body).toEqual({ tables: { SiteTable: { columns: ['name'] } }, ui: { theme: 'dark' } });
    const merged = await api.request('PATCH', '/api/users/config/', { tables: { DeviceTable: { columns: ['name', 'site'] } }, ui: {} });
    // Dictionaries merge key by key; an empty one replaces what was there.
    expect(merged).toMatchObject({ status: 200, body: { tables: { SiteTable: { columns: ['name'] }, DeviceTable: { columns: ['name', 'site'] } }, ui: {} } });
    expect((await api.request('GET', '/api/users/config/')).body).toEqual(merged.body);
    expect((await api.request('GET', '/api/users/config/', undefined, bob.as)).body).toEqual({});
    expect((await api.request('PATCH', '/api/users/config/', { ui: { theme: 'light' } }, bob.as)).body).toEqual({ ui: { theme: 'light' } });
    expect((await api.request('PATCH', '/api/users/config/', 'dark')).body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] });
    expect((await api.request('GET', '/api/users/config/', undefined, anonymous)).status).toBe(403);
    // NetBox's IsAuthenticated, not its token write check: a read-only token may change preferences.
    const readOnly = await api.request('POST', '/api/users/tokens/', { user: bob.id, write_enabled: false });
    const asReadOnly = { Authorization: `Bearer nbt_${readOnly.body.key}.${readOnly.body.token}` };
    expect((await api.request('PATCH', '/api/users/config/', { ui: { density: 'compact' } }, asReadOnly)).body).toEqual({ ui: { theme: 'light', density: 'compact' } });
    // Preferences and dashboard go with their user.
    await api.request('PATCH', '/api/extras/dashboard/', { layout: [] }, bob.as);
    expect((await api.request('DELETE', `/api/users/users/${bob.id}/`)).status).toBe(204);
    expect(await api.db.query('SELECT user_id FROM users_userconfig WHERE user_id = $1 UNION ALL SELECT user_id FROM extras_dashboard WHERE user_id = $1', [bob.id])).toEqual([]);
  });
});
