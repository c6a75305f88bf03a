/**
 * @module
 * The tools one bridge serves (`sdwan.tools`), built once at start and shared by every connection:
 * in `tools` mode the tool table's tools (filtered, capped, their descriptions limited, with
 * `sdwan_describe` when they are), in `discover` mode the three discovery tools only, in `hybrid` mode
 * both. `call` routes a tool call to the discovery tools or the dispatcher.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { BridgeMode, TableTool, ToolTable } from '../../contract/toolTable.ts';
import type { ToolsConfig, ToolsMode } from '../config/keys.ts';
import { ConfigError } from '../config/loadConfig.ts';
import type { ActionLookup } from '../dispatch/actionLookup.ts';
import { BIN_NAME } from '../programName.ts';
import { DESCRIBE_TOOL, limitedDescription } from './describeActions.ts';
import { CALL_TOOL, describeToolDefinition, Discovery, handleDescribe, SEARCH_TOOL } from './discovery.ts';
import { selectTools, type ToolSelection } from './selectTools.ts';

export interface ServedTools {
  table: ToolTable;
  mode: BridgeMode;
  toolsMode: ToolsMode;
  /** What tools/list answers. */
  tools: Tool[];
  instructions: string;
  selection: ToolSelection;
  /** Tool calls, whichever tool. */
  call(name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult>;
  /** Work that can wait until the client has its tool list: the discovery index. */
  prepare(): void;
}

/** Tools each mode lists besides the table's: they count against `max_tools`. */
function addedTools(config: ToolsConfig): string[] {
  if (config.mode !== 'tools') return [SEARCH_TOOL, DESCRIBE_TOOL, CALL_TOOL];
  return config.description_max_chars > 0 ? [DESCRIBE_TOOL] : [];
}

/**
 * Applies `sdwan.tools` to a table's tools in `mode`; refuses (ConfigError) a pattern that matches no
 * tool in either mode, a selection that leaves nothing, and a cap with no room for the table's tools.
 * `readWriteCatalogue` gives what the discovery tools count of read-write mode, read on first use;
 * `program` names the command in the hint of an unmatched pattern.
 */
export function selectToolSet(table: ToolTable, mode: BridgeMode, config: ToolsConfig, sources: Record<string, string>, program = BIN_NAME): { selection: ToolSelection; readWriteCatalogue: () => TableTool[] } {
  const added = addedTools(config);
  // Discover mode lists no table tool, so nothing of the catalogue is "dropped" by the cap.
  const options = { include: config.include, exclude: config.exclude, maxTools: config.mode === 'discover' ? 0 : config.max_tools, reserved: added.length };
  const selection = selectTools(table.modes[mode], options);
  // The other mode's tools are read only when needed (a generated table reads each part on first use):
  // to tell a pattern that fits that mode from a typo, and for the discovery tools' counts.
  let other: ToolSelection | undefined;
  const readWrite = () => (mode === 'read-write' ? selection : (other ??= selectTools(table.modes['read-write'], options)));
  const issues: string[] = [];
  for (const { key, pattern } of selection.unmatched) {
    if (readWrite().unmatched.some((u) => u.key === key && u.pattern === pattern)) {
      const areas = [...new Set(table.modes['read-write'].map((t) => t.area))].sort();
      issues.push(`sdwan.tools.${key}: "${pattern}" matches no tool of spec ${table.version} (from ${sources[`sdwan.tools.${key}`]}); its areas are ${areas.join(', ')} (\`${program} tools\` without include or exclude lists every tool with its area/topic)`);
    }
  }
  if (!issues.length && !selection.catalogue.length) {
    issues.push(`sdwan.tools: include ${JSON.stringify(config.include)} and exclude ${JSON.stringify(config.exclude)} leave no tool of spec ${table.version} in ${mode} mode (from ${sources['sdwan.tools.include']}, ${sources['sdwan.tools.exclude']})`);
  }
  const cap = config.max_tools;
  if (cap > 0 && config.mode === 'discover' && cap < added.length) {
    issues.push(`sdwan.tools.max_tools: discover mode serves ${added.length} tools (${added.join(', ')}), more than ${cap} (from ${sources['sdwan.tools.max_tools']})`);
  } else if (cap > 0 && config.mode !== 'discover' && cap <= added.length) {
    issues.push(`sdwan.tools.max_tools: ${cap} leaves no room for the table's tools besides ${added.join(', ')} (from ${sources['sdwan.tools.max_tools']}); use sdwan.tools.mode: discover for so few`);
  }
  if (issues.length) throw new ConfigError(issues);
  return { selection, readWriteCatalogue: () => readWrite().catalogue };
}

function listedTool(tool: TableTool, table: ToolTable, mode: BridgeMode, maxChars: number): Tool {
  const limited = maxChars > 0 && tool.description.length > maxChars;
  const inputSchema = limited
    ? {
        ...tool.inputSchema,
        properties: {
          ...tool.inputSchema.properties,
          action: { ...tool.inputSchema.properties.action, description: `The operation to call; ${DESCRIBE_TOOL} gives its parameters.` },
        },
      }
    : tool.inputSchema;
  return {
    name: tool.name,
    title: tool.title,
    description: limited ? limitedDescription(tool, mode, maxChars) : tool.description,
    inputSchema: inputSchema as unknown as Tool['inputSchema'],
    annotations: { title: tool.title, ...tool.annotations },
  };
}

function instructionsFor(table: ToolTable, mode: BridgeMode, config: ToolsConfig, selection: ToolSelection, listedCount: number): string {
  const head = `Connected to an SD-WAN controller through its REST API (spec "${table.version}", ${table.title} ${table.apiVersion}).`;
  const callable = selection.catalogue.reduce((n, t) => n + t.actions.length, 0);
  const whole = selection.catalogue.length === table.modes[mode].length;
  if (config.mode === 'discover') {
    const scope =
      mode === 'read-only'
        ? `Mode: read-only. ${callable} operations that cannot change the controller are served; the bridge must be started with --read-write for the others.`
        : `Mode: read-write. ${callable} operations are served, including ones that change the controller.`;
    return [head, scope, `Find operations with ${SEARCH_TOOL} (words), read their parameters with ${DESCRIBE_TOOL}, and call them with ${CALL_TOOL} {"tool", "action", "params"}: path, query and body fields all at the top level of params.`].join('\n');
  }
  // The default (every tool, full descriptions) says what it always said.
  const lines = [
    head,
    mode === 'read-only'
      ? `Mode: read-only. ${listedCount} tools expose ${callable} operations that cannot change the controller; the bridge must be started with --read-write for the others.`
      : `Mode: read-write. ${listedCount} tools expose ${whole ? 'all ' : ''}${callable} operations, including ones that change the controller.`,
    'Each tool takes {"action": <name>, "params": {...}}: path, query and body fields all at the top level of params.',
  ];
  if (selection.dropped.length) {
    lines.push(`${selection.dropped.length} more tools are not listed (sdwan.tools.max_tools)${config.mode === 'hybrid' ? `: ${SEARCH_TOOL} finds their actions and ${CALL_TOOL} calls them` : ''}.`);
  }
  if (config.mode === 'hybrid') lines.push(`${SEARCH_TOOL} searches every served operation, ${DESCRIBE_TOOL} gives an action's parameters, ${CALL_TOOL} calls any of them.`);
  else if (config.description_max_chars > 0) lines.push(`Tool descriptions are short: ${DESCRIBE_TOOL} gives a tool's full text and an action's parameters.`);
  return lines.join('\n');
}

export interface ServeToolsOptions {
  table: ToolTable;
  mode: BridgeMode;
  config: ToolsConfig;
  selection: ToolSelection;
  /** Read-write mode's catalogue, for the discovery tools' counts (read on first use). */
  readWriteCatalogue: () => TableTool[];
  lookup: ActionLookup;
  /** Calls an action of a table tool (the dispatcher). */
  dispatch(tool: string, args: Record<string, unknown> | undefined): Promise<CallToolResult>;
}

export function serveTools(options: ServeToolsOptions): ServedTools {
  const { table, mode, config, selection, lookup } = options;
  const listedTable = config.mode === 'discover' ? [] : selection.listed;
  const tools = listedTable.map((t) => listedTool(t, table, mode, config.description_max_chars));
  const discovery =
    config.mode === 'tools'
      ? null
      : new Discovery({ table, mode, catalogue: selection.catalogue, readWriteCatalogue: options.readWriteCatalogue, lookup, call: (tool, args) => options.dispatch(tool, args) });
  const own = discovery ? discovery.definitions() : config.description_max_chars > 0 ? [describeToolDefinition()] : [];
  // The limit holds for the bridge's own tools too; their first sentence says what matters.
  const max = config.description_max_chars;
  tools.push(...own.map((t) => (max > 0 && t.description && t.description.length > max ? { ...t, description: `${t.description.slice(0, max - 1).trimEnd()}…` } : t)));
  const ownNames = new Set(own.map((t) => t.name));
  const collision = listedTable.find((t) => ownNames.has(t.name));
  if (collision) throw new ConfigError([`spec ${table.version} has a tool named ${collision.name}, which the bridge's own tool of that name would hide; exclude it with sdwan.tools.exclude`]);
  return {
    table,
    mode,
    toolsMode: config.mode,
    tools,
    instructions: instructionsFor(table, mode, config, selection, listedTable.length),
    selection,
    prepare: () => void discovery?.prepare(),
    call: async (name, args) => {
      if (ownNames.has(name)) return discovery ? discovery.handle(name, args) : handleDescribe(lookup, args ?? {});
      return options.dispatch(name, args);
    },
  };
}
