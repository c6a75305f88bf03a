/**
 * @module
 * The embedded driver: PostgreSQL compiled to WebAssembly (@electric-sql/pglite), persisted in a
 * data directory (or `memory://`). One connection; PGlite queues concurrent queries itself, and
 * a transaction holds the connection until it ends.
 */
import { mkdirSync } from 'node:fs';
import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { rethrow } from './errors.ts';
import type { Database, Orm, Queryable } from './types.ts';
import { Oid, parseInt8, prepareParams, serializeJson, textualTimeArrayOids, textualTimeOids } from './values.ts';

const asText = (value: string) => value;

/** Per-query options for our raw queries; the Drizzle instance keeps its own. */
const rawOptions: QueryOptions = {
  rowMode: 'object',
  parsers: {
    [Oid.int8]: parseInt8,
    [Oid.int8Array]: (value: string) => types.arrayParser(value, parseInt8, Oid.int8Array),
    ...Object.fromEntries(textualTimeOids.map((oid) => [oid, asText])),
    ...Object.fromEntries(textualTimeArrayOids.map((oid) => [oid, (value: string) => types.arrayParser(value, asText, oid)])),
  },
  serializers: { [Oid.json]: serializeJson, [Oid.jsonb]: serializeJson },
};

interface PgliteQueryable {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

function queryable(client: PgliteQueryable): Queryable & { script(text: string): Promise<void> } {
  return {
    async query<T>(text: string, params?: unknown[]): Promise<T[]> {
      try {
        return (await client.query<T>(text, prepareParams(params), rawOptions)).rows;
      } catch (error) {
        return rethrow(error);
      }
    },
    async script(text: string) {
      try {
        await client.exec(text);
      } catch (error) {
        rethrow(error);
      }
    },
  };
}

export interface PgliteDatabase extends Database {
  kind: 'pglite';
  /** A copy of the whole data directory, to start other instances from (`image`). */
  dumpImage(): Promise<Blob>;
}

export interface PgliteOptions {
  /**
   * Start from a `dumpImage()` instead of an empty cluster (only for a new, e.g. in-memory,
   * database). Restoring an image takes about a second; creating a cluster takes several: test
   * suites migrate once and start every database from the image.
   */
  image?: Blob;
}

/** Opens (creating if needed) the embedded database in `dataDir`, or in memory for `memory://`. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? 'memory://' : dataDir, options.image ? { loadDataDir: options.image } : {});
  } catch (error) {
    throw new Error(`cannot open the embedded database in ${dataDir}: ${(error as Error).message}`, { cause: error });
  }
  // Timestamps are read as text; make that text UTC whatever the host's zone.
  await client.exec(`SET TIME ZONE 'UTC'`);
  const raw = queryable(client);
  let closed = false;
  return {
    kind: 'pglite',
    query: raw.query,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      try {
        return await client.transaction((tx) => fn(queryable(tx)));
      } catch (error) {
        return rethrow(error);
      }
    },
    script: raw.script,
    // drizzle-orm and the generated schema are loaded on first use: the server never needs them.
    orm: (() => {
      let orm: Promise<Orm> | undefined;
      return () =>
        (orm ??= Promise.all([import('drizzle-orm/pglite'), import('../../generated/inventory/schema.ts')]).then(
          ([{ drizzle }, schema]) => drizzle(client, { schema }) as unknown as Orm,
        ));
    })(),
    dumpImage: () => client.dumpDataDir('gzip') as Promise<Blob>,
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
