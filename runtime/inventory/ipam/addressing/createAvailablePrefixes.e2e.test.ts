/**
 * GET and POST …/prefixes/{id}/available-prefixes/ on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: free space read as merged intervals of the children (nested and overlapping ones
 * included; every VRF's for a container of the global table), prefixes of the requested lengths
 * created at the first free block large enough with the parent's VRF and the item's fields; an
 * object answers an object, a list a list; PrefixLengthSerializer's 400s per item; 409 when the
 * space is exhausted, nothing created; parallel requests never take one prefix twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('available prefixes on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const available = async (id: number) => (await api.request('GET', `/api/ipam/prefixes/${id}/available-prefixes/`)).body.map((p: any) => p.prefix);
  const within = async (parent: string) => (await api.request('GET', `/api/ipam/prefixes/?within=${parent}&limit=0`)).body.results.map((p: any) => p.prefix);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.vrf = (await post('/api/ipam/vrfs/', { name: 'Red' })).id;
    ids.parent = (await post('/api/ipam/prefixes/', { prefix: '10.0.0.0/24', vrf: ids.vrf })).id;
    // Nested and adjacent children: 10.0.0.0/26 holds a /28; 10.0.0.64/27 follows it.
    for (const prefix of ['10.0.0.0/26', '10.0.0.0/28', '10.0.0.64/27', '10.0.0.192/28']) await post('/api/ipam/prefixes/', { prefix, vrf: ids.vrf });
    // Another VRF's prefix does not take space from the parent.
    await post('/api/ipam/prefixes/', { prefix: '10.0.0.128/25' });
    ids.v6 = (await post('/api/ipam/prefixes/', { prefix: '2001:db8::/32' })).id;
    ids.container = (await post('/api/ipam/prefixes/', { prefix: '172.16.0.0/22', status: 'container' })).id;
    await post('/api/ipam/prefixes/', { prefix: '172.16.0.0/24', vrf: ids.vrf });
    ids.small = (await post('/api/ipam/prefixes/', { prefix: '192.168.0.0/29' })).id;
    // Covered runs starting at .64 and .192: in address order, not as text (where .192 comes first).
    ids.runs = (await post('/api/ipam/prefixes/', { prefix: '10.9.0.0/24' })).id;
    await post('/api/ipam/prefixes/', [{ prefix: '10.9.0.64/26' }, { prefix: '10.9.0.192/26' }]);
  }, 60_000);
  afterAll(async () => api?.close());

  it('lists the free blocks around nested, adjacent and other-VRF children; a global container counts every VRF', async () => {
    expect(await available(ids.parent)).toEqual(['10.0.0.96/27', '10.0.0.128/26', '10.0.0.208/28', '10.0.0.224/27']);
    expect(await available(ids.v6)).toEqual(['2001:db8::/32']);
    expect(await available(ids.runs)).toEqual(['10.9.0.0/26', '10.9.0.128/26']);
    expect(await available(ids.container)).toEqual(['172.16.1.0/24', '172.16.2.0/23']);
    const [first] = (await api.request('GET', `/api/ipam/prefixes/${ids.parent}/available-prefixes/`)).body;
    expect(first).toEqual({ family: 4, prefix: '10.0.0.96/27', vrf: expect.objectContaining({ id: ids.vrf, name: 'Red' }) });
  });

  it('creates one prefix with the parent’s VRF and the item’s fields, and a list in order', async () => {
    const one = await api.request('POST', `/api/ipam/prefixes/${ids.parent}/available-prefixes/`, { prefix_length: 28, status: 'reserved', is_pool: true, description: 'pool' });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ prefix: '10.0.0.96/28', vrf: { id: ids.vrf }, status: { value: 'reserved' }, is_pool: true, mark_utilized: false, description: 'pool', _depth: 1 });
    const many = await api.request('POST', `/api/ipam/prefixes/${ids.parent}/available-prefixes/`, [{ prefix_length: 26 }, { prefix_length: 28, mark_utilized: true }, { prefix_length: 30 }]);
    expect(many.status).toBe(201);
    expect(many.body.map((p: any) => p.prefix)).toEqual(['10.0.0.128/26', '10.0.0.112/28', '10.0.0.208/30']);
    expect(many.body[1].mark_utilized).toBe(true);
    const v6 = await api.request('POST', `/api/ipam/prefixes/${ids.v6}/available-prefixes/`, { prefix_length: 48 });
    expect(v6.body).toMatchObject({ family: { value: 6 }, prefix: '2001:db8::/48', vrf: null });
  });

  it('refuses bad lengths per item before allocating, with PrefixLengthSerializer’s messages', async () => {
    const refused = await api.request('POST', `/api/ipam/prefixes/${ids.small}/available-prefixes/`, [{ prefix_length: 30 }, {}, { prefix_length: '30' }, { prefix_length: 33 }]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual([
      {},
      { prefix_length: ['this field can not be missing'] },
      { prefix_length: ['this field must be int type'] },
      { prefix_length: ['Invalid prefix length (33) for IPv4'] },
    ]);
    const v6 = await api.request('POST', `/api/ipam/prefixes/${ids.v6}/available-prefixes/`, { prefix_length: 129 });
    expect(v6.body).toEqual([{ prefix_length: ['Invalid prefix length (129) for IPv6'] }]);
    const invalid = await api.request('POST', `/api/ipam/prefixes/${ids.small}/available-prefixes/`, { prefix_length: 30, status: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ status: ['nope is not a valid choice.'] });
    expect(await within('192.168.0.0/29')).toEqual([]);
  });

  it('answers 409 when the space cannot hold every length, creating none (all or nothing)', async () => {
    const wider = await api.request('POST', `/api/ipam/prefixes/${ids.small}/available-prefixes/`, { prefix_length: 28 });
    expect(wider.status).toBe(409);
    expect(wider.body).toEqual({ detail: 'Insufficient resources are available to satisfy the request' });
    const tooMany = await api.request('POST', `/api/ipam/prefixes/${ids.small}/available-prefixes/`, [{ prefix_length: 30 }, { prefix_length: 30 }, { prefix_length: 30 }]);
    expect(tooMany.status).toBe(409);
    expect(await within('192.168.0.0/29')).toEqual([]);
    const missing = await api.request('POST', '/api/ipam/prefixes/999999/available-prefixes/', { prefix_length: 30 });
    expect(missing.status).toBe(404);
  });

  it('hands out each prefix once to parallel requests', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => api.request('POST', `/api/ipam/prefixes/${ids.small}/available-prefixes/`, { prefix_length: 30 })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409]);
    expect(answers.filter((a) => a.status === 201).map((a) => a.body.prefix).sort()).toEqual(['192.168.0.0/30', '192.168.0.4/30']);
    expect(await available(ids.small)).toEqual([]);
  });
});
