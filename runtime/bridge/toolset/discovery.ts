/**
 * @module
 * The discovery tools, which reach every action of the tool set through three tools whatever the
 * size of the API: `sdwan_search` (ranked search of the catalogue by words), `sdwan_describe` (a tool's
 * full description, or one action with the JSON Schema of its params) and `sdwan_call` (call any
 * action). The index is built once, right after the client has its tool list (prepare).
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { BridgeMode, TableTool, ToolTable } from '../../contract/toolTable.ts';
import type { ActionLookup } from '../dispatch/actionLookup.ts';
import { errorResult, textResult } from '../dispatch/results.ts';
import { actionDetails, DESCRIBE_TOOL } from './describeActions.ts';
import { matchesPattern, normalizePattern, parsePattern } from './patterns.ts';
import { SearchIndex, type IndexedField } from './searchIndex.ts';

export const SEARCH_TOOL = 'sdwan_search';
export const CALL_TOOL = 'sdwan_call';
export { DESCRIBE_TOOL };

const DEFAULT_RESULTS = 10;
const MAX_RESULTS = 50;

interface Entry {
  tool: TableTool;
  action: string;
  operation: number;
  /** False for an action only read-write mode serves (counted in searches, never listed). */
  callable: boolean;
}

const readOnlyHints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function describeToolDefinition(): Tool {
  return {
    name: DESCRIBE_TOOL,
    title: 'Describe an SD-WAN action',
    // Shorter than the smallest description limit (160), so it is never cut.
    description: 'Full description of a tool (give "tool"), or one action with the JSON Schema of its params (give "tool" and "action").',
    inputSchema: {
      type: 'object',
      properties: {
        tool: { type: 'string', description: 'Tool name, e.g. monitoring_bfd.' },
        action: { type: 'string', description: 'Action name, e.g. post_bfd_doccount; leave out to describe the whole tool.' },
      },
      required: ['tool'],
      additionalProperties: false,
    },
    annotations: { title: 'Describe an SD-WAN action', ...readOnlyHints },
  };
}

function searchDefinition(total: number, mode: BridgeMode): Tool {
  return {
    name: SEARCH_TOOL,
    title: 'Search the SD-WAN controller API',
    description:
      `Searches the ${total} actions of the SD-WAN controller API this bridge serves (${mode}) by words: what it does, resource names, path segments ` +
      `(e.g. "bfd sessions", "device reboot history", "alarms count"). Returns the best matches with tool, action, method, path and summary; ` +
      `then ${DESCRIBE_TOOL} gives an action's parameters and ${CALL_TOOL} calls it.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words to look for.' },
        limit: { type: 'integer', minimum: 1, maximum: MAX_RESULTS, description: `How many results (default ${DEFAULT_RESULTS}).` },
        area: { type: 'string', description: 'Only this area or area/topic, globs allowed (e.g. "monitoring", "monitoring/bfd*").' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    annotations: { title: 'Search the SD-WAN controller API', ...readOnlyHints },
  };
}

function callDefinition(mode: BridgeMode): Tool {
  const readOnly = mode === 'read-only';
  return {
    name: CALL_TOOL,
    title: 'Call an SD-WAN action',
    description:
      `Calls one action of the SD-WAN controller API (${mode}): {"tool", "action", "params"}, with path, query and body fields all at the top level of params ` +
      `(a statistics query too: {"query": {"condition": "AND", "rules": [...]}}). Find actions with ${SEARCH_TOOL} and their parameters with ${DESCRIBE_TOOL}.`,
    inputSchema: {
      type: 'object',
      properties: {
        tool: { type: 'string', description: 'Tool name from the search results.' },
        action: { type: 'string', description: 'Action name from the search results.' },
        params: { type: 'object', description: 'Path, query and body fields of the action, all at the top level.', additionalProperties: true },
      },
      required: ['tool', 'action'],
      additionalProperties: false,
    },
    annotations: { title: 'Call an SD-WAN action', readOnlyHint: readOnly, destructiveHint: !readOnly, idempotentHint: false, openWorldHint: false },
  };
}

function fieldsOf(table: ToolTable, entry: Entry): IndexedField[] {
  const op = table.operations[entry.operation];
  return [
    { text: entry.action, weight: 2 },
    { text: op.path, weight: 2 },
    { text: entry.tool.title, weight: 1.5 },
    { text: op.summary, weight: 1 },
    { text: [...op.params.map((p) => p.name), ...(op.body?.fields.map((f) => f.name) ?? [])].join(' '), weight: 0.5 },
  ];
}

export interface DiscoveryOptions {
  table: ToolTable;
  mode: BridgeMode;
  /** The tool set's catalogue in this mode, and (read-only mode) in read-write mode, for counting. */
  catalogue: TableTool[];
  /** Read when the index is built: reading the other mode's tools waits too. */
  readWriteCatalogue: () => TableTool[];
  lookup: ActionLookup;
  /** Calls a tool's action (the dispatcher). */
  call(tool: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

export class Discovery {
  private readonly entries: Entry[] = [];
  private index: SearchIndex | null = null;
  readonly callable: number;

  constructor(private readonly options: DiscoveryOptions) {
    for (const tool of options.catalogue) {
      for (const a of tool.actions) this.entries.push({ tool, action: a.name, operation: a.operation, callable: true });
    }
    this.callable = this.entries.length;
  }

  /**
   * Builds the search index (it reads every operation): the bridge calls this once the client has its
   * tool list, so neither the start nor the first search waits for it; a search before then builds it.
   */
  prepare(): SearchIndex {
    if (this.index) return this.index;
    // Actions only read-write mode serves are indexed too, to be counted (never listed).
    const seen = new Set(this.entries.map((e) => e.operation));
    for (const tool of this.options.mode === 'read-only' ? this.options.readWriteCatalogue() : []) {
      for (const a of tool.actions) if (!seen.has(a.operation)) this.entries.push({ tool, action: a.name, operation: a.operation, callable: false });
    }
    return (this.index = new SearchIndex(this.entries.map((e) => fieldsOf(this.options.table, e))));
  }

  definitions(): Tool[] {
    return [searchDefinition(this.callable, this.options.mode), describeToolDefinition(), callDefinition(this.options.mode)];
  }

  /** Ranked matches among callable actions, and how many more only read-write mode has. */
  search(query: string, limit = DEFAULT_RESULTS, area?: string): { total: number; readWriteOnly: number; results: Entry[] } {
    const pattern = area ? parsePattern(area) : null;
    const inArea = (e: Entry) => !pattern || matchesPattern(pattern, e.tool);
    const hits = this.prepare().search(query, (doc) => inArea(this.entries[doc]));
    const callable = hits.filter((h) => this.entries[h.doc].callable);
    return { total: callable.length, readWriteOnly: hits.length - callable.length, results: callable.slice(0, limit).map((h) => this.entries[h.doc]) };
  }

  async handle(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
    if (name === SEARCH_TOOL) return this.handleSearch(args);
    if (name === DESCRIBE_TOOL) return handleDescribe(this.options.lookup, args);
    const { tool, action, params, ...extra } = args;
    if (typeof tool !== 'string' || typeof action !== 'string') return errorResult(`${CALL_TOOL} needs "tool" and "action" (strings); find them with ${SEARCH_TOOL}.`);
    if (Object.keys(extra).length) return errorResult(`Unexpected argument(s) ${Object.keys(extra).join(', ')}: put parameters inside "params".`);
    return this.options.call(tool, params === undefined ? { action } : { action, params });
  }

  private handleSearch(args: Record<string, unknown>): CallToolResult {
    const { query, limit = DEFAULT_RESULTS, area } = args;
    if (typeof query !== 'string' || !query.trim()) return errorResult(`${SEARCH_TOOL} needs "query": words describing what you look for.`);
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_RESULTS) return errorResult(`"limit" must be an integer from 1 to ${MAX_RESULTS}.`);
    if (area !== undefined && (typeof area !== 'string' || normalizePattern(area) === null)) {
      return errorResult('"area" must be an area or area/topic (letters, digits, _, and the globs * and ?), e.g. "monitoring" or "monitoring/bfd".');
    }
    const found = this.search(query, limit, area as string | undefined);
    const ops = this.options.table.operations;
    return textResult(
      {
        query,
        matches: found.total,
        results: found.results.map((e) => ({ tool: e.tool.name, action: e.action, method: ops[e.operation].method, path: ops[e.operation].path, summary: ops[e.operation].summary })),
        ...(found.readWriteOnly ? { read_write_only_matches: found.readWriteOnly, note: 'More actions match but change the controller; the bridge serves them with --read-write.' } : {}),
        next: found.total ? `${DESCRIBE_TOOL} {"tool", "action"} for parameters, then ${CALL_TOOL} {"tool", "action", "params"}.` : 'No match: try other or fewer words.',
      },
      false,
    );
  }
}

/** `sdwan_describe`: a served tool's full description, or one action with the JSON Schema of its params. */
export function handleDescribe(lookup: ActionLookup, args: Record<string, unknown>): CallToolResult {
  const { tool, action } = args;
  if (typeof tool !== 'string' || !tool) return errorResult(`${DESCRIBE_TOOL} needs "tool" (and "action" for one action's parameters).`);
  if (action === undefined) {
    const problem = lookup.toolProblem(tool);
    if (problem) return errorResult(problem);
    const t = lookup.tool(tool)!;
    return textResult({ tool: t.name, title: t.title, description: t.description, actions: t.actions.map((a) => a.name) }, false);
  }
  if (typeof action !== 'string') return errorResult('"action" must be a string.');
  const found = lookup.resolve(tool, action);
  if (!found.ok) return errorResult(found.message);
  return textResult(actionDetails(tool, action, found.operation), false);
}
