/**
 * @module
 * NetBox's SystemHousekeepingJob ("System Housekeeping", daily), as a task of the job queue: change
 * records past CHANGELOG_RETENTION, jobs past JOB_RETENTION (and the queue's ended tasks with them),
 * and expired matrix page sessions are deleted. Every process with workers makes sure one is
 * scheduled when it starts (NetBox's `enqueue_once`), under an advisory lock, so two processes
 * starting together schedule one.
 */
import type { Database } from '../../db/index.ts';
import { enqueue, type TaskHandler } from '../../jobs/index.ts';
import { pruneChanges, type Registry } from '../../rest/index.ts';

export const HOUSEKEEPING_KIND = 'core.housekeeping';
const NAME = 'System Housekeeping';
const DAILY = 1440;
/** An arbitrary key of pg_advisory_xact_lock for scheduling system jobs. */
const SCHEDULE_LOCK = 0x6e627363;

export interface Retention {
  /** CHANGELOG_RETENTION, in days (0: keep forever). */
  changelogDays: number;
  /** JOB_RETENTION, in days (0: keep forever). */
  jobDays: number;
}

export function housekeeping(registry: Registry, retention: Retention): TaskHandler {
  return async (run) => {
    const { db } = run;
    if (retention.changelogDays > 0) {
      run.log('info', `Deleted ${await pruneChanges(db, registry, retention.changelogDays)} expired changelog records`);
    } else run.log('info', 'No changelog retention period specified; skipping.');
    if (retention.jobDays > 0) {
      const [jobs] = await db.query<{ n: number }>(`WITH d AS (DELETE FROM core_job WHERE created < now() - make_interval(days => $1) AND status IN ('completed', 'failed', 'errored') RETURNING 1) SELECT count(*)::int AS n FROM d`, [retention.jobDays]);
      await db.query(`DELETE FROM core_task WHERE ended_at < now() - make_interval(days => $1) AND status IN ('finished', 'failed', 'stopped', 'canceled')`, [retention.jobDays]);
      run.log('info', `Deleted ${jobs.n} expired jobs`);
    } else run.log('info', 'No job retention period specified; skipping.');
    await db.query(`DELETE FROM permissions_matrix_session WHERE expires < now()`);
    run.log('info', 'Expired sessions cleared.');
    return null;
  };
}

/** Schedules the housekeeping job unless one is already waiting or running. */
export async function scheduleHousekeeping(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEDULE_LOCK]);
    const [waiting] = await tx.query(`SELECT 1 FROM core_job WHERE name = $1 AND object_id IS NULL AND status IN ('pending', 'scheduled', 'running') LIMIT 1`, [NAME]);
    // A few seconds after the start: a large deletion must not hold up the first requests.
    if (!waiting) await enqueue(tx, { kind: HOUSEKEEPING_KIND, queue: 'low', runAt: new Date(Date.now() + 5_000), intervalMinutes: DAILY, job: { name: NAME, notifications: 'never' } });
  });
}
