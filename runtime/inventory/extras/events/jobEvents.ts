/**
 * @module
 * Job events through the event rules (NetBox's job_start / job_end signal handlers): the rules
 * watching the type of the object the job is about, with the job's `data` as the event's data and
 * its user. The queue calls this after the change that caused the event committed.
 */
import type { Database } from '../../../db/index.ts';
import type { JobEvent } from '../../../jobs/index.ts';
import type { RestServices } from '../../../rest/index.ts';
import { fire } from './processEvents.ts';

export function jobEventListener(db: Database, rest: RestServices): (event: JobEvent, jobId: number) => Promise<void> {
  return async (event, jobId) => {
    const [job] = await db.query<{ object_type: string | null; object_id: number | null; data: unknown; user_id: number | null; username: string | null }>(
      `SELECT j.object_type, j.object_id, j.data, j.user_id, u.username FROM core_job j LEFT JOIN users_user u ON u.id = j.user_id WHERE j.id = $1`,
      [jobId],
    );
    if (!job?.object_type) return;
    try {
      await fire(db, rest, [{ objectType: job.object_type, objectId: job.object_id, event, data: job.data ?? {}, snapshots: null, username: job.username, userId: job.user_id, requestId: null }]);
    } catch (error) {
      console.error(`event rules: job ${jobId} ${event}: ${(error as Error).message}`);
    }
  };
}
