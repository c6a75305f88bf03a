/**
 * @module
 * Enqueueing a task — and the NetBox Job record it keeps — inside the caller's transaction, so that
 * a task exists exactly when the write that asked for it commits (a webhook for a device that was
 * never saved is never sent), as NetBox's `transaction.on_commit` enqueue does.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import type { TaskSpec } from './types.ts';
import { TASK_CHANNEL, wakeWorkers } from './wake.ts';

export interface Enqueued {
  taskId: string;
  /** The core.jobs id, when the task keeps a job. */
  jobId: number | null;
}

const DEFAULT_TIMEOUT_SECONDS = 300;

/** Adds a task (and its job) with `tx`; workers are woken once it commits. */
export async function enqueue(tx: Queryable, spec: TaskSpec): Promise<Enqueued> {
  const taskId = randomUUID();
  const queue = spec.queue ?? 'default';
  const runAt = spec.runAt ?? null;
  let jobId: number | null = null;
  if (spec.job) {
    const job = spec.job;
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO core_job (object_type, object_id, name, status, created, scheduled, interval, user_id, error, job_id, queue_name, notifications, log_entries)
       VALUES ($1, $2, $3, $4, now(), $5, $6, $7, '', $8, $9, $10, '[]'::jsonb) RETURNING id`,
      [job.objectType ?? null, job.objectId ?? null, job.name.slice(0, 200), runAt ? 'scheduled' : 'pending', runAt, spec.intervalMinutes ?? null, job.userId ?? null, taskId, queue, job.notifications ?? 'always'],
    );
    jobId = Number(row.id);
  }
  await tx.query(
    `INSERT INTO core_task (task_id, queue_name, kind, data, description, status, attempts, max_attempts, run_at, created_at, enqueued_at, timeout, stop_requested, job)
     VALUES ($1, $2, $3, $4::text::jsonb, $5, $6, 0, $7, coalesce($8::timestamptz, now()), now(), CASE WHEN $8::timestamptz IS NULL THEN now() END, $9, false, $10)`,
    [taskId, queue, spec.kind, JSON.stringify(spec.data ?? null), spec.description ?? spec.job?.name ?? spec.kind, runAt ? 'scheduled' : 'queued', Math.max(1, spec.maxAttempts ?? 1), runAt, spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS, jobId],
  );
  await notifyWorkers(tx, queue);
  return { taskId, jobId };
}

/** Wakes the workers of every process (once `db`'s transaction, if any, commits) to look at `queue` again. */
export async function notifyWorkers(db: Queryable, queue: string): Promise<void> {
  await db.query(`SELECT pg_notify('${TASK_CHANNEL}', $1)`, [queue]);
  wakeWorkers();
}

/**
 * Adds many tasks that keep no job (webhook deliveries) with `tx`, in one statement, and wakes the
 * workers once: what `enqueue` does for each, at a bounded cost per batch.
 */
export async function enqueueMany(tx: Queryable, specs: Omit<TaskSpec, 'job' | 'runAt' | 'intervalMinutes'>[]): Promise<string[]> {
  if (!specs.length) return [];
  const rows = specs.map((spec) => ({
    task_id: randomUUID(),
    queue_name: spec.queue ?? 'default',
    kind: spec.kind,
    data: spec.data ?? null,
    description: spec.description ?? spec.kind,
    max_attempts: Math.max(1, spec.maxAttempts ?? 1),
    timeout: spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
  }));
  await tx.query(
    `INSERT INTO core_task (task_id, queue_name, kind, data, description, status, attempts, max_attempts, run_at, created_at, enqueued_at, timeout, stop_requested, job)
     SELECT r.task_id, r.queue_name, r.kind, r.data, r.description, 'queued', 0, r.max_attempts, now(), now(), now(), r.timeout, false, NULL
     FROM jsonb_to_recordset($1::text::jsonb) AS r(task_id text, queue_name text, kind text, data jsonb, description text, max_attempts int, timeout int)`,
    [JSON.stringify(rows)],
  );
  for (const queue of new Set(rows.map((r) => r.queue_name))) await notifyWorkers(tx, queue);
  return rows.map((r) => r.task_id);
}
