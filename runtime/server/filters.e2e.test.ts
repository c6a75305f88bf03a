/**
 * Every lookup suffix against real SQL, tree filters, and filter errors (never a 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';

describe.each(testDatabases())('filters on $name', (database) => {
  let api: TestClient;
  const names = async (query: string) => (await api.request('GET', `/api/dcim/sites/?${query}`)).body.results?.map((s: any) => s.name).sort();

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const world = (await api.request('POST', '/api/dcim/regions/', { name: 'World', slug: 'world' })).body;
    const emea = (await api.request('POST', '/api/dcim/regions/', { name: 'EMEA', slug: 'emea', parent: world.id })).body;
    await api.request('POST', '/api/dcim/regions/', { name: 'Other', slug: 'other' });
    const made = await api.request('POST', '/api/dcim/sites/', [
      { name: 'Alpha', slug: 'alpha', facility: 'Bldg A', region: emea.id, latitude: 10.5 },
      { name: 'Beta', slug: 'beta', facility: '', region: world.id, latitude: 20 },
      { name: 'Gamma', slug: 'gamma', facility: 'bldg c', status: 'retired' },
    ]);
    expect(made.status).toBe(201);
  });
  afterAll(async () => api?.close());

  it('supports the character lookups', async () => {
    expect(await names('name=Alpha')).toEqual(['Alpha']);
    expect(await names('name__n=Alpha')).toEqual(['Beta', 'Gamma']);
    expect(await names('facility__ic=BLDG')).toEqual(['Alpha', 'Gamma']);
    expect(await names('facility__nic=bldg')).toEqual(['Beta']);
    expect(await names('name__isw=al')).toEqual(['Alpha']);
    expect(await names('name__nisw=al')).toEqual(['Beta', 'Gamma']);
    expect(await names('name__iew=MA')).toEqual(['Gamma']);
    expect(await names('name__niew=ma')).toEqual(['Alpha', 'Beta']);
    expect(await names('name__ie=beta')).toEqual(['Beta']);
    expect(await names('name__nie=beta')).toEqual(['Alpha', 'Gamma']);
    expect(await names('facility__empty=true')).toEqual(['Beta']);
    expect(await names('facility__empty=false')).toEqual(['Alpha', 'Gamma']);
    expect(await names('name__regex=^[AB]')).toEqual(['Alpha', 'Beta']);
    expect(await names('name__iregex=^g')).toEqual(['Gamma']);
    expect(await names('status=retired&status=active')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names('status__n=active')).toEqual(['Gamma']);
  });

  it('supports the numeric lookups and q', async () => {
    expect(await names('latitude__gt=10.5')).toEqual(['Beta']);
    expect(await names('latitude__gte=10.5')).toEqual(['Alpha', 'Beta']);
    expect(await names('latitude__lt=20')).toEqual(['Alpha']);
    expect(await names('latitude__lte=20&latitude__gte=20')).toEqual(['Beta']);
    expect(await names('latitude__empty=true')).toEqual(['Gamma']);
    expect(await names('q=bldg')).toEqual(['Alpha', 'Gamma']);
    expect(await names('q=%20%20')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names('unknown_filter=1')).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('matches a region and everything below it', async () => {
    expect(await names('region=world')).toEqual(['Alpha', 'Beta']);
    expect(await names('region=emea')).toEqual(['Alpha']);
    expect(await names('region__n=emea')).toEqual(['Beta', 'Gamma']);
    expect(await names('region_id=null')).toEqual(['Gamma']);
    const world = (await api.request('GET', '/api/dcim/regions/?slug=world')).body.results[0];
    expect(world.site_count).toBe(2);
    expect(await names(`region_id=${world.id}`)).toEqual(['Alpha', 'Beta']);
  });

  it('answers bad filter values with 400, never 500', async () => {
    const cases: [string, unknown][] = [
      ['id=abc', { id: ['Enter a number.'] }],
      ['status=bogus', { status: ['Select a valid choice. bogus is not one of the available choices.'] }],
      ['region_id=999999', { region_id: ['Select a valid choice. 999999 is not one of the available choices.'] }],
      ['tag=nope', { tag: ['Select a valid choice. nope is not one of the available choices.'] }],
      ['created__gte=yesterday', { created__gte: ['Enter a valid date/time.'] }],
      ['facility__empty=maybe', { facility__empty: ['Select a valid choice. maybe is not one of the available choices.'] }],
    ];
    for (const [query, body] of cases) {
      const response = await api.request('GET', `/api/dcim/sites/?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toEqual(body);
    }
    // PostgreSQL's own message is never passed on: the parameter is named instead.
    const regex = await api.request('GET', '/api/dcim/sites/?name__regex=(');
    expect(regex.status).toBe(400);
    expect(regex.body).toEqual({ name__regex: ['Enter a valid regular expression.'] });
  });

  it('orders by fields and counts, and ignores unknown ordering terms', async () => {
    expect((await api.request('GET', '/api/dcim/sites/?ordering=-latitude')).body.results.map((s: any) => s.name)).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect((await api.request('GET', '/api/dcim/sites/?ordering=bogus,-name')).body.results.map((s: any) => s.name)).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect((await api.request('GET', '/api/dcim/regions/?ordering=-site_count,name')).body.results.map((r: any) => r.name)).toEqual(['World', 'EMEA', 'Other']);
  });
});
