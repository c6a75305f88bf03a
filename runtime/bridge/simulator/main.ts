/**
 * @module
 * Runs the simulated controller alone, for trying the bridge against it from another terminal:
 *   npx tsx runtime/bridge/simulator/main.ts [--port 8443] [--session-flow] [--token-ttl 1800] [--echo]
 * Credentials are demo / demo-password; it listens on 127.0.0.1 over plain HTTP (controller.protocol: http).
 */
import { parseArgs } from 'node:util';
import { startControllerSimulator } from './controllerSimulator.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8443' },
    'session-flow': { type: 'boolean' },
    'token-ttl': { type: 'string', default: '1800' },
    echo: { type: 'boolean' },
  },
});
const port = Number(values.port);
const ttl = Number(values['token-ttl']);
if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isFinite(ttl) || ttl <= 0) {
  process.stderr.write('usage: simulator/main.ts [--port N] [--session-flow] [--token-ttl SECONDS] [--echo]\n');
  process.exit(2);
}
const simulator = await startControllerSimulator({ port, authFlow: values['session-flow'] ? 'session' : 'jwt', tokenTtlSeconds: ttl, echoUnknown: values.echo === true });
process.stderr.write(
  `[simulator] controller at ${simulator.url} (${values['session-flow'] ? 'session' : 'JWT'} flow), user ${simulator.credentials.username} / ${simulator.credentials.password}\n` +
    '[simulator] control: GET /_sim/stats, POST /_sim/expire, POST /_sim/faults {"path": "/device", "status": 503, "times": 2}\n',
);
const stop = () => void simulator.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
