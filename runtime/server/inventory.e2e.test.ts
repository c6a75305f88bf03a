/**
 * End-to-end tests of the inventory slice through the HTTP layer, on embedded PGlite and, when
 * TEST_DATABASE_URL is set, on real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';

describe.each(testDatabases())('inventory API on $name', (database) => {
  let api: TestClient;
  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  });
  afterAll(async () => api?.close());

  it('answers the API root, app roots and status with NetBox headers', async () => {
    const root = await api.request('GET', '/api/');
    expect(root.status).toBe(200);
    expect(root.body.dcim).toBe('http://nb.test/api/dcim/');
    // Only what is served: every app listed answers, and none that would answer 404 is listed.
    expect(Object.keys(root.body)).toEqual(['circuits', 'core', 'dcim', 'extras', 'ipam', 'plugins', 'status', 'tenancy', 'users', 'virtualization', 'vpn', 'wireless']);
    for (const url of Object.values(root.body) as string[]) expect((await api.request('GET', new URL(url).pathname)).status).toBe(200);
    expect(root.headers.get('API-Version')).toBe('4.6');
    expect(root.headers.get('X-Request-ID')).toMatch(/^[0-9a-f-]{36}$/);
    const dcim = await api.request('GET', '/api/dcim/');
    expect(Object.keys(dcim.body)).toEqual(expect.arrayContaining(['devices', 'locations', 'racks', 'regions', 'site-groups', 'sites']));
    expect(dcim.body.sites).toBe('http://nb.test/api/dcim/sites/');
    const status = await api.request('GET', '/api/status/');
    expect(status.body['netbox-version']).toBe('4.6.8');
  });

  it('refuses anonymous and bad credentials with 403', async () => {
    const anonymous = await api.request('GET', '/api/dcim/sites/', undefined, { Authorization: '' });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    const badV2 = await api.request('GET', '/api/dcim/sites/', undefined, { Authorization: 'Bearer nbt_abc.def' });
    expect(badV2.body).toEqual({ detail: 'Invalid v2 token' });
    const badV1 = await api.request('GET', '/api/dcim/sites/', undefined, { Authorization: 'Token 0123456789' });
    expect(badV1.body).toEqual({ detail: 'Invalid v1 token' });
    const tokenKeyword = await api.request('GET', '/api/authentication-check/', undefined, { Authorization: `Token ${api.token}` });
    expect(tokenKeyword.status).toBe(200);
    expect(tokenKeyword.body.username).toBe('admin');
  });

  it('creates, reads, updates and deletes a site with nested objects and choices', async () => {
    const region = await api.request('POST', '/api/dcim/regions/', { name: 'Europe', slug: 'europe' });
    expect(region.status).toBe(201);
    const child = await api.request('POST', '/api/dcim/regions/', { name: 'France', slug: 'france', parent: { slug: 'europe' } });
    expect(child.body._depth).toBe(1);
    expect(child.body.parent.id).toBe(region.body.id);
    const created = await api.request('POST', '/api/dcim/sites/', { name: 'Paris 1', slug: 'paris-1', region: child.body.id, status: 'planned', latitude: '48.856600' });
    expect(created.status).toBe(201);
    expect(created.body.status).toEqual({ value: 'planned', label: 'Planned' });
    expect(created.body.region).toMatchObject({ id: child.body.id, name: 'France', slug: 'france', _depth: 1, site_count: 1 });
    expect(created.body.url).toBe(`http://nb.test/api/dcim/sites/${created.body.id}/`);
    expect(created.body.display_url).toBe(`http://nb.test/dcim/sites/${created.body.id}/`);
    expect(created.body.latitude).toBe(48.8566);
    expect(created.body.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const europe = await api.request('GET', `/api/dcim/regions/${region.body.id}/`);
    expect(europe.body.site_count).toBe(1); // cumulative over the subtree
    const patched = await api.request('PATCH', `/api/dcim/sites/${created.body.id}/`, { status: 'active', description: 'HQ' });
    expect(patched.status).toBe(200);
    expect(patched.body.status.value).toBe('active');
    const brief = await api.request('GET', `/api/dcim/sites/?brief=1&slug=paris-1`);
    expect(Object.keys(brief.body.results[0]).sort()).toEqual(['description', 'display', 'id', 'name', 'slug', 'url']);
    const removed = await api.request('DELETE', `/api/dcim/sites/${created.body.id}/`);
    expect(removed.status).toBe(204);
    expect((await api.request('GET', `/api/dcim/sites/${created.body.id}/`)).body).toEqual({ detail: 'No Site matches the given query.' });
  });

  it('answers bad input with NetBox-shaped 400s and writes nothing', async () => {
    const before = (await api.request('GET', '/api/dcim/sites/?limit=1')).body.count;
    const missing = await api.request('POST', '/api/dcim/sites/', { slug: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ name: ['This field is required.'] });
    const bad = await api.request('POST', '/api/dcim/sites/', { name: 'x'.repeat(101), slug: 'bad slug', status: 'nope', region: 999999 });
    expect(bad.body).toEqual({
      name: ['Ensure this field has no more than 100 characters.'],
      slug: ['Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.'],
      status: ['nope is not a valid choice.'],
      region: ['Related object not found using the provided numeric ID: 999999'],
    });
    const dict = await api.request('POST', '/api/dcim/sites/', { name: 'Y', slug: 'y', status: { value: 'active' } });
    expect(dict.body.status).toEqual(['Value must be passed directly (e.g. "foo": 123); do not use a dictionary or list.']);
    const malformed = await api.request('POST', '/api/dcim/sites/', '{"name":' as unknown);
    expect(malformed.status).toBe(400);
    await api.request('POST', '/api/dcim/sites/', { name: 'Dup', slug: 'dup' });
    const duplicate = await api.request('POST', '/api/dcim/sites/', { name: 'Dup', slug: 'dup2' });
    expect(duplicate.body).toEqual({ name: ['site with this name already exists.'] });
    const bulk = await api.request('POST', '/api/dcim/sites/', [{ name: 'B1', slug: 'b1' }, { name: 'B2' }]);
    expect(bulk.status).toBe(400);
    expect(bulk.body).toEqual([{}, { slug: ['This field is required.'] }]);
    const after = (await api.request('GET', '/api/dcim/sites/?limit=1')).body.count;
    expect(after).toBe(before + 1); // only "Dup"; the failed bulk wrote nothing
    const badFilter = await api.request('GET', '/api/dcim/sites/?region=atlantis');
    expect(badFilter.body).toEqual({ region: ['Select a valid choice. atlantis is not one of the available choices.'] });
  });

  it('paginates, filters with lookups, orders and pages by cursor', async () => {
    const sites = Array.from({ length: 7 }, (_, i) => ({ name: `Pg ${i}`, slug: `pg-${i}`, facility: i % 2 ? 'odd' : 'even' }));
    expect((await api.request('POST', '/api/dcim/sites/', sites)).status).toBe(201);
    const page = await api.request('GET', '/api/dcim/sites/?name__isw=pg&limit=3&offset=3&ordering=-name');
    expect(page.body.count).toBe(7);
    expect(page.body.results.map((s: any) => s.name)).toEqual(['Pg 3', 'Pg 2', 'Pg 1']);
    expect(page.body.next).toBe('http://nb.test/api/dcim/sites/?name__isw=pg&limit=3&offset=6&ordering=-name');
    expect(page.body.previous).toBe('http://nb.test/api/dcim/sites/?name__isw=pg&limit=3&ordering=-name');
    const odd = await api.request('GET', '/api/dcim/sites/?facility=odd&name__ic=PG');
    expect(odd.body.count).toBe(3);
    const notOdd = await api.request('GET', '/api/dcim/sites/?facility__n=odd&name__isw=pg');
    expect(notOdd.body.count).toBe(4);
    const multi = await api.request('GET', '/api/dcim/sites/?slug=pg-1&slug=pg-2');
    expect(multi.body.count).toBe(2);
    const cursor = await api.request('GET', '/api/dcim/sites/?name__isw=pg&start=0&limit=4');
    expect(cursor.body.count).toBeNull();
    expect(cursor.body.results).toHaveLength(4);
    expect(cursor.body.next).toContain('start=');
    const conflict = await api.request('GET', '/api/dcim/sites/?start=1&offset=2');
    expect(conflict.body).toEqual(["'start' and 'offset' are mutually exclusive."]);
    const fields = await api.request('GET', '/api/dcim/sites/?slug=pg-1&fields=id,name');
    expect(fields.body.results[0]).toEqual({ id: expect.any(Number), name: 'Pg 1' });
  });

  it('handles tags, add_tags/remove_tags and tag filters', async () => {
    const tag = (await api.request('POST', '/api/extras/tags/', { name: 'Prod', slug: 'prod' })).body;
    const other = (await api.request('POST', '/api/extras/tags/', { name: 'Edge', slug: 'edge', color: 'ff0000' })).body;
    const tenant = await api.request('POST', '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme', tags: [tag.id, { slug: 'edge' }] });
    expect(tenant.body.tags.map((t: any) => t.slug)).toEqual(['edge', 'prod']);
    expect(tenant.body.tags[0]).toEqual({ id: other.id, url: `http://nb.test/api/extras/tags/${other.id}/`, display_url: `http://nb.test/extras/tags/${other.id}/`, display: 'Edge', name: 'Edge', slug: 'edge', color: 'ff0000' });
    const removed = await api.request('PATCH', `/api/tenancy/tenants/${tenant.body.id}/`, { remove_tags: [other.id] });
    expect(removed.body.tags.map((t: any) => t.slug)).toEqual(['prod']);
    const filtered = await api.request('GET', '/api/tenancy/tenants/?tag=prod');
    expect(filtered.body.count).toBe(1);
    expect((await api.request('GET', '/api/extras/tags/?slug=prod')).body.results[0].tagged_items).toBe(1);
  });

  it('supports ETag and If-Match, bulk update and bulk delete, protected deletes', async () => {
    const group = (await api.request('POST', '/api/tenancy/tenant-groups/', { name: 'G', slug: 'g' })).body;
    const tenant = (await api.request('POST', '/api/tenancy/tenants/', { name: 'T1', slug: 't1', group: group.id })).body;
    const got = await api.request('GET', `/api/tenancy/tenants/${tenant.id}/`);
    const etag = got.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/"\d{4}-\d{2}-\d{2}T.*\+00:00"$/);
    const ok = await api.request('PATCH', `/api/tenancy/tenants/${tenant.id}/`, { description: 'a' }, { 'If-Match': etag });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ETag')).not.toBe(etag);
    const stale = await api.request('PATCH', `/api/tenancy/tenants/${tenant.id}/`, { description: 'b' }, { 'If-Match': etag });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({ detail: 'Precondition failed.' });
    // A tenant's group is SET_NULL (NetBox's Tenant.group); a site holding the tenant protects it (Site.tenant is PROTECT).
    const site = (await api.request('POST', '/api/dcim/sites/', { name: 'S1', slug: 's1', tenant: tenant.id })).body;
    const blocked = await api.request('DELETE', `/api/tenancy/tenants/${tenant.id}/`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.detail).toBe(`Unable to delete object. 1 dependent objects were found: S1 (${site.id})`);
    expect((await api.request('DELETE', `/api/dcim/sites/${site.id}/`)).status).toBe(204);
    const t2 = (await api.request('POST', '/api/tenancy/tenants/', { name: 'T2', slug: 't2' })).body;
    const bulk = await api.request('PATCH', '/api/tenancy/tenants/', [{ id: tenant.id, description: 'bulk' }, { id: t2.id, description: 'bulk' }]);
    expect(bulk.body.map((t: any) => t.description)).toEqual(['bulk', 'bulk']);
    const noId = await api.request('PATCH', '/api/tenancy/tenants/', [{ description: 'x' }]);
    expect(noId.body).toEqual([{ id: ['This field is required.'] }]);
    expect((await api.request('DELETE', '/api/tenancy/tenants/', [{ id: tenant.id }, { id: t2.id }])).status).toBe(204);
    expect((await api.request('GET', '/api/tenancy/tenants/?slug=t1')).body.count).toBe(0);
  });

  it('follows trailing-slash, 405 and OPTIONS rules', async () => {
    const redirect = await api.request('GET', '/api/dcim/sites');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('Location')).toBe('http://nb.test/api/dcim/sites/');
    expect((await api.request('POST', '/api/dcim/sites', { name: 'a' })).status).toBe(404);
    const notAllowed = await api.request('POST', '/api/core/object-changes/', {});
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.body).toEqual({ detail: 'Method "POST" not allowed.' });
    const options = await api.request('OPTIONS', '/api/dcim/sites/');
    expect(options.body.actions.POST.status.choices[0]).toEqual({ value: 'planned', display_name: 'Planned' });
  });

  it('provisions tokens from a username and password', async () => {
    const denied = await api.request('POST', '/api/users/tokens/provision/', { username: 'admin', password: 'wrong' }, { Authorization: '' });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ detail: 'Invalid username/password' });
    const provisioned = await api.request('POST', '/api/users/tokens/provision/', { username: 'admin', password: 'Admin-password-1' }, { Authorization: '' });
    expect(provisioned.status).toBe(201);
    // A plain model choice in NetBox: the bare integer, which pynetbox reads to choose Bearer v2 auth.
    expect(provisioned.body.version).toBe(2);
    const header = `Bearer nbt_${provisioned.body.key}.${provisioned.body.token}`;
    const check = await api.request('GET', '/api/authentication-check/', undefined, { Authorization: header });
    expect(check.body.username).toBe('admin');
    const readOnly = await api.request('PATCH', `/api/users/tokens/${provisioned.body.id}/`, { write_enabled: false });
    expect(readOnly.body.write_enabled).toBe(false);
    const write = await api.request('POST', '/api/extras/tags/', { name: 'RO', slug: 'ro' }, { Authorization: header });
    expect(write.status).toBe(403);
  });

  it('links ASNs to sites in both directions', async () => {
    const rir = (await api.request('POST', '/api/ipam/rirs/', { name: 'RIPE', slug: 'ripe' })).body;
    const asn = (await api.request('POST', '/api/ipam/asns/', { asn: 4200000000, rir: rir.id })).body;
    expect(asn.display).toBe('AS4200000000 (64086.59904)');
    const site = (await api.request('POST', '/api/dcim/sites/', { name: 'AS site', slug: 'as-site', asns: [asn.id] })).body;
    expect(site.asns[0].asn).toBe(4200000000);
    const back = await api.request('GET', `/api/ipam/asns/${asn.id}/`);
    expect(back.body.site_count).toBe(1);
    expect(back.body.sites.map((s: any) => s.id)).toEqual([site.id]);
    expect((await api.request('GET', `/api/dcim/sites/?asn_id=${asn.id}`)).body.count).toBe(1);
  });
});
