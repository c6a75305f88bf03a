/**
 * The validation messages of NetBox 4.6.8's users models (models.md), each triggered through the
 * API with NetBox's status, key and words: User.clean() (a username in another case, after the
 * field's own unique check) and Token.clean() (the pepper, the expiry). Recorded in
 * scripts/facts/rules/users.yaml.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('users validation rules on $name', (database) => {
  let api: TestClient;
  let alice: number;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const made = await api.request('POST', '/api/users/users/', { username: 'alice', password: 'Alice-Password-1' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    alice = made.body.id;
  }, 60_000);
  afterAll(async () => api?.close());

  it.each<[string, string, () => Record<string, unknown>, unknown]>([
    ['users: the same username', 'users/users', () => ({ username: 'alice', password: 'Other-Password-1' }), { username: ['A user with that username already exists.'] }],
    ['users: the username in another case', 'users/users', () => ({ username: 'Alice', password: 'Other-Password-1' }), { __all__: ['A user with this username already exists.'] }],
    ['tokens: a pepper API_TOKEN_PEPPERS does not define', 'users/tokens', () => ({ user: alice, pepper_id: 99 }), { __all__: ['Invalid pepper ID: 99. Check configured API_TOKEN_PEPPERS.'] }],
  ])('%s', async (_name, path, body, expected) => {
    const response = await api.request('POST', `/api/${path}/`, body());
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: expected });
  });

  it('tokens: an expiry in the past, naming the server time (the message of Token.clean())', async () => {
    const response = await api.request('POST', '/api/users/tokens/', { user: alice, expires: '2020-01-01T00:00:00Z' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ expires: [expect.stringMatching(/^Expiration time must be in the future\. Current server time is \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(UTC\)\.$/)] });
    // A user updated keeps its own name, in any case.
    expect((await api.request('PATCH', `/api/users/users/${alice}/`, { username: 'alice' })).status).toBe(200);
  });
});
