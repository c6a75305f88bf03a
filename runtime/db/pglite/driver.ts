/**
 * @module
 * The embedded driver: PostgreSQL compiled to WebAssembly (@electric-sql/pglite), persisted in a
 * data directory (or `memory://`), running on a worker thread of its own (thread.ts) so that no
 * statement holds the server's thread. One connection: statements and transactions take turns,
 * and a transaction holds the connection until it ends.
 *
 * PGlite cannot cancel a running statement, so the statement timeout ends the thread instead: the
 * statement fails with PostgreSQL's own `57014` (as on PostgreSQL, where `statement_timeout`
 * cancels it), the transaction it belonged to is gone, and a new thread opens the same directory,
 * where PostgreSQL's crash recovery restores the last commit. An in-memory database would lose
 * everything that way, so it has no timeout (tests use those).
 */
import { mkdirSync } from 'node:fs';
import { DatabaseError, rethrow, SqlState } from '../errors.ts';
import { lockDataDirectory, type DataDirectoryLock } from '../dataDirectoryLock.ts';
import type { Database, Orm, Queryable } from '../types.ts';
import { prepareParams } from '../values.ts';
import { ChangeCount } from '../changeCount.ts';
import { PgliteThread } from './thread.ts';
import type { Reply } from './protocol.ts';

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
  /** Longest a statement may run, in milliseconds (0 or unset: no limit). Ignored in memory. */
  statementTimeoutMs?: number;
  /** Runs once the directory is locked, before it is opened (openDatabase fills a new one from the cached migrated one). */
  prepare?: (dataDir: string) => void;
}

/** PostgreSQL's own error for a statement cancelled by statement_timeout, so both drivers answer alike. */
export function statementTimeoutError(timeoutMs: number): DatabaseError {
  return new DatabaseError(`canceling statement due to statement timeout (${timeoutMs} ms)`, { code: SqlState.queryCanceled });
}

/** Takes turns: each caller gets the connection when the one before has released it. */
class Turns {
  private last: Promise<void> = Promise.resolve();

  take(): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const before = this.last;
    this.last = before.then(() => mine);
    return before.then(() => release);
  }
}

/** Opens (creating if needed) the embedded database in `dataDir`, or in memory for `memory://`. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const inMemory = dataDir.startsWith('memory://');
  const timeoutMs = inMemory ? 0 : (options.statementTimeoutMs ?? 0);
  let lock: DataDirectoryLock | undefined;
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    lock = await lockDataDirectory(dataDir);
  }
  try {
    if (!inMemory) options.prepare?.(dataDir);
  } catch (error) {
    await lock?.release();
    throw error;
  }
  let thread: Promise<PgliteThread>;
  try {
    thread = Promise.resolve(await PgliteThread.start(inMemory ? 'memory://' : dataDir, options.image));
  } catch (error) {
    await lock?.release();
    throw new Error(`cannot open the embedded database in ${dataDir}: ${(error as Error).message}`, { cause: error });
  }
  /** Counts threads: a transaction begun on one must not go on on the next. */
  let generation = 0;
  const turns = new Turns();
  let closed = false;

  /** Ends a thread stuck past the timeout and opens the directory again on a new one. */
  const restart = (stuck: PgliteThread) => {
    generation++;
    thread = stuck.terminate(statementTimeoutError(timeoutMs)).then(() => PgliteThread.start(dataDir));
    // A directory that does not open again fails this request and the next; the one after tries again.
    thread.catch(() => undefined);
  };

  const send = async (at: number, request: Parameters<PgliteThread['request']>[0]): Promise<Reply> => {
    if (closed) throw new Error('the embedded database is closed');
    if (at !== generation) throw statementTimeoutError(timeoutMs);
    const current = await thread;
    const reply = current.request(request);
    if (!timeoutMs || request.op !== 'query') return reply;
    const timer = setTimeout(() => restart(current), timeoutMs);
    try {
      return await reply;
    } finally {
      clearTimeout(timer);
    }
  };

  const rowsOf = <T>(reply: Reply): T[] => ('rows' in reply ? (reply.rows as T[]) : []);
  const queryAt = async <T>(at: number, text: string, params?: unknown[], rowMode?: 'array') => rowsOf<T>(await send(at, { op: 'query', text, params: prepareParams(params), rowMode }));
  const scriptAt = async (at: number, text: string) => void (await send(at, { op: 'script', text }));
  /** Runs `fn` with the connection to itself. */
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const release = await turns.take();
    try {
      return await fn();
    } finally {
      release();
    }
  };

  const changes = new ChangeCount();
  return {
    kind: 'pglite',
    query: changes.counting(<T>(text: string, params?: unknown[]) => exclusive(() => queryAt<T>(generation, text, params))) as Database['query'],
    script: (text: string) => changes.after(exclusive(() => scriptAt(generation, text))),
    get changes() {
      return changes.value;
    },
    // One process holds the data directory (its lock): no other announces changes.
    watch: async () => {},
    // The same: whatever would notify is in this process, and says so itself (runtime/jobs/wake.ts).
    listen: async () => {},
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      changes.after(exclusive(async () => {
        const at = generation;
        const tx: Queryable = { query: <R>(text: string, params?: unknown[]) => queryAt<R>(at, text, params), script: (text: string) => scriptAt(at, text) };
        await queryAt(at, 'BEGIN');
        try {
          const result = await fn(tx);
          await queryAt(at, 'COMMIT');
          return result;
        } catch (error) {
          // A thread ended by the timeout took the transaction with it: nothing to roll back.
          if (at === generation) await queryAt(at, 'ROLLBACK').catch(() => undefined);
          // As the PostgreSQL driver: a driver-shaped error from `fn` comes out as DatabaseError.
          return rethrow(error);
        }
      })),
    // drizzle-orm and the generated schema are loaded on first use: the server never needs them.
    orm: (() => {
      let orm: Promise<Orm> | undefined;
      return () => (orm ??= proxyOrm((text, params) => exclusive(() => queryAt<unknown[]>(generation, text, params, 'array'))));
    })(),
    async dumpImage() {
      const reply = await exclusive(() => send(generation, { op: 'dump' }));
      return new Blob(['image' in reply ? [reply.image] : []].flat());
    },
    async close() {
      if (closed) return;
      await exclusive(async () => {
        const current = await thread.catch(() => null);
        await current?.request({ op: 'close' }).catch(() => undefined);
        closed = true;
        await current?.terminate(new Error('the embedded database is closed'));
      });
      await lock?.release();
    },
  };
}

/**
 * A Drizzle instance whose statements go through `query` (drizzle-orm's pg-proxy driver): the
 * embedded database lives on another thread, so Drizzle cannot hold its client.
 */
async function proxyOrm(query: (text: string, params: unknown[]) => Promise<unknown[][]>): Promise<Orm> {
  const [{ drizzle }, schema] = await Promise.all([import('drizzle-orm/pg-proxy'), import('../../../generated/inventory/schema.ts')]);
  // pg-proxy reads rows as arrays of values in select order (columns of a join may share names).
  return drizzle(async (text, params) => ({ rows: await query(text, params) }), { schema }) as unknown as Orm;
}
