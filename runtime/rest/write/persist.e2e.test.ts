/**
 * Set-based writes: a bulk create or update runs the same number of statements for 5 objects as
 * for 50 (rows, links and tags a few statements per table, not per object), its response is
 * rendered by one SELECT for all ids, and a unique violation in a bulk create is reported in the
 * slot of the object that caused it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingDatabase, type CountingDatabase } from '../../testing/countingDatabase.ts';
import { testDatabases } from '../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../testing/inventoryApp.ts';

/** Booting an app on a fresh database takes seconds, more on a loaded machine. */
const BOOT_TIMEOUT = 60_000;

describe.each(testDatabases())('set-based writes on $name', (database) => {
  let api: TestClient;
  let counting: CountingDatabase;
  let tags: number[];
  let asns: number[];
  let batch = 0;

  const sites = (n: number) => {
    const b = ++batch;
    return Array.from({ length: n }, (_, i) => ({ name: `b${b}-${i}`, slug: `b${b}-${i}`, tags: tags, asns: asns, description: `site ${i}` }));
  };

  /** Sends a request and returns its answer with the statements it ran. */
  async function measured(method: string, path: string, body: unknown) {
    counting.reset();
    const response = await api.request(method, path, body);
    return { response, statements: [...counting.statements] };
  }

  beforeAll(async () => {
    const opened = await database.open();
    counting = countingDatabase(opened.db);
    api = await bootTestApp({ db: counting.db, drop: opened.drop });
    const post = async (path: string, body: unknown) => (await api.request('POST', path, body)).body;
    tags = [(await post('/api/extras/tags/', { name: 'A', slug: 'a' })).id, (await post('/api/extras/tags/', { name: 'B', slug: 'b' })).id];
    const rir = await post('/api/ipam/rirs/', { name: 'RIR', slug: 'rir' });
    asns = [(await post('/api/ipam/asns/', { asn: 65001, rir: rir.id })).id, (await post('/api/ipam/asns/', { asn: 65002, rir: rir.id })).id];
    // Warm-up: the first write of a resource prepares what later ones reuse.
    expect((await api.request('POST', '/api/dcim/sites/', sites(2))).status).toBe(201);
  }, BOOT_TIMEOUT);
  afterAll(async () => api?.close());

  it('creates 50 sites with tags and ASNs in as many statements as 5', async () => {
    const five = await measured('POST', '/api/dcim/sites/', sites(5));
    const fifty = await measured('POST', '/api/dcim/sites/', sites(50));
    expect(five.response.status).toBe(201);
    expect(fifty.response.status).toBe(201);
    expect(fifty.response.body).toHaveLength(50);
    expect(fifty.statements.length).toBe(five.statements.length);
    // Authentication, reference and unique checks, the insert, links, tags and the render: 13 today.
    expect(fifty.statements.length).toBeLessThan(20);
    for (const body of fifty.response.body) {
      expect(body.tags.map((t: any) => t.id).sort()).toEqual([...tags].sort());
      expect(body.asns.map((a: any) => a.id).sort()).toEqual([...asns].sort());
    }
    const links = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dcim_site_asns WHERE site_id = ANY($1::int[])', [fifty.response.body.map((s: any) => s.id)]);
    expect(links[0].n).toBe(100);
  });

  it('renders a bulk create with one SELECT for all its ids', async () => {
    const { response, statements } = await measured('POST', '/api/dcim/sites/', sites(20));
    const ids = response.body.map((s: any) => s.id);
    const renders = statements.filter((sql) => /^WITH "__rows" AS MATERIALIZED \(SELECT \* FROM "dcim_site" WHERE id = ANY\(\$1::int\[\]\)\) SELECT .* FROM "__rows" t/s.test(sql));
    expect(renders).toHaveLength(1);
    // In the order written, each with its own values.
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    expect(response.body.map((s: any) => s.description)).toEqual(Array.from({ length: 20 }, (_, i) => `site ${i}`));
  });

  it('updates 50 sites (values, tags and ASNs) in as many statements as 5', async () => {
    const created = (await api.request('POST', '/api/dcim/sites/', sites(50))).body as { id: number }[];
    const patch = (list: { id: number }[]) => list.map((s, i) => ({ id: s.id, description: `changed ${i}`, tags: [tags[0]], asns: [asns[1]] }));
    const five = await measured('PATCH', '/api/dcim/sites/', patch(created.slice(0, 5)));
    const fifty = await measured('PATCH', '/api/dcim/sites/', patch(created));
    expect(five.response.status).toBe(200);
    expect(fifty.response.status).toBe(200);
    expect(fifty.statements.length).toBe(five.statements.length);
    expect(fifty.response.body.map((s: any) => s.description)).toEqual(created.map((_, i) => `changed ${i}`));
    for (const body of fifty.response.body) {
      expect(body.tags.map((t: any) => t.id)).toEqual([tags[0]]);
      expect(body.asns.map((a: any) => a.id)).toEqual([asns[1]]);
    }
    const renders = fifty.statements.filter((sql) => /^WITH "__rows" AS MATERIALIZED \(SELECT \* FROM "dcim_site" WHERE id = ANY\(\$1::int\[\]\)\) SELECT .* FROM "__rows" t/s.test(sql));
    expect(renders).toHaveLength(1);
  });

  it('reports a unique violation in the slot of the object that caused it, and writes none', async () => {
    const existing = (await api.request('POST', '/api/dcim/sites/', { name: 'Taken', slug: 'taken' })).body;
    const before = (await api.request('GET', '/api/dcim/sites/?limit=1')).body.count;
    const response = await api.request('POST', '/api/dcim/sites/', [
      { name: 'Fresh 1', slug: 'fresh-1' },
      { name: existing.name, slug: 'fresh-2' },
      { name: 'Fresh 3', slug: 'fresh-3' },
      { name: 'Fresh 4', slug: existing.slug },
    ]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual([{}, { name: ['site with this name already exists.'] }, {}, { slug: ['site with this slug already exists.'] }]);
    expect((await api.request('GET', '/api/dcim/sites/?limit=1')).body.count).toBe(before);
  });

  it('reports a violation the database finds after the checks (a concurrent write) in its slot, and writes none', async () => {
    const columns = (await api.db.query<{ c: string }>(`SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'dcim_site' AND column_name NOT IN ('id', 'name', 'slug')`)).map((r) => `"${r.c}"`);
    const template = (await api.request('POST', '/api/dcim/sites/', { name: 'Template', slug: 'template' })).body;
    const before = (await api.request('GET', '/api/dcim/sites/?limit=1')).body.count;
    // Just before the batch is written, "another request" takes the second object's name.
    counting.before = async (text, on) => {
      if (text !== 'SAVEPOINT batch') return;
      counting.before = null;
      await on.query(`INSERT INTO dcim_site (name, slug, ${columns.join(', ')}) SELECT 'Raced', 'raced-elsewhere', ${columns.join(', ')} FROM dcim_site WHERE id = $1`, [template.id]);
    };
    try {
      const response = await api.request('POST', '/api/dcim/sites/', [
        { name: 'Calm 1', slug: 'calm-1' },
        { name: 'Raced', slug: 'raced' },
        { name: 'Calm 3', slug: 'calm-3' },
      ]);
      expect(counting.before).toBeNull();
      expect(response.status).toBe(400);
      expect(response.body).toEqual([{}, { name: ['site with this name already exists.'] }, {}]);
    } finally {
      counting.before = null;
    }
    expect((await api.request('GET', '/api/dcim/sites/?limit=1')).body.count).toBe(before);
  });

  it('reports two objects of one batch that collide, in the later one\'s slot', async () => {
    const response = await api.request('POST', '/api/dcim/sites/', [
      { name: 'Twin', slug: 'twin-1' },
      { name: 'Other', slug: 'other-1' },
      { name: 'Twin', slug: 'twin-2' },
    ]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual([{}, {}, { name: ['site with this name already exists.'] }]);
  });
});
