/**
 * @module
 * What change logging costs, on real PostgreSQL: the same server twice on one throwaway database,
 * with change logging on (the default) and off (CHANGE_LOGGING=false), measured in turns so both
 * see the same machine and the same table sizes. Bulk create: 1,000 devices per request. Single
 * PATCH: requests per second of PATCHes to one device each, from 8 concurrent loops, in turns.
 */
import { scratchDatabase } from './scratchDatabase.ts';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { listen, median, type Listening } from './timing.ts';

export interface ChangeLoggingFigures {
  bulkCreateOnMs: number;
  bulkCreateOffMs: number;
  patchOnRps: number;
  patchOffRps: number;
}

const TOKEN = '0123456789abcdef0123456789abcdef01234567';
const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
const ROUNDS = 5;
const BATCH = 1000;

async function send(server: Listening, method: string, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${server.url}${path}`, { method, headers, body: JSON.stringify(body) });
  const answer = await response.json();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

/** PATCHes per second: each loop PATCHes its own devices in turn, every answer checked. */
async function patchesPerSecond(server: Listening, ids: number[], durationMs: number, concurrency = 8): Promise<number> {
  const until = performance.now() + durationMs;
  let done = 0;
  const loop = async (k: number) => {
    for (let i = k; performance.now() < until; i += concurrency) {
      const id = ids[i % ids.length];
      await send(server, 'PATCH', `/api/dcim/devices/${id}/`, { description: `patch ${done}`, changelog_message: 'bench' });
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, k) => loop(k)));
  return done / ((performance.now() - started) / 1000);
}

export async function measureChangeLogging(adminUrl: string, durationMs = 5000): Promise<ChangeLoggingFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_changes_${process.pid}`);
  const { db, url } = scratch;
  try {
    const env = { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN };
    const on = await listen((await startInventoryServer(db, env)).app);
    const off = await listen((await startInventoryServer(db, { ...env, CHANGE_LOGGING: 'false' })).app);
    try {
      const site = await send(on, 'POST', '/api/dcim/sites/', { name: 'Bench', slug: 'bench' });
      const manufacturer = await send(on, 'POST', '/api/dcim/manufacturers/', { name: 'Bench', slug: 'bench' });
      const type = await send(on, 'POST', '/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'Bench 1U', slug: 'bench-1u' });
      const role = await send(on, 'POST', '/api/dcim/device-roles/', { name: 'Bench', slug: 'bench' });
      const tag = await send(on, 'POST', '/api/extras/tags/', { name: 'bench', slug: 'bench' });
      let n = 0;
      const bulk = async (server: Listening) => {
        const body = Array.from({ length: BATCH }, () => ({ name: `dev${n++}`, device_type: type.id, role: role.id, site: site.id, tags: [tag.id], status: 'active' }));
        const started = performance.now();
        const made = await send(server, 'POST', '/api/dcim/devices/', body);
        return { ms: performance.now() - started, ids: made.map((d: any) => d.id as number) };
      };
      const times = { on: [] as number[], off: [] as number[] };
      const ids: number[] = [];
      await bulk(on); // warm-up, discarded
      await bulk(off);
      for (let round = 0; round < ROUNDS; round++) {
        const a = await bulk(on);
        const b = await bulk(off);
        times.on.push(a.ms);
        times.off.push(b.ms);
        ids.push(...a.ids);
      }
      await patchesPerSecond(on, ids, durationMs / 5); // warm-up of both, discarded
      await patchesPerSecond(off, ids, durationMs / 5);
      // In alternating turns, so that both see the same machine load (medians of the turns).
      const rates = { on: [] as number[], off: [] as number[] };
      for (let turn = 0; turn < ROUNDS; turn++) {
        rates.on.push(await patchesPerSecond(on, ids, durationMs / ROUNDS));
        rates.off.push(await patchesPerSecond(off, ids, durationMs / ROUNDS));
      }
      const [patchOnRps, patchOffRps] = [median(rates.on), median(rates.off)];
      return { bulkCreateOnMs: median(times.on), bulkCreateOffMs: median(times.off), patchOnRps, patchOffRps };
    } finally {
      on.close();
      off.close();
    }
  } finally {
    await scratch.drop();
  }
}
