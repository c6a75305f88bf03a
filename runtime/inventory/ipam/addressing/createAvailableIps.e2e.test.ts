/**
 * POST …/available-ips/ on prefixes and IP ranges, on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: the next free addresses are created with the parent's mask and VRF and the item's
 * other fields; an object answers an object, a list a list; too few free is 409; an item the
 * address rules refuse is a 400 per item and creates nothing; parallel requests never take one
 * address twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('creating available IP addresses on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const addressesIn = async (parent: string) => (await api.request('GET', `/api/ipam/ip-addresses/?parent=${parent}&limit=0`)).body.results.map((a: any) => a.address);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.vrf = (await post('/api/ipam/vrfs/', { name: 'Blue' })).id;
    ids.small = (await post('/api/ipam/prefixes/', { prefix: '192.0.2.0/29', vrf: ids.vrf })).id;
    ids.pool = (await post('/api/ipam/prefixes/', { prefix: '198.51.100.0/24' })).id;
    ids.range = (await post('/api/ipam/ip-ranges/', { start_address: '203.0.113.10/24', end_address: '203.0.113.12/24' })).id;
  }, 60_000);
  afterAll(async () => api?.close());

  it('creates the next free address with the prefix’s mask and VRF and the item’s fields; a list creates as many', async () => {
    const one = await api.request('POST', `/api/ipam/prefixes/${ids.small}/available-ips/`, { status: 'reserved', description: 'gateway' });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ address: '192.0.2.1/29', vrf: { id: ids.vrf }, status: { value: 'reserved' }, description: 'gateway' });
    const many = await api.request('POST', `/api/ipam/prefixes/${ids.small}/available-ips/`, [{}, { dns_name: 'host.example.com' }]);
    expect(many.status).toBe(201);
    expect(many.body.map((a: any) => a.address)).toEqual(['192.0.2.2/29', '192.0.2.3/29']);
    expect(many.body[1].dns_name).toBe('host.example.com');
    const listed = await api.request('GET', `/api/ipam/prefixes/${ids.small}/available-ips/`);
    expect(listed.body.map((a: any) => a.address)).toEqual(['192.0.2.4/29', '192.0.2.5/29', '192.0.2.6/29']);
  });

  it('answers 409 when too few are free and creates none', async () => {
    const refused = await api.request('POST', `/api/ipam/prefixes/${ids.small}/available-ips/`, [{}, {}, {}, {}]);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: 'Insufficient resources are available to satisfy the request' });
    expect(await addressesIn('192.0.2.0/29')).toEqual(['192.0.2.1/29', '192.0.2.2/29', '192.0.2.3/29']);
  });

  it('refuses items the address rules refuse with errors per item, creating nothing', async () => {
    const refused = await api.request('POST', `/api/ipam/prefixes/${ids.pool}/available-ips/`, [{}, { status: 'nope' }]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual([{}, { status: ['nope is not a valid choice.'] }]);
    const badLength = await api.request('POST', `/api/ipam/prefixes/${ids.pool}/available-ips/`, { prefix_length: 16 });
    expect(badLength.status).toBe(400);
    expect(badLength.body).toEqual([{ prefix_length: ['Invalid prefix length (16) for IPv4'] }]);
    expect(await addressesIn('198.51.100.0/24')).toEqual([]);
    const host = await api.request('POST', `/api/ipam/prefixes/${ids.pool}/available-ips/`, { prefix_length: 32 });
    expect(host.body.address).toBe('198.51.100.1/32');
  });

  it('hands out each address of a range once, even to parallel requests', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => api.request('POST', `/api/ipam/ip-ranges/${ids.range}/available-ips/`, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409]);
    expect(answers.filter((a) => a.status === 201).map((a) => a.body.address).sort()).toEqual(['203.0.113.10/24', '203.0.113.11/24', '203.0.113.12/24']);
    const missing = await api.request('POST', '/api/ipam/prefixes/999999/available-ips/', {});
    expect(missing.status).toBe(404);
  });
});
