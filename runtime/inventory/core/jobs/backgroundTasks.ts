/**
 * @module
 * `core/background-tasks/` (NetBox's BackgroundTaskViewSet over RQ's jobs, superuser only) over
 * this server's queue (runtime/jobs/, table `core_task`): a task shows as an RQ job does — its UUID
 * as `id`, its queue as `origin`, its kind as `func_name`, its arguments as `kwargs` — and
 * `delete/`, `requeue/`, `enqueue/` and `stop/` act on the row.
 */
import type { Context } from 'hono';
import { notifyWorkers } from '../../../jobs/index.ts';
import { ApiError, forbidden, pageLinks, parsePage, type OperationArgs, type OperationHandler } from '../../../rest/index.ts';

type Row = Record<string, unknown>;

/** The columns a task shows from, with RQ's names where they differ. */
const COLUMNS = `t.task_id, t.queue_name, t.kind, t.data, t.description, t.status, t.timeout, t.result, t.error, t.worker_name,
  to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
  to_char(t.enqueued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS enqueued_at,
  to_char(t.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS started_at,
  to_char(t.ended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS ended_at,
  to_char(t.heartbeat AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS heartbeat,
  CASE WHEN t.status = 'queued' THEN (SELECT count(*)::int FROM core_task o WHERE o.queue_name = t.queue_name AND o.status = 'queued' AND (o.run_at, o.id) < (t.run_at, t.id)) END AS position`;

/** IsSuperuser: NetBox's background views are for superusers only. */
export function requireSuperuser(args: OperationArgs): void {
  if (!args.ctx.caller?.isSuperuser) throw forbidden();
}

const isDict = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

function show(row: Row, origin: string): Row {
  const status = String(row.status);
  return {
    id: row.task_id,
    url: `${origin}/api/core/background-tasks/${row.task_id}/`,
    description: row.description,
    origin: row.queue_name,
    func_name: row.kind,
    args: isDict(row.data) || row.data === null ? [] : [row.data],
    kwargs: isDict(row.data) ? row.data : {},
    result: row.result ?? null,
    timeout: row.timeout,
    result_ttl: null,
    created_at: row.created_at,
    enqueued_at: row.enqueued_at,
    started_at: row.started_at,
    ended_at: row.ended_at,
    worker_name: row.worker_name,
    position: row.position ?? null,
    status,
    meta: row.error ? { error: row.error } : {},
    last_heartbeat: row.heartbeat,
    is_finished: status === 'finished',
    is_queued: status === 'queued',
    is_failed: status === 'failed',
    is_started: status === 'started',
    is_deferred: status === 'deferred',
    is_canceled: status === 'canceled',
    is_scheduled: status === 'scheduled',
    is_stopped: status === 'stopped',
  };
}

/** The task named in the path, or NetBox's 404. */
async function task(c: Context, args: OperationArgs, message = (id: string) => `Job ${id} not found.`): Promise<Row> {
  requireSuperuser(args);
  const id = c.req.param('id') ?? '';
  const rows = /^[0-9a-f-]{36}$/i.test(id) ? await args.db.query<Row>(`SELECT t.id AS row_id, ${COLUMNS} FROM core_task t WHERE t.task_id = $1`, [id.toLowerCase()]) : [];
  if (!rows[0]) throw new ApiError(404, { detail: message(id) });
  return rows[0];
}

export const backgroundTasks: OperationHandler = async (c, args) => {
  requireSuperuser(args);
  const url = new URL(c.req.url);
  const page = parsePage(url.searchParams);
  const limit = page.limit;
  const offset = page.mode === 'offset' ? page.offset : 0;
  const [{ count }] = await args.db.query<{ count: number }>('SELECT count(*)::int AS count FROM core_task');
  const rows = await args.db.query<Row>(`SELECT ${COLUMNS} FROM core_task t ORDER BY t.created_at DESC, t.id DESC LIMIT $1 OFFSET $2`, [limit, offset]);
  const results = rows.map((row) => show(row, args.ctx.origin));
  return c.json({ ...pageLinks(url, { mode: 'offset', limit, offset }, results.length, count), results });
};

export const backgroundTask: OperationHandler = async (c, args) => c.json(show(await task(c, args), args.ctx.origin));

export const backgroundTaskDelete: OperationHandler = async (c, args) => {
  const row = await task(c, args, (id) => `Job ${id} not found`);
  await args.db.query('DELETE FROM core_task WHERE id = $1', [row.row_id]);
  return c.body(null, 200);
};

export const backgroundTaskRequeue: OperationHandler = async (c, args) => {
  const row = await task(c, args);
  if (row.status === 'started') throw new ApiError(400, { detail: 'A running task cannot be requeued; stop it first.' });
  await args.db.query(`UPDATE core_task SET status = 'queued', run_at = now(), enqueued_at = now(), attempts = 0, error = NULL, stop_requested = false WHERE id = $1`, [row.row_id]);
  await notifyWorkers(args.db, String(row.queue_name));
  return c.body(null, 200);
};

export const backgroundTaskEnqueue: OperationHandler = async (c, args) => {
  const row = await task(c, args);
  if (row.status === 'started') throw new ApiError(400, { detail: 'The task is running.' });
  await args.db.query(`UPDATE core_task SET status = 'queued', run_at = now(), enqueued_at = now() WHERE id = $1`, [row.row_id]);
  await notifyWorkers(args.db, String(row.queue_name));
  return c.body(null, 200);
};

export const backgroundTaskStop: OperationHandler = async (c, args) => {
  const row = await task(c, args, (id) => `Job ${id} not found`);
  // The worker running it sees the request at its next heartbeat, in whichever process it runs.
  const stopped = await args.db.query(`UPDATE core_task SET stop_requested = true WHERE id = $1 AND status = 'started' RETURNING id`, [row.row_id]);
  return c.body(null, stopped.length === 1 ? 200 : 204);
};
