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
import { explainStatements, type StatementTime, type TimedStatement } from './statementTime.ts';
import { listen, median } from './timing.ts';

/**
 * The authentication's statement (runtime/auth/authenticate.ts): timed like the others, and shown
 * apart. Matched by its join, not by naming the table: a listed object's nested token (a tunnel
 * termination's any-type `termination`) names users_token too.
 */
export const isTokenLookup = (text: string) => /FROM users_token t JOIN users_user u ON u\.id = t\.user_id/.test(text);

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
  /**
   * This process's CPU time per request (ms; medians of the rounds) for the request, the replay and
   * the floor: the benchmark's client runs in the same process, so only differences mean much. On a
   * busy machine wall times also hold waits for a core at every round trip; CPU times do not.
   */
  cpuMs: { request: number; replay: number; floor: number };
  /** The hand-written baseline measured in the same rounds, when one is given. */
  baseline?: { requestMs: number; postgresMs: number; cpuMs: number };
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
  /** Requests per round (default 100); three rounds alternate request, replay, floor (and baseline). */
  requests?: number;
  /** A baseline answering the same path, and its statements (run one after another), to measure alike. */
  baseline?: { url: string; statements: TimedStatement[] };
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

export async function measureOverhead(options: OverheadOptions): Promise<OverheadFigures> {
  const { capturing, serverUrl, path, headers } = options;
  const requests = options.requests ?? 100;
  const get = (url: string) => timedGet(url, headers);
  // The token's first use records when it was used (at most once a minute): warm up past it.
  for (let i = 0; i < 20; i++) await get(`${serverUrl}${path}`);
  capturing.reset();
  capturing.recording = true;
  const { body } = await get(`${serverUrl}${path}`);
  const captured: CapturedStatement[] = [...capturing.statements];
  // The request is timed as the server runs it, without the recording.
  capturing.recording = false;
  if (captured.some((s) => s.inTransaction)) throw new Error(`${path} ran statements in a transaction: replaying them one by one would not be the same work`);

  const baselineStatements = options.baseline?.statements ?? [];
  const allTimes = await explainStatements(options.databaseUrl, [
    ...captured.map((s): TimedStatement => ({ text: s.text, params: s.params, planMode: s.planEachTime ? 'force_custom_plan' : 'force_generic_plan' })),
    ...baselineStatements,
  ]);
  const times = allTimes.slice(0, captured.length);
  const baselinePostgresMs = allTimes.slice(captured.length).reduce((sum, t) => sum + t.planningMs + t.executionMs, 0);
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
    const samples = { request: [] as number[], replay: [] as number[], floor: [] as number[], baseline: [] as number[] };
    const cpu = { request: [] as number[], replay: [] as number[], floor: [] as number[], baseline: [] as number[] };
    /** Runs `requests` timed samples of `one`, and this process's CPU time per sample (ms) for the round. */
    const round = async (kind: keyof typeof samples, one: () => Promise<number>) => {
      const before = process.cpuUsage();
      for (let i = 0; i < requests; i++) samples[kind].push(await one());
      const used = process.cpuUsage(before);
      cpu[kind].push((used.user + used.system) / 1000 / requests);
    };
    const baselineUrl = options.baseline ? `${options.baseline.url}${path}` : null;
    for (let i = 0; i < 10; i++) {
      await replay();
      await get(`${floor.url}${path}`);
      if (baselineUrl) await get(baselineUrl);
    }
    // Alternating rounds, so that all of them see the same machine.
    for (let turn = 0; turn < 3; turn++) {
      await round('request', async () => (await get(`${serverUrl}${path}`)).ms);
      await round('replay', replay);
      await round('floor', async () => (await get(`${floor.url}${path}`)).ms);
      if (baselineUrl) await round('baseline', async () => (await get(baselineUrl)).ms);
    }
    capturing.reset();
    capturing.recording = true;
    return {
      statements: captured.length,
      requestMs: median(samples.request),
      requestQuartilesMs: [quartile(samples.request, 0.25), quartile(samples.request, 0.75)],
      postgresMs,
      postgresExecutionMs,
      tokenLookupMs,
      replayMs: median(samples.replay),
      httpFloorMs: median(samples.floor),
      cpuMs: { request: median(cpu.request), replay: median(cpu.replay), floor: median(cpu.floor) },
      ...(baselineUrl ? { baseline: { requestMs: median(samples.baseline), postgresMs: baselinePostgresMs, cpuMs: median(cpu.baseline) } } : {}),
    };
  } finally {
    floor.close();
  }
}
