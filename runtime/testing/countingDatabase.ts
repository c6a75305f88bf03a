/**
 * @module
 * A Database that records every statement run through it (directly or inside a transaction),
 * for tests that count how many statements an operation costs.
 *
 *   const counting = countingDatabase(opened.db);
 *   const api = await bootTestApp({ db: counting.db, drop: opened.drop });
 *   counting.reset(); await api.request(…); counting.statements.length
 */
import type { Database, Queryable } from '../db/index.ts';

export interface CountingDatabase {
  db: Database;
  /** The SQL text of each statement since the last reset, in order. */
  readonly statements: string[];
  reset(): void;
  /**
   * Runs before each statement, on the same connection (inside the transaction, if any), e.g. to
   * make a concurrent write happen at an exact point. Its own statements are not counted.
   */
  before: ((text: string, on: Queryable) => Promise<void>) | null;
}

export function countingDatabase(inner: Database): CountingDatabase {
  const statements: string[] = [];
  const counted = (target: Queryable): Queryable['query'] => async (text, params, options) => {
    statements.push(text);
    if (result.before) await result.before(text, target);
    return target.query(text, params, options);
  };
  const db: Database = {
    get kind() {
      return inner.kind;
    },
    get orm() {
      return inner.orm;
    },
    // Every statement goes on to `inner`, which counts the changes.
    get changes() {
      return inner.changes;
    },
    watch: (channel) => inner.watch(channel),
    listen: (channel, onNotify) => inner.listen(channel, onNotify),
    query: counted(inner),
    script: async (text) => {
      statements.push(text);
      await inner.script(text);
    },
    transaction: (fn) => inner.transaction((tx) => fn({ query: counted(tx), ...(tx.script ? { script: tx.script } : {}) })),
    close: () => inner.close(),
  };
  const result: CountingDatabase = { db, statements, reset: () => void statements.splice(0), before: null };
  return result;
}
