/**
 * @module
 * The SD-WAN bridge benchmark, on the real 2,682-operation controller spec
 * (../shared/reference/sdwan/vmanage-2022-openapi.yaml, read in place through a symlinked temp folder):
 *   1. generating its tool table (load with swagger-parser, IR, emit) — as `npm run generate` does it;
 *      baseline: swagger-parser's parse alone;
 *   2. bridge start to a served tools/list with that table generated — baseline: JSON.parse of the table;
 *   3. per-call overhead of a tool call (MCP client → server → dispatcher → simulated controller)
 *      over the same request sent directly with undici — medians of many calls, same run, same machine.
 * `runBridgeBench()` returns the rows (the lead's `npm run bench` merges them); run alone with
 *   npx tsx scripts/bench/bridge.ts
 * to print the table. Targets: < 1500 ms, < 500 ms, < 1 ms.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Agent, request } from 'undici';
import { emitToolTables } from '../../generator/emit/mcp/emitToolTables.ts';
import { bridgeFromSpecs } from '../../generator/ir/bridge/bridgeFromSpecs.ts';
import { createLogger, openBridge, serveBridge, startControllerSimulator } from '../../runtime/bridge/index.ts';
import { linkedSpecs, simulatorSettings, tempDir, VENDOR_SPEC } from '../../runtime/bridge/testing.ts';

export interface BridgeBenchRow {
  metric: string;
  /** Median, milliseconds. */
  median_ms: number;
  baseline: string;
  baseline_ms: number;
  /** median / baseline. */
  ratio: number;
  target: string;
  ok: boolean | null;
}

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

export async function runBridgeBench(options: { calls?: number; progress?: (line: string) => void } = {}): Promise<BridgeBenchRow[]> {
  const progress = options.progress ?? (() => undefined);
  const calls = options.calls ?? 400;
  const dir = tempDir('bridge-bench-');
  const rows: BridgeBenchRow[] = [];
  const row = (metric: string, value: number, baseline: string, baselineMs: number, target: string, limit: number | null) =>
    rows.push({ metric, median_ms: round(value), baseline, baseline_ms: round(baselineMs), ratio: round(value / baselineMs), target, ok: limit === null ? null : value < limit });
  try {
    const specsDir = linkedSpecs(dir.path, 'bench', [VENDOR_SPEC]);

    progress('generating the 2,682-operation tool table …');
    const parseOnly = median(await timed(3, () => new SwaggerParser().parse(VENDOR_SPEC)));
    let tableText = '';
    const generate = median(
      await timed(3, () => {
        const { ir, diagnostics } = bridgeFromSpecs(specsDir);
        if (diagnostics.length) throw new Error(`spec problems: ${diagnostics[0].message}`);
        tableText = emitToolTables(ir)[0].contents;
      }),
    );
    row('generate tool table (2,682 ops)', generate, 'swagger-parser parse only', parseOnly, '< 1500 ms', 1500);

    const tablesDir = join(dir.path, 'generated');
    mkdirSync(join(tablesDir, 'bench'), { recursive: true });
    writeFileSync(join(tablesDir, 'bench', 'tools.json'), tableText);
    const sim = await startControllerSimulator({ echoUnknown: true });
    try {
      progress('starting the bridge on the generated table …');
      const settings = simulatorSettings(sim, { 'sdwan.specs_dir': specsDir, 'sdwan.tables_dir': tablesDir, 'sdwan.active_version': 'bench' });
      const parseTable = median(await timed(5, () => JSON.parse(readFileSync(join(tablesDir, 'bench', 'tools.json'), 'utf8'))));
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
      row('bridge start → tools/list (generated table)', median(startups), 'JSON.parse of the table', parseTable, '< 500 ms', 500);

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
      rows.push({ metric: 'per-call overhead of the bridge', median_ms: round(overhead), baseline: 'direct HTTP request (undici)', baseline_ms: round(median(directTimes)), ratio: round(median(toolTimes) / median(directTimes)), target: '< 1 ms', ok: overhead < 1 });

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
  const header = ['metric', 'median ms', 'baseline', 'baseline ms', 'ratio', 'target', 'ok'];
  const lines = rows.map((r) => [r.metric, r.median_ms.toFixed(3), r.baseline, r.baseline_ms.toFixed(3), `${r.ratio.toFixed(2)}x`, r.target, r.ok === null ? '' : r.ok ? 'yes' : 'NO']);
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
