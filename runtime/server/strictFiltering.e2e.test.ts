/**
 * STRICT_FILTERING=true: a query parameter that is no filter (nor a known lookup of one, nor a
 * paging or shaping parameter) is refused with 400 `{"<param>": ["Unknown filter."]}`, as
 * NetBox does with the setting on; without it unknown parameters are ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';

/** Booting an app on a fresh database takes seconds, more on a loaded machine. */
const BOOT_TIMEOUT = 60_000;

async function seed(api: TestClient): Promise<void> {
  const region = (await api.request('POST', '/api/dcim/regions/', { name: 'EMEA', slug: 'emea' })).body;
  await api.request('POST', '/api/extras/tags/', { name: 'Red', slug: 'red' });
  const made = await api.request('POST', '/api/dcim/sites/', [
    { name: 'Alpha', slug: 'alpha', region: region.id, tags: [{ slug: 'red' }] },
    { name: 'Beta', slug: 'beta' },
  ]);
  expect(made.status).toBe(201);
}

describe.each(testDatabases())('strict filtering on $name', (database) => {
  let api: TestClient;
  const list = (query: string) => api.request('GET', `/api/dcim/sites/?${query}`);
  const names = async (query: string) => {
    const response = await list(query);
    expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.results.map((s: any) => s.name ?? s.display);
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open(), { STRICT_FILTERING: 'true' });
    await seed(api);
  }, BOOT_TIMEOUT);
  afterAll(async () => api?.close());

  it('refuses an unknown parameter, naming it', async () => {
    expect(await list('colour=red')).toMatchObject({ status: 400, body: { colour: ['Unknown filter.'] } });
    expect(await list('name__bogus=x')).toMatchObject({ status: 400, body: { name__bogus: ['Unknown filter.'] } });
    // `empty` is not a lookup of a tree filter.
    expect(await list('region__empty=true')).toMatchObject({ status: 400, body: { region__empty: ['Unknown filter.'] } });
    const both = await list('colour=red&size=2&name=Alpha');
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ colour: ['Unknown filter.'], size: ['Unknown filter.'] });
    expect((await api.request('GET', '/api/extras/tags/?colour=red')).body).toEqual({ colour: ['Unknown filter.'] });
  });

  it('still answers known filters and their lookups', async () => {
    expect(await names('name=Alpha')).toEqual(['Alpha']);
    expect(await names('name__ic=ALP')).toEqual(['Alpha']);
    expect(await names('name__n=Alpha')).toEqual(['Beta']);
    expect(await names('region=emea')).toEqual(['Alpha']);
    expect(await names('region_id__n=null')).toEqual(['Alpha']);
    expect(await names('tag=red')).toEqual(['Alpha']);
    expect(await names('tag__n=red')).toEqual(['Beta']);
    expect(await names('id__gt=0&ordering=-name')).toEqual(['Beta', 'Alpha']);
    expect(await names('q=bet')).toEqual(['Beta']);
  });

  it('still answers paging and shaping parameters', async () => {
    const page = await list('limit=1&offset=1&ordering=name');
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(2);
    expect(page.body.results.map((s: any) => s.name)).toEqual(['Beta']);
    expect((await list('brief=1')).body.results[0]).toEqual({ id: expect.any(Number), url: expect.any(String), display: 'Alpha', name: 'Alpha', description: '', slug: 'alpha' });
    expect(Object.keys((await list('fields=id,name')).body.results[0])).toEqual(['id', 'name']);
    expect((await list('omit=tags')).body.results[0]).not.toHaveProperty('tags');
    expect((await list('start=0&limit=1')).status).toBe(200);
    expect((await list('format=json')).status).toBe(200);
  });

  it('reports bad values of known filters as before', async () => {
    expect(await list('id=abc')).toMatchObject({ status: 400, body: { id: ['Enter a number.'] } });
    expect(await list('region=nowhere')).toMatchObject({ status: 400, body: { region: ['Select a valid choice. nowhere is not one of the available choices.'] } });
  });
});

describe.each(testDatabases())('lenient filtering (the default) on $name', (database) => {
  let api: TestClient;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    await seed(api);
  }, BOOT_TIMEOUT);
  afterAll(async () => api?.close());

  it('ignores unknown parameters and unknown lookups', async () => {
    for (const query of ['colour=red', 'name__bogus=x', 'colour=red&name=Alpha']) {
      const response = await api.request('GET', `/api/dcim/sites/?${query}`);
      expect(response.status, query).toBe(200);
    }
    expect((await api.request('GET', '/api/dcim/sites/?colour=red')).body.count).toBe(2);
    expect((await api.request('GET', '/api/dcim/sites/?colour=red&name=Alpha')).body.results.map((s: any) => s.name)).toEqual(['Alpha']);
  });
});
