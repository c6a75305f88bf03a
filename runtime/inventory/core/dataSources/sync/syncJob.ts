/**
 * @module
 * A data source's sync as NetBox's SyncDataSourceJob ("Synchronization"): `sync/` enqueues it and
 * marks the source `queued`; a worker runs syncSource.ts and records the outcome on the job (a
 * failed sync ends it `errored`, with the reason, and the source `failed`). A source with a
 * `sync_interval` keeps one recurring job (NetBox's enqueue_once on save); clearing the interval or
 * disabling the source removes it.
 */
import type { Queryable } from '../../../../db/index.ts';
import { enqueue, type TaskHandler } from '../../../../jobs/index.ts';
import { ApiError, type RestServices } from '../../../../rest/index.ts';
import { jobContext } from '../../jobs/jobContext.ts';
import { syncSource } from './syncSource.ts';

export const SYNC_KIND = 'core.sync-data-source';
const JOB_NAME = 'Synchronization';
const OBJECT_TYPE = 'core.datasource';

/** Enqueues a sync of the source (once, now, unless `interval` makes it recurring) and marks it `queued`. */
export async function enqueueSync(tx: Queryable, table: string, sourceId: number, userId: number | null, interval: number | null = null): Promise<void> {
  await enqueue(tx, { kind: SYNC_KIND, data: { source: sourceId }, intervalMinutes: interval, job: { name: JOB_NAME, objectType: OBJECT_TYPE, objectId: sourceId, userId } });
  await tx.query(`UPDATE "${table}" SET status = 'queued' WHERE id = $1`, [sourceId]);
}

/** The waiting (pending or scheduled) sync jobs of sources, with their tasks. */
async function removeWaiting(tx: Queryable, sourceIds: number[], only: 'recurring' | 'pending'): Promise<void> {
  const status = only === 'recurring' ? `j.status = 'scheduled' AND j.interval IS NOT NULL` : `j.status = 'pending'`;
  await tx.query(
    `WITH gone AS (DELETE FROM core_job j WHERE j.name = $1 AND j.object_type = $2 AND j.object_id = ANY($3::int[]) AND ${status} RETURNING j.id)
     DELETE FROM core_task WHERE job IN (SELECT id FROM gone) AND status <> 'started'`,
    [JOB_NAME, OBJECT_TYPE, sourceIds],
  );
}

/**
 * After sources are saved: a recurring sync for each enabled one with an interval (kept when one
 * with the same interval already waits), none for the others (DataSource.save() and NetBox's
 * enqueue_sync_job signal).
 */
export async function scheduleSyncs(tx: Queryable, table: string, saved: { id: number; created: boolean; enabled: boolean; interval: number | null; userId: number | null }[]): Promise<void> {
  for (const source of saved) {
    if (source.enabled && source.interval) {
      const [waiting] = await tx.query<{ interval: number | null }>(
        `SELECT interval FROM core_job WHERE name = $1 AND object_type = $2 AND object_id = $3 AND status IN ('pending', 'scheduled', 'running') ORDER BY id LIMIT 1`,
        [JOB_NAME, OBJECT_TYPE, source.id],
      );
      if (waiting && waiting.interval === source.interval) continue;
      if (waiting) await removeWaiting(tx, [source.id], 'recurring');
      await enqueueSync(tx, table, source.id, source.userId, source.interval);
    } else if (!source.created) {
      if (!source.interval) {
        await removeWaiting(tx, [source.id], 'pending');
        await tx.query(`UPDATE "${table}" SET status = CASE WHEN last_synced IS NULL THEN 'new' ELSE 'completed' END WHERE id = $1 AND status = 'queued'`, [source.id]);
      }
      await removeWaiting(tx, [source.id], 'recurring');
    }
  }
}

export const syncDataSourceTask: TaskHandler<RestServices> = async (run, rest) => {
  const { source } = run.data as { source: number };
  run.log('debug', `Found DataSource ID ${source}`);
  run.log('info', `Syncing data source ${source}`);
  try {
    const counts = await syncSource(run.db, rest, await jobContext(run.db, run), source);
    run.log('info', `Syncing completed successfully (${JSON.stringify(counts)})`);
    return null;
  } catch (error) {
    const message = error instanceof ApiError ? String((error.body as { detail?: unknown }).detail ?? JSON.stringify(error.body)) : (error as Error).message;
    run.log('error', `Error syncing data source: ${message}`);
    throw Object.assign(new Error(message), { name: 'SyncError' });
  }
};
