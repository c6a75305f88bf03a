/**
 * @module
 * What tool sets cost and give on the 2,682-operation spec: the size of the tools/list answer of the
 * default read-only set, in full and with description limits, and the discovery search — building
 * its index, and searching it with the words a model would use.
 */
import type { BridgeSettings } from '../../runtime/bridge/index.ts';
import { ActionLookup } from '../../runtime/bridge/dispatch/actionLookup.ts';
import { textResult } from '../../runtime/bridge/dispatch/results.ts';
import { openBridge, type Logger } from '../../runtime/bridge/index.ts';
import { Discovery } from '../../runtime/bridge/toolset/discovery.ts';
import type { ToolTable } from '../../runtime/contract/toolTable.ts';

/** Words a model asks for, across the API's areas. */
export const SEARCH_QUERIES = [
  'bfd sessions',
  'device reboot history',
  'alarms count',
  'interface statistics',
  'attach device template',
  'certificate signing request',
  'policy site list',
  'omp routes received',
  'tunnel latency jitter loss',
  'app route statistics',
  'software upgrade image',
  'cluster health',
  'tenant list',
  'vpn list',
  'security policy',
  'umbrella',
  'cloud on ramp saas',
  'dpi applications',
  'wan edge inventory',
  'control connections',
];

/** Bytes of the JSON-RPC answer to tools/list for these settings. */
export async function toolsListBytes(settings: BridgeSettings, log: Logger): Promise<{ bytes: number; tools: number; longest: number }> {
  const bridge = await openBridge({ settings, log, warmLogin: false });
  try {
    const tools = bridge.served.tools;
    return {
      bytes: Buffer.byteLength(JSON.stringify({ result: { tools }, jsonrpc: '2.0', id: 2 })),
      tools: tools.length,
      longest: Math.max(...tools.map((t) => t.description?.length ?? 0)),
    };
  } finally {
    await bridge.close();
  }
}

export interface SearchFigures {
  operations: number;
  indexMs: number;
  /** Per search: median and 95th percentile over every query and round. */
  medianMs: number;
  p95Ms: number;
}

/** Builds the discovery index over every operation (read-write mode) and times the searches. */
export function measureSearch(table: ToolTable, rounds = 30): SearchFigures {
  const tools = table.modes['read-write'];
  const started = performance.now();
  const lookup = new ActionLookup({ table, mode: 'read-write', tools });
  const discovery = new Discovery({ table, mode: 'read-write', catalogue: tools, readWriteCatalogue: () => tools, lookup, call: async () => textResult({}, false) });
  discovery.prepare();
  const indexMs = performance.now() - started;
  for (const q of SEARCH_QUERIES) if (!discovery.search(q).total) throw new Error(`the search finds nothing for "${q}"`);
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const q of SEARCH_QUERIES) {
      const t = performance.now();
      discovery.search(q, 10);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  return { operations: discovery.callable, indexMs, medianMs: times[Math.floor(times.length / 2)], p95Ms: times[Math.floor(times.length * 0.95)] };
}
