/**
 * @module
 * `npm start [-- --host H --port P --data-dir D]` (the bin `netbox-inventory`): serves the inventory
 * API. The database is embedded PGlite in ./data unless DATABASE_URL names a PostgreSQL server;
 * HOST, PORT and DATA_DIR work too (settings.ts lists every setting).
 *
 * A start that cannot go on says why in one line on stderr and exits non-zero, without a stack: 2
 * for a bad setting (a SUPERUSER_PASSWORD the password policy refuses among them), 1 for anything else (the port in use, the data directory held by another
 * server, a database that cannot be opened). DEBUG=1 adds the stack of an unexpected failure.
 */
import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { DataDirectoryLockedError, MigrationHistoryError, openDatabase, type Database } from '../db/index.ts';
import { listen, ListenError } from './listen.ts';
import { listenSettings, SettingError, statementTimeoutMs } from './settings.ts';

/**
 * Failures whose message is all a user needs, by name (bootstrap.ts's is not imported before the
 * database opens, to keep the start short); for others DEBUG=1 shows the stack. The bad settings
 * among them exit 2.
 */
const EXPECTED = new Set([SettingError.name, 'SuperuserPasswordError', ListenError.name, DataDirectoryLockedError.name, MigrationHistoryError.name]);
const SETTINGS = new Set([SettingError.name, 'SuperuserPasswordError']);

function fail(error: unknown): never {
  const message = ((error as Error)?.message ?? String(error)).split('\n')[0];
  const name = (error as Error)?.name ?? '';
  const expected = EXPECTED.has(name);
  process.stderr.write(`netbox-inventory: ${message}${expected || process.env.DEBUG ? '' : ' (DEBUG=1 shows where)'}\n`);
  if (!expected && process.env.DEBUG) process.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
  process.exit(SETTINGS.has(name) ? 2 : 1);
}

/** The job queue's workers a server runs when JOB_WORKERS is not set. */
const DEFAULT_JOB_WORKERS = 2;

let server: ServerType | undefined;
let db: Database | undefined;
try {
  const { host, port, dataDir, databaseUrl } = listenSettings(process.argv.slice(2), process.env);
  // The database opens first, the embedded one on its own thread, the longest step of a start: the
  // port is taken and the server's modules load meanwhile.
  const opening = openDatabase({ url: databaseUrl, dataDir, statementTimeoutMs: statementTimeoutMs(process.env) });
  // Its failure is reported where it is awaited, below, not as an unhandled rejection meanwhile.
  opening.catch(() => undefined);
  // A port in use fails now rather than once the database is open; a request that arrives before the
  // app is ready waits for it.
  let ready!: (app: Hono) => void;
  const app = new Promise<Hono>((resolve) => (ready = resolve));
  const { createAdaptorServer } = await import('@hono/node-server');
  server = createAdaptorServer({ fetch: async (request, env) => (await app).fetch(request, env) });
  await listen(server, host, port);
  const { loadTables, startInventoryServer } = await import('./server.ts');
  loadTables();
  db = await opening;
  const started = await startInventoryServer(db, { JOB_WORKERS: String(DEFAULT_JOB_WORKERS), ...process.env });
  ready(started.app as unknown as Hono);
  if (started.firstBoot) {
    const { firstBoot } = started;
    // The log (stderr) never carries a secret. Credentials the server generated itself are shown once
    // on stdout, the only thing the server ever writes there; ones given in the environment are not repeated.
    console.error(`created superuser "${firstBoot.username}"`);
    const generated = [firstBoot.password && `password: ${firstBoot.password}`, firstBoot.tokenGenerated && `API token: ${firstBoot.token}`].filter(Boolean);
    if (generated.length) process.stdout.write(`\nFirst boot: superuser "${firstBoot.username}" (shown once, keep it)\n  ${generated.join('\n  ')}\n\n`);
  }
  const { port: listening } = server.address() as AddressInfo;
  console.error(`inventory API on http://${host}:${listening}/api/ (${db.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`);
  // NetBox's housekeeping (change records past CHANGELOG_RETENTION, jobs past JOB_RETENTION) is a
  // daily job of the queue (server/jobs/housekeeping.ts), first run as soon as a worker is free.
  const shutdown = async () => {
    server?.close();
    await started.queue.stop();
    await db?.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  server?.close();
  await db?.close().catch(() => undefined);
  fail(error);
}
