/**
 * @module
 * The engine's time per request against PostgreSQL's own time for the statements it runs: one
 * request's statements are captured (text, values, plan mode, which ran together), PostgreSQL's
 * planning and execution of each is measured (bench/statementTime.ts), and the request is timed
 * one at a time, so that nothing queues. What is left is the engine's overhead, split three ways
 * by two more measurements in the same run:
 *  - the driver: the same statements replayed through the engine's Database, phase by phase
 *    (postgres.js, the socket, parsing the rows), less PostgreSQL's time;
 *  - HTTP: the same response body answered by a Hono handler that has it ready (node's HTTP
 *    server, Hono, and the benchmark's own fetch), a floor no handler goes below;
 *  - the engine's own work: the rest (routing, authentication, building SQL, serialising).
 */
import { Hono } from 'hono';
import type { Database } from '../../runtime/db/index.ts';
import { phases, type CapturedStatement, type CapturingDatabase } from './capturingDatabase.ts';
import { explainStatements, type StatementTime } from './statementTime.ts';
import { listen, median } from './timing.ts';

/** The authentication's statement: timed like the others, and shown apart. */
export const isTokenLookup = (text: string) => /FROM "?users_token"?/.test(text);

export interface OverheadFigures {
  /** Statements of one request, the token lookup included. */
  statements: number;
  /** Median wall time (ms) of one request at a time, until its body is read. */
  requestMs: number;
  /** Quartiles of the same (ms). */
  requestQuartilesMs: [number, number];
  /** PostgreSQL's planning + execution (ms) on the request's critical path (a phase counts its slowest statement). */
  postgresMs: number;
  /** Of which execution alone (ms). */
  postgresExecutionMs: number;
  /** The token lookup's planning + execution (ms), included in postgresMs. */
  tokenLookupMs: number;
  /** The statements replayed through the engine's Database, phase by phase (median ms). */
  replayMs: number;
  /** The same body from a handler that has it ready (median ms). */
  httpFloorMs: number;
}

export interface OverheadOptions {
  /** The engine's database, wrapped so that its statements are seen. */
  capturing: CapturingDatabase;
  /** The database's URL, for a connection of the measurement's own. */
  databaseUrl: string;
  /** The running server's origin and the path to request. */
  serverUrl: string;
  path: string;
  headers: Record<string, string>;
  /** Requests per round (default 100); three rounds alternate request, replay and floor. */
  requests?: number;
}

const quartile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)];

/** GET `url` and read its body, timed (ms). */
async function timedGet(url: string, headers: Record<string, string>): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`unexpected response ${response.status} from ${url}`);
  return { ms: performance.now() - started, body };
}

/** Median wall time (ms) of `requests` GETs of `url` one at a time, after 20 discarded. */
export async function sequentialMs(url: string, headers: Record<string, string>, requests = 300): Promise<number> {
  for (let i = 0; i < 20; i++) await timedGet(url, headers);
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) samples.push((await timedGet(url, headers)).ms);
  return median(samples);
}

export async function measureOverhead(options: OverheadOptions): Promise<OverheadFigures> {
  const { capturing, serverUrl, path, headers } = options;
  const requests = options.requests ?? 100;
  const get = (url: string) => timedGet(url, headers);
  // The token's first use records when it was used (at most once a minute): warm up past it.
  for (let i = 0; i < 20; i++) await get(`${serverUrl}${path}`);
  capturing.reset();
  const { body } = await get(`${serverUrl}${path}`);
  const captured: CapturedStatement[] = [...capturing.statements];
  if (captured.some((s) => s.inTransaction)) throw new Error(`${path} ran statements in a transaction: replaying them one by one would not be the same work`);

  const times = await explainStatements(
    options.databaseUrl,
    captured.map((s) => ({ text: s.text, params: s.params, planMode: s.planEachTime ? 'force_custom_plan' : 'force_generic_plan' })),
  );
  const timeOf = new Map<CapturedStatement, StatementTime>(captured.map((s, i) => [s, times[i]]));
  const steps = phases(captured);
  const slowest = (phase: CapturedStatement[], of: (t: StatementTime) => number) => Math.max(...phase.map((s) => of(timeOf.get(s)!)));
  const postgresMs = steps.reduce((sum, phase) => sum + slowest(phase, (t) => t.planningMs + t.executionMs), 0);
  const postgresExecutionMs = steps.reduce((sum, phase) => sum + slowest(phase, (t) => t.executionMs), 0);
  const tokenLookupMs = captured.filter((s) => isTokenLookup(s.text)).reduce((sum, s) => sum + timeOf.get(s)!.planningMs + timeOf.get(s)!.executionMs, 0);

  const db: Database = capturing.db;
  const replay = async () => {
    const started = performance.now();
    for (const phase of steps) await Promise.all(phase.map((s) => db.query(s.text, s.params, s.planEachTime ? { planEachTime: true } : undefined)));
    return performance.now() - started;
  };
  const ready = new Hono().get('*', (c) => c.body(body, 200, { 'Content-Type': 'application/json' }));
  const floor = await listen(ready);
  try {
    const samples = { request: [] as number[], replay: [] as number[], floor: [] as number[] };
    for (let i = 0; i < 10; i++) {
      await replay();
      await get(`${floor.url}${path}`);
    }
    // Alternating rounds, so that all three see the same machine.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < requests; i++) samples.request.push((await get(`${serverUrl}${path}`)).ms);
      for (let i = 0; i < requests; i++) samples.replay.push(await replay());
      for (let i = 0; i < requests; i++) samples.floor.push((await get(`${floor.url}${path}`)).ms);
    }
    capturing.reset();
    return {
      statements: captured.length,
      requestMs: median(samples.request),
      requestQuartilesMs: [quartile(samples.request, 0.25), quartile(samples.request, 0.75)],
      postgresMs,
      postgresExecutionMs,
      tokenLookupMs,
      replayMs: median(samples.replay),
      httpFloorMs: median(samples.floor),
    };
  } finally {
    floor.close();
  }
}
