/**
 * @module
 * The SD-WAN bridge benchmark, on the real 2,682-operation controller spec
 * (../shared/reference/sdwan/vmanage-2022-openapi.yaml, read in place through a symlinked temp folder):
 *   1. generating its tool table (load with swagger-parser, IR, emit) — as `npm run generate` does it;
 *      baseline: swagger-parser's parse alone;
 *   2. bridge start to a served tools/list with that table generated, in process — baseline:
 *      JSON.parse of the table;
 *   3. process start to a served tools/list over stdio, the compiled entry (dist/bridge/sdwan-bridge.js,
 *      built first when missing) and, for comparison, the TypeScript sources through tsx — baseline:
 *      `node -e 0`, interleaved (bench/bridgeStart.ts);
 *   4. the size of the tools/list answer of the default read-only set, in full and with description
 *      limits, and the discovery search over all operations (bench/bridgeToolSets.ts);
 *   5. per-call overhead of a tool call (MCP client → server → dispatcher → simulated controller)
 *      over the same request sent directly with undici — medians of many calls, same run, same machine.
 * `runBridgeBench()` returns the rows (the lead's `npm run bench` merges them); run alone with
 *   npx tsx scripts/bench/bridge.ts
 * to print the table. Targets: < 1500 ms, < 500 ms, < 250 ms, < 300 KB, < 5 ms, < 1 ms.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Agent, request } from 'undici';
import { emitToolTables } from '../../generator/emit/mcp/emitToolTables.ts';
import { toolTableFromIR } from '../../generator/emit/mcp/toolTable.ts';
import { bridgeFromSpecs } from '../../generator/ir/bridge/bridgeFromSpecs.ts';
import { createLogger, openBridge, serveBridge, startControllerSimulator } from '../../runtime/bridge/index.ts';
import { linkedSpecs, PROJECT_ROOT, simulatorSettings, tempDir, VENDOR_SPEC } from '../../runtime/testing/bridge.ts';
import type { ToolTable } from '../../runtime/contract/toolTable.ts';
import { spawnToExit, spawnToToolsList, type StartSample } from './bridgeStart.ts';
import { measureSearch, toolsListBytes } from './bridgeToolSets.ts';

export interface BridgeBenchRow {
  metric: string;
  /** Median time, or a size. */
  value: number;
  unit: 'ms' | 'KB';
  baseline: string;
  baseline_value: number;
  /** value / baseline (0 without a baseline). */
  ratio: number;
  target: string;
  ok: boolean | null;
}

/** Description limit of the measured "limited" tool set (the README's recommendation). */
export const BENCH_DESCRIPTION_LIMIT = 300;
const COMPILED_ENTRY = join(PROJECT_ROOT, 'dist', 'bridge', 'sdwan-bridge.js');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed(runs: number, fn: () => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    out.push(performance.now() - started);
  }
  return out;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
const silent = createLogger(() => undefined);

type Row = (metric: string, value: number, baseline: string, baselineMs: number, target: string, limit: number | null, unit?: 'ms' | 'KB') => void;

/**
 * Process start to tools/list over stdio on the generated 2,682-operation table, the compiled entry
 * against `node -e 0` (interleaved, `runs` times each), and the TypeScript sources through tsx.
 */
async function measureProcessStarts(c: { dir: string; specsDir: string; tablesDir: string; sim: { port: number; credentials: { username: string; password: string } }; row: Row; progress: (line: string) => void; runs: number }): Promise<void> {
  if (!existsSync(COMPILED_ENTRY)) {
    c.progress('building dist/ (npm run build) for the compiled entry …');
    execFileSync(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'build.ts')], { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const config = join(c.dir, 'bench-bridge.yaml');
  writeFileSync(
    config,
    [
      'controller:',
      '  host: 127.0.0.1',
      `  port: ${c.sim.port}`,
      '  protocol: http',
      `  username: ${c.sim.credentials.username}`,
      `  password: ${c.sim.credentials.password}`,
      'sdwan:',
      `  specs_dir: ${c.specsDir}`,
      `  tables_dir: ${c.tablesDir}`,
      '  active_version: bench',
      '  auto_fetch: false',
      '',
    ].join('\n'),
  );
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(CONTROLLER_|BRIDGE_)/.test(k)) env[k] = v;
  const start = (args: string[]) => spawnToToolsList([...args, '--config', config], { cwd: c.dir, env });
  c.progress(`starting the compiled bridge ${c.runs} times against node -e 0 …`);
  await start([COMPILED_ENTRY]);
  await spawnToExit(['-e', '0']);
  const nodeTimes: number[] = [];
  const compiled: StartSample[] = [];
  for (let i = 0; i < c.runs; i++) {
    nodeTimes.push(await spawnToExit(['-e', '0']));
    compiled.push(await start([COMPILED_ENTRY]));
  }
  const nodeMs = median(nodeTimes);
  const sample = compiled[0];
  c.row('node -e 0 (baseline of the process starts)', nodeMs, '', 0, '', null);
  c.row(`process start → tools/list over stdio, compiled entry (${sample.tools} tools, ${Math.round(sample.bytes / 1024)} KB)`, median(compiled.map((s) => s.ms)), 'node -e 0', nodeMs, '< 250 ms', 250);
  for (const [label, flags] of [
    [`descriptions ≤ ${BENCH_DESCRIPTION_LIMIT} chars`, ['--tools-description-max', String(BENCH_DESCRIPTION_LIMIT)]],
    ['discover mode', ['--tools-mode', 'discover']],
  ] as const) {
    const samples: number[] = [];
    for (let i = 0; i < Math.min(c.runs, 5); i++) samples.push((await start([COMPILED_ENTRY, ...flags])).ms);
    c.row(`the same, ${label}`, median(samples), 'node -e 0', nodeMs, '(information)', null);
  }
  const tsx = [];
  for (let i = 0; i < Math.min(c.runs, 5); i++) tsx.push((await start(['--import', pathToFileURL(join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href, join(PROJECT_ROOT, 'runtime', 'bridge', 'cli.ts')])).ms);
  c.row('the same, TypeScript sources through tsx', median(tsx), 'node -e 0', nodeMs, '(information)', null);
}

export async function runBridgeBench(options: { calls?: number; startRuns?: number; progress?: (line: string) => void } = {}): Promise<BridgeBenchRow[]> {
  const progress = options.progress ?? (() => undefined);
  const calls = options.calls ?? 400;
  const dir = tempDir('bridge-bench-');
  const rows: BridgeBenchRow[] = [];
  const row = (metric: string, value: number, baseline: string, baselineMs: number, target: string, limit: number | null, unit: 'ms' | 'KB' = 'ms') =>
    rows.push({ metric, value: round(value), unit, baseline, baseline_value: round(baselineMs), ratio: baselineMs ? round(value / baselineMs) : 0, target, ok: limit === null ? null : value < limit });
  try {
    const specsDir = linkedSpecs(dir.path, 'bench', [VENDOR_SPEC]);

    progress('generating the 2,682-operation tool table …');
    const parseOnly = median(await timed(3, () => new SwaggerParser().parse(VENDOR_SPEC)));
    let tableFiles: { path: string; contents: string }[] = [];
    let table: ToolTable | null = null;
    const generate = median(
      await timed(3, () => {
        const { ir, diagnostics } = bridgeFromSpecs(specsDir);
        if (diagnostics.length) throw new Error(`spec problems: ${diagnostics[0].message}`);
        tableFiles = emitToolTables(ir);
        table = toolTableFromIR(ir.versions[0]);
      }),
    );
    row('generate tool table (2,682 ops)', generate, 'swagger-parser parse only', parseOnly, '< 1500 ms', 1500);

    // As `npm run generate` writes it: generated/bridge/<version>/ becomes <tablesDir>/<version>/.
    const tablesDir = join(dir.path, 'generated');
    for (const f of tableFiles) {
      const file = join(tablesDir, f.path.replace(/^bridge\//, ''));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, f.contents);
    }
    const sim = await startControllerSimulator({ echoUnknown: true });
    try {
      progress('starting the bridge on the generated table …');
      const settings = simulatorSettings(sim, { 'sdwan.specs_dir': specsDir, 'sdwan.tables_dir': tablesDir, 'sdwan.active_version': 'bench' });
      const parseTable = median(await timed(5, () => tableFiles.map((f) => JSON.parse(readFileSync(join(tablesDir, f.path.replace(/^bridge\//, '')), 'utf8')))));
      const startups = await timed(5, async () => {
        const bridge = await openBridge({ settings, log: silent, warmLogin: false });
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        const client = new Client({ name: 'bench', version: '1' });
        await Promise.all([client.connect(clientSide), bridge.createServer().connect(serverSide)]);
        const { tools } = await client.listTools();
        if (!tools.length) throw new Error('no tools listed');
        await client.close();
        await bridge.close();
      });
      row('bridge start → tools/list (generated table)', median(startups), 'JSON.parse of the whole table', parseTable, '< 500 ms', 500);

      await measureProcessStarts({ dir: dir.path, specsDir, tablesDir, sim, row, progress, runs: options.startRuns ?? 11 });

      progress('sizing tools/list and timing the discovery search …');
      const sized = (overrides: Record<string, unknown>) => toolsListBytes(simulatorSettings(sim, { 'sdwan.specs_dir': specsDir, 'sdwan.tables_dir': tablesDir, 'sdwan.active_version': 'bench', ...overrides }), silent);
      const full = await sized({});
      const limited = await sized({ 'sdwan.tools.description_max_chars': BENCH_DESCRIPTION_LIMIT });
      const discover = await sized({ 'sdwan.tools.mode': 'discover' });
      row(`tools/list, default read-only set (${full.tools} tools, longest description ${full.longest} chars)`, full.bytes / 1024, '', 0, '(information)', null, 'KB');
      row(`tools/list, the same with descriptions ≤ ${BENCH_DESCRIPTION_LIMIT} chars (${limited.tools} tools with sdwan_describe)`, limited.bytes / 1024, 'full descriptions', full.bytes / 1024, '< 300 KB', 300, 'KB');
      row(`tools/list, discover mode (${discover.tools} tools)`, discover.bytes / 1024, '', 0, '(information)', null, 'KB');
      const search = measureSearch(table!);
      row(`discovery index over ${search.operations} operations, built once after the first tools/list`, search.indexMs, '', 0, '(information)', null);
      row(`discovery search over ${search.operations} operations (median; p95 ${search.p95Ms.toFixed(3)} ms)`, search.medianMs, '', 0, '< 5 ms', 5);

      progress(`timing ${calls} tool calls and ${calls} direct requests …`);
      const demo = simulatorSettings(sim, {});
      const bridge = await openBridge({ settings: demo, log: silent, warmLogin: false });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const client = new Client({ name: 'bench', version: '1' });
      await Promise.all([client.connect(clientSide), bridge.createServer().connect(serverSide)]);
      const viaTool = () => client.callTool({ name: 'monitoring_alarms_details', arguments: { action: 'get_alarms_details_count' } });
      await bridge.session.ensureFresh();
      const agent = new Agent({ keepAliveTimeout: 30_000 });
      const direct = async () => {
        const res = await request(`${bridge.baseUrl}/dataservice/alarms/count`, { dispatcher: agent, headers: { Accept: 'application/json', ...bridge.session.authHeaders() } });
        JSON.parse(await res.body.text());
      };
      for (let i = 0; i < 50; i++) {
        await viaTool();
        await direct();
      }
      // Interleaved, so both see the same machine load.
      const toolTimes: number[] = [];
      const directTimes: number[] = [];
      for (let i = 0; i < calls; i++) {
        toolTimes.push(...(await timed(1, viaTool)));
        directTimes.push(...(await timed(1, direct)));
      }
      const overhead = median(toolTimes) - median(directTimes);
      row('tool call, in-process MCP client (median)', median(toolTimes), 'direct HTTP request (undici)', median(directTimes), '', null);
      rows.push({ metric: 'per-call overhead of the bridge', value: round(overhead), unit: 'ms', baseline: 'direct HTTP request (undici)', baseline_value: round(median(directTimes)), ratio: round(median(toolTimes) / median(directTimes)), target: '< 1 ms', ok: overhead < 1 });

      const running = await serveBridge({ settings: simulatorSettings(sim, { 'transport.mode': 'streamable-http', 'transport.port': 0 }), log: silent, warmLogin: false });
      const httpClient = new Client({ name: 'bench', version: '1' });
      await httpClient.connect(new StreamableHTTPClientTransport(new URL(running.url!)));
      const viaHttp = () => httpClient.callTool({ name: 'monitoring_alarms_details', arguments: { action: 'get_alarms_details_count' } });
      for (let i = 0; i < 30; i++) await viaHttp();
      const httpTimes = await timed(Math.min(calls, 200), viaHttp);
      row('tool call over streamable HTTP (median)', median(httpTimes), 'direct HTTP request (undici)', median(directTimes), '(information)', null);
      await httpClient.close();
      await running.close();
      await client.close();
      await bridge.close();
      await agent.close();
    } finally {
      await sim.close();
    }
  } finally {
    dir.remove();
  }
  return rows;
}

export function formatBridgeBench(rows: BridgeBenchRow[]): string {
  const header = ['metric', 'value', 'baseline', 'baseline value', 'ratio', 'target', 'ok'];
  const figure = (n: number, unit: string) => (unit === 'KB' ? `${n.toFixed(1)} KB` : `${n.toFixed(3)} ms`);
  const lines = rows.map((r) => [r.metric, figure(r.value, r.unit), r.baseline, r.baseline ? figure(r.baseline_value, r.unit) : '', r.ratio ? `${r.ratio.toFixed(2)}x` : '', r.target, r.ok === null ? '' : r.ok ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n');
}

const invokedAs = process.argv[1] ? realpathSync(process.argv[1]) : '';
if (invokedAs === realpathSync(fileURLToPath(import.meta.url))) {
  const rows = await runBridgeBench({ progress: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${formatBridgeBench(rows)}\n`);
  process.exitCode = rows.every((r) => r.ok !== false) ? 0 : 1;
}
