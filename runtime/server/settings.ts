/**
 * @module
 * The inventory server's settings, from its command line and environment, each checked where it
 * is read: a bad one is a SettingError whose message is one line naming the setting, what it got
 * and what it takes (main.ts prints it and exits 2), never a stack trace or a silent default.
 */
import { parseArgs } from 'node:util';

export class SettingError extends Error {
  override name = 'SettingError';
}

/** Django's DATA_UPLOAD_MAX_MEMORY_SIZE default, which NetBox keeps: 2.5 MiB. */
export const DEFAULT_UPLOAD_LIMIT = 2_621_440;
/** Seconds a database statement may run (STATEMENT_TIMEOUT). */
export const DEFAULT_STATEMENT_TIMEOUT_S = 30;

export interface ListenSettings {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
}

/** `--host/--port/--data-dir`, or HOST/PORT/DATA_DIR, and DATABASE_URL. */
export function listenSettings(argv: string[], env: NodeJS.ProcessEnv): ListenSettings {
  let values: { host?: string; port?: string; 'data-dir'?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { host: { type: 'string' }, port: { type: 'string' }, 'data-dir': { type: 'string' } } }));
  } catch (error) {
    throw new SettingError(`${(error as Error).message.split('\n')[0]} (the server takes --host H, --port P and --data-dir D)`);
  }
  return {
    host: values.host ?? env.HOST ?? '127.0.0.1',
    port: port(values.port ?? env.PORT ?? '8000', values.port !== undefined ? '--port' : 'PORT'),
    dataDir: values['data-dir'] ?? env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL,
  };
}

/** A port number; 0 lets the system choose a free one (the server says which it got). */
function port(raw: string, name: string): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || n > 65535) throw new SettingError(`${name} must be a port number from 0 (any free port) to 65535, not "${raw}"`);
  return n;
}

/** A number read from `name`, or `fallback` when unset or empty. */
function numberSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, check: (n: number) => boolean, takes: string): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || !check(n)) throw new SettingError(`${name} must be ${takes}, not "${raw}"`);
  return n;
}

/** CHANGELOG_RETENTION: days change records are kept (NetBox's default 90); 0 keeps them forever. */
export function changelogRetention(env: NodeJS.ProcessEnv): number {
  return numberSetting(env, 'CHANGELOG_RETENTION', 90, (n) => Number.isInteger(n) && n >= 0, 'a whole number of days (0 keeps change records forever)');
}

/** STATEMENT_TIMEOUT: seconds a database statement may run before it is cancelled (0: no limit), in milliseconds. */
export function statementTimeoutMs(env: NodeJS.ProcessEnv): number {
  return Math.round(numberSetting(env, 'STATEMENT_TIMEOUT', DEFAULT_STATEMENT_TIMEOUT_S, (n) => n >= 0 && n <= 86_400, 'a number of seconds from 0 (no limit) to 86400') * 1000);
}

/** DATA_UPLOAD_MAX_MEMORY_SIZE: the largest request body in bytes, as NetBox's (Django's) setting. */
export function uploadLimit(env: NodeJS.ProcessEnv): number {
  return numberSetting(env, 'DATA_UPLOAD_MAX_MEMORY_SIZE', DEFAULT_UPLOAD_LIMIT, (n) => Number.isInteger(n) && n >= 1024, 'a whole number of bytes, at least 1024');
}

/** CLIENT_IP_HEADERS=`X-Real-IP,X-Forwarded-For` (NetBox's get_client_ip order), or empty for the socket's address only. */
export function clientIpHeaders(env: NodeJS.ProcessEnv): readonly string[] {
  const raw = env.CLIENT_IP_HEADERS;
  if (raw === undefined) return DEFAULT_CLIENT_IP_HEADERS;
  return raw.split(',').map((h) => h.trim()).filter(Boolean);
}

export const DEFAULT_CLIENT_IP_HEADERS = ['X-Real-IP', 'X-Forwarded-For'];

/** A true/false switch: `true`/`false` (any case), or unset for `fallback`. */
/** JOB_RETENTION: days a finished job is kept (NetBox's default 90; 0 keeps them forever). */
export function jobRetention(env: NodeJS.ProcessEnv): number {
  return numberSetting(env, 'JOB_RETENTION', 90, (n) => Number.isInteger(n) && n >= 0, 'a whole number of days (0 keeps jobs forever)');
}

/**
 * JOB_WORKERS: the job queue's workers in this process (0 runs none: tasks wait for another
 * process). The server's entry (main.ts) runs 2 when it is not set; a server started in a test or a
 * benchmark runs none unless asked, so that nothing but the requests touches its database.
 */
export function jobWorkers(env: NodeJS.ProcessEnv, fallback = 0): number {
  return numberSetting(env, 'JOB_WORKERS', fallback, (n) => Number.isInteger(n) && n >= 0 && n <= 64, 'a whole number from 0 to 64');
}

export function switchSetting(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new SettingError(`${name} must be true or false, not "${env[name]}"`);
}

/** RQ_RETRY_MAX: retries of a failed webhook delivery (NetBox's setting; its default 0 retries none). */
export function rqRetryMax(env: NodeJS.ProcessEnv): number {
  return numberSetting(env, 'RQ_RETRY_MAX', 0, (n) => Number.isInteger(n) && n >= 0 && n <= 100, 'a whole number from 0 to 100');
}

/** RQ_RETRY_INTERVAL: seconds before the first retry of a failed task (doubled for each next one), in milliseconds; unset, the queue's own 10 s. */
export function rqRetryIntervalMs(env: NodeJS.ProcessEnv): number | undefined {
  if (!env.RQ_RETRY_INTERVAL?.trim()) return undefined;
  return Math.round(numberSetting(env, 'RQ_RETRY_INTERVAL', 60, (n) => n >= 0 && n <= 86_400, 'a number of seconds from 0 to 86400') * 1000);
}
