/**
 * The defects a hostile client found (issue "Security and concurrency defects"), one test each:
 * every one of these answered a 500, leaked PostgreSQL's text or let a user escalate before the
 * fix. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';

const nest = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { name: value };
  return value;
};
/** The JSON text of `nest(depth, leaf)`, built as text: JSON.stringify itself overflows at these depths. */
const nestedText = (depth: number, leaf: string) => `${'{"name":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
const json = { 'Content-Type': 'application/json' };

describe.each(testDatabases())('hostile input on $name', (database) => {
  let api: TestClient;
  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  });
  afterAll(async () => api?.close());

  /** A non-superuser holding the given permissions, and its token's Authorization header. */
  async function userWith(name: string, permissions: { object_types: string[]; actions: string[] }[]) {
    const user = await api.request('POST', '/api/users/users/', { username: name, password: `${name}-Password-1` });
    for (const [i, p] of permissions.entries()) {
      expect((await api.request('POST', '/api/users/permissions/', { name: `${name} ${i}`, ...p, users: [user.body.id] })).status).toBe(201);
    }
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: name, password: `${name}-Password-1` }, { Authorization: '' });
    return { id: user.body.id as number, tokenId: token.body.id as number, auth: { Authorization: `Bearer nbt_${token.body.key}.${token.body.token}` } };
  }

  it('keeps a token\'s user fixed after creation, so a token cannot be moved to the superuser', async () => {
    const mallory = await userWith('mallory', [{ object_types: ['users.token'], actions: ['view', 'change'] }]);
    const moved = await api.request('PATCH', `/api/users/tokens/${mallory.tokenId}/`, { user: 1, description: 'mine' }, mallory.auth);
    expect(moved.status).toBe(200);
    expect(moved.body.user.id).toBe(mallory.id);
    expect(moved.body.description).toBe('mine');
    const escalated = await api.request('POST', '/api/users/users/', { username: 'sneaky', password: 'x-Password-1' }, mallory.auth);
    expect(escalated.status).toBe(403);
    const [row] = await api.db.query<{ user_id: number }>('SELECT user_id FROM users_token WHERE id = $1', [mallory.tokenId]);
    expect(Number(row.user_id)).toBe(mallory.id);
  });

  it('refuses bodies nested deeper than 32 levels with a 400, before any processing', async () => {
    const deep = await api.raw('POST', '/api/dcim/sites/', `{"name": "Deep", "slug": "deep", "region": ${nestedText(2500, '"x"')}}`, json);
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({ detail: 'JSON parse error - nesting deeper than 32 levels is not accepted' });
    const constraints = await api.raw('POST', '/api/users/permissions/', `{"name": "deep", "object_types": ["dcim.site"], "actions": ["view"], "constraints": ${nestedText(5000, '1')}}`, json);
    expect(constraints.status).toBe(400);
    const inBulk = await api.raw('PATCH', '/api/dcim/sites/', `[{"id": 1, "region": ${nestedText(40, '"x"')}}]`, json);
    expect(inBulk.status).toBe(400);
    // Nested attribute dicts that fit the limit are answered normally, with the repr elided past a few levels.
    const fits = await api.request('POST', '/api/dcim/sites/', { name: 'Fits', slug: 'fits', region: nest(20, 'x') });
    expect(fits.status).toBe(400);
    expect(fits.body.region[0]).toMatch(/^Related object not found using the provided attributes: \{'name': \{'name': .*\{\.\.\.\}/);
    expect((await api.request('GET', '/api/dcim/sites/?name=Deep')).body.count).toBe(0);
  });

  it('answers null characters and out-of-range ids with field errors, never PostgreSQL\'s text', async () => {
    const nul = await api.request('POST', '/api/dcim/sites/', { name: 'a\u0000b', slug: 'nul', description: 'x\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({ name: ['Null characters are not allowed.'], description: ['Null characters are not allowed.'] });
    const fk = await api.request('POST', '/api/dcim/sites/', { name: 'Big', slug: 'big', region: 2147483648 });
    expect(fk.body).toEqual({ region: ['Related object not found using the provided numeric ID: 2147483648'] });
    const m2m = await api.request('POST', '/api/dcim/sites/', { name: 'Big', slug: 'big', asns: [2147483648] });
    expect(m2m.body).toEqual({ asns: ['Invalid pk "2147483648" - object does not exist.'] });
    const attrs = await api.request('POST', '/api/dcim/sites/', { name: 'Big', slug: 'big', region: { name: 'x\u0000' } });
    expect(attrs.body.region[0]).toMatch(/^Related object not found using the provided attributes/);
    const json = await api.request('POST', '/api/users/permissions/', { name: 'p', object_types: ['dcim.site'], actions: ['view'], constraints: { name: 'a\u0000' } });
    expect(json.body).toEqual({ constraints: ['Null characters are not allowed.'] });
    const weight = await api.request('POST', '/api/extras/tags/', { name: 'W', slug: 'w', weight: 99999999999 });
    expect(weight.body).toEqual({ weight: ['Ensure this value is less than or equal to 32767.'] });
    const journal = await api.request('POST', '/api/extras/journal-entries/', { assigned_object_type: 'dcim.site', assigned_object_id: 4294967296, comments: 'x' });
    expect(journal.body).toEqual({ assigned_object_id: ['Ensure this value is less than or equal to 2147483647.'] });
  });

  it('reports every bulk failure in the per-item list, and ignores ids that cannot exist', async () => {
    const bulk = await api.request('POST', '/api/dcim/sites/', [{ name: 'Ok', slug: 'ok' }, { name: 'n\u0000', slug: 'n' }, { name: 'Far', slug: 'far', region: 2147483648 }]);
    expect(bulk.status).toBe(400);
    expect(bulk.body).toEqual([{}, { name: ['Null characters are not allowed.'] }, { region: ['Related object not found using the provided numeric ID: 2147483648'] }]);
    expect((await api.request('GET', '/api/dcim/sites/?slug=ok')).body.count).toBe(0);
    const site = (await api.request('POST', '/api/dcim/sites/', { name: 'Kept', slug: 'kept' })).body;
    const patch = await api.request('PATCH', '/api/dcim/sites/', [{ id: site.id, description: 'changed' }, { id: 2147483648, description: 'x' }]);
    expect(patch.status).toBe(200);
    expect(patch.body.map((s: any) => s.id)).toEqual([site.id]);
    expect((await api.request('DELETE', '/api/dcim/sites/', [{ id: 99999999999 }])).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/sites/${site.id}/`)).status).toBe(200);
  });

  it('answers odd query strings with a page or a 400 naming the parameter', async () => {
    for (const query of ['start=99999999999999999999999999', 'offset=99999999999999999999999999', 'start=2147483648', 'id=99999999999999999999', 'latitude__gt=1e3']) {
      const page = await api.request('GET', `/api/dcim/sites/?${query}`);
      expect(page.status, query).toBe(200);
      expect(page.body.results, query).toEqual(query.startsWith('offset') || query.startsWith('start') || query.startsWith('id') || query.startsWith('latitude') ? [] : expect.anything());
    }
    const cases: [string, unknown][] = [
      ['created__gte=2024-13-45', { created__gte: ['Enter a valid date/time.'] }],
      ['created=99999-01-01', { created: ['Enter a valid date/time.'] }],
      ['created__lt=2024-02-30T10:00', { created__lt: ['Enter a valid date/time.'] }],
      ['latitude=Infinity', { latitude: ['Enter a number.'] }],
      ['id__gt=1.5', { id__gt: ['Enter a number.'] }],
      ['name=a%00b', { name: ['Null characters are not allowed.'] }],
      ['q=a%00', { q: ['Null characters are not allowed.'] }],
      ['description__iregex=[', { description__iregex: ['Enter a valid regular expression.'] }],
    ];
    for (const [query, body] of cases) {
      const response = await api.request('GET', `/api/dcim/sites/?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toEqual(body);
    }
  });

  it('accepts is_superuser, is_staff and is_active on user create as NetBox does, without granting anything', async () => {
    for (const flag of [true, false, 'yes', null]) {
      const created = await api.request('POST', '/api/users/users/', { username: `flag-${String(flag)}`, password: 'flag-Password-1', is_superuser: flag, is_staff: flag });
      expect(created.status, String(flag)).toBe(201);
      const [row] = await api.db.query<{ is_superuser: boolean }>('SELECT is_superuser FROM users_user WHERE id = $1', [created.body.id]);
      expect(row.is_superuser).toBe(false);
    }
    const inactive = await api.request('POST', '/api/users/users/', { username: 'inactive', password: 'p-Password-1', is_active: false });
    expect(inactive.body.is_active).toBe(false);
  });

  it('never orders by a secret, and validates allowed IPs as networks', async () => {
    const defaults = (await api.request('GET', '/api/users/tokens/')).body.results.map((t: any) => t.id);
    for (const term of ['plaintext', '-plaintext', 'hmac_digest', '-hmac_digest']) {
      expect((await api.request('GET', `/api/users/tokens/?ordering=${term}`)).body.results.map((t: any) => t.id), term).toEqual(defaults);
    }
    const bad = await api.request('POST', '/api/users/tokens/provision/', { username: 'admin', password: 'Admin-password-1', allowed_ips: ['10.0.0.0/8', 'not-an-ip'] }, { Authorization: '' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ allowed_ips: { 1: ['Invalid IP address format: not-an-ip'] } });
    const good = await api.request('POST', '/api/users/tokens/provision/', { username: 'admin', password: 'Admin-password-1', allowed_ips: ['2001:db8::/32', '192.0.2.7'] }, { Authorization: '' });
    expect(good.body.allowed_ips).toEqual(['2001:db8::/32', '192.0.2.7/32']);
    const patched = await api.request('PATCH', `/api/users/tokens/${good.body.id}/`, { allowed_ips: ['300.1.1.1'] });
    expect(patched.body).toEqual({ allowed_ips: { 0: ['Invalid IP address format: 300.1.1.1'] } });
  });

  it('reads the Authorization header as NetBox 4.6 does, and refuses a restricted token when the client address is unknown', async () => {
    const check = async (authorization: string, headers: Record<string, string> = {}) => {
      const response = await api.request('GET', '/api/authentication-check/', undefined, { Authorization: authorization, ...headers });
      return response.status === 200 ? 200 : response.body;
    };
    const v1 = (await api.request('POST', '/api/users/tokens/', { user: 1, version: 1 })).body.token;
    const v2 = (await api.request('POST', '/api/users/tokens/', { user: 1 })).body;
    // NetBox infers the version from the value (a v2 token starts with nbt_), whichever keyword carries it.
    expect(await check(`Token ${v1}`)).toBe(200);
    expect(await check(`Bearer ${v1}`)).toBe(200);
    expect(await check(`Token nbt_${v2.key}.${v2.token}`)).toBe(200);
    expect(await check(`Bearer nbt_${v2.key}`)).toEqual({ detail: "Invalid authorization header: Could not parse key from v2 token. Did you mean to use 'Token' instead of 'Bearer'?" });
    expect(await check('Token caf\u00e9')).toEqual({ detail: 'Invalid authorization header: Token contains invalid characters' });
    expect(await check('Token caf\u00c3\u00a9')).toEqual({ detail: 'Invalid v1 token' });
    const restricted = (await api.request('POST', '/api/users/tokens/', { user: 1, allowed_ips: ['192.0.2.0/24'] })).body;
    const auth = `Bearer nbt_${restricted.key}.${restricted.token}`;
    expect(await check(auth, { 'X-Real-IP': '192.0.2.9' })).toBe(200);
    // In-process requests have no TCP peer: without a header, the address is unknown, and NetBox refuses.
    expect(await check(auth)).toEqual({ detail: 'Client IP address could not be determined for validation. Check that the HTTP server is correctly configured to pass the required header(s).' });
  });

  it('parses bodies as NetBox\'s parsers do: JSON and multipart, 415 for anything else', async () => {
    const text = await api.request('POST', '/api/dcim/sites/', { name: 'T', slug: 't' }, { 'Content-Type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
    const form = await api.request('POST', '/api/dcim/sites/', undefined, { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(400); // no body at all: empty data, as DRF treats it
    const json = await api.request('POST', '/api/dcim/sites/', { name: 'J', slug: 'j' }, { 'Content-Type': 'application/json; charset=utf-8' });
    expect(json.status).toBe(201);
    const multipart = new FormData();
    multipart.set('name', 'Multi');
    multipart.set('slug', 'multi');
    multipart.set('status', 'planned');
    const response = await api.raw('POST', '/api/dcim/sites/', multipart);
    expect(response.status).toBe(201);
    expect(response.body.status.value).toBe('planned');
    const urlencoded = await api.raw('POST', '/api/dcim/sites/', new URLSearchParams({ name: 'U', slug: 'u' }));
    expect(urlencoded.status).toBe(415);
    expect(urlencoded.body.detail).toMatch(/^Unsupported media type "application\/x-www-form-urlencoded/);
    const list = await api.request('POST', '/api/users/tokens/provision/', [{ username: 'admin', password: 'Admin-password-1' }], { Authorization: '' });
    expect(list.body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  });

  it('reports honest versions and NetBox\'s fields', async () => {
    const status = (await api.request('GET', '/api/status/')).body;
    expect(status).toMatchObject({ 'netbox-version': '4.6.8', 'node-version': process.versions.node });
    expect(status).not.toHaveProperty('django-version');
    expect(status).not.toHaveProperty('python-version');
    const rir = await api.request('POST', '/api/ipam/rirs/', { name: 'RIPE', slug: 'ripe' });
    expect(rir.body).not.toHaveProperty('asn_count');
  });
});
