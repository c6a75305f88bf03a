/**
 * @module
 * IPAM at scale, on real PostgreSQL: 100,000 prefixes (the children of an IPv6 /32, a /56 each, a
 * gap every thousand) and 500,000 IP addresses (50,000 in an IPv4 /16, a gap every hundred, the
 * rest in 100.64.0.0/10), seeded by set-based SQL. Measured: a bulk create of 1,000 prefixes; a
 * page of 50 prefixes and of IP addresses, unfiltered and within a parent, against a hand-written
 * Hono + postgres.js handler answering the same JSON for the prefixes (bench/ipamBaseline.ts;
 * the two take turns request by request); the first page of available IPs in the /16 and of
 * available prefixes in the /32; 20 parallel allocations of addresses from one /24, checked
 * distinct; and the bulk creates and deletes that keep the stored hierarchy, on a nearly empty
 * table and inside the /32. Medians of sequential requests after a warm-up.
 */
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { prefixBaseline } from './ipamBaseline.ts';
import { capturingDatabase } from './capturingDatabase.ts';
import { scratchDatabase } from './scratchDatabase.ts';
import { listen, median } from './timing.ts';

export interface IpamFigures {
  prefixes: number;
  addresses: number;
  bulkCreateMs: number[];
  /** The same bulk create on a table of 3 prefixes, and the bulk delete of those 1,000 (medians of 3, after 3 to warm up). */
  bulkCreateFewMs: number;
  bulkDeleteFewMs: number;
  /** 1,000 /56s created in the /32 that holds 100,000: its count and free space kept, not recomputed. */
  bulkCreateInsideMs: number;
  pages: { label: string; ms: number; baselineMs?: number }[];
  availableIpsMs: number;
  availablePrefixesMs: number;
  /** The first read, which computes the free space from the children and stores it. */
  availablePrefixesFirstMs: number;
  availablePrefixesCount: number;
  parallel: { requests: number; distinct: number; ms: number };
}

const TOKEN = '0123456789abcdef0123456789abcdef0123456b';
const ROUNDS = 30;

/**
 * 100,000 /56s in 2001:db8::/32 and 500,000 addresses, in four statements. The /56s are written as
 * the prefix rules would leave them (depth 1 under the /32, no children, the global table's order);
 * the /32 gets its child count, and its free space is left unknown (null), as after a migration:
 * the first read of its available prefixes computes and stores it.
 */
async function seed(query: (sql: string) => Promise<unknown>): Promise<void> {
  const common = `'active', false, false, '', '', '{}'::jsonb, now(), now()`;
  await query(
    `INSERT INTO ipam_prefix (prefix, status, is_pool, mark_utilized, description, comments, custom_field_data, created, last_updated, _depth, _children, _vrf_order) ` +
      `SELECT format('2001:db8:%s:%s::/56', to_hex(k >> 8), to_hex((k & 255) << 8))::cidr, ${common}, 1, 0, 0 FROM (SELECT i + i / 1000 AS k FROM generate_series(0, 99999) i) s`,
  );
  await query(`UPDATE ipam_prefix SET _children = _children + 100000, _free = NULL WHERE prefix = '2001:db8::/32'`);
  const address = `status, dns_name, description, comments, custom_field_data, created, last_updated`;
  await query(
    `INSERT INTO ipam_ip_address (address, ${address}) SELECT set_masklen('10.1.0.0'::inet + (1 + j + j / 100), 16), 'active', '', '', '', '{}'::jsonb, now(), now() FROM generate_series(0, 49999) j`,
  );
  await query(
    `INSERT INTO ipam_ip_address (address, ${address}) SELECT set_masklen('100.64.0.0'::inet + (1 + j), 10), 'active', '', '', '', '{}'::jsonb, now(), now() FROM generate_series(0, 449999) j`,
  );
}

/** The k-th /56 of 2001:db8::/32. */
const slash56 = (k: number) => `2001:db8:${(k >> 8).toString(16)}:${((k & 255) << 8).toString(16)}::/56`;

export async function measureIpam(adminUrl: string): Promise<IpamFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_ipam_${process.pid}`);
  const sql = postgres(scratch.url, { max: 4, onnotice: () => {} });
  try {
    // BENCH_IPAM_PROFILE=1 prints the slowest statements of each measured phase to stderr.
    const capture = capturingDatabase(scratch.db);
    const profile = async (phase: string) => {
      if (process.env.BENCH_IPAM_PROFILE !== '1') return;
      const slow = [...capture.statements].sort((a, b) => b.endedMs - b.startedMs - (a.endedMs - a.startedMs)).slice(0, 4);
      for (const s of slow) process.stderr.write(`${phase}: ${(s.endedMs - s.startedMs).toFixed(1)} ms ${s.text.replace(/\s+/g, ' ').slice(0, 400)}\n`);
      capture.statements.length = 0;
      // Replayed in a transaction rolled back: a statement that writes (a WITH … UPDATE too) must not write twice.
      if (slow[0] && /^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i.test(slow[0].text)) {
        const rolledBack = new Error('rolled back');
        await sql
          .begin(async (tx) => {
            const plan = await tx.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${slow[0].text}`, slow[0].params as never[]);
            process.stderr.write(`PLAN ${phase}\n` + plan.map((r: any) => r['QUERY PLAN']).join('\n') + '\n');
            throw rolledBack;
          })
          .catch((error) => {
            if (error !== rolledBack) throw error;
          });
      }
    };
    const { app } = await startInventoryServer(capture.db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN });
    const server = await listen(app);
    const baseline = await listen(prefixBaseline(sql));
    try {
      const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
      const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any; ms: number }> => {
        const start = performance.now();
        const response = await fetch(`${server.url}/api/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : null, ms: performance.now() - start };
      };
      const post = async (path: string, body: unknown) => {
        const r = await call('POST', path, body);
        if (r.status !== 201) throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        return r;
      };
      const v6 = (await post('ipam/prefixes/', { prefix: '2001:db8::/32', status: 'container' })).body;
      const slash16 = (await post('ipam/prefixes/', { prefix: '10.1.0.0/16' })).body;
      const slash24 = (await post('ipam/prefixes/', { prefix: '10.2.0.0/24' })).body;
      // What a bulk create (and a bulk delete) costs on a nearly empty table, to compare with the
      // same at 100,000: three rounds after three of warming up (a fresh server's first bulk
      // requests take twice as long, whatever the table), the medians.
      // Each round in a /8 of its own: the rows a round deletes stay in the indexes until vacuumed,
      // and the next round's look-ups would walk them.
      const few = (round: number) => Array.from({ length: 1000 }, (_, i) => ({ prefix: `${12 + round}.${i >> 8}.${i & 255}.0/24`, description: 'bench' }));
      const [fewCreates, fewDeletes]: number[][] = [[], []];
      for (let round = 0; round < 6; round++) {
        const created = await post('ipam/prefixes/', few(round));
        const deleting = await call('DELETE', 'ipam/prefixes/', created.body.map((p: { id: number }) => ({ id: p.id })));
        if (deleting.status !== 204) throw new Error(`bulk delete: ${deleting.status}`);
        // As autovacuum leaves a table at rest (the table of 100,000 is measured so too).
        if (round === 2) await sql.unsafe('VACUUM ANALYZE ipam_prefix');
        if (round < 3) continue;
        fewCreates.push(created.ms);
        fewDeletes.push(deleting.ms);
      }
      const [bulkCreateFewMs, bulkDeleteFewMs] = [median(fewCreates), median(fewDeletes)];
      await profile('bulk create and delete, 3 prefixes already');
      await seed((text) => sql.unsafe(text));
      // As autovacuum leaves a table at rest: visibility known, so index-only scans can serve ranges.
      await sql.unsafe('VACUUM ANALYZE');
      const [{ prefixes }] = await sql<{ prefixes: number }[]>`SELECT count(*)::int AS prefixes FROM ipam_prefix`;
      const [{ addresses }] = await sql<{ addresses: number }[]>`SELECT count(*)::int AS addresses FROM ipam_ip_address`;

      const bulkCreateMs: number[] = [];
      for (let batch = 0; batch < 3; batch++) {
        const items = Array.from({ length: 1000 }, (_, i) => ({ prefix: `11.${batch * 4 + (i >> 8)}.${i & 255}.0/24`, description: 'bench' }));
        bulkCreateMs.push((await post('ipam/prefixes/', items)).ms);
        await profile('bulk create');
      }

      const timed = async (url: string, check: (body: any) => void): Promise<number> => {
        const times: number[] = [];
        for (let i = 0; i < ROUNDS + 5; i++) {
          const start = performance.now();
          const response = await fetch(url, { headers });
          const body = await response.json();
          const elapsed = performance.now() - start;
          if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
          check(body);
          if (i >= 5) times.push(elapsed);
        }
        return median(times);
      };
      /** Median times of GETs of two URLs taking turns (after a warm-up of each). */
      const timedPair = async (urls: [string, string], check: (body: any) => void): Promise<[number, number]> => {
        const times: [number[], number[]] = [[], []];
        for (let i = 0; i < ROUNDS + 5; i++) {
          for (const [n, url] of urls.entries()) {
            const start = performance.now();
            const response = await fetch(url, { headers });
            const body = await response.json();
            const elapsed = performance.now() - start;
            if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
            check(body);
            if (i >= 5) times[n].push(elapsed);
          }
        }
        return [median(times[0]), median(times[1])];
      };
      const page = (count: number) => (body: any) => {
        if (body.results.length !== 50 || body.count !== count) throw new Error(`a page of ${body.results.length} of ${body.count}, not 50 of ${count}`);
      };
      /** The generated server and the baseline answer the same JSON, then are timed. */
      const compared = async (label: string, path: string, count: number) => {
        const [ours, theirs] = await Promise.all([fetch(`${server.url}/api/${path}`, { headers }), fetch(`${baseline.url}/api/${path}`, { headers })]);
        const [a, b] = [await ours.json(), await theirs.json()];
        // The two servers listen on different ports: the origin in URLs is the one difference allowed.
        const differs = (a as any).results.findIndex((row: unknown, i: number) => JSON.stringify(row) !== JSON.stringify((b as any).results[i]).replaceAll(baseline.url, server.url));
        if (differs >= 0 || (a as any).count !== (b as any).count) throw new Error(`${path}: the baseline differs at row ${differs}:\n${JSON.stringify((a as any).results[differs])}\n${JSON.stringify((b as any).results[differs])}`);
        // Alternating requests, so that both servers see the same load on a busy machine.
        const [generated, handWritten] = await timedPair([`${server.url}/api/${path}`, `${baseline.url}/api/${path}`], page(count));
        return { label, ms: generated, baselineMs: handWritten };
      };
      const pages = [
        await compared(`GET prefixes?limit=50 (${prefixes + 3000} prefixes)`, 'ipam/prefixes/?limit=50', prefixes + 3000),
        await compared('GET prefixes?within=2001:db8::/32&limit=50 (100,000 match)', 'ipam/prefixes/?within=2001:db8::/32&limit=50', 100_000),
        { label: `GET ip-addresses?limit=50 (${addresses} addresses)`, ms: await timed(`${server.url}/api/ipam/ip-addresses/?limit=50`, page(addresses)) },
        { label: 'GET ip-addresses?parent=10.1.0.0/16&limit=50 (50,000 match)', ms: await timed(`${server.url}/api/ipam/ip-addresses/?parent=10.1.0.0/16&limit=50`, page(50_000)) },
      ];

      const availableIpsMs = await timed(`${server.url}/api/ipam/prefixes/${slash16.id}/available-ips/`, (body) => {
        if (body.length !== 50 || body[0].address !== '10.1.0.101/16') throw new Error(`available-ips: ${JSON.stringify(body.slice(0, 2))}`);
      });
      let availablePrefixesCount = 0;
      const first = await call('GET', `ipam/prefixes/${v6.id}/available-prefixes/`);
      if (first.status !== 200 || first.body[0].prefix !== '2001:db8:3:e800::/56') throw new Error(`available-prefixes: ${JSON.stringify(first.body).slice(0, 300)}`);
      const availablePrefixesFirstMs = first.ms;
      const availablePrefixesMs = await timed(`${server.url}/api/ipam/prefixes/${v6.id}/available-prefixes/`, (body) => {
        if (body[0].prefix !== '2001:db8:3:e800::/56') throw new Error(`available-prefixes: ${JSON.stringify(body.slice(0, 2))}`);
        availablePrefixesCount = body.length;
      });

      await profile('reads');
      await post(`ipam/prefixes/${slash24.id}/available-ips/`, {});
      await profile('one allocation');
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', `ipam/prefixes/${slash24.id}/available-ips/`, { description: 'parallel' })));
      const parallelMs = performance.now() - started;
      if (answers.some((a) => a.status !== 201)) throw new Error(`parallel allocations: ${answers.map((a) => a.status).join(',')}`);
      const distinct = new Set(answers.map((a) => a.body.address)).size;

      // 1,000 more children of the /32, in its free space: it is their container.
      const inside = Array.from({ length: 1000 }, (_, i) => ({ prefix: slash56(200_000 + i), description: 'bench' }));
      const bulkCreateInsideMs = (await post('ipam/prefixes/', inside)).ms;
      await profile('bulk create inside the /32');
      const container = (await call('GET', `ipam/prefixes/${v6.id}/`)).body;
      if (container.children !== 101_000) throw new Error(`the /32 counts ${container.children} children, not 101,000`);
      return {
        prefixes,
        addresses,
        bulkCreateMs,
        bulkCreateFewMs,
        bulkDeleteFewMs,
        bulkCreateInsideMs,
        pages,
        availableIpsMs,
        availablePrefixesMs,
        availablePrefixesFirstMs,
        availablePrefixesCount,
        parallel: { requests: answers.length, distinct, ms: parallelMs },
      };
    } finally {
      server.close();
      baseline.close();
    }
  } finally {
    await sql.end();
    await scratch.drop();
  }
}
