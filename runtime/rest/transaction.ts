/**
 * @module
 * Write transactions that survive concurrency: a deadlock or serialization failure (which
 * PostgreSQL resolves by aborting one of the parties) is retried a bounded number of times with a
 * short random back-off, and only then answered with 409, never a 500.
 */
import { asDatabaseError, SqlState, type Database, type Queryable } from '../db/index.ts';
import { conflict } from './errors.ts';

/** Attempts per request, the first included. */
export const MAX_ATTEMPTS = 5;

const retryable = new Set<string>([SqlState.serializationFailure, SqlState.deadlockDetected]);

export function isRetryable(error: unknown): boolean {
  const db = asDatabaseError(error);
  return !!db && retryable.has(db.code);
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));

/** Runs `fn` in a transaction, again from the start when PostgreSQL aborted it for a concurrent one. */
export async function retryingTransaction<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw conflict('The request conflicted with concurrent changes to the same objects; retry it.');
      await pause(attempt);
    }
  }
}
