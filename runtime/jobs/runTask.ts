/**
 * @module
 * One run of a claimed task, as NetBox's JobRunner.handle(): the job marked running, the handler
 * called with a log and a stop signal (its timeout, or `stop/`), then the job terminated —
 * `completed` with the handler's result as its data, `failed` when it threw JobFailed, `errored`
 * with the error's text otherwise — and, for a job with an interval, its next run scheduled.
 * A task with attempts left is retried after a back-off instead of failing.
 */
import type { Database } from '../db/index.ts';
import { enqueue } from './enqueue.ts';
import { appendLog, endTask, JOB_END_EVENTS, startJob, terminateJob, type JobRow, type TaskRow } from './taskRows.ts';
import { JobFailed, type JobEvent, type JobLogEntry, type JobLogLevel, type TaskHandler, type TaskRun } from './types.ts';

export interface RunOptions {
  db: Database;
  handlers: Record<string, TaskHandler<never>>;
  services: unknown;
  /** Milliseconds between a running task's heartbeats (and checks of `stop/`). */
  heartbeatMs: number;
  /** The back-off before retry n (1-based). */
  retryDelayMs(attempt: number): number;
  /** Told of every job event, after the change that caused it committed. */
  onJobEvent?(event: JobEvent, jobId: number): Promise<void>;
}

export type RunOutcome = 'finished' | 'failed' | 'retried' | 'stopped';

/** Text of an error as NetBox records it (`repr(e)`: the type and message). */
function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}('${error.message}')`;
  return String(error);
}

export async function runTask(task: TaskRow, options: RunOptions): Promise<RunOutcome> {
  const { db } = options;
  const log: JobLogEntry[] = [];
  const controller = new AbortController();
  const handler = options.handlers[task.kind] as TaskHandler<unknown> | undefined;
  let job: JobRow | null = null;
  if (task.job !== null) job = await startJob(db, task.job);
  if (job && task.attempts === 1) await options.onJobEvent?.('job_started', job.id);
  const run: TaskRun = {
    taskId: task.task_id,
    kind: task.kind,
    data: task.data,
    attempt: task.attempts,
    maxAttempts: task.max_attempts,
    job: job && { id: job.id, name: job.name, userId: job.user_id, objectType: job.object_type, objectId: job.object_id === null ? null : Number(job.object_id) },
    db,
    log: (level: JobLogLevel, message: string) => void log.push({ level, message: String(message), timestamp: new Date().toISOString() }),
    signal: controller.signal,
  };
  const timeout = setTimeout(() => controller.abort(new Error(`Task exceeded maximum timeout value (${task.timeout} seconds)`)), task.timeout * 1000);
  // Heartbeats keep the task ours (recoverStale) and bring `stop/` requests from any process.
  const heartbeat = setInterval(() => {
    db.query<{ stop: boolean }>(`UPDATE core_task SET heartbeat = now() WHERE id = $1 RETURNING stop_requested AS stop`, [task.id])
      .then(([row]) => row?.stop && controller.abort(new Error('Task stopped')))
      .catch(() => undefined);
  }, options.heartbeatMs);
  let result: unknown;
  let error: unknown = null;
  try {
    if (!handler) throw new Error(`No handler is registered for tasks of kind "${task.kind}"`);
    const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }));
    result = await Promise.race([handler(run, options.services), aborted]);
  } catch (caught) {
    error = caught;
  } finally {
    clearTimeout(timeout);
    clearInterval(heartbeat);
  }
  const stopped = controller.signal.aborted && controller.signal.reason instanceof Error && controller.signal.reason.message === 'Task stopped';
  if (error !== null && !stopped && !(error instanceof JobFailed) && task.attempts < task.max_attempts) {
    const retryAt = new Date(Date.now() + options.retryDelayMs(task.attempts));
    run.log('warning', `Attempt ${task.attempts} of ${task.max_attempts} failed (${describe(error)}); retrying at ${retryAt.toISOString()}`);
    await db.transaction(async (tx) => {
      await endTask(tx, task.id, { retryAt, error: describe(error) });
      if (job) {
        await appendLog(tx, job.id, log);
        await tx.query(`UPDATE core_job SET status = 'scheduled', scheduled = $2 WHERE id = $1`, [job.id, retryAt]);
      }
    });
    return 'retried';
  }
  const status = error === null ? 'completed' : error instanceof JobFailed || stopped ? 'failed' : 'errored';
  if (error !== null && !(error instanceof JobFailed)) run.log('error', error instanceof Error ? error.stack ?? error.message : String(error));
  if (error instanceof JobFailed) run.log('failure', error.message);
  await db.transaction(async (tx) => {
    await endTask(tx, task.id, error === null ? { status: 'finished', result } : { status: stopped ? 'stopped' : 'failed', error: describe(error) });
    if (!job) return;
    await terminateJob(tx, job.id, status, status === 'errored' ? describe(error) : null, result, log);
    if (job.interval) {
      // NetBox: the next run `interval` minutes after this one was due (or started), at least a minute from now.
      const base = Date.parse(job.scheduled ?? job.started ?? new Date().toISOString());
      const runAt = new Date(Math.max(base + job.interval * 60_000, Date.now() + 60_000));
      await enqueue(tx, {
        kind: task.kind,
        data: task.data,
        queue: task.queue_name as 'default',
        runAt,
        intervalMinutes: job.interval,
        maxAttempts: task.max_attempts,
        timeoutSeconds: task.timeout,
        job: { name: job.name, objectType: job.object_type, objectId: job.object_id === null ? null : Number(job.object_id), userId: job.user_id, notifications: job.notifications },
      });
    }
  });
  if (job) await options.onJobEvent?.(JOB_END_EVENTS[status], job.id);
  return error === null ? 'finished' : stopped ? 'stopped' : 'failed';
}
