/**
 * @module
 * The job queue (NetBox's background jobs, on this server's own database): `enqueue` a task in the
 * caller's transaction; a `JobQueue` in each server process runs the registered handlers. Tasks are
 * rows claimed with FOR UPDATE SKIP LOCKED, so the queue works the same on the embedded database
 * and on PostgreSQL, and several processes share one PostgreSQL queue.
 */
export { enqueue, enqueueMany, notifyWorkers, type Enqueued } from './enqueue.ts';
export { JobQueue, type JobQueueOptions } from './queue.ts';
export { STALE_SECONDS } from './taskRows.ts';
export { JobFailed, QUEUES, type JobEvent, type JobLogEntry, type JobLogLevel, type JobSpec, type QueueName, type TaskHandler, type TaskRun, type TaskSpec } from './types.ts';
