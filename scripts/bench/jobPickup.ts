/**
 * @module
 * How soon the job queue starts a task after the transaction that enqueued it commits, on the
 * embedded database and on PostgreSQL, with the server's default two workers idle (waiting for a
 * wake-up): the time from just before COMMIT to the handler's first line, medians and 95th
 * percentiles of 50 one at a time. Baseline: a `SELECT 1` round trip on the same database, the
 * least any pickup costs (the claim is one statement). A second queue on its own PostgreSQL
 * connection stands for another server process: its pickup is woken by NOTIFY, not in-process.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase, openPglite, migrate, type Database } from '../../runtime/db/index.ts';
import { enqueue, JobQueue, type TaskHandler } from '../../runtime/jobs/index.ts';
import { scratchDatabase } from './scratchDatabase.ts';
import { median } from './timing.ts';

export interface JobPickupFigures {
  database: 'pglite' | 'postgres' | 'postgres, another process';
  pickupMs: number[];
  roundTripMs: number[];
}

const ROUNDS = 50;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function measure(enqueueDb: Database, workerDb: Database, label: JobPickupFigures['database']): Promise<JobPickupFigures> {
  let started: (() => void) | null = null;
  const handler: TaskHandler = async () => void started?.();
  const queue = new JobQueue({ db: workerDb, handlers: { 'bench.pickup': handler }, services: null, workers: 2, name: `bench-${label}` });
  await queue.start();
  try {
    const pickupMs: number[] = [];
    const roundTripMs: number[] = [];
    for (let i = 0; i < ROUNDS + 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      let committedAt = 0;
      const picked = new Promise<number>((resolve) => (started = () => resolve(performance.now())));
      await enqueueDb.transaction(async (tx) => {
        await enqueue(tx, { kind: 'bench.pickup' });
        committedAt = performance.now();
      });
      const at = await picked;
      const rt = performance.now();
      await enqueueDb.query('SELECT 1');
      if (i >= 5) {
        pickupMs.push(at - committedAt);
        roundTripMs.push(performance.now() - rt);
      }
    }
    return { database: label, pickupMs, roundTripMs };
  } finally {
    await queue.stop();
  }
}

export async function measureJobPickup(adminUrl: string): Promise<JobPickupFigures[]> {
  const out: JobPickupFigures[] = [];
  const embedded = await openPglite('memory://');
  try {
    await migrate(embedded);
    out.push(await measure(embedded, embedded, 'pglite'));
  } finally {
    await embedded.close();
  }
  const scratch = await scratchDatabase(adminUrl, `nbbench_jobs_${process.pid}`);
  try {
    await migrate(scratch.db);
    out.push(await measure(scratch.db, scratch.db, 'postgres'));
    const other = await openDatabase({ url: scratch.url, poolSize: 2 });
    try {
      out.push(await measure(scratch.db, other, 'postgres, another process'));
    } finally {
      await other.close();
    }
  } finally {
    await scratch.drop();
  }
  return out;
}

export function jobPickupRows(figures: JobPickupFigures[]): [string, string, string, string][] {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return figures.flatMap((f) => [
    [`job picked up after its enqueue commits, ${f.database} (median of ${ROUNDS}; 95th percentile ${ms(percentile(f.pickupMs, 0.95))})`, ms(median(f.pickupMs)), `${(median(f.pickupMs) / median(f.roundTripMs)).toFixed(1)}× baseline`, '< 200 ms'],
    [`  baseline: SELECT 1 round trip, ${f.database}`, ms(median(f.roundTripMs)), '', ''],
  ]);
}
