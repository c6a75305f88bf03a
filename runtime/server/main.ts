/**
 * @module
 * `npm start [-- --host H --port P]`: serves the inventory API. The database is embedded PGlite
 * in ./data unless DATABASE_URL names a PostgreSQL server. HOST/PORT/DATA_DIR work too.
 */
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { openDatabase } from '../db/index.ts';
import { startInventoryServer } from './server.ts';

const { values } = parseArgs({
  options: { host: { type: 'string' }, port: { type: 'string' }, 'data-dir': { type: 'string' } },
});

const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const port = Number(values.port ?? process.env.PORT ?? 8000);
const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: values['data-dir'] ?? process.env.DATA_DIR ?? './data' });
const { app, firstBoot } = await startInventoryServer(db);
if (firstBoot) {
  console.error(`\nCreated superuser "${firstBoot.username}"${firstBoot.password ? ` with password ${firstBoot.password}` : ''}.`);
  console.error(`API token (shown once, keep it): ${firstBoot.token}\n`);
}
const server = serve({ fetch: app.fetch, hostname: host, port }, (info) => {
  console.error(`inventory API on http://${host}:${info.port}/api/ (${db.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`);
});
const shutdown = async () => {
  server.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
