/**
 * Parallel writers, as a busy automation platform sends them: conditional writes with one ETag
 * have exactly one winner, overlapping bulk updates serialise (no deadlock reaches the client),
 * a PATCH racing a DELETE is 200 or 404, and one unique slug is created once. On PostgreSQL with
 * the server's pool of 10 connections these requests really run in parallel; on PGlite (one
 * connection) they queue, and the same answers must hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';

const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

/** A random permutation (Fisher–Yates), with a seeded generator so a failure can be replayed. */
function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Whether "r before w" constraints (each site's last writer came after every other writer of it) admit a serial order. */
function hasSerialOrder(writers: Map<number, number[]>, finalWriter: Map<number, number>): boolean {
  const after = new Map<number, Set<number>>();
  for (const [site, requests] of writers) {
    const last = finalWriter.get(site)!;
    for (const r of requests) if (r !== last) (after.get(r) ?? after.set(r, new Set()).get(r)!).add(last);
  }
  const state = new Map<number, 'visiting' | 'done'>();
  const cyclic = (node: number): boolean => {
    if (state.get(node) === 'done') return false;
    if (state.get(node) === 'visiting') return true;
    state.set(node, 'visiting');
    for (const next of after.get(node) ?? []) if (cyclic(next)) return true;
    state.set(node, 'done');
    return false;
  };
  return ![...after.keys()].some(cyclic);
}

describe.each(testDatabases({ poolSize: 10 }))('parallel writers on $name', (database) => {
  let api: TestClient;
  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  });
  afterAll(async () => api?.close());

  it('lets exactly one of 20 PATCHes with the same If-Match win', async () => {
    const site = await api.request('POST', '/api/dcim/sites/', { name: 'Etag', slug: 'etag' });
    const etag = site.headers.get('ETag')!;
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => api.request('PATCH', `/api/dcim/sites/${site.body.id}/`, { description: `writer ${i}` }, { 'If-Match': etag })));
    expect(statuses(responses)).toEqual([200, ...Array(19).fill(412)]);
    const winner = responses.find((r) => r.status === 200)!;
    for (const loser of responses.filter((r) => r.status === 412)) expect(loser.headers.get('ETag')).toBe(winner.headers.get('ETag'));
    expect((await api.request('GET', `/api/dcim/sites/${site.body.id}/`)).body.description).toBe(winner.body.description);
  });

  it('lets exactly one of 10 PATCHes and a DELETE with the same If-Match win', async () => {
    for (let round = 0; round < 3; round++) {
      const site = await api.request('POST', '/api/dcim/sites/', { name: `Race ${round}`, slug: `race-${round}` });
      const etag = site.headers.get('ETag')!;
      const requests = [
        ...Array.from({ length: 10 }, (_, i) => () => api.request('PATCH', `/api/dcim/sites/${site.body.id}/`, { description: `w${i}` }, { 'If-Match': etag })),
        () => api.request('DELETE', `/api/dcim/sites/${site.body.id}/`, undefined, { 'If-Match': etag }),
      ];
      const responses = await Promise.all(shuffled(requests, seeded(round)).map((send) => send()));
      const winners = responses.filter((r) => r.status === 200 || r.status === 204);
      expect(winners, `round ${round}`).toHaveLength(1);
      for (const r of responses) expect([200, 204, 404, 412], `round ${round}`).toContain(r.status);
    }
  });

  it('serialises overlapping bulk updates sent in random orders: no 5xx, and the result of some serial order', async () => {
    const sites: number[] = (await api.request('POST', '/api/dcim/sites/', Array.from({ length: 12 }, (_, i) => ({ name: `Bulk ${i}`, slug: `bulk-${i}` })))).body.map((s: any) => s.id as number);
    const random = seeded(42);
    const writers = new Map<number, number[]>();
    const bodies = Array.from({ length: 20 }, (_, request) => {
      const chosen = shuffled(sites, random).slice(0, 6);
      for (const id of chosen) writers.set(id, [...(writers.get(id) ?? []), request]);
      return chosen.map((id) => ({ id, description: `request ${request}` }));
    });
    const responses = await Promise.all(bodies.map((body) => api.request('PATCH', '/api/dcim/sites/', body)));
    expect(responses.filter((r) => r.status >= 500)).toEqual([]);
    expect(statuses(responses).every((s) => s === 200)).toBe(true);
    const final = new Map<number, number>();
    for (const id of writers.keys()) final.set(id, Number((await api.request('GET', `/api/dcim/sites/${id}/`)).body.description.replace('request ', '')));
    expect(hasSerialOrder(writers, final)).toBe(true);
  });

  it('re-parents regions in parallel without 5xx, leaving a consistent tree', async () => {
    // A chain of 8 regions: moving any node rewrites the paths of everything below it.
    const regions: number[] = [];
    for (let i = 0; i < 8; i++) regions.push((await api.request('POST', '/api/dcim/regions/', { name: `Node ${i}`, slug: `node-${i}`, parent: regions[i - 1] ?? null })).body.id);
    const random = seeded(7);
    for (let round = 0; round < 3; round++) {
      const moves = Array.from({ length: 20 }, () => {
        const [child, parent] = shuffled(regions, random);
        return api.request('PATCH', `/api/dcim/regions/${child}/`, { parent: random() < 0.2 ? null : parent });
      });
      const responses = await Promise.all(moves);
      expect(responses.filter((r) => r.status >= 500)).toEqual([]);
      for (const r of responses) expect([200, 400]).toContain(r.status); // 400: the move would have made a cycle
    }
    // Every stored path is the chain of parents down to the node.
    const rows = await api.db.query<{ id: number; parent_id: number | null; tree_path: number[]; tree_depth: number }>(`SELECT id, parent_id, tree_path, tree_depth FROM dcim_region WHERE id = ANY($1::int[])`, [regions]);
    const parentOf = new Map(rows.map((r) => [Number(r.id), r.parent_id === null ? null : Number(r.parent_id)]));
    for (const row of rows) {
      const chain: number[] = [];
      for (let node: number | null = Number(row.id); node !== null; node = parentOf.get(node) ?? null) {
        chain.unshift(node);
        expect(chain.length, 'a cycle').toBeLessThanOrEqual(regions.length);
      }
      expect(row.tree_path.map(Number)).toEqual(chain);
      expect(row.tree_depth).toBe(chain.length - 1);
    }
  });

  it('answers a PATCH whose object is deleted while it waits with 404, never an empty 200', async () => {
    const site = await api.request('POST', '/api/dcim/sites/', { name: 'Gone', slug: 'gone' });
    // Hold the row as a concurrent DELETE would, let the PATCH queue behind it, then delete and commit.
    let patch: Promise<{ status: number; body: any }> | undefined;
    await api.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM dcim_site WHERE id = $1 FOR UPDATE', [site.body.id]);
      patch = api.request('PATCH', `/api/dcim/sites/${site.body.id}/`, { description: 'late' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.query('DELETE FROM dcim_site WHERE id = $1', [site.body.id]);
    });
    expect(await patch).toMatchObject({ status: 404, body: { detail: 'No Site matches the given query.' } });
    for (let round = 0; round < 10; round++) {
      const other = await api.request('POST', '/api/dcim/sites/', { name: `Gone ${round}`, slug: `gone-${round}` });
      const [patched, removed] = await Promise.all([
        api.request('PATCH', `/api/dcim/sites/${other.body.id}/`, { description: 'late' }),
        api.request('DELETE', `/api/dcim/sites/${other.body.id}/`),
      ]);
      expect(removed.status).toBe(204);
      if (patched.status === 200) expect(patched.body).toMatchObject({ id: other.body.id, description: 'late' });
      else expect(patched).toMatchObject({ status: 404, body: { detail: 'No Site matches the given query.' } });
    }
  });

  it('creates one of 50 parallel sites with the same slug', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => api.request('POST', '/api/dcim/sites/', { name: `Twin ${i}`, slug: 'twin' })));
    expect(statuses(responses)).toEqual([201, ...Array(49).fill(400)]);
    for (const r of responses.filter((x) => x.status === 400)) expect(r.body).toEqual({ slug: ['site with this slug already exists.'] });
  });
});
