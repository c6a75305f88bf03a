/**
 * @module
 * The one transaction of a script's run (NetBox wraps a run in transaction.atomic()), begun by the
 * script's first API call rather than when the run starts: a script that computes, or a thread that
 * starts, holds no connection meanwhile (on the embedded database, which has one, every other
 * request would wait). `close` commits it or rolls it back. A transaction PostgreSQL aborts for a
 * concurrent one cannot be retried here (the script's calls are not replayed): it ends the run.
 */
import type { Queryable } from '../../../db/index.ts';
import { conflict, type ObjectWriter, type RequestContext, type RestServices } from '../../../rest/index.ts';

/** Thrown out of the transaction to roll it back. */
class Rollback extends Error {}

export class RunTransaction {
  private session: Promise<{ tx: Queryable; objects: ObjectWriter }> | null = null;
  /** What the transaction ended with: null (committed or rolled back as asked) or its error. */
  private settled: Promise<unknown> = Promise.resolve(null);
  private end: (keep: boolean) => void = () => undefined;
  private readonly ended = new Promise<boolean>((resolve) => (this.end = resolve));

  constructor(
    private readonly rest: RestServices,
    private readonly ctx: RequestContext,
  ) {}

  /** The transaction and its writer, begun on the first call. */
  readonly open = (): Promise<{ tx: Queryable; objects: ObjectWriter }> =>
    (this.session ??= new Promise((resolve, reject) => {
      let attempts = 0;
      this.settled = this.rest
        .writeWithin(this.ctx, async (tx, objects) => {
          if (++attempts > 1) throw conflict("The script's writes conflicted with concurrent changes to the same objects; run it again.");
          // writeWithin plans each statement for its values (made for batches of hundreds); a
          // script's calls are one object each, planned as the server's requests are.
          await tx.query('RESET plan_cache_mode');
          resolve({ tx, objects });
          if (!(await this.ended)) throw new Rollback();
        })
        .then(
          () => null,
          (error: unknown) => {
            if (error instanceof Rollback) return null;
            reject(error);
            return error;
          },
        );
    }));

  /** Commits (`keep`) or rolls back what the run wrote; throws what a failed commit threw. */
  async close(keep: boolean): Promise<void> {
    this.end(keep);
    const error = await this.settled;
    if (error) throw error;
  }
}
