/**
 * @module
 * The side of custom scripts that runs on a bounded worker thread (runtime/workers' BoundedThread,
 * one fresh thread per run), never on the server's: it imports a module's JavaScript source, finds
 * its scripts (`describeModule`, at upload), and runs one (`runScript`) with NetBox's variable
 * classes as globals, `log_*` methods, and `this.netbox`, whose calls travel over a MessagePort to
 * the server's thread and run there with the requesting user's permissions.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ScriptSpec, VariableSpec, VariableType } from './variables.ts';

/** A variable as a module declares it: `new StringVar({ max_length: 20 })`. */
class ScriptVariable {
  readonly type: VariableType;
  readonly options: Omit<VariableSpec, 'type'>;
  constructor(type: VariableType, options: Record<string, unknown> = {}) {
    this.type = type;
    this.options = options;
  }
}

const TYPES: VariableType[] = ['StringVar', 'TextVar', 'IntegerVar', 'BooleanVar', 'ChoiceVar', 'MultiChoiceVar', 'ObjectVar', 'MultiObjectVar', 'IPAddressVar', 'IPAddressWithMaskVar', 'IPNetworkVar'];

/** The globals a module sees: a class per variable type, and `Script`, a base class to extend. */
function installGlobals(): void {
  const g = globalThis as Record<string, unknown>;
  if (g.StringVar) return;
  for (const type of TYPES) {
    g[type] = class extends ScriptVariable {
      constructor(options?: Record<string, unknown>) {
        super(type, options);
      }
    };
  }
  g.Script = class Script {};
}

/** NetBox's log entry (BaseScript._log). */
interface LogEntry {
  time: string;
  status: 'debug' | 'info' | 'success' | 'warning' | 'failure';
  message: string;
  obj: string | null;
  url: string | null;
}

type Exported = Record<string, unknown> & { run?: unknown; prototype?: { run?: unknown } };

const meta = (script: Exported, key: string): unknown => (script.Meta as Record<string, unknown> | undefined)?.[key] ?? script[key];

/** The module's scripts by name: classes with a `run` method, or objects with a `run` function. */
async function load(source: string): Promise<Map<string, Exported>> {
  installGlobals();
  const module = (await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as Record<string, Exported>;
  const scripts = new Map<string, Exported>();
  for (const [key, value] of Object.entries(module)) {
    const fn = value as unknown as { prototype?: { run?: unknown }; name?: string };
    if (typeof value === 'function' && typeof fn.prototype?.run === 'function') scripts.set(key === 'default' ? fn.name || 'default' : key, value);
    else if (value && typeof value === 'object' && typeof value.run === 'function') scripts.set(key, value);
  }
  return scripts;
}

/** What the upload stores of each script: its description and variables. */
export interface DescribedScript {
  name: string;
  description: string;
  vars: Record<string, string>;
  spec: ScriptSpec;
}

function describe(name: string, script: Exported): DescribedScript {
  const declared = (meta(script, 'vars') ?? {}) as Record<string, unknown>;
  const vars: Record<string, VariableSpec> = {};
  for (const [key, v] of Object.entries(declared)) {
    if (!(v instanceof ScriptVariable)) throw new TypeError(`${name}.vars.${key} is not a variable (use new StringVar({…}) and the like)`);
    vars[key] = JSON.parse(JSON.stringify({ ...v.options, type: v.type })) as VariableSpec;
  }
  const timeout = Number(meta(script, 'job_timeout') ?? 300);
  return {
    name,
    description: String(meta(script, 'description') ?? ''),
    vars: Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, v.type])),
    spec: { vars, job_timeout: Number.isFinite(timeout) && timeout > 0 ? timeout : 300, scheduling_enabled: meta(script, 'scheduling_enabled') !== false },
  };
}

/** Imports the module and describes its scripts, in the module's order. */
export async function describeModule(source: string): Promise<DescribedScript[]> {
  return [...(await load(source))].map(([name, script]) => describe(name, script));
}

/** An API answer that was not 2xx, as the script sees it (`error.status`, `error.body`). */
class NetBoxError extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super(`${status} ${typeof body === 'string' ? body : JSON.stringify(body)}`);
    this.name = 'NetBoxError';
  }
}

/** What runScript answers: NetBox's job data, or the error the script ended with. */
export interface ScriptOutcome {
  data: { log: LogEntry[]; output: string; tests: Record<string, never> };
  failed: boolean;
  error: { name: string; message: string; stack: string } | null;
}

/** The API a script gets as `this.netbox`: requests answered by the server's thread. */
function apiOver(port: MessagePort) {
  let next = 1;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  port.on('message', (reply: { id: number; status: number; body: unknown }) => {
    const w = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (!w) return;
    if (reply.status >= 200 && reply.status < 300) w.resolve(reply.body);
    else w.reject(new NetBoxError(reply.status, reply.body));
  });
  const request = (method: string, path: string, body?: unknown, query?: Record<string, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      port.postMessage({ id, method, path, body: body === undefined ? undefined : JSON.parse(JSON.stringify(body)), query: query && JSON.parse(JSON.stringify(query)) });
    });
  return {
    request,
    get: (path: string, query?: Record<string, unknown>) => request('GET', path, undefined, query),
    list: (path: string, query?: Record<string, unknown>) => request('GET', path, undefined, query),
    create: (path: string, body: unknown) => request('POST', path, body),
    update: (path: string, body: unknown) => request('PATCH', path, body),
    delete: (path: string) => request('DELETE', path),
  };
}

/** Runs `name` of the module with cleaned `data`; its log and output come back whether it succeeds or throws. */
export async function runScript(source: string, name: string, data: Record<string, unknown>, commit: boolean, port: MessagePort): Promise<ScriptOutcome> {
  const log: LogEntry[] = [];
  let failed = false;
  const netbox = apiOver(port);
  const say = (status: LogEntry['status']) => (message?: unknown, obj?: unknown) => {
    if (status === 'failure') failed = true;
    if (message === undefined || message === null || message === '') return;
    const o = obj as { display?: string; url?: string } | null | undefined;
    log.push({ time: new Date().toISOString(), status, message: String(message), obj: o ? String(o.display ?? o) : null, url: o?.url ?? null });
  };
  const helpers = { log_debug: say('debug'), log_info: say('info'), log_success: say('success'), log_warning: say('warning'), log_failure: say('failure'), netbox };
  let output = '';
  let error: ScriptOutcome['error'] = null;
  try {
    const script = (await load(source)).get(name);
    if (!script) throw new Error(`The module has no script named ${name}`);
    const instance = (typeof script === 'function' ? new (script as unknown as new () => object)() : Object.create(script)) as Record<string, unknown>;
    Object.assign(instance, helpers);
    const result = await (instance.run as (d: unknown, c: boolean) => unknown).call(instance, data, commit);
    output = result === undefined || result === null ? '' : typeof result === 'string' ? result : JSON.stringify(result);
  } catch (caught) {
    const e = caught instanceof Error ? caught : new Error(String(caught));
    error = { name: e.name, message: e.message, stack: e.stack ?? '' };
  } finally {
    port.close();
  }
  return { data: { log, output, tests: {} }, failed, error };
}
