/**
 * @module
 * The inventory's request figures on real PostgreSQL, on a throwaway database: bulk creates of
 * 1,000 devices, statements per list request, and GET /api/dcim/devices/?limit=50 over 10,000
 * devices against the best hand-written Hono + postgres.js handler we could write for the same
 * JSON (bench/devicesBaseline.ts; two pages checked equal, every row, before timing), both
 * measured in the same run in alternating turns; then the engine's time per request against
 * PostgreSQL's own time for the statements it runs (bench/requestOverhead.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import postgres from 'postgres';
import { scratchDatabase } from './scratchDatabase.ts';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { alternatingTurns, type AgainstBaseline } from './alternatingTurns.ts';
import { capturingDatabase } from './capturingDatabase.ts';
import { devicesBaseline, devicesBaselineSql } from './devicesBaseline.ts';
import { firstDifference } from './jsonDifference.ts';
import { seedDevices } from './devicesSeed.ts';
import { isTokenLookup, measureOverhead, type OverheadFigures } from './requestOverhead.ts';
import { listen, median } from './timing.ts';

export interface DeviceFigures extends AgainstBaseline {
  devices: number;
  bulkCreateMedianMs: number;
  bulkCreateMaxMs: number;
  /** SQL statements of one list request, besides the token lookup. */
  listStatements: number;
  /** The engine's time per request against PostgreSQL's time for its statements, and the baseline's alike. */
  overhead: OverheadFigures;
}

const LIST = '/api/dcim/devices/?limit=50';
/** Pages checked equal before timing: the first, and one from the middle with both links. */
const CHECKED = [LIST, '/api/dcim/devices/?limit=50&offset=5000'];
const TOKEN = '0123456789abcdef0123456789abcdef01234567';

export async function measureDevices(adminUrl: string, devices = 10_000, durationMs = 5000): Promise<DeviceFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_${process.pid}`);
  const { db, url } = scratch;
  // The baseline's pool: PostgreSQL's defaults (plan_cache_mode auto), under which its statement keeps a generic plan.
  const raw = postgres(url, { max: 10, onnotice: () => {} });
  const capturing = capturingDatabase(db);
  try {
    const { app } = await startInventoryServer(capturing.db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN });
    const server = await listen(app);
    const baseline = await listen(devicesBaseline(raw));
    try {
      const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
      const send = (method: string) => async (path: string, body: unknown) => {
        const response = await fetch(`${server.url}${path}`, { method, headers, body: JSON.stringify(body) });
        const answer = await response.json();
        if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
        return answer;
      };
      const { bulkCreateMs } = await seedDevices(send('POST'), send('PATCH'), devices);
      // A real database's autovacuum would have run after 10,000 updated rows, and run mid-measurement here;
      // both handlers read the same tables (counts by index-only scans need the visibility map).
      if (process.env.BENCH_VACUUM !== 'false') await raw.unsafe('VACUUM ANALYZE');

      // A token unused for a minute (the vacuum can take that long) has its last use recorded by the
      // next request, one statement more: counted after it, the figure is the steady state.
      await (await fetch(`${server.url}${LIST}`, { headers })).json();
      capturing.reset();
      await (await fetch(`${server.url}${LIST}`, { headers })).json();
      // The token lookup is the authentication's, not the list's.
      const listStatements = capturing.statements.filter((s) => !isTokenLookup(s.text)).length;
      for (const path of CHECKED) {
        const generatedPage = await (await fetch(`${server.url}${path}`, { headers })).json();
        // The two listen on different ports: URLs are compared with the origin put right.
        const baselineText = await (await fetch(`${baseline.url}${path}`, { headers })).text();
        const baselinePage = JSON.parse(baselineText.replaceAll(baseline.url, server.url));
        if (!isDeepStrictEqual(generatedPage, baselinePage)) throw new Error(`the baseline answers ${path} differently:\n${firstDifference(generatedPage, baselinePage)}`);
      }

      capturing.recording = false;
      const [generated, handWritten] = await alternatingTurns([server.url, baseline.url], LIST, headers, 50, durationMs);
      capturing.recording = true;

      // The baseline's one statement runs under PostgreSQL's default plan mode, as on its pool.
      const baselineStatements = [{ text: devicesBaselineSql(), params: [50, 0, baseline.url], planMode: 'auto' as const }];
      const overhead = await measureOverhead({ capturing, databaseUrl: url, serverUrl: server.url, path: LIST, headers, baseline: { url: baseline.url, statements: baselineStatements } });
      return {
        devices, bulkCreateMedianMs: median(bulkCreateMs), bulkCreateMaxMs: Math.max(...bulkCreateMs), listStatements,
        generatedRps: generated.rps, baselineRps: handWritten.rps, generatedTurns: generated.turns, baselineTurns: handWritten.turns,
        overhead,
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
