/**
 * End-to-end tests of ASN ranges and their available-asns operations, on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL: shape, display and ASN count, `start`'s lookup filters; GET lists the first free ASNs
 * around the ones taken (a 32-bit range is never listed); POST creates one (an object) or several
 * (a list), 409 when the range has too few, 400 per item for a bad field with nothing written;
 * parallel POSTs never hand out one ASN twice, on one range or on two overlapping ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('ipam ASN ranges on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const asnCount = async () => (await api.request('GET', '/api/ipam/asns/?limit=1')).body.count;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.rir = (await post('/api/ipam/rirs/', { name: 'ARIN', slug: 'arin' })).id;
    ids.tenant = (await post('/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' })).id;
  }, 60_000);
  afterAll(async () => api?.close());

  it('creates a range with NetBox’s fields, display and ASN count', async () => {
    const range = await post('/api/ipam/asn-ranges/', { name: 'Private', slug: 'private', rir: ids.rir, start: 64512, end: 64520, tenant: ids.tenant });
    ids.range = range.id;
    expect(Object.keys(range)).toEqual([
      'id', 'url', 'display_url', 'display', 'name', 'slug', 'rir', 'start', 'end', 'tenant', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'asn_count',
    ]);
    expect(range).toMatchObject({ display: 'Private (64512-64520)', asn_count: 0, rir: { id: ids.rir, slug: 'arin' } });
    await post('/api/ipam/asns/', { asn: 64512, rir: ids.rir });
    await post('/api/ipam/asns/', { asn: 64514, rir: ids.rir });
    expect((await api.request('GET', `/api/ipam/asn-ranges/${ids.range}/`)).body.asn_count).toBe(2);
    expect((await api.request('GET', '/api/ipam/asn-ranges/?end__gte=64520&rir=arin')).body.count).toBe(1);
    expect((await api.request('GET', '/api/ipam/asn-ranges/?q=priv')).body.count).toBe(1);
    // `start`'s lookups filter; bare `start` stays the paging parameter (an offset: no range left).
    expect((await api.request('GET', '/api/ipam/asn-ranges/?start__gte=64512')).body.count).toBe(1);
    expect((await api.request('GET', '/api/ipam/asn-ranges/?start__gt=64512')).body.count).toBe(0);
    expect((await api.request('GET', '/api/ipam/asn-ranges/?start__n=1&start__lte=64512')).body.count).toBe(1);
    expect((await api.request('GET', '/api/ipam/asn-ranges/?start__empty=true')).body.count).toBe(0);
  });

  it('lists the free ASNs of a range, the range’s RIR with each', async () => {
    const free = await api.request('GET', `/api/ipam/asn-ranges/${ids.range}/available-asns/?limit=3`);
    expect(free.status).toBe(200);
    expect(free.body.map((a: any) => a.asn)).toEqual([64513, 64515, 64516]);
    expect(free.body[0]).toEqual({ rir: expect.objectContaining({ id: ids.rir, name: 'ARIN', slug: 'arin' }), asn: 64513 });
    // A 32-bit range of four billion numbers: the first free ones, without listing the range.
    const wide = await post('/api/ipam/asn-ranges/', { name: 'Wide', slug: 'wide', rir: ids.rir, start: 1, end: 4294967295 });
    expect((await api.request('GET', `/api/ipam/asn-ranges/${wide.id}/available-asns/?limit=2`)).body.map((a: any) => a.asn)).toEqual([1, 2]);
    expect((await api.request('GET', '/api/ipam/asn-ranges/999999/available-asns/')).status).toBe(404);
    await api.request('DELETE', `/api/ipam/asn-ranges/${wide.id}/`);
  });

  it('creates the next free ASN for an object, and as many as a list asks', async () => {
    const one = await api.request('POST', `/api/ipam/asn-ranges/${ids.range}/available-asns/`, { description: 'first', tenant: ids.tenant });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ asn: 64513, description: 'first', rir: { id: ids.rir }, tenant: { id: ids.tenant } });
    const many = await api.request('POST', `/api/ipam/asn-ranges/${ids.range}/available-asns/`, [{}, { description: 'b' }]);
    expect(many.status).toBe(201);
    expect(many.body.map((a: any) => a.asn)).toEqual([64515, 64516]);
    // An empty list creates nothing, as NetBox's serializer of no items does.
    const none = await api.request('POST', `/api/ipam/asn-ranges/${ids.range}/available-asns/`, []);
    expect([none.status, none.body]).toEqual([201, []]);
  });

  it('answers 409 when the range has too few free ASNs, and 400 for a bad item, writing nothing', async () => {
    const before = await asnCount();
    const tooMany = await api.request('POST', `/api/ipam/asn-ranges/${ids.range}/available-asns/`, [{}, {}, {}, {}, {}]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({ detail: 'Insufficient resources are available to satisfy the request' });
    const bad = await api.request('POST', `/api/ipam/asn-ranges/${ids.range}/available-asns/`, [{}, { description: 'x'.repeat(201) }]);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{}, { description: ['Ensure this field has no more than 200 characters.'] }]);
    const notObject = await api.request('POST', `/api/ipam/asn-ranges/${ids.range}/available-asns/`, [{}, 'x']);
    expect([notObject.status, notObject.body]).toEqual([400, [{}, { non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] }]]);
    expect(await asnCount()).toBe(before);
  });

  it('hands out each ASN once, even to parallel requests', async () => {
    const range = await post('/api/ipam/asn-ranges/', { name: 'Small', slug: 'small', rir: ids.rir, start: 65000, end: 65005 });
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => api.request('POST', `/api/ipam/asn-ranges/${range.id}/available-asns/`, {})));
    const created = answers.filter((a) => a.status === 201).map((a) => a.body.asn);
    expect(created.sort()).toEqual([65000, 65001, 65002, 65003, 65004, 65005]);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2);
  });

  it('hands out each ASN once to parallel requests on two overlapping ranges of one RIR', async () => {
    // NetBox takes one lock for every range (ADVISORY_LOCK_KEYS['available-asns']): ASNs are unique
    // whatever their range, so a lock per range would let two ranges choose the same free number.
    const first = await post('/api/ipam/asn-ranges/', { name: 'Overlap A', slug: 'overlap-a', rir: ids.rir, start: 65100, end: 65115 });
    const second = await post('/api/ipam/asn-ranges/', { name: 'Overlap B', slug: 'overlap-b', rir: ids.rir, start: 65100, end: 65119 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.request('POST', `/api/ipam/asn-ranges/${(i % 2 ? second : first).id}/available-asns/`, {})),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    expect(answers.map((a) => a.body.asn).sort()).toEqual(Array.from({ length: 12 }, (_, i) => 65100 + i));
  });

  it('refuses a range whose end is not above its start', async () => {
    const r = await api.request('POST', '/api/ipam/asn-ranges/', { name: 'Bad', slug: 'bad', rir: ids.rir, start: 65010, end: 65010 });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ __all__: ['Starting ASN (65010) must be lower than ending ASN (65010).'] });
  });
});
