/**
 * @module
 * Puts the bridge together: configuration → spec (fetched first when missing and auto_fetch is on) →
 * tool table → controller session → dispatcher → MCP server on the configured transport. `openBridge`
 * stops before the transport (tests and benchmarks connect their own); `serveBridge` runs it all.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { BridgeSettings } from './config/loadConfig.ts';
import { createHttpClient, type HttpClient } from './controller/httpClient.ts';
import type { RetryHooks } from './controller/retry.ts';
import { ControllerSession } from './controller/session.ts';
import { ActionLookup } from './dispatch/actionLookup.ts';
import { Dispatcher } from './dispatch/dispatcher.ts';
import { SecretScrubber } from './dispatch/secretScrubber.ts';
import { createLogger, scrubbingLogger, type Logger } from './logger.ts';
import { createMcpServer } from './mcp/createServer.ts';
import { BIN_NAME } from './programName.ts';
import { loadToolTable, SpecError } from './toolTable.ts';
import { selectToolSet, serveTools, type ServedTools } from './toolset/toolSet.ts';

export interface BridgeRuntimeOptions {
  settings: BridgeSettings;
  log?: Logger;
  /** Resolves relative `specs_dir`/`tables_dir` (default: the working directory). */
  cwd?: string;
  /** Test seams: sleep and randomness of the retry backoff, the clock of token expiry. */
  hooks?: RetryHooks;
  now?: () => number;
  /** Log in once the client has listed the tools (or a second after start), so its first call does not wait (default true). */
  warmLogin?: boolean;
  /** How the user started the bridge, for the commands messages suggest (default `sdwan-bridge`). */
  program?: string;
}

export interface Bridge {
  settings: BridgeSettings;
  /** The logger everything of this bridge writes through: live credentials are scrubbed from it. */
  log: Logger;
  served: ServedTools;
  session: ControllerSession;
  dispatcher: Dispatcher;
  /** `https://host:port` of the controller. */
  baseUrl: string;
  createServer(): Server;
  /** Logs out of the controller and closes connections. */
  close(): Promise<void>;
}

function controllerBaseUrl(settings: BridgeSettings): string {
  const c = settings.config.controller;
  const host = c.host.includes(':') && !c.host.startsWith('[') ? `[${c.host}]` : c.host;
  return `${c.protocol}://${host}:${c.port}`;
}

export async function openBridge(options: BridgeRuntimeOptions): Promise<Bridge> {
  const { settings } = options;
  const cwd = options.cwd ?? process.cwd();
  const program = options.program ?? BIN_NAME;
  const config = settings.config;
  // Every line written from here on, and every debug record, is scrubbed of the live credentials.
  let session: ControllerSession | null = null;
  const scrubber = new SecretScrubber({
    username: config.controller.username,
    secrets: () => [...(session?.secrets() ?? [config.controller.password]), config.transport.auth.token],
  });
  const log = scrubbingLogger(options.log ?? createLogger(), (text) => scrubber.text(text), config.debug.redact);
  for (const warning of settings.warnings) log.warn(warning);

  const specsDir = isAbsolute(config.sdwan.specs_dir) ? config.sdwan.specs_dir : resolve(cwd, config.sdwan.specs_dir);
  const tablesDir = isAbsolute(config.sdwan.tables_dir) ? config.sdwan.tables_dir : resolve(cwd, config.sdwan.tables_dir);
  const version = config.sdwan.active_version;
  if (!existsSync(resolve(specsDir, version))) {
    if (!config.sdwan.auto_fetch) {
      throw new SpecError(`no spec folder for version ${version} in ${specsDir}; run \`${program} fetch --version ${version}\` or set sdwan.auto_fetch: true`);
    }
    log.info(`no spec folder for ${version} in ${specsDir}: fetching it (sdwan.auto_fetch)`);
    // Loaded only here: a start with the spec at hand does not pay for the fetcher.
    const { fetchControllerSpec } = await import('./fetch/fetchSpec.ts');
    await fetchControllerSpec({
      version,
      specsDir,
      siteUrl: config.sdwan.fetch.site_url,
      fragmentBase: config.sdwan.fetch.fragment_base,
      concurrency: config.sdwan.fetch.concurrency,
      timeout: config.sdwan.fetch.timeout,
      log,
      tty: process.stderr.isTTY === true && config.transport.mode !== 'stdio',
      hooks: options.hooks,
    });
  }
  const loaded = await loadToolTable({ specsDir, tablesDir, version, maxActionsPerTool: config.sdwan.max_actions_per_tool, cwd });
  const mode = settings.readWrite ? 'read-write' : 'read-only';
  const table = loaded.table;
  const { selection, readWriteCatalogue } = selectToolSet(table, mode, config.sdwan.tools, settings.sources, program);
  const where =
    loaded.origin === 'generated'
      ? `from ${relative(cwd, resolve(tablesDir, version)) || '.'}/`
      : `built in memory in ${Math.round(loaded.ms)} ms because ${loaded.reason}`;
  const actions = selection.catalogue.reduce((n, t) => n + t.actions.length, 0);
  log.info(`spec ${version}: ${selection.catalogue.length} tools, ${actions} actions (${mode}) ${where}`);
  if (selection.dropped.length) {
    const names = selection.dropped.map((t) => t.name);
    log.info(
      `sdwan.tools.max_tools ${config.sdwan.tools.max_tools}: ${selection.dropped.length} tools not listed (lowest rank last): ${names.slice(0, 12).join(', ')}${names.length > 12 ? `, … ${names[names.length - 1]}` : ''}` +
        (config.sdwan.tools.mode === 'hybrid' ? '; sdwan_call still reaches them' : '; sdwan.tools.mode hybrid or discover reaches them'),
    );
  }

  const http: HttpClient = createHttpClient({ verifyTls: config.controller.verify_ssl });
  const baseUrl = controllerBaseUrl(settings);
  const r = config.controller.retries;
  session = new ControllerSession({
    baseUrl,
    username: config.controller.username,
    password: config.controller.password,
    useJwt: config.controller.use_jwt,
    jwtLogin: config.controller.jwt_login,
    timeoutMs: config.controller.timeout * 1000,
    policy: { maxAttempts: r.max_attempts, statuses: r.statuses, backoffBase: r.backoff_base, backoffCap: r.backoff_cap, retryMutating: r.retry_mutating },
    http,
    hooks: {
      ...options.hooks,
      onRetry: (info) => {
        log.info(`controller: ${info.reason}; retrying in ${info.delayMs} ms (attempt ${info.attempt + 2})`);
        options.hooks?.onRetry?.(info);
      },
    },
    now: options.now,
  });
  const lookup = new ActionLookup({ table, mode, tools: selection.catalogue });
  const dispatcher = new Dispatcher({ lookup, session, baseUrl, debug: config.debug, scrubber, log });
  const served = serveTools({ table, mode, config: config.sdwan.tools, selection, readWriteCatalogue, lookup, dispatch: (tool, args) => dispatcher.call(tool, args) });
  log.info(`serving ${served.tools.length} tools (sdwan.tools.mode ${config.sdwan.tools.mode})`);
  // The warm login starts once the client has its tool list (it calls nothing before), or a second
  // after start, whichever comes first: the first call need not wait, and tools/list is not slowed
  // (loading the HTTP client and logging in would hold up the writes of a large answer).
  let warmTimer: NodeJS.Timeout | undefined;
  let warmed = options.warmLogin === false;
  const live = session;
  const warm = () => {
    if (warmed) return;
    warmed = true;
    clearTimeout(warmTimer);
    // The discovery index too, once the login request is on its way.
    setImmediate(() => served.prepare());
    live
      .ensureFresh()
      .then(() => log.info(`logged in to ${baseUrl} (${config.controller.use_jwt ? 'JWT' : 'session'} flow)`))
      .catch((error: Error) => log.warn(`login to ${baseUrl} failed: ${error.message}; calls will try again`));
  };
  if (!warmed) warmTimer = setTimeout(warm, 1000).unref();
  return {
    settings,
    log,
    served,
    session: live,
    dispatcher,
    baseUrl,
    createServer: () => createMcpServer(served, { afterToolsListSent: warm }),
    close: async () => {
      warmed = true;
      clearTimeout(warmTimer);
      await live.logout();
      await http.close();
    },
  };
}

export interface RunningBridge {
  bridge: Bridge;
  /** The HTTP endpoint, for sse and streamable-http. */
  url?: string;
  /** Resolves when the transport ends (stdin closed in stdio mode). */
  closed: Promise<void>;
  close(): Promise<void>;
}

export async function serveBridge(options: BridgeRuntimeOptions): Promise<RunningBridge> {
  const t = options.settings.config.transport;
  let finished!: () => void;
  const closed = new Promise<void>((resolve) => (finished = resolve));
  let closing: Promise<void> | null = null;
  if (t.mode === 'stdio') {
    const bridge = await openBridge(options);
    const server = bridge.createServer();
    const transport = new StdioServerTransport();
    transport.onclose = () => finished();
    process.stdin.once('end', () => finished());
    await server.connect(transport);
    bridge.log.info('serving MCP over stdio');
    const close = () =>
      (closing ??= (async () => {
        await server.close().catch(() => undefined);
        await bridge.close();
        finished();
      })());
    return { bridge, closed, close };
  }
  // The address is bound first: a port in use fails the start at once (ListenError), before a spec is
  // fetched or a table loaded, and nothing else has been said or started by then.
  const { listenHttpTransport } = await import('./mcp/httpTransport.ts');
  const http = await listenHttpTransport({
    mode: t.mode,
    host: t.host,
    port: t.port,
    auth: t.auth,
    insecureAllowPublic: options.settings.insecureAllowPublic,
    log: options.log ?? createLogger(),
  });
  let bridge: Bridge;
  try {
    bridge = await openBridge(options);
  } catch (error) {
    await http.close();
    throw error;
  }
  http.serve(bridge.createServer, bridge.log);
  bridge.log.info(`serving MCP (${t.mode}) at ${http.url}${t.auth.type === 'bearer' ? ' (bearer token required)' : ''}`);
  const close = () =>
    (closing ??= (async () => {
      await http.close();
      await bridge.close();
      finished();
    })());
  return { bridge, url: http.url, closed, close };
}
