/**
 * @module
 * `GET extras/scripts/{id}/` and `POST extras/scripts/{id}/` (NetBox's ScriptViewSet.retrieve and
 * run): a script by id or as `<module>.<ClassName>`, with its last job in full; a run checks
 * NetBox's ScriptInputSerializer (`data`, `commit`, `schedule_at`, `interval`), the `run`
 * permission's constraints (404 outside them) and, unlike NetBox 4.6's API, the script's
 * variables (400 with the form fields' messages), then enqueues the job and answers the script.
 */
import type { Context } from 'hono';
import type { Queryable } from '../../../db/index.ts';
import { badRequest, notFound, readBody, type OperationHandler, type RequestContext, type RestServices } from '../../../rest/index.ts';
import { objectModel } from './objectModels.ts';
import { enqueueScriptRun } from './runJob.ts';
import { objectReferences, validate, type ScriptSpec } from './variables.ts';

const SCRIPTS = 'extras.scripts';
const JOBS = 'core.jobs';

/** The script a detail path names (`7` or `<module>.<ClassName>`), or 404. */
async function scriptId(db: Queryable, raw: string | undefined): Promise<number> {
  if (!raw) throw notFound();
  if (/^\d+$/.test(raw)) {
    if (Number(raw) > 2147483647) throw notFound();
    return Number(raw);
  }
  const dot = raw.indexOf('.');
  if (dot < 1) throw notFound();
  const [module, name] = [raw.slice(0, dot), raw.slice(dot + 1)];
  const [row] = await db.query<{ id: number }>(
    `SELECT s.id FROM extras_script s JOIN extras_script_module m ON m.id = s.module WHERE m.file_path IN ($1, $2) AND s.name = $3 ORDER BY m.id LIMIT 1`,
    [`${module}.js`, `${module}.mjs`, name],
  );
  if (!row) throw notFound();
  return Number(row.id);
}

/** The script as ScriptDetailSerializer shows it: `result` the last job, in full. */
async function detail(db: Queryable, rest: RestServices, id: number, ctx: RequestContext, query: URLSearchParams) {
  const scripts = rest.registry.resource(SCRIPTS);
  const { bodies } = await rest.render(db, scripts, [id], ctx, query, 'GET');
  const body = bodies[0];
  if (!body) throw notFound();
  const [job] = await db.query<{ id: number }>(`SELECT id FROM core_job WHERE object_type = $1 AND object_id = $2 ORDER BY created DESC, id DESC LIMIT 1`, [scripts.objectType, id]);
  if ('result' in body) body.result = job ? (await rest.render(db, rest.registry.resource(JOBS), [Number(job.id)], ctx, new URLSearchParams(), 'GET')).bodies[0] ?? null : null;
  return body;
}

export const scriptDetail: OperationHandler = async (c, { db, ctx, rest, resource }) => {
  const id = await scriptId(db, c.req.param('id'));
  if (!(await rest.permitted(db, resource, [id], ctx, 'view')).has(id)) throw notFound();
  return c.json(await detail(db, rest, id, ctx, new URL(c.req.url).searchParams));
};

/** DRF's BooleanField: the values it takes for true and false. */
function booleanOf(value: unknown): boolean | undefined {
  if ([true, 1, '1', 'true', 'True', 'TRUE', 'on', 'On', 'ON', 'y', 'Y', 'yes', 'Yes', 'YES', 't', 'T'].includes(value as never)) return true;
  if ([false, 0, '0', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', 'n', 'N', 'no', 'No', 'NO', 'f', 'F'].includes(value as never)) return false;
  return undefined;
}

const NOTIFICATIONS = ['always', 'on_failure', 'never'] as const;

interface RunInput {
  data: Record<string, unknown>;
  commit: boolean;
  notifications: (typeof NOTIFICATIONS)[number];
  scheduleAt: Date | null;
  interval: number | null;
}

/** ScriptInputSerializer's checks, with its messages. */
function runInput(body: unknown, spec: ScriptSpec): RunInput {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  const given = body as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  if (!('data' in given)) errors.data = ['This field is required.'];
  else if (given.data === null) errors.data = ['This field may not be null.'];
  const commit = booleanOf(given.commit);
  if (!('commit' in given)) errors.commit = ['This field is required.'];
  else if (commit === undefined) errors.commit = ['Must be a valid boolean.'];
  let scheduleAt: Date | null = null;
  if (given.schedule_at !== undefined && given.schedule_at !== null && given.schedule_at !== '') {
    const at = typeof given.schedule_at === 'string' ? new Date(given.schedule_at) : new Date(NaN);
    if (Number.isNaN(at.getTime())) errors.schedule_at = ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'];
    else if (!spec.scheduling_enabled) errors.schedule_at = ['Scheduling is not enabled for this script.'];
    else if (at.getTime() < Date.now()) errors.schedule_at = ['Scheduled time must be in the future.'];
    else scheduleAt = at;
  }
  let interval: number | null = null;
  if (given.interval !== undefined && given.interval !== null && given.interval !== '') {
    const n = typeof given.interval === 'number' ? given.interval : typeof given.interval === 'string' && /^\s*-?\d+\s*$/.test(given.interval) ? Number(given.interval) : NaN;
    if (!Number.isSafeInteger(n)) errors.interval = ['A valid integer is required.'];
    else if (n && !spec.scheduling_enabled) errors.interval = ['Scheduling is not enabled for this script.'];
    else interval = n || null;
  }
  const notifications = given.notifications ?? 'always';
  if (!NOTIFICATIONS.includes(notifications as never)) errors.notifications = [`"${String(notifications)}" is not a valid choice.`];
  if (Object.keys(errors).length) throw badRequest(errors);
  const data = given.data;
  if (typeof data !== 'object' || Array.isArray(data)) throw badRequest({ data: ['Expected a dictionary of variables.'] });
  // Only an interval: the first run now (ScriptInputSerializer.validate).
  if (interval && !scheduleAt) scheduleAt = new Date();
  return { data: data as Record<string, unknown>, commit: commit!, notifications: notifications as RunInput['notifications'], scheduleAt, interval };
}

/** The ids among `ids` of the model an object variable names that the caller may view. */
async function visibleObjects(db: Queryable, rest: RestServices, ctx: RequestContext, refs: Map<string, number[]>): Promise<Map<string, Set<number>>> {
  const out = new Map<string, Set<number>>();
  for (const [model, ids] of refs) {
    const resource = objectModel(rest.registry, model);
    if (!resource || !(await ctx.scope.allows(resource.objectType, 'view'))) {
      out.set(model, new Set());
      continue;
    }
    // `permitted` answers the ids given when the caller is unrestricted: which exist is asked first.
    const stored = await db.query<{ id: number }>(`SELECT id FROM "${resource.table}" WHERE id = ANY($1::int[])`, [ids.filter((id) => id >= 1 && id <= 2147483647)]);
    out.set(model, await rest.permitted(db, resource, stored.map((r) => Number(r.id)), ctx, 'view'));
  }
  return out;
}

export const scriptRun: OperationHandler = async (c: Context, { db, ctx, rest, resource }) => {
  const id = await scriptId(db, c.req.param('id'));
  // Running is the `run` action: a script outside its constraints is not there for the caller (NetBox: restrict(user, 'run')).
  if (!(await rest.permitted(db, resource, [id], ctx, 'run')).has(id)) throw notFound();
  const [script] = await db.query<{ spec: ScriptSpec | null; is_executable: boolean }>(`SELECT spec, is_executable FROM extras_script WHERE id = $1`, [id]);
  if (!script) throw notFound();
  if (!script.is_executable || !script.spec) throw badRequest(['This script is not currently executable.'] as never);
  const input = runInput(await readBody(c), script.spec);
  const visible = await visibleObjects(db, rest, ctx, objectReferences(script.spec, input.data));
  const checked = validate(script.spec, input.data, (model, ids) => new Set(ids.filter((i) => visible.get(model)?.has(i))));
  if ('errors' in checked) throw badRequest(checked.errors);
  await db.transaction((tx) =>
    enqueueScriptRun(tx, {
      scriptId: id,
      data: checked.data,
      commit: input.commit,
      origin: ctx.origin,
      userId: ctx.caller?.userId ?? null,
      timeoutSeconds: script.spec!.job_timeout,
      runAt: input.scheduleAt,
      intervalMinutes: input.interval,
      notifications: input.notifications,
    }),
  );
  return c.json(await detail(db, rest, id, ctx, new URL(c.req.url).searchParams));
};
