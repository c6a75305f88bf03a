/**
 * @module
 * A count of the times a database's data may have changed, for the caches this process keeps of
 * database state (who a token belongs to: runtime/auth/callerCache.ts). A cache entry filled when
 * the count was n holds while the count is still n.
 *
 * Counted after it ends: every transaction and script run through the database, and every
 * statement that is not a plain read. Changes made by other processes are counted when they are
 * announced (PostgreSQL's NOTIFY, on a channel the database `watch`es), which is why the count is
 * exact for this process and as late as the notification for others.
 */
import type { Database, Queryable } from './types.ts';

/** A statement that cannot write: a SELECT, SHOW or EXPLAIN, or a WITH whose parts write nothing. */
export function isPlainRead(text: string): boolean {
  const head = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase();
  if (head === 'SELECT' || head === 'SHOW' || head === 'EXPLAIN' || head === 'VALUES' || head === 'TABLE') return true;
  // A data-modifying CTE writes; the engine's reads start with WITH and hold no such verb.
  return head === 'WITH' && !/\b(insert|update|delete|merge)\b/i.test(text);
}

/** The count's state, shared by a driver's query, transaction and script. */
export class ChangeCount {
  value = 0;

  /** `query` that counts a statement which may have written, once it has ended (or failed). */
  counting(query: Queryable['query']): Queryable['query'] {
    return async (text, params, options) => {
      if (isPlainRead(text)) return query(text, params, options);
      try {
        return await query(text, params, options);
      } finally {
        this.value++;
      }
    };
  }

  /** Runs `work` (a transaction or a script) and counts it once it has ended. */
  async after<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } finally {
      this.value++;
    }
  }
}

/** The members a driver adds to count changes; `watch` is the driver's own. */
export type Counted = Pick<Database, 'changes'>;
