/**
 * @module
 * The device list with `config_context` merged in its page statement (runtime/inventory/extras/
 * configContexts/) against the same list without it (`?exclude=config_context`) plus the merge
 * done by hand: one hand-written statement for the page's matching contexts (their data in order
 * of weight then name, per device) and NetBox's deepmerge in TypeScript. Devices are seeded as the
 * device list bench seeds them, with 10 config contexts scoped to their site, region, role,
 * platform, tenant, tenant group and tags (one inactive, one a tree ancestor), and local data on
 * every other device. The two pages are checked equal before timing; both are measured in the
 * same run in alternating turns. The baseline asks the generated server for the list over HTTP
 * (one local hop, the page parsed and written again), which a merge outside the server pays too;
 * the list without config_context alone is measured after them, as the ceiling.
 */
import { isDeepStrictEqual } from 'node:util';
import { Hono } from 'hono';
import postgres from 'postgres';
import { configContext } from '../../runtime/inventory/extras/configContexts/index.ts';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { alternatingTurns, type AgainstBaseline } from './alternatingTurns.ts';
import { seedDevices } from './devicesSeed.ts';
import { firstDifference } from './jsonDifference.ts';
import { scratchDatabase } from './scratchDatabase.ts';
import { listen } from './timing.ts';

export interface ConfigContextFigures extends AgainstBaseline {
  devices: number;
  contexts: number;
  /** The list without config_context alone (no merge at all): the ceiling of both. */
  excludedRps: number;
}

const LIST = '/api/dcim/devices/?limit=50';
const TOKEN = '0123456789abcdef0123456789abcdef01234567';

/** One scope by hand: no link, or a link holding `value` (SQL over the device row `d`). */
const scope = (table: string, column: string, match: (linked: string) => string) =>
  `(NOT EXISTS (SELECT 1 FROM ${table} l WHERE l.config_context_id = c.id) OR EXISTS (SELECT 1 FROM ${table} l WHERE l.config_context_id = c.id AND ${match(`l.${column}`)}))`;
const tree = (table: string, node: string) => (linked: string) => `EXISTS (SELECT 1 FROM ${table} n WHERE n.id = ${node} AND ${linked} = ANY(n.tree_path))`;

/** The page's devices' matching contexts, their data in order, and local data: one statement. */
const HAND_SQL = `SELECT d.id, d.local_context_data AS local, coalesce((SELECT jsonb_agg(c.data ORDER BY c.weight, c.name) FROM extras_config_context c WHERE c.is_active AND ${[
  scope('extras_config_context_regions', 'region_id', tree('dcim_region', '(SELECT s.region_id FROM dcim_site s WHERE s.id = d.site_id)')),
  scope('extras_config_context_site_groups', 'site_group_id', tree('dcim_site_group', '(SELECT s.group_id FROM dcim_site s WHERE s.id = d.site_id)')),
  scope('extras_config_context_sites', 'site_id', (l) => `${l} = d.site_id`),
  scope('extras_config_context_locations', 'location_id', tree('dcim_location', 'd.location_id')),
  scope('extras_config_context_device_types', 'device_type_id', (l) => `${l} = d.device_type_id`),
  scope('extras_config_context_roles', 'role_id', tree('dcim_device_role', 'd.role_id')),
  scope('extras_config_context_platforms', 'platform_id', tree('dcim_platform', 'd.platform_id')),
  scope('extras_config_context_cluster_types', 'cluster_type_id', (l) => `EXISTS (SELECT 1 FROM virtualization_cluster k WHERE k.id = d.cluster_id AND k.type_id = ${l})`),
  scope('extras_config_context_cluster_groups', 'cluster_group_id', (l) => `EXISTS (SELECT 1 FROM virtualization_cluster k WHERE k.id = d.cluster_id AND k.group_id = ${l})`),
  scope('extras_config_context_clusters', 'cluster_id', (l) => `${l} = d.cluster_id`),
  scope('extras_config_context_tenant_groups', 'tenant_group_id', (l) => `EXISTS (SELECT 1 FROM tenancy_tenant t WHERE t.id = d.tenant_id AND t.group_id = ${l})`),
  scope('extras_config_context_tenants', 'tenant_id', (l) => `${l} = d.tenant_id`),
  scope('extras_config_context_tags', 'tag_id', (l) => `EXISTS (SELECT 1 FROM extras_tagged_item i WHERE i.object_type = 'dcim.device' AND i.object_id = d.id AND i.tag_id = ${l})`),
].join(' AND ')}), '[]'::jsonb) AS contexts FROM dcim_device d WHERE d.id = ANY($1::int[])`;

/** The list without config_context from the generated server, then the merge by hand, as one server. */
function handMerged(generatedUrl: string, sql: postgres.Sql): Hono {
  const app = new Hono();
  app.get('/api/dcim/devices/', async (c) => {
    const query = new URL(c.req.url).search;
    const response = await fetch(`${generatedUrl}/api/dcim/devices/${query}&exclude=config_context`, { headers: { Authorization: c.req.header('Authorization') ?? '' } });
    const page = (await response.json()) as { next: string | null; previous: string | null; results: Record<string, unknown>[] };
    // The page links name the list asked for, without the exclusion added here.
    for (const link of ['next', 'previous'] as const) page[link] = page[link]?.replace('&exclude=config_context', '') ?? null;
    const rows = await sql.unsafe(HAND_SQL, [page.results.map((d) => d.id as number)]);
    const byId = new Map(rows.map((r) => [Number(r.id), configContext(r.contexts as Record<string, unknown>[], r.local)]));
    for (const device of page.results) {
      // config_context goes where the serializer puts it: before local_context_data.
      const entries = Object.entries(device);
      const at = entries.findIndex(([k]) => k === 'local_context_data');
      entries.splice(at, 0, ['config_context', byId.get(device.id as number)]);
      Object.keys(device).forEach((k) => delete device[k]);
      Object.assign(device, Object.fromEntries(entries));
    }
    return c.json(page);
  });
  return app;
}

export async function measureConfigContexts(adminUrl: string, devices = 1000, durationMs = 5000): Promise<ConfigContextFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_cc_${process.pid}`);
  const { db, url } = scratch;
  const raw = postgres(url, { max: 10, onnotice: () => {} });
  try {
    const { app } = await startInventoryServer(db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN });
    const server = await listen(app);
    const baseline = await listen(handMerged(server.url, raw));
    try {
      const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
      const send = (method: string) => async (path: string, body: unknown) => {
        const response = await fetch(`${server.url}${path}`, { method, headers, body: JSON.stringify(body) });
        const answer = (await response.json()) as any;
        if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
        return answer;
      };
      const post = send('POST');
      await seedDevices(post, send('PATCH'), devices);
      const get = async (path: string) => (await (await fetch(`${server.url}${path}`, { headers })).json()) as any;
      const [site] = (await get('/api/dcim/sites/?slug=site-0')).results;
      const world = await post('/api/dcim/regions/', { name: 'World', slug: 'world' });
      const europe = await post('/api/dcim/regions/', { name: 'Europe', slug: 'europe', parent: world.id });
      await send('PATCH')(`/api/dcim/sites/${site.id}/`, { region: europe.id });
      const group = await post('/api/tenancy/tenant-groups/', { name: 'Bench', slug: 'bench' });
      await send('PATCH')('/api/tenancy/tenants/', [{ id: (await get('/api/tenancy/tenants/?slug=bench')).results[0].id, group: group.id }]);
      const scopes = [{}, { regions: [world.id] }, { sites: [site.id] }, { roles: [(await get('/api/dcim/device-roles/?slug=bench')).results[0].id] },
        { platforms: [(await get('/api/dcim/platforms/?slug=bench-os')).results[0].id] }, { tenant_groups: [group.id] }, { tags: ['bench-a'] },
        { tags: ['bench-b'], sites: [site.id] }, { is_active: false }, { weight: 5 }];
      const contexts = scopes.map((s, i) => ({
        name: `ctx-${i}`, weight: 1000 + (i % 3) * 100, ...s,
        data: { ntp: { servers: [`10.0.0.${i}`], [`k${i}`]: i }, dns: i % 2 ? { primary: `ns${i}` } : `ns${i}`, [`only${i}`]: { deep: { deeper: [i] } } },
      }));
      await post('/api/extras/config-contexts/', contexts);
      const page = await get(LIST);
      await send('PATCH')('/api/dcim/devices/', page.results.filter((_: unknown, k: number) => k % 2 === 0).map((d: any) => ({ id: d.id, local_context_data: { ntp: { local: true }, dns: { primary: 'local' } } })));
      await raw.unsafe('VACUUM ANALYZE');

      for (const path of [LIST, `${LIST}&offset=${Math.floor(devices / 2)}`]) {
        const generated = await get(path);
        const handText = await (await fetch(`${baseline.url}${path}`, { headers })).text();
        const hand = JSON.parse(handText.replaceAll(baseline.url, server.url));
        if (!isDeepStrictEqual(generated, hand)) throw new Error(`the merge by hand answers ${path} differently:\n${firstDifference(generated, hand)}`);
      }
      const [generated, byHand] = await alternatingTurns([server.url, baseline.url], LIST, headers, 50, durationMs);
      const [excluded] = await alternatingTurns([server.url], `${LIST}&exclude=config_context`, headers, 50, durationMs / 2);
      return { devices, contexts: contexts.length, excludedRps: excluded!.rps, generatedRps: generated!.rps, baselineRps: byHand!.rps, generatedTurns: generated!.turns, baselineTurns: byHand!.turns };
    } finally {
      server.close();
      baseline.close();
    }
  } finally {
    await raw.end();
    await scratch.drop();
  }
}
