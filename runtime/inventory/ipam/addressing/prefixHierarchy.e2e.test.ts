/**
 * End-to-end tests of the stored prefix hierarchy: every write (create, update of the network,
 * VRF or status, delete, in bulk, by cascade and by allocation) leaves every prefix's `_depth`,
 * `children` and free space as NetBox's annotate_hierarchy and get_child_prefixes would compute
 * them from scratch; on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { formatNetwork, intervalOf, parseNetwork } from '../shared/ipSpace.ts';
import { freeBlocks } from './availablePrefixes.ts';

type Stored = { id: number; prefix: string; vrf: number | null; status: string; depth: number | null; children: number | null; free: string[] | null };

describe.each(testDatabases())('the stored prefix hierarchy on $name', (database) => {
  let api: TestClient;
  const post = async (path: string, body: unknown) => {
    const answer = await api.request('POST', path, body);
    if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const patch = async (id: number, body: unknown) => {
    const answer = await api.request('PATCH', `/api/ipam/prefixes/${id}/`, body);
    if (answer.status !== 200) throw new Error(`PATCH ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const remove = async (path: string) => expect((await api.request('DELETE', path)).status).toBe(204);
  const prefix = (body: Record<string, unknown>) => post('/api/ipam/prefixes/', body);
  const read = async (id: number) => {
    const body = (await api.request('GET', `/api/ipam/prefixes/${id}/`)).body;
    return [body._depth, body.children];
  };
  const available = async (id: number) => ((await api.request('GET', `/api/ipam/prefixes/${id}/available-prefixes/`)).body as { prefix: string }[]).map((b) => b.prefix);

  const stored = async (): Promise<Stored[]> => {
    const rows = await api.db.query<Stored & { kind: string | null }>(
      `SELECT id, prefix::text AS prefix, vrf_id AS vrf, status, _depth AS depth, _children AS children, _free::text AS free, jsonb_typeof(_free) AS kind FROM ipam_prefix ORDER BY id`,
    );
    // The free space is a JSON array (a JSON string holding one would read back alike).
    expect(rows.filter((r) => r.kind !== null && r.kind !== 'array')).toEqual([]);
    return rows.map((r) => ({ ...r, id: Number(r.id), vrf: r.vrf === null ? null : Number(r.vrf), free: r.free === null ? null : JSON.parse(r.free as unknown as string) }));
  };

  /**
   * Every prefix's stored depth and child count equal NetBox's annotate_hierarchy over the table,
   * and its free space (stored, or as available-prefixes answers) the network minus its children
   * (get_child_prefixes: its VRF's, or every VRF's for a container of the global table).
   */
  const consistent = async () => {
    const expected = await api.db.query<{ id: number; depth: number; children: number }>(
      `SELECT p.id, (SELECT count(DISTINCT a.prefix) FROM ipam_prefix a WHERE a.prefix >> p.prefix AND COALESCE(a.vrf_id, 0) = COALESCE(p.vrf_id, 0))::int AS depth, ` +
        `(SELECT count(c.prefix) FROM ipam_prefix c WHERE c.prefix << p.prefix AND COALESCE(c.vrf_id, 0) = COALESCE(p.vrf_id, 0))::int AS children FROM ipam_prefix p ORDER BY p.id`,
    );
    const rows = await stored();
    expect(rows.map((r) => [r.prefix, r.vrf, r.depth, r.children])).toEqual(rows.map((r, i) => [r.prefix, r.vrf, Number(expected[i].depth), Number(expected[i].children)]));
    for (const row of rows) {
      const network = parseNetwork(row.prefix)!;
      const [outer] = [intervalOf(network)];
      const children = rows.filter((c) => {
        const n = parseNetwork(c.prefix)!;
        const inside = n.family === network.family && n.length > network.length && outer.first <= intervalOf(n).first && intervalOf(n).last <= outer.last;
        return inside && (c.vrf === row.vrf || (row.vrf === null && row.status === 'container'));
      });
      const free = freeBlocks(network, children.map((c) => parseNetwork(c.prefix)!)).map(formatNetwork);
      if (row.free !== null) expect([row.prefix, row.free]).toEqual([row.prefix, free]);
      expect([row.prefix, await available(row.id)]).toEqual([row.prefix, free]);
    }
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  }, 60_000);
  afterAll(async () => api?.close());

  it('counts a prefix created inside others, and a container created around existing ones', async () => {
    const slash16 = await prefix({ prefix: '10.0.0.0/16', status: 'container' });
    const slash24 = await prefix({ prefix: '10.0.1.0/24' });
    expect([await read(slash16.id), await read(slash24.id)]).toEqual([[0, 1], [1, 0]]);
    expect(await available(slash16.id)).toEqual(['10.0.0.0/24', '10.0.2.0/23', '10.0.4.0/22', '10.0.8.0/21', '10.0.16.0/20', '10.0.32.0/19', '10.0.64.0/18', '10.0.128.0/17']);
    const slash8 = await prefix({ prefix: '10.0.0.0/8' });
    expect([await read(slash8.id), await read(slash16.id), await read(slash24.id)]).toEqual([[0, 2], [1, 1], [2, 0]]);
    expect(await available(slash8.id)).toEqual(['10.1.0.0/16', '10.2.0.0/15', '10.4.0.0/14', '10.8.0.0/13', '10.16.0.0/12', '10.32.0.0/11', '10.64.0.0/10', '10.128.0.0/9']);
    // Written again where it is (a PUT, its network spelt otherwise): it keeps what it holds.
    expect((await api.request('PUT', `/api/ipam/prefixes/${slash16.id}/`, { prefix: '10.0.0.1/16', status: 'container', description: 'again' })).status).toBe(200);
    expect(await read(slash16.id)).toEqual([1, 1]);
    await consistent();
  });

  it('moves a prefix to another VRF, changes its network, and changes a status to container', async () => {
    const vrf = await post('/api/ipam/vrfs/', { name: 'Blue', rd: '65000:1' });
    const top = await prefix({ prefix: '172.16.0.0/12' });
    const mid = await prefix({ prefix: '172.16.0.0/16' });
    const low = await prefix({ prefix: '172.16.5.0/24' });
    await patch(mid.id, { vrf: vrf.id });
    // The middle one left the global table: the top counts only the /24, which is one level up.
    expect([await read(top.id), await read(mid.id), await read(low.id)]).toEqual([[0, 1], [0, 0], [1, 0]]);
    expect((await available(top.id)).slice(0, 2)).toEqual(['172.16.0.0/22', '172.16.4.0/24']);
    await consistent();
    // A global container counts every VRF's prefixes as taken space.
    await patch(top.id, { status: 'container' });
    expect((await available(top.id)).slice(0, 1)).toEqual(['172.17.0.0/16']);
    await consistent();
    await patch(low.id, { prefix: '172.20.0.0/24' });
    expect([await read(top.id), await read(low.id)]).toEqual([[0, 1], [1, 0]]);
    await patch(mid.id, { vrf: null, prefix: '172.20.0.0/16' });
    expect([await read(top.id), await read(mid.id), await read(low.id)]).toEqual([[0, 2], [1, 1], [2, 0]]);
    await consistent();
  });

  it('moves a prefix around its own place: to a supernet of it, to a subnet, and below its own child', async () => {
    const top = await prefix({ prefix: '203.0.113.0/24' });
    const one = await prefix({ prefix: '203.0.113.0/26' });
    await prefix({ prefix: '203.0.113.64/26' });
    const low = await prefix({ prefix: '203.0.113.0/28' });
    await patch(top.id, { prefix: '203.0.0.0/16' });
    expect([await read(top.id), await read(one.id), await read(low.id)]).toEqual([[0, 3], [1, 1], [2, 0]]);
    await consistent();
    await patch(one.id, { prefix: '203.0.113.0/27' });
    expect([await read(one.id), await read(low.id)]).toEqual([[1, 1], [2, 0]]);
    await patch(one.id, { prefix: '203.0.113.0/29' });
    expect([await read(top.id), await read(low.id), await read(one.id)]).toEqual([[0, 3], [1, 1], [2, 0]]);
    expect(await available(low.id)).toEqual(['203.0.113.8/29']);
    await consistent();
  });

  it('deletes a prefix in the middle, one of two duplicates, and prefixes a site takes with it', async () => {
    const vrf = await post('/api/ipam/vrfs/', { name: 'Loose', rd: '65000:2', enforce_unique: false });
    const top = await prefix({ prefix: '192.168.0.0/16', vrf: vrf.id });
    const twin = await prefix({ prefix: '192.168.1.0/24', vrf: vrf.id });
    const other = await prefix({ prefix: '192.168.1.0/24', vrf: vrf.id });
    const low = await prefix({ prefix: '192.168.1.64/26', vrf: vrf.id });
    // Depth counts distinct networks: the duplicates are one level.
    expect([await read(top.id), await read(twin.id), await read(low.id)]).toEqual([[0, 3], [1, 1], [2, 0]]);
    await remove(`/api/ipam/prefixes/${twin.id}/`);
    expect([await read(top.id), await read(other.id), await read(low.id)]).toEqual([[0, 2], [1, 1], [2, 0]]);
    await consistent();
    await remove(`/api/ipam/prefixes/${other.id}/`);
    expect([await read(top.id), await read(low.id)]).toEqual([[0, 1], [1, 0]]);
    await consistent();
    const site = await post('/api/dcim/sites/', { name: 'Gone', slug: 'gone' });
    const scoped = await prefix({ prefix: '192.168.2.0/24', vrf: vrf.id, scope_type: 'dcim.site', scope_id: site.id });
    expect(await read(top.id)).toEqual([0, 2]);
    await remove(`/api/dcim/sites/${site.id}/`);
    expect((await api.request('GET', `/api/ipam/prefixes/${scoped.id}/`)).status).toBe(404);
    expect(await read(top.id)).toEqual([0, 1]);
    await consistent();
  });

  it('creates and deletes in bulk, nested among themselves and around others', async () => {
    const container = await prefix({ prefix: '100.64.0.0/10', status: 'container' });
    const made = await post('/api/ipam/prefixes/', [{ prefix: '100.64.0.0/16' }, ...Array.from({ length: 16 }, (_, i) => ({ prefix: `100.64.${i * 16}.0/20` })), { prefix: '100.64.0.0/24' }]);
    expect(made).toHaveLength(18);
    expect(await read(container.id)).toEqual([0, 18]);
    expect(await read(made[0].id)).toEqual([1, 17]);
    expect(await read(made[17].id)).toEqual([3, 0]);
    expect(await available(made[0].id)).toEqual([]);
    await consistent();
    const answer = await api.request('DELETE', '/api/ipam/prefixes/', [made[0], ...made.slice(1, 9)].map(({ id }) => ({ id })));
    expect(answer.status).toBe(204);
    expect(await read(container.id)).toEqual([0, 9]);
    expect(await read(made[17].id)).toEqual([1, 0]);
    expect(await available(container.id)).toEqual(['100.64.1.0/24', '100.64.2.0/23', '100.64.4.0/22', '100.64.8.0/21', '100.64.16.0/20', '100.64.32.0/19', '100.64.64.0/18', '100.65.0.0/16', '100.66.0.0/15', '100.68.0.0/14', '100.72.0.0/13', '100.80.0.0/12', '100.96.0.0/11']);
    await consistent();
  });

  it('counts children created by parallel requests, each once, and keeps their container\'s free space', async () => {
    const container = await prefix({ prefix: '198.18.0.0/16', status: 'container' });
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => api.request('POST', '/api/ipam/prefixes/', [{ prefix: `198.18.${i}.0/24` }, { prefix: `198.18.${i}.0/25` }])));
    expect(made.map((answer) => answer.status)).toEqual(made.map(() => 201));
    expect(await read(container.id)).toEqual([0, 24]);
    expect((await available(container.id))[0]).toEqual('198.18.12.0/22');
    await consistent();
  });

  it('allocates from the stored free space, and computes a free space not known yet on first read', async () => {
    const pool = await prefix({ prefix: '198.51.100.0/24' });
    const allocated = await post(`/api/ipam/prefixes/${pool.id}/available-prefixes/`, [{ prefix_length: 26 }, { prefix_length: 25 }]);
    expect(allocated.map((p: { prefix: string }) => p.prefix)).toEqual(['198.51.100.0/26', '198.51.100.128/25']);
    expect(await available(pool.id)).toEqual(['198.51.100.64/26']);
    expect(await read(pool.id)).toEqual([0, 2]);
    await consistent();
    // As a database migrated from before the free space was kept: writes under a prefix whose free
    // space is not known leave it so, and the first read computes and stores it.
    await api.db.query('UPDATE ipam_prefix SET _free = NULL');
    await prefix({ prefix: '198.51.100.64/27' });
    expect((await stored()).find((r) => r.id === pool.id)!.free).toBeNull();
    expect(await available(pool.id)).toEqual(['198.51.100.96/27']);
    expect((await stored()).find((r) => r.id === pool.id)!.free).toEqual(['198.51.100.96/27']);
    // An allocation from a prefix whose free space is not known computes it first.
    await api.db.query('UPDATE ipam_prefix SET _free = NULL');
    expect((await post(`/api/ipam/prefixes/${pool.id}/available-prefixes/`, { prefix_length: 28 })).prefix).toBe('198.51.100.96/28');
    expect((await stored()).find((r) => r.id === pool.id)!.free).toEqual(['198.51.100.112/28']);
    await consistent();
  });
});
