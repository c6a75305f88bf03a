/**
 * @module
 * `sdwan-bridge [command] [flags]` (`npm run bridge -- …` from the sources): the bridge's command line.
 *   serve (default)  serve MCP on the configured transport
 *   fetch            fetch a controller version's spec into specs/<version>/ (`--version V [--force]`)
 *   tools            print the tools the bridge would serve (name, actions, read-only) and exit
 *   demo             start the simulated controller and serve the bridge against it (bridge:demo)
 * Exit status: 0 done, 1 a runtime failure (spec, fetch, transport), 2 bad usage or configuration.
 * Only stderr is written, except by `tools`, which prints its listing on stdout, and `--help`, whose
 * usage is the answer asked for (stdout, exit 0). A failure is said in one line per problem, no stack.
 */
import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openBridge, serveBridge, type RunningBridge } from './bridge.ts';
import { ConfigError, loadBridgeConfig, type CliFlags } from './config/loadConfig.ts';
import { FetchError } from './fetch/fetchError.ts';
import { createLogger } from './logger.ts';
import { ListenError } from './mcp/listenError.ts';
import { BIN_NAME, programName } from './programName.ts';
import { SpecError } from './toolTable.ts';
import type { ServedTools } from './toolset/toolSet.ts';

export function usage(program: string): string {
  return `usage: ${program} [serve|fetch|tools|demo] [flags]
  --config PATH            YAML configuration (default ./bridge.yaml when present)
  --version V              controller API version to serve (sdwan.active_version)
  --transport MODE         stdio | sse | streamable-http
  --host H, --port N       bind address of the HTTP transports (default 127.0.0.1:8000; demo: 8100)
  --read-write             expose operations that change the controller
  --debug                  capture failed upstream calls (stderr + result)
  --debug-all-calls        capture every call (implies --debug)
  --debug-no-redact        keep credentials in debug records (prints a warning)
  --insecure-allow-public  bind a non-loopback host without auth
  --tools-mode M           tools | discover | hybrid (sdwan.tools.mode)
  --tools-include P,P      serve only these areas or area/topic globs (sdwan.tools.include)
  --tools-exclude P,P      leave these out (sdwan.tools.exclude)
  --tools-max N            list at most N tools (sdwan.tools.max_tools)
  --tools-description-max N  cut tool descriptions to N characters (sdwan.tools.description_max_chars)
  -h, --help               print this and exit
  fetch: --force           fetch again over an existing spec folder
  demo:  --session-flow    the simulated controller uses the pre-20.18.1 session login
See runtime/bridge/README.md.
`;
}

const OPTIONS = {
  config: { type: 'string' },
  version: { type: 'string' },
  transport: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'read-write': { type: 'boolean' },
  debug: { type: 'boolean' },
  'debug-no-redact': { type: 'boolean' },
  'debug-all-calls': { type: 'boolean' },
  'insecure-allow-public': { type: 'boolean' },
  'tools-mode': { type: 'string' },
  'tools-include': { type: 'string', multiple: true },
  'tools-exclude': { type: 'string', multiple: true },
  'tools-max': { type: 'string' },
  'tools-description-max': { type: 'string' },
  force: { type: 'boolean' },
  'session-flow': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface CliOptions {
  /** How the user started the bridge, for the usage and the commands messages suggest (default `sdwan-bridge`). */
  program?: string;
}

export async function runBridgeCli(argv: string[], options: CliOptions = {}): Promise<number> {
  const program = options.program ?? BIN_NAME;
  const log = createLogger();
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    log.error(`${(error as Error).message} (\`${program} --help\` lists the commands and flags)`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0] ?? 'serve';
  if (values.help || command === 'help') {
    process.stdout.write(usage(program));
    return 0;
  }
  if (!['serve', 'fetch', 'tools', 'demo'].includes(command) || positionals.length > 1) {
    log.error(`unknown command ${positionals.join(' ')}; the commands are serve, fetch, tools and demo (\`${program} --help\` lists the flags)`);
    return 2;
  }
  const flags: CliFlags = {
    config: values.config,
    version: values.version,
    transport: values.transport,
    host: values.host,
    port: values.port,
    readWrite: values['read-write'],
    debug: values.debug,
    debugNoRedact: values['debug-no-redact'],
    debugAllCalls: values['debug-all-calls'],
    insecureAllowPublic: values['insecure-allow-public'],
    toolsMode: values['tools-mode'],
    // Repeated flags add up: `--tools-include monitoring --tools-include troubleshooting*`.
    toolsInclude: values['tools-include']?.join(','),
    toolsExclude: values['tools-exclude']?.join(','),
    toolsMax: values['tools-max'],
    toolsDescriptionMax: values['tools-description-max'],
  };
  try {
    // The demo's simulator and the spec fetcher load only for their commands: serving starts faster.
    if (command === 'demo') return await (await import('./demo.ts')).runDemo({ flags, sessionFlow: values['session-flow'] === true, log, program });
    const settings = loadBridgeConfig({ flags, needsCredentials: command === 'serve' });
    if (command === 'fetch') {
      const { fetchControllerSpec } = await import('./fetch/fetchSpec.ts');
      const c = settings.config.sdwan;
      await fetchControllerSpec({
        version: c.active_version,
        specsDir: resolve(c.specs_dir),
        siteUrl: c.fetch.site_url,
        fragmentBase: c.fetch.fragment_base,
        concurrency: c.fetch.concurrency,
        timeout: c.fetch.timeout,
        force: values.force === true,
        log,
        tty: process.stderr.isTTY === true,
      });
      return 0;
    }
    if (command === 'tools') {
      const bridge = await openBridge({ settings, log, warmLogin: false, program });
      process.stdout.write(formatToolListing(bridge.served));
      await bridge.close();
      return 0;
    }
    const running = await serveBridge({ settings, log, program });
    return await untilStopped(running);
  } catch (error) {
    if (error instanceof ConfigError) {
      // One line per problem, each naming its key and where the value came from.
      for (const issue of error.issues) log.error(`invalid configuration: ${issue}`);
      return 2;
    }
    if (error instanceof SpecError || error instanceof FetchError || error instanceof ListenError) {
      log.error(error.message);
      return 1;
    }
    log.error(`${(error as Error).message ?? String(error)}`);
    return 1;
  }
}

/**
 * `tools`: one line per listed tool, tab-separated: name, actions, read-only or read-write, area/topic,
 * description length; then the catalogue tools the cap leaves out, marked `not listed`.
 */
export function formatToolListing(served: ServedTools): string {
  const byName = new Map(served.table.modes[served.mode].map((t) => [t.name, t]));
  const line = (name: string, description: number, note = '') => {
    const t = byName.get(name);
    const what = t ? `${t.actions.length}\t${t.annotations.readOnlyHint ? 'read-only' : 'read-write'}\t${t.area}/${t.topic}` : '-\t-\t(bridge)';
    return `${name}\t${what}\t${description}${note}\n`;
  };
  const listed = served.tools.map((t) => line(t.name, t.description?.length ?? 0));
  const dropped = served.toolsMode === 'discover' ? [] : served.selection.dropped.map((t) => line(t.name, t.description.length, '\tnot listed (sdwan.tools.max_tools)'));
  return [...listed, ...dropped].join('');
}

/** Serves until the transport ends or a signal arrives, then logs out. */
export async function untilStopped(running: RunningBridge): Promise<number> {
  const stop = () => void running.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await running.closed;
  await running.close();
  return 0;
}

const invokedAs = process.argv[1] && existsSync(process.argv[1]) ? realpathSync(process.argv[1]) : '';
if (invokedAs === realpathSync(fileURLToPath(import.meta.url))) {
  runBridgeCli(process.argv.slice(2), { program: programName(import.meta.url) }).then(
    (code) => process.exit(code),
    (error: Error) => {
      process.stderr.write(`[bridge] ERROR: ${error.message}\n`);
      process.exit(1);
    },
  );
}
