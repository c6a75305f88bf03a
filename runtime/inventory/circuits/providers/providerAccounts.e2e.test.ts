/**
 * End-to-end tests of a provider's `accounts` written, on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL, as NetBox's ProviderSerializer writes it (a SerializedPKRelatedField over the
 * accounts' reverse foreign key, set with Django's RelatedManager.set()): the listed accounts move
 * to the provider, on create and on update; accounts left out stay where they are (the account's
 * provider takes no null); the moved accounts get no change record and keep their change stamp (a
 * queryset update); bad references are refused with DRF's words, and a move NetBox's database would
 * refuse (two accounts of one number or one name at a provider) is a 400, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('a provider’s accounts written on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/circuits/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const account = async (id: number) => (await api.request('GET', `/api/circuits/provider-accounts/${id}/`)).body;
  const providerOf = async (id: number) => (await account(id)).provider.id as number;
  const changesOf = async (type: string, id: number) => (await api.request('GET', `/api/core/object-changes/?changed_object_type=${type}&changed_object_id=${id}`)).body.count as number;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.old = (await post('providers', { name: 'Old', slug: 'old' })).id;
    ids.a1 = (await post('provider-accounts', { provider: ids.old, account: 'A1', name: 'First' })).id;
    ids.a2 = (await post('provider-accounts', { provider: ids.old, account: 'A2' })).id;
    ids.a3 = (await post('provider-accounts', { provider: ids.old, account: 'A3', name: 'Third' })).id;
  }, 60_000);
  afterAll(async () => api?.close());

  it('moves the listed accounts to a new provider, without a change record of theirs', async () => {
    const before = await account(ids.a1);
    const changes = await changesOf('circuits.provideraccount', ids.a1);
    const created = await post('providers', { name: 'New', slug: 'new', accounts: [ids.a1] });
    ids.new = created.id;
    expect(created.accounts).toEqual([expect.objectContaining({ id: ids.a1, account: 'A1', name: 'First' })]);
    expect(await providerOf(ids.a1)).toBe(ids.new);
    expect((await account(ids.a1)).last_updated).toBe(before.last_updated);
    expect(await changesOf('circuits.provideraccount', ids.a1)).toBe(changes);
    expect(await changesOf('circuits.provider', ids.new)).toBe(1);
    expect((await api.request('GET', `/api/circuits/providers/${ids.old}/`)).body.accounts.map((a: any) => a.id)).toEqual([ids.a2, ids.a3]);
  });

  it('adds the listed accounts on an update, leaving the others where they are', async () => {
    const patched = await api.request('PATCH', `/api/circuits/providers/${ids.new}/`, { accounts: [ids.a2] });
    expect(patched.status).toBe(200);
    expect(patched.body.accounts.map((a: any) => a.id)).toEqual([ids.a1, ids.a2]);
    expect(await providerOf(ids.a1)).toBe(ids.new);
    // An empty list moves nothing, and takes nothing away.
    const none = await api.request('PATCH', `/api/circuits/providers/${ids.new}/`, { accounts: [] });
    expect(none.body.accounts.map((a: any) => a.id)).toEqual([ids.a1, ids.a2]);
    // Two providers of one bulk request listing one account: it goes to the later one.
    const bulk = await api.request('PATCH', '/api/circuits/providers/', [{ id: ids.new, accounts: [ids.a3] }, { id: ids.old, accounts: [ids.a3] }]);
    expect(bulk.status).toBe(200);
    expect(await providerOf(ids.a3)).toBe(ids.old);
  });

  it('refuses bad references with DRF’s words, writing nothing', async () => {
    const count = async () => (await api.request('GET', '/api/circuits/providers/?limit=1')).body.count;
    const before = await count();
    for (const [accounts, message] of [
      [[999999], 'Invalid pk "999999" - object does not exist.'],
      [5, 'Expected a list of items but got type "int".'],
      [['x'], 'Incorrect type. Expected pk value, received str.'],
      [null, 'This field may not be null.'],
    ] as const) {
      const refused = await api.request('POST', '/api/circuits/providers/', { name: 'Bad', slug: 'bad', accounts });
      expect([refused.status, refused.body]).toEqual([400, { accounts: [message] }]);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a move that would give a provider two accounts of one number or one name, writing nothing', async () => {
    const other = await post('providers', { name: 'Other', slug: 'other' });
    const sameNumber = await post('provider-accounts', { provider: other.id, account: 'A1' });
    const sameName = await post('provider-accounts', { provider: other.id, account: 'B3', name: 'Third' });
    const number = await api.request('PATCH', `/api/circuits/providers/${ids.new}/`, { accounts: [sameNumber.id] });
    expect([number.status, number.body]).toEqual([400, { __all__: ['Provider account with this Provider and Account already exists.'] }]);
    const name = await api.request('PATCH', `/api/circuits/providers/${ids.old}/`, { accounts: [sameName.id] });
    expect([name.status, name.body]).toEqual([400, { __all__: ['Constraint “circuits_provideraccount_unique_provider_name” is violated.'] }]);
    // A new provider taking both: they do not collide with each other.
    const both = await post('providers', { name: 'Both', slug: 'both', accounts: [sameNumber.id, sameName.id] });
    expect(both.accounts.map((a: any) => a.id)).toEqual([sameNumber.id, sameName.id]);
    expect([await providerOf(ids.a1), await providerOf(ids.a3)]).toEqual([ids.new, ids.old]);
  });
});
