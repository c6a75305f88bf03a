/**
 * The same kind of request runs the same statement texts, whatever its values: PostgreSQL reuses a
 * prepared statement's plan only while its text is unchanged, so SQL built per request (filter
 * conditions, orderings, permission constraints, change records, the displays of messages) must
 * not carry anything that differs between requests, such as ever-growing table aliases. Values
 * travel as parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingDatabase, type CountingDatabase } from '../testing/countingDatabase.ts';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';

describe.each(testDatabases())('statement texts on $name', (database) => {
  let api: TestClient;
  let counting: CountingDatabase;
  let limited: Record<string, string>;
  const ids: Record<string, number> = {};

  /**
   * The statements one request ran, after checking its status; authentication's left out (the
   * token lookup and the refresh of its last_used run or not as the server's cache of checked
   * tokens has it: runtime/auth/callerCache.ts).
   */
  async function statementsOf(method: string, path: string, body: unknown, status: number, headers?: Record<string, string>): Promise<string[]> {
    counting.reset();
    const response = await api.request(method, path, body, headers);
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return counting.statements.filter((text) => !/FROM users_token t JOIN users_user u|^UPDATE users_token SET last_used/.test(text));
  }

  beforeAll(async () => {
    const opened = await database.open();
    counting = countingDatabase(opened.db);
    api = await bootTestApp({ db: counting.db, drop: opened.drop });
    const post = async (path: string, body: unknown) => {
      const response = await api.request('POST', path, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body;
    };
    const region = await post('/api/dcim/regions/', { name: 'EMEA', slug: 'emea' });
    const [paris, berlin] = await post('/api/dcim/sites/', [{ name: 'Paris', slug: 'paris', region: region.id }, { name: 'Berlin', slug: 'berlin', region: region.id }]);
    const manufacturer = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'X1', slug: 'x1' });
    const role = await post('/api/dcim/device-roles/', { name: 'Leaf', slug: 'leaf' });
    await post('/api/extras/tags/', [{ name: 'Gold', slug: 'gold' }, { name: 'Blue', slug: 'blue' }]);
    const devices = await post('/api/dcim/devices/', ['d1', 'd2', 'd3'].map((name, i) => ({ name, device_type: type.id, role: role.id, site: i ? berlin.id : paris.id })));
    Object.assign(ids, { paris: paris.id, berlin: berlin.id, d1: devices[0].id, d2: devices[1].id, d3: devices[2].id });
    const user = await post('/api/users/users/', { username: 'limited', password: 'Limited-pass-1' });
    await post('/api/users/permissions/', [
      { name: 'EMEA devices', users: [user.id], object_types: ['dcim.device'], actions: ['view', 'change'], constraints: [{ site__region__slug: 'emea' }, { tags__slug: 'gold' }] },
      { name: 'EMEA sites', users: [user.id], object_types: ['dcim.site'], actions: ['view'], constraints: { region__slug: 'emea' } },
    ]);
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'limited', password: 'Limited-pass-1' }, { Authorization: '' });
    limited = { Authorization: `Token nbt_${token.body.key}.${token.body.token}` };
    // A token's first use records last_used (then at most once a minute): not part of what is compared.
    expect((await api.request('GET', '/api/authentication-check/', undefined, limited)).status).toBe(200);
  }, 60_000);
  afterAll(async () => api?.close());

  it('a filtered, searched and ordered list', async () => {
    const first = await statementsOf('GET', '/api/dcim/devices/?site=paris&tag__n=gold&region=emea&q=d&ordering=-site,name', undefined, 200);
    // Both pages hold devices: an empty page has nothing to render, and so one statement less.
    const second = await statementsOf('GET', '/api/dcim/devices/?site=berlin&tag__n=blue&region=emea&q=D&ordering=-site,name', undefined, 200);
    expect(second).toEqual(first);
  });

  it('a list and a detail restricted by constraints crossing relations', async () => {
    const first = await statementsOf('GET', '/api/dcim/devices/?site=paris', undefined, 200, limited);
    const second = await statementsOf('GET', '/api/dcim/devices/?site=berlin', undefined, 200, limited);
    expect(second).toEqual(first);
    expect(await statementsOf('GET', `/api/dcim/devices/${ids.d2}/`, undefined, 200, limited)).toEqual(await statementsOf('GET', `/api/dcim/devices/${ids.d1}/`, undefined, 200, limited));
  });

  it('a change-logged update under constraints', async () => {
    const first = await statementsOf('PATCH', `/api/dcim/devices/${ids.d1}/`, { description: 'one', changelog_message: 'first' }, 200, limited);
    const second = await statementsOf('PATCH', `/api/dcim/devices/${ids.d2}/`, { description: 'two', changelog_message: 'second' }, 200, limited);
    expect(second).toEqual(first);
  });

  it('a refused delete naming its dependents', async () => {
    const first = await statementsOf('DELETE', `/api/dcim/sites/${ids.paris}/`, undefined, 409);
    const second = await statementsOf('DELETE', `/api/dcim/sites/${ids.berlin}/`, undefined, 409);
    expect(second).toEqual(first);
  });
});
