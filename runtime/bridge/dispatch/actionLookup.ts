/**
 * @module
 * Finds the operation behind a tool and action, and when there is none says why in words a model (and
 * the person behind it) can act on: the action changes the controller and the bridge runs read-only
 * (restart with `--read-write`), the tool is left out of the tool set (`sdwan.tools`), the action
 * belongs to another part of a split tool, or the name is unknown (with the valid ones).
 */
import type { BridgeMode, TableOperation, TableTool, ToolTable } from '../../contract/toolTable.ts';

export const READ_WRITE_HOW = 'restart the bridge with --read-write (config sdwan.read_write: true, env BRIDGE_READ_WRITE=1)';

export type Lookup = { ok: true; tool: TableTool; operation: TableOperation } | { ok: false; message: string };

export interface ActionLookupOptions {
  table: ToolTable;
  mode: BridgeMode;
  /** The tools that may be called (the tool set's catalogue). */
  tools: TableTool[];
}

export class ActionLookup {
  private readonly tools: Map<string, { tool: TableTool; actions: Map<string, number> }>;
  private indexes: { byTag: Map<string, Map<string, number>>; holder: Record<BridgeMode, Map<number, string>> } | null = null;

  constructor(private readonly options: ActionLookupOptions) {
    this.tools = new Map(options.tools.map((tool) => [tool.name, { tool, actions: new Map(tool.actions.map((a) => [a.name, a.operation])) }]));
  }

  /**
   * Tag → action → operation (action names are unique per tag, whatever the splitting), and operation →
   * the tool holding it in each mode: built when a lookup first fails, as they read every operation
   * and both modes' tools.
   */
  private index() {
    if (this.indexes) return this.indexes;
    const { table } = this.options;
    const byTag = new Map<string, Map<string, number>>();
    table.operations.forEach((op, index) => {
      let actions = byTag.get(op.tag);
      if (!actions) byTag.set(op.tag, (actions = new Map()));
      actions.set(op.action, index);
    });
    const holder: Record<BridgeMode, Map<number, string>> = { 'read-only': new Map(), 'read-write': new Map() };
    for (const mode of ['read-only', 'read-write'] as const) {
      for (const tool of table.modes[mode]) for (const a of tool.actions) holder[mode].set(a.operation, tool.name);
    }
    return (this.indexes = { byTag, holder });
  }

  get mode(): BridgeMode {
    return this.options.mode;
  }

  /** The tool, when the tool set serves it. */
  tool(name: string): TableTool | undefined {
    return this.tools.get(name)?.tool;
  }

  actionNames(toolName: string): string[] {
    return [...(this.tools.get(toolName)?.actions.keys() ?? [])];
  }

  /** Why a tool name is not served, or null when it is. */
  toolProblem(name: string): string | null {
    if (this.tools.has(name)) return null;
    const { table, mode } = this.options;
    if (table.modes[mode].some((t) => t.name === name)) {
      return `Tool '${name}' is not part of this bridge's tool set (sdwan.tools.include / sdwan.tools.exclude leave it out).`;
    }
    if (mode === 'read-only' && table.modes['read-write'].some((t) => t.name === name)) {
      return `Tool '${name}' has only actions that change the controller, and this bridge runs read-only: ${READ_WRITE_HOW} to use it.`;
    }
    return `Unknown tool '${name}'. List the tools (or search with sdwan_search, where served) to see what this bridge serves.`;
  }

  resolve(toolName: string, action: string): Lookup {
    const problem = this.toolProblem(toolName);
    if (problem) return { ok: false, message: problem };
    const entry = this.tools.get(toolName)!;
    const index = entry.actions.get(action);
    const ops = this.options.table.operations;
    if (index !== undefined) return { ok: true, tool: entry.tool, operation: ops[index] };
    const unknown = `Unknown action '${action}' for tool '${toolName}'. Valid actions: ${[...entry.actions.keys()].join(', ')}.`;
    const { byTag, holder: holders } = this.index();
    const sibling = byTag.get(entry.tool.tag)?.get(action);
    if (sibling === undefined) return { ok: false, message: unknown };
    const op = ops[sibling];
    const { mode } = this.options;
    if (mode === 'read-only' && !op.readOnly) {
      const there = holders['read-write'].get(sibling);
      const where = there && there !== toolName ? ` (in read-write mode it is an action of tool '${there}')` : '';
      return { ok: false, message: `Action '${action}' (${op.method} ${op.path}) changes the controller, and this bridge runs read-only: ${READ_WRITE_HOW} to call it${where}.` };
    }
    const holder = holders[mode].get(sibling);
    if (holder && holder !== toolName) {
      return { ok: false, message: `Action '${action}' (${op.method} ${op.path}) belongs to tool '${holder}', another part of ${entry.tool.title}${this.tools.has(holder) ? '' : ', which this tool set leaves out'}.` };
    }
    return { ok: false, message: unknown };
  }
}
