/**
 * @module
 * NetBox's ScriptJob as a task of the job queue (`extras.run-script`): the script runs on a fresh
 * bounded worker thread (its Meta `job_timeout`, 300 s by default, and a heap limit); its
 * `this.netbox` calls share one database transaction (apiBridge.ts, runTransaction.ts), as the user
 * who asked for the run. `commit: false`, an exception, or a run past its time roll every write back. The
 * job's data is NetBox's `{log, output, tests}`, kept whether the script succeeded or not.
 */
import { MessageChannel } from 'node:worker_threads';
import { callerOfUser, constraintsFor, hasPermission, permissionPolicy, withDefaults, type Caller } from '../../../auth/index.ts';
import { enqueue, JobFailed, type TaskHandler, type TaskRun } from '../../../jobs/index.ts';
import type { Queryable } from '../../../db/index.ts';
import { constraintSets, type RequestContext, type RestServices } from '../../../rest/index.ts';
import { BoundedThread, moduleBeside, ThreadOverrun } from '../../../workers/index.ts';
import { serveCalls } from './apiBridge.ts';
import { RunTransaction } from './runTransaction.ts';
import { objectModel } from './objectModels.ts';
import type { ScriptOutcome } from './inThread.ts';
import type { ScriptSpec } from './variables.ts';

export const RUN_SCRIPT = 'extras.run-script';
/** NetBox's ScriptJob's Meta.name: every script job's name. */
export const SCRIPT_JOB_NAME = 'Run Script';
/** The scripts' object type, which their jobs name. */
const SCRIPT_TYPE = 'extras.script';

const RUNNER = moduleBeside(import.meta.url, 'inThread');
/** A script thread's heap: far above a script's needs, far below the server's. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };

/** The task's arguments, set by the run operation. */
export interface RunScriptData {
  scriptId: number;
  data: Record<string, unknown>;
  commit: boolean;
  /** Where URLs in API answers point: the requesting server's origin. */
  origin: string;
}

/** Enqueues a run of a script in `tx` (the run operation's, and an event rule's script action). */
export function enqueueScriptRun(
  tx: Queryable,
  run: RunScriptData & { userId: number | null; timeoutSeconds: number; runAt?: Date | null; intervalMinutes?: number | null; notifications?: 'always' | 'on_failure' | 'never' },
) {
  const { userId, timeoutSeconds, runAt, intervalMinutes, notifications, ...data } = run;
  return enqueue(tx, {
    kind: RUN_SCRIPT,
    data,
    runAt: runAt ?? null,
    intervalMinutes: intervalMinutes ?? null,
    // The queue's own limit a little past the script's: the script's thread is ended first, its job errored with NetBox's words.
    timeoutSeconds: timeoutSeconds + 30,
    job: { name: SCRIPT_JOB_NAME, objectType: SCRIPT_TYPE, objectId: run.scriptId, userId, notifications },
  });
}

/** The request context of `caller`, as the server builds a request's (runtime/server/app.ts). */
export function contextOf(caller: Caller, origin: string, requestId: string): RequestContext {
  const policy = permissionPolicy(process.env);
  const exempt = (objectType: string, action: string) => action === 'view' && policy.exemptView(objectType);
  return {
    requestId,
    caller,
    origin,
    scope: {
      allows: async (objectType, action) => exempt(objectType, action) || hasPermission(caller, objectType, action),
      restriction: (objectType, action) => {
        if (exempt(objectType, action)) return null;
        const constraints = constraintsFor(caller, objectType, action);
        return constraints === null ? null : constraintSets(constraints);
      },
      userId: caller.userId,
    },
  };
}

async function keepData(run: TaskRun, data: unknown): Promise<void> {
  if (run.job) await run.db.query(`UPDATE core_job SET data = $2::text::jsonb WHERE id = $1`, [run.job.id, JSON.stringify(data)]);
}

export const runScriptTask: TaskHandler<RestServices> = async (run, rest) => {
  const args = run.data as RunScriptData;
  const [row] = await run.db.query<{ name: string; spec: ScriptSpec; is_executable: boolean; source: string }>(
    `SELECT s.name, s.spec, s.is_executable, m.source FROM extras_script s JOIN extras_script_module m ON m.id = s.module WHERE s.id = $1`,
    [args.scriptId],
  );
  if (!row || !row.is_executable) throw new JobFailed('This script is not currently executable.');
  const caller = run.job?.userId ? await callerOfUser(run.db, run.job.userId) : null;
  if (!caller) throw new JobFailed('The user who asked for this run no longer exists or is inactive.');
  const ctx = contextOf(withDefaults(caller, permissionPolicy(process.env)), args.origin, run.taskId);
  const timeoutMs = row.spec.job_timeout * 1000;
  // Not a sandbox (the README says so), but the server's settings (database URL, secrets) are not handed over in process.env.
  const thread = new BoundedThread({ timeoutMs, resourceLimits: RESOURCE_LIMITS, env: {} });
  const stop = () => void thread.close();
  run.signal.addEventListener('abort', stop, { once: true });
  let outcome: ScriptOutcome | null = null;
  let failure: unknown = null;
  const transaction = new RunTransaction(rest, ctx);
  const { port1, port2 } = new MessageChannel();
  const served = serveCalls(port1, transaction.open, rest, ctx);
  try {
    const data = await withObjects(run.db, rest, ctx, row.spec, args.data);
    outcome = await thread.callTransferring<ScriptOutcome>([port2], RUNNER, 'runScript', row.source, row.name, data, args.commit, port2);
  } catch (error) {
    failure = error;
  } finally {
    await served.drained();
    port1.close();
    run.signal.removeEventListener('abort', stop);
    await thread.close();
  }
  try {
    await transaction.close(failure === null && !outcome?.error && args.commit);
  } catch (error) {
    failure ??= error;
  }
  if (failure !== null) {
    const error = failure;
    const data = { log: (outcome as ScriptOutcome | null)?.data.log ?? [], output: '', tests: {} };
    const message = error instanceof ThreadOverrun ? (error.limit === 'time' ? `Task exceeded maximum timeout value (${row.spec.job_timeout} seconds)` : 'The script ran out of memory') : (error as Error).message;
    const name = error instanceof ThreadOverrun ? 'JobTimeoutException' : (error as Error).name;
    data.log.push(entry('failure', `An exception occurred: \`${name}: ${message}\``), entry('info', 'Database changes have been reverted due to error.'));
    await keepData(run, data);
    throw Object.assign(new Error(message), { name });
  }
  const done = outcome as unknown as ScriptOutcome;
  if (done.error) {
    const { name, message, stack } = done.error;
    done.data.log.push(entry('failure', `An exception occurred: \`${name}: ${message}\`\n\`\`\`\n${stack}\n\`\`\``), entry('info', 'Database changes have been reverted due to error.'));
    await keepData(run, done.data);
    throw Object.assign(new Error(message), { name });
  }
  if (!args.commit) done.data.log.push(entry('info', 'Database changes have been reverted automatically.'));
  return done.data;
};

/**
 * The data a script gets: object variables as the API shows their objects to the requester (NetBox
 * passes model instances), read in the run's transaction; an object gone since the run was asked
 * for is left out.
 */
async function withObjects(tx: Queryable, rest: RestServices, ctx: RequestContext, spec: ScriptSpec, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out = { ...data };
  for (const [name, v] of Object.entries(spec.vars)) {
    if ((v.type !== 'ObjectVar' && v.type !== 'MultiObjectVar') || out[name] === null || out[name] === undefined) continue;
    const resource = objectModel(rest.registry, v.model!);
    if (!resource) continue;
    const ids = (Array.isArray(out[name]) ? out[name] : [out[name]]) as number[];
    const { bodies } = ids.length ? await rest.render(tx, resource, ids, ctx, new URLSearchParams(), 'GET') : { bodies: [] };
    out[name] = v.type === 'ObjectVar' ? bodies[0] ?? null : bodies;
  }
  return out;
}

function entry(status: 'info' | 'failure', message: string) {
  return { time: new Date().toISOString(), status, message, obj: null, url: null };
}
