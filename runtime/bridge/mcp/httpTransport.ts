/**
 * @module
 * The HTTP transports on one node:http server: streamable HTTP at `/mcp` (stateful sessions keyed by
 * the `mcp-session-id` header) or the older HTTP+SSE pair `GET /sse` + `POST /messages?sessionId=`.
 * Every request passes the bearer check first when `transport.auth.type` is bearer. On a loopback bind
 * the SDK's Host-header check is on too (DNS-rebinding protection).
 *
 * `listenHttpTransport` binds before the bridge is put together and `serve` hands it the MCP servers
 * afterwards: a port in use is then reported at once, before a spec is fetched or a table loaded
 * (which can take minutes), and a client that connects in between is told to retry (503).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../logger.ts';
import { checkBearer, decideBind, isLoopback, rejectionLogger } from './httpSecurity.ts';
import { listenError } from './listenError.ts';

export interface HttpTransportOptions {
  mode: 'sse' | 'streamable-http';
  host: string;
  port: number;
  auth: { type: 'none' | 'bearer'; token: string };
  insecureAllowPublic: boolean;
  log: Logger;
}

export interface RunningHttpTransport {
  /** The MCP endpoint URL (`…/mcp` or `…/sse`). */
  url: string;
  host: string;
  port: number;
  /**
   * Starts answering MCP requests: `createServer` makes a fresh MCP server for each client session,
   * `log` replaces the logger given at listen time (the bridge's, which scrubs live credentials).
   */
  serve(createServer: () => Server, log?: Logger): void;
  close(): Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  sendJson(res, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}

async function readJson(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return { ok: false, status: 413, message: `request body over ${MAX_BODY} bytes` };
    chunks.push(chunk as Buffer);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, status: 400, message: 'Parse error: the body is not JSON' };
  }
}

/** Binds the address; throws a ListenError (one line saying what to do) when it cannot. */
export async function listenHttpTransport(options: HttpTransportOptions): Promise<RunningHttpTransport> {
  let log = options.log;
  let createMcpServer: (() => Server) | null = null;
  const bind = decideBind(options.host, options.auth.type, options.insecureAllowPublic);
  for (const w of bind.warnings) log.warn(w);
  const logRejection = rejectionLogger((line) => log.warn(line));
  const streamable = new Map<string, StreamableHTTPServerTransport>();
  const sse = new Map<string, SSEServerTransport>();
  let hostCheck: { enableDnsRebindingProtection: boolean; allowedHosts?: string[] } = { enableDnsRebindingProtection: false };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://bridge.invalid');
    if (options.auth.type === 'bearer') {
      const verdict = checkBearer(req.headers.authorization, options.auth.token);
      if (!verdict.ok) {
        logRejection(`rejected ${req.method} ${url.pathname} from ${req.socket.remoteAddress ?? '?'}: ${verdict.message}`);
        sendJson(res, 401, { error: verdict.message }, { 'WWW-Authenticate': verdict.challenge });
        return;
      }
    }
    const createServer = createMcpServer;
    if (!createServer) return sendJson(res, 503, { error: 'the bridge is starting; retry in a moment' }, { 'Retry-After': '1' });
    if (options.mode === 'streamable-http' && url.pathname === '/mcp') {
      const sessionId = req.headers['mcp-session-id'];
      const existing = typeof sessionId === 'string' ? streamable.get(sessionId) : undefined;
      if (req.method === 'POST') {
        const body = await readJson(req);
        if (!body.ok) return jsonRpcError(res, body.status, -32700, body.message);
        if (existing) return existing.handleRequest(req, res, body.value);
        if (sessionId === undefined && isInitializeRequest(body.value)) {
          const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
            sessionIdGenerator: () => randomUUID(),
            onsessioninitialized: (id) => {
              streamable.set(id, transport);
            },
            ...hostCheck,
          });
          transport.onclose = () => {
            if (transport.sessionId) streamable.delete(transport.sessionId);
          };
          await createServer().connect(transport);
          return transport.handleRequest(req, res, body.value);
        }
        return jsonRpcError(res, 400, -32000, sessionId === undefined ? 'Bad Request: initialize first (no mcp-session-id header)' : 'Bad Request: unknown or expired mcp-session-id');
      }
      if (req.method === 'GET' || req.method === 'DELETE') {
        if (!existing) return jsonRpcError(res, 400, -32000, 'Bad Request: unknown or missing mcp-session-id');
        return existing.handleRequest(req, res);
      }
      return sendJson(res, 405, { error: `${req.method} is not allowed on /mcp` }, { Allow: 'GET, POST, DELETE' });
    }
    if (options.mode === 'sse' && url.pathname === '/sse' && req.method === 'GET') {
      const transport = new SSEServerTransport('/messages', res, hostCheck);
      sse.set(transport.sessionId, transport);
      res.on('close', () => sse.delete(transport.sessionId));
      await createServer().connect(transport);
      return;
    }
    if (options.mode === 'sse' && url.pathname === '/messages' && req.method === 'POST') {
      const id = url.searchParams.get('sessionId');
      if (!id) return sendJson(res, 400, { error: 'sessionId query parameter is required' });
      const transport = sse.get(id);
      if (!transport) return sendJson(res, 404, { error: 'unknown sessionId (the SSE stream is closed or never existed)' });
      const body = await readJson(req);
      if (!body.ok) return jsonRpcError(res, body.status, -32700, body.message);
      return transport.handlePostMessage(req, res, body.value);
    }
    sendJson(res, 404, { error: `not found; the MCP endpoint is ${options.mode === 'sse' ? 'GET /sse' : '/mcp'}` });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log.error(`HTTP transport: ${(error as Error).message}`);
      sendJson(res, 500, { error: 'internal error' });
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // listen() also throws at once on a port Node refuses (the configuration allows none).
      server.listen(options.port, bind.host, () => resolve());
    });
  } catch (error) {
    throw listenError(error, bind.host, options.port);
  }
  server.on('error', (error) => log.error(`HTTP transport: ${error.message}`));
  const port = (server.address() as AddressInfo).port;
  if (isLoopback(bind.host)) {
    hostCheck = { enableDnsRebindingProtection: true, allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${bind.host}:${port}`] };
  }
  const shownHost = bind.host.includes(':') && !bind.host.startsWith('[') ? `[${bind.host}]` : bind.host;
  const url = `http://${shownHost}:${port}${options.mode === 'sse' ? '/sse' : '/mcp'}`;
  return {
    url,
    host: bind.host,
    port,
    serve: (create, bridgeLog) => {
      createMcpServer = create;
      if (bridgeLog) log = bridgeLog;
    },
    close: async () => {
      await Promise.allSettled([...streamable.values(), ...sse.values()].map((t) => t.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
