/**
 * @module
 * Chooses the driver: a `postgres://` (or `postgresql://`) URL opens PostgreSQL; no URL opens the
 * embedded PGlite database in `dataDir`.
 */
import { seedDataDirectory } from './embeddedImage.ts';
import { openPglite } from './pglite/driver.ts';
import type { Database } from './types.ts';

export interface OpenDatabaseOptions {
  /** `postgres://user:pass@host:5432/db` for PostgreSQL; unset (or empty) for the embedded database. `memory://` opens an embedded database in memory. */
  url?: string;
  /** Where the embedded database keeps its files (default `./data`; `memory://` for none). Ignored for PostgreSQL. */
  dataDir?: string;
  /** Connections per PostgreSQL pool (default 10). */
  poolSize?: number;
  /**
   * Longest a statement may run, in milliseconds; 0 or unset: no limit. A statement past it fails
   * with PostgreSQL's 57014 on both drivers (the REST engine answers 503 and writes nothing).
   */
  statementTimeoutMs?: number;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const url = options.url?.trim();
  const statementTimeoutMs = options.statementTimeoutMs;
  // postgres.js is loaded only for PostgreSQL: an embedded start does not wait for it.
  if (url && /^postgres(ql)?:\/\//i.test(url)) return (await import('./postgres.ts')).openPostgres(url, { max: options.poolSize, statementTimeoutMs });
  if (url === 'memory://') return openPglite('memory://');
  if (url) {
    // Say so rather than silently falling back to the embedded database with a typo'd URL.
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1] ?? url;
    throw new Error(`unsupported database URL scheme "${scheme}": use postgres://… for PostgreSQL, or leave the URL unset for the embedded database (files in dataDir)`);
  }
  return openPglite(options.dataDir ?? './data', {
    statementTimeoutMs,
    // A new embedded database starts as a copy of the cached migrated one, when there is one (embeddedImage.ts).
    prepare: (dataDir) => void seedDataDirectory(dataDir),
  });
}
