/**
 * @module
 * The circuit list on real PostgreSQL, on a throwaway database: GET /api/circuits/circuits/?limit=50
 * over 5,000 circuits (two providers, two types), each with an A termination at one of 20 sites and
 * a Z termination on a provider network, against the hand-written handler of bench/circuitsBaseline.ts
 * for the same JSON (two pages checked equal, every row, before timing), in alternating turns.
 */
import { isDeepStrictEqual } from 'node:util';
import postgres from 'postgres';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { alternatingTurns, type AgainstBaseline } from './alternatingTurns.ts';
import { circuitsBaseline } from './circuitsBaseline.ts';
import { firstDifference } from './jsonDifference.ts';
import { scratchDatabase } from './scratchDatabase.ts';
import { apiPoster, listen } from './timing.ts';

export interface CircuitFigures extends AgainstBaseline {
  circuits: number;
}

const LIST = '/api/circuits/circuits/?limit=50';
const TOKEN = '0123456789abcdef0123456789abcdef0123456c';
const BATCH = 500;

export async function measureCircuits(adminUrl: string, circuits = 5000, durationMs = 5000): Promise<CircuitFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_circuits_${process.pid}`);
  const raw = postgres(scratch.url, { max: 10, onnotice: () => {} });
  try {
    const { app } = await startInventoryServer(scratch.db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN });
    const server = await listen(app);
    const baseline = await listen(circuitsBaseline(raw));
    try {
      const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
      const post = apiPoster(server.url, headers);
      const sites = await post('dcim/sites', Array.from({ length: 20 }, (_, i) => ({ name: `POP ${i + 1}`, slug: `pop-${i + 1}` })));
      const providers = await post('circuits/providers', [{ name: 'Alpha', slug: 'alpha' }, { name: 'Beta', slug: 'beta' }]);
      const networks = await post('circuits/provider-networks', providers.map((p: any) => ({ provider: p.id, name: `${p.name} cloud` })));
      const types = await post('circuits/circuit-types', [{ name: 'Internet', slug: 'internet' }, { name: 'Transport', slug: 'transport' }]);
      for (let start = 0; start < circuits; start += BATCH) {
        const count = Math.min(BATCH, circuits - start);
        const made = await post('circuits/circuits', Array.from({ length: count }, (_, k) => {
          const n = start + k;
          return { cid: `CID-${String(n).padStart(6, '0')}`, provider: providers[n % 2].id, type: types[n % 3 === 0 ? 1 : 0].id, commit_rate: 100000, description: `circuit ${n}` };
        }));
        await post('circuits/circuit-terminations', made.flatMap((c: any, k: number) => [
          { circuit: c.id, term_side: 'A', termination_type: 'dcim.site', termination_id: sites[(start + k) % sites.length].id, port_speed: 1000000, xconnect_id: `XC-${start + k}` },
          { circuit: c.id, term_side: 'Z', termination_type: 'circuits.providernetwork', termination_id: networks[(start + k) % 2].id },
        ]));
      }
      await raw.unsafe('VACUUM ANALYZE');
      for (const path of [LIST, `${LIST}&offset=2500`]) {
        const generatedPage = await (await fetch(`${server.url}${path}`, { headers })).json();
        const baselineText = await (await fetch(`${baseline.url}${path}`, { headers })).text();
        const baselinePage = JSON.parse(baselineText.replaceAll(baseline.url, server.url));
        if (!isDeepStrictEqual(generatedPage, baselinePage)) throw new Error(`the baseline answers ${path} differently:\n${firstDifference(generatedPage, baselinePage)}`);
      }
      const [generated, handWritten] = await alternatingTurns([server.url, baseline.url], LIST, headers, 50, durationMs);
      return { circuits, generatedRps: generated.rps, baselineRps: handWritten.rps, generatedTurns: generated.turns, baselineTurns: handWritten.turns };
    } finally {
      server.close();
      baseline.close();
    }
  } finally {
    await raw.end();
    await scratch.drop();
  }
}
