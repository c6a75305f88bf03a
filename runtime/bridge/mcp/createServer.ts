/**
 * @module
 * The MCP server of one client connection: lists the tool table's tools and hands calls to the
 * dispatcher. It uses the SDK's low-level `Server` because the tools come as JSON Schema from the
 * generated table (McpServer wants Zod schemas); the tools list is built once and shared by every
 * connection.
 */
import { createRequire } from 'node:module';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { BridgeMode, ToolTable } from '../../contract/toolTable.ts';
import type { Dispatcher } from '../dispatch/dispatcher.ts';

const packageVersion = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;

export interface ServedTools {
  table: ToolTable;
  mode: BridgeMode;
  tools: Tool[];
  instructions: string;
}

export function servedTools(table: ToolTable, mode: BridgeMode): ServedTools {
  const tools: Tool[] = table.modes[mode].map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema as unknown as Tool['inputSchema'],
    annotations: { title: t.title, ...t.annotations },
  }));
  const actions = table.modes[mode].reduce((n, t) => n + t.actions.length, 0);
  const instructions = [
    `Connected to an SD-WAN controller through its REST API (spec "${table.version}", ${table.title} ${table.apiVersion}).`,
    mode === 'read-only'
      ? `Mode: read-only. ${tools.length} tools expose ${actions} operations that cannot change the controller; the bridge must be started with --read-write for the others.`
      : `Mode: read-write. ${tools.length} tools expose all ${actions} operations, including ones that change the controller.`,
    'Each tool takes {"action": <name>, "params": {...}}: path, query and body fields all at the top level of params.',
  ].join('\n');
  return { table, mode, tools, instructions };
}

export function createMcpServer(served: ServedTools, dispatcher: Dispatcher): Server {
  const server = new Server({ name: 'sdwan-bridge', version: packageVersion }, { capabilities: { tools: { listChanged: false } }, instructions: served.instructions });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: served.tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => dispatcher.call(request.params.name, request.params.arguments));
  return server;
}
