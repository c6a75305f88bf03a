/**
 * @module
 * What the rest of the runtime sees of a database, whichever driver is behind it.
 *
 * Values are the same on both drivers:
 * - parameters are `$1`-style; a `Date` is sent as its ISO string, `undefined` as null, a `bigint`
 *   as its decimal text; a parameter of type json/jsonb is JSON-encoded (pass the value, not JSON
 *   text: a string becomes a JSON string); a JS array is a PostgreSQL array (or, for a json/jsonb
 *   parameter, a JSON array);
 * - json/jsonb columns come back parsed, arrays as JS arrays;
 * - int8 (`bigint`, `count(*)`) comes back as a number when it is a safe integer, otherwise as its
 *   exact decimal string; numeric comes back as a string (no precision lost);
 * - date, time, timestamp, timestamptz and interval come back as PostgreSQL's text (timestamps in
 *   UTC, e.g. `2024-05-01 10:00:00.123456+00`): the REST engine formats times in SQL anyway, and a
 *   JS Date would drop microseconds. The Drizzle instance makes the same choice.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '../../generated/inventory/schema.ts';

export interface QueryOptions {
  /**
   * Plan the statement for its parameter values each time it runs, instead of reusing the generic
   * plan the server's connections keep for every statement (runtime/db/postgres.ts). For small
   * statements whose best plan depends on the values, such as choosing a list's page: planning them
   * is cheap, and a generic plan assumes every value is average. PostgreSQL only; inside a
   * transaction the transaction's connection and its plans are used.
   */
  planEachTime?: boolean;
}

export interface Queryable {
  /** Runs one statement and returns its rows (an empty array for statements without rows). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs several statements without parameters in one round trip (a migration file). */
  script?(text: string): Promise<void>;
}

/** The generated schema's module namespace, as Drizzle's typed query builder sees it. */
export type Schema = typeof schema;

/**
 * A Drizzle instance over the generated tables; the same type for both drivers. Without the
 * relational-query generic: typing `db.query.<table>` over NetBox's 165 tables would cost the
 * type-check more than the rest of the project together.
 */
export type Orm = PgDatabase<PgQueryResultHKT>;

export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws (the error
   * is rethrown). Use `tx`, not the database, for statements that belong to the transaction: on
   * PGlite (one connection) a query on the database waits until the transaction ends, so awaiting
   * one inside `fn` never returns; on PostgreSQL it would run outside the transaction.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Typed queries with the generated schema (`(await db.orm()).select().from(dcimSite)`), loaded on first use. */
  orm(): Promise<Orm>;
  script(text: string): Promise<void>;
  /**
   * How many times data may have changed through this object (every transaction, script and
   * statement other than a plain read, counted once it ends) or been announced on a `watch`ed
   * channel: a cache of database state filled at one count holds while the count is the same
   * (runtime/db/changeCount.ts).
   */
  readonly changes: number;
  /**
   * Counts every notification on `channel` (PostgreSQL's NOTIFY, from any connection) as a change,
   * and a reconnection of the listening connection too, since notifications sent meanwhile are
   * lost. The embedded database is one process's alone: there it counts nothing more.
   */
  watch(channel: string): Promise<void>;
  /**
   * Calls `onNotify` on every notification on `channel` (PostgreSQL's NOTIFY, from any connection,
   * once its transaction commits) and after the listening connection reconnects. On the embedded
   * database nothing outside this process can notify: there it never calls.
   */
  listen(channel: string, onNotify: () => void): Promise<void>;
  /** Closes every connection; the database is unusable afterwards. Safe to call twice. */
  close(): Promise<void>;
}
