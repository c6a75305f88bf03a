/**
 * @module
 * The MCP server of one client connection: lists the tool set's tools and hands calls to it. It uses
 * the SDK's low-level `Server` because the tools come as JSON Schema from the generated table
 * (McpServer wants Zod schemas); the tools list is built once and shared by every connection.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { REPOSITORY_ROOT } from '../paths.ts';
import type { ServedTools } from '../toolset/toolSet.ts';

const packageVersion = (JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export interface ServerHooks {
  /** Told after each tools/list is answered (the bridge logs in then). */
  onToolsListed?: () => void;
}

export function createMcpServer(served: ServedTools, hooks: ServerHooks = {}): Server {
  const server = new Server({ name: 'sdwan-bridge', version: packageVersion }, { capabilities: { tools: { listChanged: false } }, instructions: served.instructions });
  server.setRequestHandler(ListToolsRequestSchema, () => {
    hooks.onToolsListed?.();
    return { tools: served.tools };
  });
  server.setRequestHandler(CallToolRequestSchema, (request) => served.call(request.params.name, request.params.arguments));
  return server;
}
