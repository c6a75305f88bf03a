/**
 * @module
 * The MCP server of one client connection: lists the tool set's tools and hands calls to it. It uses
 * the SDK's low-level `Server` because the tools come as JSON Schema from the generated table
 * (McpServer wants Zod schemas); the tools list is built once and shared by every connection.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { REPOSITORY_ROOT } from '../paths.ts';
import type { ServedTools } from '../toolset/toolSet.ts';

const packageVersion = (JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export interface ServerHooks {
  /**
   * Told once a tools/list answer has been handed over to the transport in full (for stdio: written
   * to the pipe). The bridge logs in then: doing it earlier would hold up a large answer, whose
   * writes wait for the event loop.
   */
  afterToolsListSent?: () => void;
}

export function createMcpServer(served: ServedTools, hooks: ServerHooks = {}): Server {
  const server = new Server({ name: 'sdwan-bridge', version: packageVersion }, { capabilities: { tools: { listChanged: false } }, instructions: served.instructions });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: served.tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => served.call(request.params.name, request.params.arguments));
  const after = hooks.afterToolsListSent;
  if (after) {
    const connect = server.connect.bind(server);
    server.connect = (transport: Transport) => {
      const send = transport.send.bind(transport);
      transport.send = async (message, options) => {
        await send(message, options);
        if ('result' in message && Array.isArray((message.result as { tools?: unknown }).tools)) after();
      };
      return connect(transport);
    };
  }
  return server;
}
