/**
 * @module
 * A Database that records every statement run through it with its parameters and how it asked to
 * be planned, so that a benchmark can replay one request's statements on PostgreSQL by itself
 * (EXPLAIN ANALYZE, bench/statementTime.ts). runtime/testing/countingDatabase.ts keeps only the
 * text; the replay needs the values and the plan mode too.
 */
import type { Database, Queryable, QueryOptions } from '../../runtime/db/index.ts';

export interface CapturedStatement {
  text: string;
  params: unknown[];
  /** Planned for its values each time (QueryOptions.planEachTime): the server's custom-plan pool. */
  planEachTime: boolean;
  /** Run inside a transaction (on its connection, whose plans are generic). */
  inTransaction: boolean;
  /** When it was issued and when its rows came back (performance.now()), to tell concurrent statements apart. */
  startedMs: number;
  endedMs: number;
}

export interface CapturingDatabase {
  db: Database;
  /** The statements since the last reset, in the order they were issued. */
  readonly statements: CapturedStatement[];
  reset(): void;
  /** Whether statements are recorded (default true): off while a benchmark times throughput, so that none pile up. */
  recording: boolean;
}

export function capturingDatabase(inner: Database): CapturingDatabase {
  const statements: CapturedStatement[] = [];
  const capture = (target: Queryable, inTransaction: boolean): Queryable['query'] => async (text, params, options?: QueryOptions) => {
    if (!result.recording) return target.query(text, params, options);
    const statement: CapturedStatement = { text, params: params ?? [], planEachTime: !inTransaction && !!options?.planEachTime, inTransaction, startedMs: performance.now(), endedMs: 0 };
    statements.push(statement);
    try {
      return await target.query(text, params, options);
    } finally {
      statement.endedMs = performance.now();
    }
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
    query: capture(inner, false),
    script: async (text) => {
      if (!result.recording) return inner.script(text);
      const statement: CapturedStatement = { text, params: [], planEachTime: false, inTransaction: false, startedMs: performance.now(), endedMs: 0 };
      statements.push(statement);
      await inner.script(text);
      statement.endedMs = performance.now();
    },
    transaction: (fn) => inner.transaction((tx) => fn({ query: capture(tx, true), ...(tx.script ? { script: tx.script } : {}) })),
    close: () => inner.close(),
  };
  const result: CapturingDatabase = { db, statements, reset: () => void statements.splice(0), recording: true };
  return result;
}

/**
 * The statements in phases: a phase starts with a statement issued after every earlier one had
 * finished, and holds the statements issued while it was running (a list's page ids and its
 * count go out together). A request waits for each phase in turn, so its time in the database is
 * the sum over phases of each phase's slowest statement.
 */
export function phases<T extends Pick<CapturedStatement, 'startedMs' | 'endedMs'>>(statements: readonly T[]): T[][] {
  const out: T[][] = [];
  let finished = -Infinity;
  for (const statement of [...statements].sort((a, b) => a.startedMs - b.startedMs)) {
    if (statement.startedMs >= finished) out.push([]);
    out[out.length - 1].push(statement);
    finished = Math.max(finished, statement.endedMs);
  }
  return out;
}
