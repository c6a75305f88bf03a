/**
 * @module
 * `npm start [-- --host H --port P]`: serves the inventory API. The database is embedded PGlite
 * in ./data unless DATABASE_URL names a PostgreSQL server. HOST/PORT/DATA_DIR work too.
 */
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { openDatabase } from '../db/index.ts';

const { values } = parseArgs({
  options: { host: { type: 'string' }, port: { type: 'string' }, 'data-dir': { type: 'string' } },
});

const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const port = Number(values.port ?? process.env.PORT ?? 8000);
// The database opens (the embedded one compiles its WebAssembly) while the server's modules load.
const opening = openDatabase({ url: process.env.DATABASE_URL, dataDir: values['data-dir'] ?? process.env.DATA_DIR ?? './data' });
const { startInventoryServer } = await import('./server.ts');
const db = await opening;
const { app, firstBoot, pruneChangeLog } = await startInventoryServer(db);
if (firstBoot) {
  // The log (stderr) never carries a secret. Credentials the server generated itself are shown once
  // on stdout, the only thing the server ever writes there; ones given in the environment are not repeated.
  console.error(`created superuser "${firstBoot.username}"`);
  const generated = [firstBoot.password && `password: ${firstBoot.password}`, firstBoot.tokenGenerated && `API token: ${firstBoot.token}`].filter(Boolean);
  if (generated.length) process.stdout.write(`\nFirst boot: superuser "${firstBoot.username}" (shown once, keep it)\n  ${generated.join('\n  ')}\n\n`);
}
const server = serve({ fetch: app.fetch, hostname: host, port }, (info) => {
  console.error(`inventory API on http://${host}:${info.port}/api/ (${db.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`);
});
// NetBox's housekeeping: change records past CHANGELOG_RETENTION go daily (and at every start).
const housekeeping = setInterval(() => pruneChangeLog().catch((error) => console.error(`change log housekeeping failed: ${(error as Error).message}`)), 24 * 3600 * 1000);
housekeeping.unref();
const shutdown = async () => {
  clearInterval(housekeeping);
  server.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
