/**
 * @module
 * The job queue's workers inside a server process: `count` loops, each claiming the next due task
 * of its queues (taskRows.ts), running it (runTask.ts) and, when none is due, waiting for a wake-up
 * (an enqueue in this process, or PostgreSQL's NOTIFY from any process) or the next scheduled task,
 * whichever is first. Each worker keeps a `core_worker` row alive with heartbeats; every few
 * seconds one pass recovers the tasks of workers that stopped (recoverStale).
 *
 * Several processes on one PostgreSQL database share the queue: a task is claimed by one worker
 * only (FOR UPDATE SKIP LOCKED), so each runs once, and a process that dies mid-task has its tasks
 * retried or failed by the others once its heartbeats stop.
 */
import { hostname } from 'node:os';
import type { Database } from '../db/index.ts';
import { runTask, type RunOptions } from './runTask.ts';
import { claimTask, nextDueMs, recoverStale } from './taskRows.ts';
import { QUEUES, type JobEvent, type TaskHandler } from './types.ts';
import { onWake, TASK_CHANNEL } from './wake.ts';

export interface JobQueueOptions {
  db: Database;
  /** Task handlers by kind. */
  handlers: Record<string, TaskHandler<never>>;
  /** What handlers get as their second argument (the REST engine). */
  services: unknown;
  /** Workers in this process (JOB_WORKERS); 0 runs none: tasks wait for another process. */
  workers: number;
  /** Longest idle wait between looks at the queue, in ms (a backstop for a lost NOTIFY). Default 5 000. */
  pollMs?: number;
  heartbeatMs?: number;
  /** The back-off before retry n: `retryBaseMs` × 2^(n-1), at most an hour. Default 10 000. */
  retryBaseMs?: number;
  onJobEvent?(event: JobEvent, jobId: number): Promise<void>;
  /** Prefix of this process's worker names (default `<host>.<pid>`): workers are `<prefix>.<n>`. */
  name?: string;
}

/** Whether `error` says the database was closed (postgres.js's CONNECTION_ENDED, or the embedded database's). */
function isClosed(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === 'CONNECTION_ENDED' || code === 'CONNECTION_DESTROYED' || /database is closed/.test(message ?? '');
}

export class JobQueue {
  private stopped = false;
  private readonly loops: Promise<void>[] = [];
  private readonly sleepers = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private recovery: NodeJS.Timeout | null = null;
  private readonly run: RunOptions;

  constructor(private readonly options: JobQueueOptions) {
    const base = options.retryBaseMs ?? 10_000;
    this.run = {
      db: options.db,
      handlers: options.handlers,
      services: options.services,
      heartbeatMs: options.heartbeatMs ?? 10_000,
      retryDelayMs: (attempt) => Math.min(base * 2 ** (attempt - 1), 3_600_000),
      onJobEvent: options.onJobEvent,
    };
  }

  /** The number of workers this process runs. */
  get workerCount(): number {
    return this.options.workers;
  }

  /** Starts the workers (none when `workers` is 0). */
  async start(): Promise<void> {
    const { db, workers } = this.options;
    if (workers <= 0) return;
    this.unsubscribe = onWake(() => this.wakeAll());
    await db.listen(TASK_CHANNEL, () => this.wakeAll());
    for (let n = 1; n <= workers; n++) {
      await db.query(
        `INSERT INTO core_worker (name, pid, hostname, queue_names, state, birth_date, heartbeat, successful_job_count, failed_job_count, total_working_ms)
         VALUES ($1, $2, $3, $4::text[], 'idle', now(), now(), 0, 0, 0)
         ON CONFLICT (name) DO UPDATE SET state = 'idle', birth_date = now(), heartbeat = now(), successful_job_count = 0, failed_job_count = 0, total_working_ms = 0`,
        [this.workerName(n), process.pid, hostname(), [...QUEUES]],
      );
      this.loops.push(this.loop(this.workerName(n)));
    }
    const pass = () => {
      void recoverStale(db).then((n) => n && this.wakeAll()).catch(() => undefined);
      void db.query(`UPDATE core_worker SET heartbeat = now() WHERE name = ANY($1::text[])`, [this.names()]).catch(() => undefined);
    };
    this.recovery = setInterval(pass, Math.min(this.run.heartbeatMs, 15_000));
    this.recovery.unref();
    pass();
  }

  /** Stops taking tasks, waits for the running ones, and removes this process's worker rows. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribe?.();
    if (this.recovery) clearInterval(this.recovery);
    this.wakeAll();
    await Promise.all(this.loops);
    if (this.loops.length) await this.options.db.query(`DELETE FROM core_worker WHERE name = ANY($1::text[])`, [this.names()]).catch(() => undefined);
  }

  private workerName(n: number): string {
    return `${this.options.name ?? `${hostname()}.${process.pid}`}.${n}`;
  }

  private names(): string[] {
    return Array.from({ length: this.options.workers }, (_, i) => this.workerName(i + 1));
  }

  private wakeAll(): void {
    for (const wake of [...this.sleepers]) wake();
  }

  /** Waits `ms` or until woken. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  private async loop(name: string): Promise<void> {
    const { db } = this.options;
    const poll = this.options.pollMs ?? 5_000;
    while (!this.stopped) {
      try {
        const task = await claimTask(db, name, QUEUES);
        if (!task) {
          const due = await nextDueMs(db, QUEUES);
          if (!this.stopped) await this.sleep(due === null ? poll : Math.min(poll, due + 5));
          continue;
        }
        const began = Date.now();
        await db.query(`UPDATE core_worker SET state = 'busy', heartbeat = now() WHERE name = $1`, [name]);
        const outcome = await runTask(task, this.run);
        const succeeded = outcome === 'finished';
        await db.query(
          `UPDATE core_worker SET state = 'idle', heartbeat = now(), successful_job_count = successful_job_count + $2, failed_job_count = failed_job_count + $3,
             total_working_ms = least(total_working_ms::bigint + $4, 2147483647)::int WHERE name = $1`,
          [name, succeeded ? 1 : 0, outcome === 'failed' || outcome === 'stopped' ? 1 : 0, Date.now() - began],
        );
      } catch (error) {
        // A closed database ends the loop quietly: the server is going away.
        if (this.stopped || isClosed(error)) return;
        console.error(`job worker ${name}: ${(error as Error).message}`);
        await this.sleep(poll);
      }
    }
  }
}
