/**
 * @module
 * `core/background-queues/` and `core/background-workers/` (NetBox's RQ views, superuser only) over
 * this server's queue: the queues are NetBox's three (high, default, low) with their tasks counted
 * by status; the workers are every server process's, from `core_worker` (alive within a minute).
 */
import { QUEUES, STALE_SECONDS } from '../../../jobs/index.ts';
import { ApiError, pageLinks, parsePage, type OperationArgs, type OperationHandler } from '../../../rest/index.ts';
import { requireSuperuser } from './backgroundTasks.ts';

type Row = Record<string, unknown>;

async function queues(args: OperationArgs): Promise<Row[]> {
  const counts = await args.db.query<Row>(
    `SELECT queue_name, count(*) FILTER (WHERE status = 'queued')::int AS jobs, count(*) FILTER (WHERE status = 'finished')::int AS finished,
       count(*) FILTER (WHERE status = 'started')::int AS started, count(*) FILTER (WHERE status = 'deferred')::int AS deferred,
       count(*) FILTER (WHERE status = 'failed')::int AS failed, count(*) FILTER (WHERE status = 'scheduled')::int AS scheduled,
       to_char(min(enqueued_at) FILTER (WHERE status = 'queued') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS oldest
     FROM core_task GROUP BY queue_name`,
  );
  const workers = await args.db.query<{ queue: string; n: number }>(
    `SELECT q AS queue, count(*)::int AS n FROM core_worker, unnest(queue_names) q WHERE heartbeat > now() - interval '${STALE_SECONDS} seconds' GROUP BY q`,
  );
  const [scheduler] = await args.db.query<{ pid: number }>(`SELECT pid FROM core_worker WHERE heartbeat > now() - interval '${STALE_SECONDS} seconds' ORDER BY birth_date, name LIMIT 1`);
  return QUEUES.map((name, index) => {
    const row = counts.find((r) => r.queue_name === name) ?? {};
    return {
      name,
      url: `${args.ctx.origin}/api/core/background-queues/${name}/`,
      jobs: row.jobs ?? 0,
      oldest_job_timestamp: row.oldest ?? null,
      index,
      // Every worker schedules (due tasks are claimed by time): the oldest living one's process.
      scheduler_pid: scheduler?.pid ?? null,
      workers: workers.find((w) => w.queue === name)?.n ?? 0,
      finished_jobs: row.finished ?? 0,
      started_jobs: row.started ?? 0,
      deferred_jobs: row.deferred ?? 0,
      failed_jobs: row.failed ?? 0,
      scheduled_jobs: row.scheduled ?? 0,
    };
  });
}

async function workers(args: OperationArgs): Promise<Row[]> {
  const rows = await args.db.query<Row>(
    `SELECT name, state, pid, queue_names, successful_job_count, failed_job_count, total_working_ms,
       to_char(birth_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS birth_date
     FROM core_worker WHERE heartbeat > now() - interval '${STALE_SECONDS} seconds' ORDER BY name`,
  );
  return rows.map((row) => ({
    name: row.name,
    url: `${args.ctx.origin}/api/core/background-workers/${row.name}/`,
    state: row.state,
    birth_date: row.birth_date,
    queue_names: row.queue_names,
    pid: row.pid,
    successful_job_count: row.successful_job_count,
    failed_job_count: row.failed_job_count,
    total_working_time: Number(row.total_working_ms) / 1000,
  }));
}

/** A paginated list of `all`, as NetBox's LimitOffsetListPagination over a list. */
function listOf(all: (args: OperationArgs) => Promise<Row[]>): OperationHandler {
  return async (c, args) => {
    requireSuperuser(args);
    const url = new URL(c.req.url);
    const page = parsePage(url.searchParams);
    const offset = page.mode === 'offset' ? page.offset : 0;
    const items = await all(args);
    const results = items.slice(offset, offset + page.limit);
    return c.json({ ...pageLinks(url, { mode: 'offset', limit: page.limit, offset }, results.length, items.length), results });
  };
}

/** One item of `all` by its name, or 404 with NetBox's message. */
function oneOf(all: (args: OperationArgs) => Promise<Row[]>, missing: (name: string) => string): OperationHandler {
  return async (c, args) => {
    requireSuperuser(args);
    const name = c.req.param('name') ?? '';
    const item = (await all(args)).find((row) => row.name === name);
    if (!item) throw new ApiError(404, { detail: missing(name) });
    return c.json(item);
  };
}

export const backgroundQueues = listOf(queues);
export const backgroundQueue = oneOf(queues, (name) => `Queue ${name} not found`);
export const backgroundWorkers = listOf(workers);
export const backgroundWorker = oneOf(workers, (name) => `Worker ${name} not found`);
