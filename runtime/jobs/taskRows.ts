/**
 * @module
 * The queue's statements on `core_task` and `core_job`: claiming the next due task (FOR UPDATE SKIP
 * LOCKED: of several workers, in one process or many, one gets each task), and the ends of a run.
 */
import type { Database, Queryable } from '../db/index.ts';
import type { JobEvent, JobLogEntry } from './types.ts';

export interface TaskRow {
  id: number;
  task_id: string;
  queue_name: string;
  kind: string;
  data: unknown;
  attempts: number;
  max_attempts: number;
  timeout: number;
  job: number | null;
}

export interface JobRow {
  id: number;
  name: string;
  user_id: number | null;
  object_type: string | null;
  object_id: number | null;
  interval: number | null;
  scheduled: string | null;
  started: string | null;
  notifications: 'always' | 'on_failure' | 'never';
  queue_name: string;
}

/** Seconds without a heartbeat after which a started task's worker is taken for stopped. */
export const STALE_SECONDS = 60;

/** Claims the next due task of `queues` (in their order, then oldest first) for `worker`, or null. */
export async function claimTask(db: Database, worker: string, queues: readonly string[]): Promise<TaskRow | null> {
  const [row] = await db.query<TaskRow>(
    `UPDATE core_task t SET status = 'started', started_at = now(), heartbeat = now(), ended_at = NULL, worker_name = $1, attempts = t.attempts + 1,
       enqueued_at = coalesce(t.enqueued_at, now()), stop_requested = false
     WHERE t.id = (SELECT id FROM core_task WHERE status IN ('queued', 'scheduled') AND run_at <= now() AND queue_name = ANY($2::text[])
                   ORDER BY array_position($2::text[], queue_name::text), run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING t.id, t.task_id, t.queue_name, t.kind, t.data, t.attempts, t.max_attempts, t.timeout, t.job`,
    [worker, queues],
  );
  return row ? { ...row, id: Number(row.id), job: row.job === null ? null : Number(row.job) } : null;
}

/** Milliseconds until the next task of `queues` is due (null when none waits). */
export async function nextDueMs(db: Database, queues: readonly string[]): Promise<number | null> {
  const [row] = await db.query<{ ms: number | null }>(
    `SELECT (extract(epoch FROM min(run_at) - now()) * 1000)::float8 AS ms FROM core_task WHERE status IN ('queued', 'scheduled') AND queue_name = ANY($1::text[])`,
    [queues],
  );
  return row?.ms === null || row?.ms === undefined ? null : Math.max(0, Number(row.ms));
}

/** Marks the job running (once: a retry keeps its first start), as Job.start(). */
export async function startJob(db: Queryable, jobId: number): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(
    `UPDATE core_job SET status = 'running', started = coalesce(started, now()) WHERE id = $1
     RETURNING id, name, user_id, object_type, object_id, interval, scheduled::text, started::text, notifications, queue_name`,
    [jobId],
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

/** Appends log entries to a job. */
export async function appendLog(db: Queryable, jobId: number, entries: JobLogEntry[]): Promise<void> {
  if (entries.length) await db.query(`UPDATE core_job SET log_entries = log_entries || $2::text::jsonb WHERE id = $1`, [jobId, JSON.stringify(entries)]);
}

/** The terminal statuses of a job and the event each fires. */
export const JOB_END_EVENTS: Record<'completed' | 'failed' | 'errored', JobEvent> = { completed: 'job_completed', failed: 'job_failed', errored: 'job_errored' };

/** Ends a job as Job.terminate() does: its status, error, data and the last log entries. */
export async function terminateJob(tx: Queryable, jobId: number, status: 'completed' | 'failed' | 'errored', error: string | null, data: unknown, log: JobLogEntry[]): Promise<void> {
  await tx.query(
    `UPDATE core_job SET status = $2, completed = now(), error = CASE WHEN $3::text IS NULL THEN error ELSE $3 END,
       data = CASE WHEN $4::text IS NULL THEN data ELSE $4::text::jsonb END, log_entries = log_entries || $5::text::jsonb WHERE id = $1`,
    [jobId, status, error, data === undefined ? null : JSON.stringify(data), JSON.stringify(log)],
  );
}

/** Ends a task's run: finished, failed for good, or due again at `retryAt`. */
export async function endTask(tx: Queryable, id: number, outcome: { status: 'finished' | 'failed' | 'stopped'; result?: unknown; error?: string | null } | { retryAt: Date; error: string }): Promise<void> {
  if ('retryAt' in outcome) {
    await tx.query(`UPDATE core_task SET status = 'scheduled', run_at = $2, ended_at = now(), heartbeat = NULL, error = $3 WHERE id = $1`, [id, outcome.retryAt, outcome.error]);
    return;
  }
  await tx.query(`UPDATE core_task SET status = $2, ended_at = now(), heartbeat = NULL, result = $3::text::jsonb, error = $4 WHERE id = $1`, [
    id,
    outcome.status,
    outcome.result === undefined ? null : JSON.stringify(outcome.result),
    outcome.error ?? null,
  ]);
}

/**
 * Tasks whose worker stopped sending heartbeats (its process ended): queued again while they have
 * attempts left, failed otherwise — with their jobs errored. Returns how many were recovered.
 */
export async function recoverStale(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number; job: number | null; failed: boolean }>(
      `UPDATE core_task SET status = CASE WHEN attempts < max_attempts THEN 'queued' ELSE 'failed' END,
         ended_at = CASE WHEN attempts < max_attempts THEN NULL ELSE now() END, run_at = now(), heartbeat = NULL,
         error = 'The worker running the task stopped (no heartbeat for ${STALE_SECONDS} s).'
       WHERE status = 'started' AND heartbeat < now() - interval '${STALE_SECONDS} seconds'
       RETURNING id, job, status = 'failed' AS failed`,
    );
    const jobs = rows.filter((r) => r.failed && r.job !== null).map((r) => Number(r.job));
    if (jobs.length) await tx.query(`UPDATE core_job SET status = 'errored', completed = now(), error = 'The worker running the job stopped.' WHERE id = ANY($1::int[])`, [jobs]);
    await tx.query(`DELETE FROM core_worker WHERE heartbeat < now() - interval '${STALE_SECONDS} seconds'`);
    return rows.length;
  });
}
