/**
 * @module
 * The tunnel list on real PostgreSQL, on a throwaway database: GET /api/vpn/tunnels/?limit=50
 * over 5,000 tunnels (each in one of 10 groups, with a tenant, the one IPSec profile, a tag and
 * two terminations on device interfaces, 10,000 terminations in all) against a hand-written
 * Hono + postgres.js handler for the same JSON (bench/tunnelsBaseline.ts; two pages checked
 * equal, every row, before timing), both measured in the same run in alternating turns.
 *
 * The data is made through the API as a user would: 100 devices with 100 interfaces each, the
 * IKE/IPSec chain, groups, tunnels and terminations, 1,000 a bulk request.
 */
import { isDeepStrictEqual } from 'node:util';
import postgres from 'postgres';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { alternatingTurns, type AgainstBaseline } from './alternatingTurns.ts';
import { capturingDatabase } from './capturingDatabase.ts';
import { firstDifference } from './jsonDifference.ts';
import { isTokenLookup } from './requestOverhead.ts';
import { scratchDatabase } from './scratchDatabase.ts';
import { listen } from './timing.ts';
import { tunnelsBaseline } from './tunnelsBaseline.ts';

export interface TunnelFigures extends AgainstBaseline {
  tunnels: number;
  terminations: number;
  /** SQL statements of one list request, besides the token lookup. */
  listStatements: number;
}

const LIST = '/api/vpn/tunnels/?limit=50';
const TOKEN = '0123456789abcdef0123456789abcdef01234567';
const BATCH = 1000;
const pad = (n: number) => String(n).padStart(5, '0');

type Send = (path: string, body: unknown) => Promise<any>;

async function chunked(post: Send, path: string, items: unknown[]): Promise<any[]> {
  const made: any[] = [];
  for (let start = 0; start < items.length; start += BATCH) made.push(...(await post(path, items.slice(start, start + BATCH))));
  return made;
}

/** The tunnels, each with two terminations on interfaces of its own. */
export async function seedTunnels(post: Send, tunnels: number): Promise<void> {
  const tenants = await post('/api/tenancy/tenants/', Array.from({ length: 5 }, (_, i) => ({ name: `Tenant ${i}`, slug: `tenant-${i}` })));
  const tag = await post('/api/extras/tags/', { name: 'bench-vpn', slug: 'bench-vpn' });
  const site = await post('/api/dcim/sites/', { name: 'VPN bench', slug: 'vpn-bench' });
  const maker = await post('/api/dcim/manufacturers/', { name: 'Bench', slug: 'bench' });
  const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'Bench router', slug: 'bench-router' });
  const role = await post('/api/dcim/device-roles/', { name: 'Router', slug: 'router', color: '0000ff' });
  const perDevice = 100;
  const devices = await post('/api/dcim/devices/', Array.from({ length: Math.ceil((tunnels * 2) / perDevice) }, (_, i) => ({ name: `r${pad(i)}`, device_type: type.id, role: role.id, site: site.id })));
  const interfaces = await chunked(post, '/api/dcim/interfaces/', devices.flatMap((d: any) => Array.from({ length: perDevice }, (_, j) => ({ device: d.id, name: `tun${j}`, type: 'virtual' }))));
  const ikeProposal = await post('/api/vpn/ike-proposals/', { name: 'ike', authentication_method: 'preshared-keys', encryption_algorithm: 'aes-256-cbc', group: 14 });
  const ikePolicy = await post('/api/vpn/ike-policies/', { name: 'ike', version: 2, proposals: [ikeProposal.id] });
  const ipsecProposal = await post('/api/vpn/ipsec-proposals/', { name: 'esp', encryption_algorithm: 'aes-256-gcm' });
  const ipsecPolicy = await post('/api/vpn/ipsec-policies/', { name: 'esp', proposals: [ipsecProposal.id], pfs_group: 19 });
  const profile = await post('/api/vpn/ipsec-profiles/', { name: 'Bench profile', mode: 'esp', ike_policy: ikePolicy.id, ipsec_policy: ipsecPolicy.id });
  const groups = await post('/api/vpn/tunnel-groups/', Array.from({ length: 10 }, (_, i) => ({ name: `Group ${i}`, slug: `group-${i}` })));
  const made = await chunked(
    post,
    '/api/vpn/tunnels/',
    Array.from({ length: tunnels }, (_, n) => ({
      name: `tunnel-${pad(n)}`, status: 'active', encapsulation: 'ipsec-tunnel', group: groups[n % groups.length].id, ipsec_profile: profile.id,
      tenant: tenants[n % tenants.length].id, tunnel_id: n, description: `Bench tunnel ${n}`, tags: [tag.id],
    })),
  );
  await chunked(
    post,
    '/api/vpn/tunnel-terminations/',
    made.flatMap((t: any, n: number) => [0, 1].map((k) => ({ tunnel: t.id, role: 'peer', termination_type: 'dcim.interface', termination_id: interfaces[n * 2 + k].id }))),
  );
}

export async function measureTunnels(adminUrl: string, tunnels = 5000, durationMs = 5000): Promise<TunnelFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_tunnels_${process.pid}`);
  const { db, url } = scratch;
  const raw = postgres(url, { max: 10, onnotice: () => {} });
  const capturing = capturingDatabase(db);
  try {
    const { app } = await startInventoryServer(capturing.db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN });
    const server = await listen(app);
    const baseline = await listen(tunnelsBaseline(raw));
    try {
      const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
      const post: Send = async (path, body) => {
        const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
        const answer = await response.json();
        if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
        return answer;
      };
      await seedTunnels(post, tunnels);
      if (process.env.BENCH_VACUUM !== 'false') await raw.unsafe('VACUUM ANALYZE');

      await (await fetch(`${server.url}${LIST}`, { headers })).json();
      capturing.reset();
      await (await fetch(`${server.url}${LIST}`, { headers })).json();
      const listStatements = capturing.statements.filter((s) => !isTokenLookup(s.text)).length;
      for (const path of [LIST, `/api/vpn/tunnels/?limit=50&offset=${Math.floor(tunnels / 2)}`]) {
        const generatedPage = await (await fetch(`${server.url}${path}`, { headers })).json();
        const baselineText = await (await fetch(`${baseline.url}${path}`, { headers })).text();
        const baselinePage = JSON.parse(baselineText.replaceAll(baseline.url, server.url));
        if (!isDeepStrictEqual(generatedPage, baselinePage)) throw new Error(`the baseline answers ${path} differently:\n${firstDifference(generatedPage, baselinePage)}`);
      }
      capturing.recording = false;
      const [generated, handWritten] = await alternatingTurns([server.url, baseline.url], LIST, headers, 50, durationMs);
      return {
        tunnels, terminations: tunnels * 2, listStatements,
        generatedRps: generated.rps, baselineRps: handWritten.rps, generatedTurns: generated.turns, baselineTurns: handWritten.turns,
      };
    } finally {
      server.close();
      baseline.close();
    }
  } finally {
    await raw.end();
    await scratch.drop();
  }
}
