/**
 * POST /api/users/tokens/ as NetBox 4.6 has it: the secret is generated, shown in the create
 * response only, and works at once (v2 as `nbt_<key>.<secret>`, v1 as the plaintext); a user may
 * make tokens for themselves (DEFAULT_PERMISSIONS), for someone else only with `grant` on
 * users.token (NetBox's users.grant_token); an expiry in the past is refused; a refused request
 * writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('token creation on $name', (database) => {
  let api: TestClient;
  let alice: { id: number; as: Record<string, string> };
  let bob: { id: number; as: Record<string, string> };

  async function user(username: string) {
    const created = await api.request('POST', '/api/users/users/', { username, password: `${username}-Password-1` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = await api.request('POST', '/api/users/tokens/provision/', { username, password: `${username}-Password-1` }, { Authorization: '' });
    return { id: created.body.id as number, as: { Authorization: `Bearer nbt_${token.body.key}.${token.body.token}` } };
  }
  const tokenCount = async () => (await api.request('GET', '/api/users/tokens/?limit=1')).body.count as number;
  const works = async (authorization: string) => (await api.request('GET', '/api/authentication-check/', undefined, { Authorization: authorization })).status;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    alice = await user('alice');
    bob = await user('bob');
  }, 60_000);
  afterAll(async () => api?.close());

  it('creates a v2 token whose secret is shown once and works at once', async () => {
    const created = await api.request('POST', '/api/users/tokens/', { user: alice.id, description: 'ci', write_enabled: false });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ version: 2, user: { id: alice.id, username: 'alice' }, description: 'ci', write_enabled: false, enabled: true });
    expect(created.body.key).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(created.body.token).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(await works(`Bearer nbt_${created.body.key}.${created.body.token}`)).toBe(200);
    expect(await works(`Bearer nbt_${created.body.key}.${'x'.repeat(40)}`)).toBe(403);
    // Never shown again.
    expect((await api.request('GET', `/api/users/tokens/${created.body.id}/`)).body.token).toBeNull();
    expect((await api.request('PATCH', `/api/users/tokens/${created.body.id}/`, { description: 'renamed' })).body.token).toBeNull();
  });

  it('creates v1 tokens, and distinct secrets in one bulk request', async () => {
    const created = await api.request('POST', '/api/users/tokens/', [{ user: bob.id, version: 1 }, { user: bob.id }]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [v1, v2] = created.body;
    expect(v1).toMatchObject({ version: 1, key: null });
    expect(v1.token).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(v2.token).not.toBe(v1.token);
    expect(await works(`Token ${v1.token}`)).toBe(200);
    expect(await works(`Bearer nbt_${v2.key}.${v2.token}`)).toBe(200);
  });

  it('lets a user make their own tokens, and others\' only with the grant action', async () => {
    const own = await api.request('POST', '/api/users/tokens/', { user: alice.id }, alice.as);
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const before = await tokenCount();
    const refused = await api.request('POST', '/api/users/tokens/', [{ user: alice.id }, { user: bob.id }], alice.as);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'This user does not have permission to create tokens for other users.' });
    expect(await tokenCount()).toBe(before);

    const granted = await api.request('POST', '/api/users/permissions/', { name: 'grant tokens', object_types: ['users.token'], actions: ['view', 'add', 'grant'], users: [alice.id] });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    const forBob = await api.request('POST', '/api/users/tokens/', { user: bob.id }, alice.as);
    expect(forBob.status, JSON.stringify(forBob.body)).toBe(201);
    expect(await works(`Bearer nbt_${forBob.body.key}.${forBob.body.token}`)).toBe(200);
  });

  it('refuses an expiry in the past and a missing user, writing nothing', async () => {
    const before = await tokenCount();
    const past = await api.request('POST', '/api/users/tokens/', { user: alice.id, expires: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.expires[0]).toMatch(/^Expiration time must be in the future\. Current server time is \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(UTC\)\.$/);
    const missing = await api.request('POST', '/api/users/tokens/', { description: 'nobody' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ user: ['This field is required.'] });
    expect(await tokenCount()).toBe(before);
  });
});
