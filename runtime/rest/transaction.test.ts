import { describe, expect, it } from 'vitest';
import { DatabaseError, type Database, type Queryable } from '../db/index.ts';
import { ApiError } from './errors.ts';
import { MAX_ATTEMPTS, retryingTransaction } from './transaction.ts';

/** A database whose transactions fail with `codes`, one per attempt, then succeed. */
function flakyDatabase(codes: string[]): Database & { attempts: number } {
  const db = {
    attempts: 0,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const code = codes[db.attempts++];
      if (code) throw new DatabaseError(`failure ${code}`, { code });
      return fn({ query: async () => [] });
    },
  };
  return db as unknown as Database & { attempts: number };
}

describe('retryingTransaction', () => {
  it('runs the transaction again after a deadlock or serialization failure', async () => {
    const db = flakyDatabase(['40P01', '40001']);
    await expect(retryingTransaction(db, async () => 'done')).resolves.toBe('done');
    expect(db.attempts).toBe(3);
  });

  it('gives up after a bounded number of attempts with a 409, never a 500', async () => {
    const db = flakyDatabase(Array(MAX_ATTEMPTS + 3).fill('40P01'));
    const error = await retryingTransaction(db, async () => 'never').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect(db.attempts).toBe(MAX_ATTEMPTS);
  });

  it('does not retry other errors', async () => {
    const db = flakyDatabase(['23505']);
    await expect(retryingTransaction(db, async () => 'x')).rejects.toMatchObject({ code: '23505' });
    expect(db.attempts).toBe(1);
  });
});
