/**
 * @module
 * The inventory's request figures on real PostgreSQL, on a throwaway database: bulk creates of
 * 1,000 devices, statements per list request, and GET /api/dcim/devices/?limit=50 over 10,000
 * devices against a minimal hand-written Hono + postgres.js handler returning the same JSON
 * (checked equal before timing), both measured in the same run.
 */
import { isDeepStrictEqual } from 'node:util';
import postgres from 'postgres';
import { scratchDatabase } from './scratchDatabase.ts';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { countingDatabase } from '../../runtime/testing/countingDatabase.ts';
import { devicesBaseline } from './devicesBaseline.ts';
import { firstDifference } from './jsonDifference.ts';
import { seedDevices } from './devicesSeed.ts';
import { listen, median, requestsPerSecond } from './timing.ts';

export interface DeviceFigures {
  devices: number;
  bulkCreateMedianMs: number;
  bulkCreateMaxMs: number;
  /** SQL statements of one list request, besides the token lookup. */
  listStatements: number;
  generatedRps: number;
  baselineRps: number;
}

const LIST = '/api/dcim/devices/?limit=50';
const TOKEN = '0123456789abcdef0123456789abcdef01234567';

export async function measureDevices(adminUrl: string, devices = 10_000, durationMs = 5000): Promise<DeviceFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_${process.pid}`);
  const { db, url } = scratch;
  const raw = postgres(url, { max: 10, onnotice: () => {} });
  const counting = countingDatabase(db);
  try {
    const { app } = await startInventoryServer(counting.db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'bench-password', SUPERUSER_API_TOKEN: TOKEN });
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

      counting.reset();
      const generatedPage = await (await fetch(`${server.url}${LIST}`, { headers })).json();
      // The token lookup is the authentication's, not the list's.
      const listStatements = counting.statements.filter((s) => !/FROM "?users_token"?/.test(s)).length;
      // The two listen on different ports: URLs are compared with the origin put right.
      const baselineText = await (await fetch(`${baseline.url}${LIST}`, { headers })).text();
      const baselinePage = JSON.parse(baselineText.replaceAll(baseline.url, server.url));
      if (!isDeepStrictEqual(generatedPage, baselinePage)) throw new Error(`the baseline answers differently:\n${firstDifference(generatedPage, baselinePage)}`);

      await requestsPerSecond(`${server.url}${LIST}`, headers, 50, durationMs / 5); // warm-up of both, discarded
      await requestsPerSecond(`${baseline.url}${LIST}`, headers, 50, durationMs / 5);
      const generatedRps = await requestsPerSecond(`${server.url}${LIST}`, headers, 50, durationMs);
      const baselineRps = await requestsPerSecond(`${baseline.url}${LIST}`, headers, 50, durationMs);
      return { devices, bulkCreateMedianMs: median(bulkCreateMs), bulkCreateMaxMs: Math.max(...bulkCreateMs), listStatements, generatedRps, baselineRps };
    } finally {
      server.close();
      baseline.close();
    }
  } finally {
    await raw.end();
    await scratch.drop();
  }
}
