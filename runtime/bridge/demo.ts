/**
 * @module
 * `npm run bridge:demo`: the simulated controller and the bridge in one process, so a newcomer can try
 * the bridge with any MCP client: streamable HTTP on http://127.0.0.1:8100/mcp by default, or stdio
 * (`node dist/bridge/sdwan-bridge.js demo --transport stdio` as the client's server command). The bridge
 * serves specs/demo/ with the demo credentials; a user's bridge.yaml is ignored unless `--config`.
 */
import { join } from 'node:path';
import { serveBridge } from './bridge.ts';
import { loadBridgeConfig, type BridgeSettings, type CliFlags } from './config/loadConfig.ts';
import type { Logger } from './logger.ts';
import { REPOSITORY_ROOT as projectRoot } from './paths.ts';
import { startControllerSimulator, type ControllerSimulator } from './simulator/controllerSimulator.ts';

/**
 * The demo's port. Not 8000: that is the inventory server's (`npm start`) and the bridge's own default
 * (transport.port), and a newcomer runs the demo beside the inventory server.
 */
export const DEMO_PORT = 8100;

/**
 * The demo's settings: the simulator's address and credentials (over anything else), and streamable HTTP
 * on DEMO_PORT unless a flag, the environment (BRIDGE_TRANSPORT) or a `--config` file chooses.
 */
export function demoSettings(options: { simulator: Pick<ControllerSimulator, 'host' | 'port' | 'credentials'>; flags: CliFlags; sessionFlow: boolean; env?: NodeJS.ProcessEnv }): BridgeSettings {
  const { simulator, flags } = options;
  return loadBridgeConfig({
    flags,
    cwd: projectRoot,
    ignoreDefaultFile: true,
    env: options.env ?? process.env,
    defaults: { 'transport.mode': 'streamable-http', 'transport.port': DEMO_PORT },
    defaultsSource: 'demo default',
    overridesSource: 'demo',
    overrides: {
      'controller.host': simulator.host,
      'controller.port': simulator.port,
      'controller.protocol': 'http',
      'controller.username': simulator.credentials.username,
      'controller.password': simulator.credentials.password,
      'controller.use_jwt': !options.sessionFlow,
      'sdwan.active_version': flags.version ?? 'demo',
      'sdwan.specs_dir': join(projectRoot, 'specs'),
      'sdwan.auto_fetch': false,
    },
  });
}

export async function runDemo(options: { flags: CliFlags; sessionFlow: boolean; log: Logger; program?: string }): Promise<number> {
  const { log } = options;
  const simulator = await startControllerSimulator({ authFlow: options.sessionFlow ? 'session' : 'jwt' });
  let running;
  let settings;
  try {
    settings = demoSettings({ simulator, flags: options.flags, sessionFlow: options.sessionFlow });
    running = await serveBridge({ settings, log, cwd: projectRoot, program: options.program });
  } catch (error) {
    // A bad setting or a port in use: the CLI says so in one line; the simulator goes quietly.
    await simulator.close();
    throw error;
  }
  // Said once the bridge serves, so that a start that fails says only why.
  log.info(`demo: simulated controller at ${simulator.url} (${options.sessionFlow ? 'session' : 'JWT'} login flow)`);
  if (running.url) {
    const transport = settings.config.transport.mode === 'sse' ? 'HTTP+SSE' : 'streamable HTTP';
    log.info(`demo: connect an MCP client to ${running.url} (${transport}; --port N for another port),`);
    // 0.15.0 is the newest Inspector that runs on Node 20 (0.16 and later need Node 22).
    log.info(`demo: e.g. \`npx @modelcontextprotocol/inspector@0.15.0 --cli ${running.url} --method tools/list\`. Ctrl-C stops both.`);
  }
  const stop = () => void running.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await running.closed;
  await running.close();
  log.info(`demo: the controller saw ${simulator.stats.logins + simulator.stats.jwtLogins} login(s), ${simulator.stats.requests.length} call(s), ${simulator.stats.logouts} logout(s)`);
  await simulator.close();
  return 0;
}
