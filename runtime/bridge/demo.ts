/**
 * @module
 * `npm run bridge:demo`: the simulated controller and the bridge in one process, so a newcomer can try
 * the bridge with any MCP client: streamable HTTP on http://127.0.0.1:8000/mcp by default, or stdio
 * (`node dist/bridge/sdwan-bridge.js demo --transport stdio` as the client's server command). The bridge
 * serves specs/demo/ with the demo credentials; a user's bridge.yaml is ignored unless `--config`.
 */
import { join } from 'node:path';
import { serveBridge } from './bridge.ts';
import { loadBridgeConfig, type CliFlags } from './config/loadConfig.ts';
import type { Logger } from './logger.ts';
import { REPOSITORY_ROOT as projectRoot } from './paths.ts';
import { startControllerSimulator } from './simulator/controllerSimulator.ts';

export async function runDemo(options: { flags: CliFlags; sessionFlow: boolean; log: Logger }): Promise<number> {
  const { log } = options;
  const simulator = await startControllerSimulator({ authFlow: options.sessionFlow ? 'session' : 'jwt' });
  log.info(`demo: simulated controller at ${simulator.url} (${options.sessionFlow ? 'session' : 'JWT'} login flow)`);
  const settings = loadBridgeConfig({
    // Streamable HTTP unless --transport or BRIDGE_TRANSPORT says otherwise.
    flags: { ...(process.env.BRIDGE_TRANSPORT ? {} : { transport: 'streamable-http' }), ...Object.fromEntries(Object.entries(options.flags).filter(([, v]) => v !== undefined)) },
    cwd: projectRoot,
    ignoreDefaultFile: true,
    env: process.env,
    overridesSource: 'demo',
    overrides: {
      'controller.host': simulator.host,
      'controller.port': simulator.port,
      'controller.protocol': 'http',
      'controller.username': simulator.credentials.username,
      'controller.password': simulator.credentials.password,
      'controller.use_jwt': !options.sessionFlow,
      'sdwan.active_version': options.flags.version ?? 'demo',
      'sdwan.specs_dir': join(projectRoot, 'specs'),
      'sdwan.auto_fetch': false,
    },
  });
  const running = await serveBridge({ settings, log, cwd: projectRoot });
  if (running.url) {
    log.info(`demo: connect an MCP client to ${running.url}${settings.config.transport.mode === 'sse' ? ' (HTTP+SSE)' : ' (streamable HTTP)'},`);
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
