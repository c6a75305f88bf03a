/**
 * @module
 * Waiting for the job queue in tests: the newest job of an object to end (as a client polls
 * `core/jobs/`), every due task to be done, or any condition a worker makes true.
 */
import type { Queryable } from '../db/index.ts';

const TERMINAL = new Set(['completed', 'failed', 'errored']);

type Requester = { request(method: string, path: string): Promise<{ status: number; body: any }> };

/**
 * The newest job of the object once it has ended, as `core/jobs/` shows it; `filter` narrows the
 * jobs looked at (`status=completed`, when a recurring job's next run is already scheduled).
 */
export async function endedJob(api: Requester, objectType: string, objectId: number, filter = '', timeoutMs = 30_000): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api.request('GET', `/api/core/jobs/?object_type=${objectType}&object_id=${objectId}&limit=1${filter ? `&${filter}` : ''}`);
    const job = body?.results?.[0];
    if (job && TERMINAL.has(job.status.value)) return job;
    if (Date.now() > end) throw new Error(`the job of ${objectType} ${objectId} did not end within ${timeoutMs} ms (last: ${JSON.stringify(job ?? null)})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until no task is queued, running or due. */
export async function settled(db: Queryable, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM core_task WHERE status IN ('queued', 'started') OR (status = 'scheduled' AND run_at <= now())`);
    if (Number(row.n) === 0) return;
    if (Date.now() > end) throw new Error(`the job queue did not settle within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until `check` holds (polled every 25 ms), or throws after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
