/**
 * @module
 * What the job queue's users see: a task to enqueue (`TaskSpec`), a task as its handler runs it
 * (`TaskRun`), and the handler of a kind of task (`TaskHandler`), registered by name (an app's
 * `tasks`, runtime/inventory/).
 */
import type { Database } from '../db/index.ts';

/** NetBox's RQ queues, in the order workers take them. */
export const QUEUES = ['high', 'default', 'low'] as const;
export type QueueName = (typeof QUEUES)[number];

/** A NetBox Job record the task keeps (core.jobs): what the task is about and for whom. */
export interface JobSpec {
  name: string;
  /** The object the job is about (`core.datasource`, 7). */
  objectType?: string | null;
  objectId?: number | null;
  userId?: number | null;
  /** NetBox's JobNotificationChoices: `always` (the default), `on_failure` or `never`. */
  notifications?: 'always' | 'on_failure' | 'never';
}

export interface TaskSpec {
  /** The registered kind that runs it (`core.sync-data-source`, `extras.deliver-webhook`). */
  kind: string;
  /** The task's arguments: plain JSON. */
  data?: unknown;
  queue?: QueueName;
  /** Run no earlier than this (a scheduled task). */
  runAt?: Date | null;
  /** Run again this many minutes after each run (NetBox's `interval`); needs `job`. */
  intervalMinutes?: number | null;
  /** Runs allowed before the task fails for good (retries with back-off in between). Default 1. */
  maxAttempts?: number;
  /** Seconds a run may take before it is stopped and counted as failed. Default 300 (RQ's). */
  timeoutSeconds?: number;
  description?: string;
  /** Keep a NetBox Job record of the task (its status, times, data, error and log). */
  job?: JobSpec;
}

/** NetBox's job log levels (LogLevelChoices plus Python's logging names). */
export type JobLogLevel = 'debug' | 'info' | 'success' | 'warning' | 'failure' | 'error';

export interface JobLogEntry {
  level: JobLogLevel;
  message: string;
  timestamp: string;
}

/** A task being run: its arguments, its job, a log, and a signal that says when to stop. */
export interface TaskRun {
  taskId: string;
  kind: string;
  data: unknown;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  job: { id: number; name: string; userId: number | null; objectType: string | null; objectId: number | null } | null;
  db: Database;
  /** Adds an entry to the job's log (kept in memory, written when the run ends). */
  log(level: JobLogLevel, message: string): void;
  /** Aborted when the task is stopped (`stop/`) or runs past its timeout. */
  signal: AbortSignal;
}

/** Runs one kind of task; what it returns becomes the job's `data`. `services` are the server's (the REST engine). */
export type TaskHandler<S = unknown> = (run: TaskRun, services: S) => Promise<unknown>;

/** Thrown by a handler whose task failed for a reason it reports: the job is `failed` (not `errored`), without retries. */
export class JobFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailed';
  }
}

/** Job lifecycle events, as NetBox's event rules name them. */
export type JobEvent = 'job_started' | 'job_completed' | 'job_failed' | 'job_errored';
