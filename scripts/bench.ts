/**
 * @module
 * `npm run bench`:
 *  (a) wall time of a full `generate` (as `npm run generate` runs it) on the repository, and on a
 *      synthetic 160-resource definition set (the scale of all of NetBox), against `node` doing
 *      nothing as the baseline;
 *  (b) GET /api/dcim/sites/?limit=50 over 1,000 sites on real PostgreSQL: requests per second of
 *      the generated server against a minimal hand-written Hono + postgres.js handler returning
 *      the same JSON, measured in the same run;
 *  (c) the SD-WAN bridge figures (scripts/benchBridge.ts).
 * Prints tables of absolute figures and ratios. Needs PostgreSQL (BENCH_DATABASE_URL).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import postgres from 'postgres';
import { openDatabase } from '../runtime/db/index.ts';
import { startInventoryServer } from '../runtime/server/server.ts';
import { formatBridgeBench, runBridgeBench } from './benchBridge.ts';
import { syntheticProject } from './syntheticDefinitions.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONCURRENCY = 8;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median wall time of a command over 3 runs, after one warm-up run. */
function timeCommand(args: string[]): number {
  const runs: number[] = [];
  for (let i = 0; i < 4; i++) {
    const started = performance.now();
    execFileSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
    if (i > 0) runs.push(performance.now() - started);
  }
  return median(runs);
}

/** Requests per second over DURATION_MS with CONCURRENCY loops; checks every response. */
async function measure(url: string, headers: Record<string, string>): Promise<number> {
  const until = performance.now() + DURATION_MS;
  let done = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const response = await fetch(url, { headers });
      const body = (await response.json()) as { results?: unknown[] };
      if (response.status !== 200 || body.results?.length !== 50) throw new Error(`unexpected response ${response.status}`);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  return done / ((performance.now() - started) / 1000);
}

/** The baseline: the same page and JSON from one hand-written query. */
function baselineApp(sql: postgres.Sql): Hono {
  const app = new Hono();
  const ts = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  app.get('/api/dcim/sites/', async (c) => {
    const origin = new URL(c.req.url).origin;
    const limit = Number(c.req.query('limit') ?? 50);
    const offset = Number(c.req.query('offset') ?? 0);
    const [rows, [{ n }]] = await Promise.all([
      sql.unsafe(
        `SELECT s.*, ${ts('s.created')} AS created_text, ${ts('s.last_updated')} AS updated_text,
          (SELECT json_build_object('id', r.id, 'name', r.name, 'slug', r.slug, 'description', r.description, 'tree_depth', r.tree_depth,
             'site_count', (SELECT count(*) FROM dcim_site x JOIN dcim_region y ON y.id = x.region_id WHERE r.id = ANY(y.tree_path))::int) FROM dcim_region r WHERE r.id = s.region_id) AS region,
          (SELECT json_build_object('id', g.id, 'name', g.name, 'slug', g.slug, 'description', g.description, 'tree_depth', g.tree_depth,
             'site_count', (SELECT count(*) FROM dcim_site x JOIN dcim_site_group y ON y.id = x.group_id WHERE g.id = ANY(y.tree_path))::int) FROM dcim_site_group g WHERE g.id = s.group_id) AS grp,
          (SELECT json_build_object('id', t.id, 'name', t.name, 'slug', t.slug, 'description', t.description) FROM tenancy_tenant t WHERE t.id = s.tenant_id) AS tenant,
          (SELECT coalesce(json_agg(json_build_object('id', a.id, 'asn', a.asn, 'description', a.description) ORDER BY a.asn), '[]') FROM ipam_asn a JOIN dcim_site_asns l ON l.asn_id = a.id WHERE l.site_id = s.id) AS asns,
          (SELECT coalesce(json_agg(json_build_object('id', tg.id, 'name', tg.name, 'slug', tg.slug, 'color', tg.color) ORDER BY tg.weight, tg.name), '[]') FROM extras_tag tg JOIN extras_tagged_item ti ON ti.tag_id = tg.id WHERE ti.object_type = 'dcim.site' AND ti.object_id = s.id) AS tags
         FROM dcim_site s ORDER BY s.name, s.id LIMIT $1 OFFSET $2`,
        [limit, offset],
      ),
      sql`SELECT count(*)::int AS n FROM dcim_site`,
    ]);
    const region = (r: any, app: string, path: string) =>
      r && { id: r.id, url: `${origin}/api/dcim/${path}/${r.id}/`, display: r.name, name: r.name, slug: r.slug, description: r.description, site_count: r.site_count, _depth: r.tree_depth, app };
    const results = rows.map((s: any) => ({
      id: s.id, url: `${origin}/api/dcim/sites/${s.id}/`, display_url: `${origin}/dcim/sites/${s.id}/`, display: s.name, name: s.name, slug: s.slug,
      status: { value: s.status, label: s.status === 'active' ? 'Active' : s.status },
      region: region(s.region, 'dcim', 'regions'), group: region(s.grp, 'dcim', 'site-groups'),
      tenant: s.tenant && { id: s.tenant.id, url: `${origin}/api/tenancy/tenants/${s.tenant.id}/`, display: s.tenant.name, name: s.tenant.name, slug: s.tenant.slug, description: s.tenant.description },
      facility: s.facility, time_zone: s.time_zone, description: s.description, physical_address: s.physical_address, shipping_address: s.shipping_address,
      latitude: s.latitude === null ? null : Number(s.latitude), longitude: s.longitude === null ? null : Number(s.longitude), owner: null, comments: s.comments,
      asns: s.asns.map((a: any) => ({ id: a.id, url: `${origin}/api/ipam/asns/${a.id}/`, display: `AS${a.asn}`, asn: a.asn, description: a.description })),
      tags: s.tags.map((t: any) => ({ id: t.id, url: `${origin}/api/extras/tags/${t.id}/`, display_url: `${origin}/extras/tags/${t.id}/`, display: t.name, name: t.name, slug: t.slug, color: t.color })),
      custom_fields: s.custom_field_data, created: s.created_text, last_updated: s.updated_text,
    }));
    const next = offset + limit < n ? `${origin}/api/dcim/sites/?limit=${limit}&offset=${offset + limit}` : null;
    return c.json({ count: n, next, previous: null, results });
  });
  return app;
}

async function listen(app: { fetch: (r: Request) => Response | Promise<Response> }): Promise<{ url: string; close: () => void }> {
  return new Promise((resolveListen) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => resolveListen({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }));
  });
}

async function main(): Promise<void> {
  const nodeMs = timeCommand(['-e', '0']);
  const generateMs = timeCommand(['--import', 'tsx', 'generator/cli.ts', '--check']);
  const synthetic = syntheticProject(root, 10);
  execFileSync(process.execPath, ['--import', 'tsx', 'generator/cli.ts', '--root', synthetic.dir], { cwd: root, stdio: 'ignore' });
  const syntheticMs = timeCommand(['--import', 'tsx', 'generator/cli.ts', '--root', synthetic.dir, '--check']);
  rmSync(synthetic.dir, { recursive: true, force: true });

  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = `nbbench_${process.pid}`;
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  const raw = postgres(url.toString(), { max: 10, onnotice: () => {} });
  try {
    const { app, firstBoot } = await startInventoryServer(db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'bench' });
    const auth = { Authorization: `Bearer ${firstBoot!.token}` };
    const server = await listen(app);
    const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<any>);
    const region = await post('/api/dcim/regions/', { name: 'Bench', slug: 'bench' });
    const tenant = await post('/api/tenancy/tenants/', { name: 'Bench', slug: 'bench' });
    const tag = await post('/api/extras/tags/', { name: 'bench', slug: 'bench' });
    for (let batch = 0; batch < 10; batch++) {
      await post('/api/dcim/sites/', Array.from({ length: 100 }, (_, i) => ({ name: `Site ${batch * 100 + i}`, slug: `site-${batch * 100 + i}`, region: region.id, tenant: tenant.id, tags: [tag.id], status: 'active' })));
    }
    const baseline = await listen(baselineApp(raw));
    const path = '/api/dcim/sites/?limit=50';
    await measure(`${server.url}${path}`, auth); // warm-up of both, discarded
    await measure(`${baseline.url}${path}`, {});
    const generated = await measure(`${server.url}${path}`, auth);
    const handWritten = await measure(`${baseline.url}${path}`, {});
    server.close();
    baseline.close();

    const rows = [
      ['node doing nothing (baseline)', `${nodeMs.toFixed(0)} ms`, '', ''],
      [`generate, repository (${synthetic.resources / 10} resources)`, `${generateMs.toFixed(0)} ms`, `${(generateMs / nodeMs).toFixed(1)}x node`, '< 2000 ms'],
      [`generate, synthetic (${synthetic.resources} resources)`, `${syntheticMs.toFixed(0)} ms`, `${(syntheticMs / nodeMs).toFixed(1)}x node`, '< 3000 ms'],
      ['GET sites?limit=50, hand-written Hono + postgres.js (baseline)', `${handWritten.toFixed(0)} req/s`, '', ''],
      ['GET sites?limit=50, generated server', `${generated.toFixed(0)} req/s`, `${(generated / handWritten).toFixed(2)}x baseline`, '>= 0.70x'],
    ];
    console.log('\n| measurement | value | ratio | target |\n|---|---|---|---|');
    for (const [a, b, c, d] of rows) console.log(`| ${a} | ${b} | ${c} | ${d} |`);
    console.log(`\nSD-WAN bridge\n${formatBridgeBench(await runBridgeBench())}`);
  } finally {
    await raw.end();
    await db.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
