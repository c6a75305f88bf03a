/**
 * @module
 * Databases for tests: always an in-memory PGlite, plus real PostgreSQL when TEST_DATABASE_URL is
 * set (e.g. `postgres://postgres@127.0.0.1:5432/postgres`). Each `open()` gives a freshly migrated,
 * private database; `drop()` closes it and, on PostgreSQL, drops the throwaway database.
 *
 *   describe.each(testDatabases())('… on $name', (database) => { … await database.open() … });
 */
import { randomBytes } from 'node:crypto';
import { buildImage, cachedImage, migrate, openDatabase, openPglite, redactUrl, storeImage, type Database } from '../db/index.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<OpenedTestDatabase>;
}

export interface OpenedTestDatabase {
  db: Database;
  /** Closes the database and removes every trace of it. Safe to call twice. */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Migrations to apply (default: generated/inventory/migrations); null applies none. */
  migrationsDir?: string | null;
  /** Connections of the PostgreSQL pool (default 4; the server's default is 10). */
  poolSize?: number;
  /** PostgreSQL's statement_timeout in milliseconds (default none). In-memory PGlite has none. */
  statementTimeoutMs?: number;
}

async function migrated(db: Database, options: TestDatabaseOptions): Promise<void> {
  if (options.migrationsDir === null) return;
  await (options.migrationsDir === undefined ? migrate(db) : migrate(db, options.migrationsDir));
}

/**
 * Migrated PGlite images, one per migrations directory and process: creating a cluster takes
 * seconds, restoring an image about one, so only the first open of a process pays for initdb.
 */
const images = new Map<string, Promise<Blob>>();

function pgliteImage(options: TestDatabaseOptions): Promise<Blob> {
  const key = options.migrationsDir === null ? '' : (options.migrationsDir ?? '(default)');
  let image = images.get(key);
  if (!image) {
    image = (async () => {
      // The repository's migrations: the image `npm ci` (or an earlier test run) cached, else build and cache it.
      if (options.migrationsDir === undefined) {
        const cached = cachedImage();
        if (cached) return cached;
        const built = await buildImage();
        await storeImage(built);
        return built;
      }
      const db = await openPglite('memory://');
      try {
        await migrated(db, options);
        return await db.dumpImage();
      } finally {
        await db.close();
      }
    })();
    images.set(key, image);
    image.catch(() => images.delete(key));
  }
  return image;
}

function pglite(options: TestDatabaseOptions): TestDatabase {
  return {
    name: 'pglite',
    async open() {
      const db = await openPglite('memory://', { image: await pgliteImage(options) });
      return { db, drop: () => db.close() };
    },
  };
}

/** `postgres://…/anything` with its database name replaced. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function postgres(adminUrl: string, options: TestDatabaseOptions): TestDatabase {
  return {
    name: 'postgres',
    async open() {
      // Lower-case letters, digits and underscores only: safe to quote into DDL.
      const name = `nbtest_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = await openDatabase({ url: adminUrl, poolSize: 1 });
      let db: Database | undefined;
      const drop = async () => {
        await db?.close();
        db = undefined;
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
        await admin.close();
      };
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
        db = await openDatabase({ url: withDatabase(adminUrl, name), poolSize: options.poolSize ?? 4, statementTimeoutMs: options.statementTimeoutMs });
        await migrated(db, options);
      } catch (error) {
        await drop().catch(() => {});
        throw new Error(`cannot prepare test database ${name} on ${redactUrl(adminUrl)}: ${(error as Error).message}`, { cause: error });
      }
      const opened = db;
      let dropped: Promise<void> | undefined;
      return { db: opened, drop: () => (dropped ??= drop()) };
    },
  };
}

/** The databases every database-backed suite runs on (PostgreSQL when TEST_DATABASE_URL is set; globalSetup.ts says so once otherwise). */
export function testDatabases(options: TestDatabaseOptions = {}): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? [pglite(options), postgres(url, options)] : [pglite(options)];
}
