/**
 * @module
 * Boots the inventory server on an open database: applies migrations (and traces the cable paths
 * that cables made before them lack), creates the first superuser on an empty database, loads the
 * generated table and builds the app, and starts the job queue's workers (`queue`; stop them
 * before closing the database). Tests and benchmarks call this directly. Pruning the change log
 * is the daily housekeeping job's (jobs/housekeeping.ts); `pruneChangeLog` runs it at once.
 */
import { readFileSync } from 'node:fs';
import type { OpenAPIV3 } from 'openapi-types';
import type { RouteEntry } from '../contract/index.ts';
import { permissionPolicy, type PermissionPolicy } from '../auth/index.ts';
import { migrate, type Database } from '../db/index.ts';
import { inventoryExtensions, jobEventListener, mountMatrixPage, setWebhookRetries, traceMissingPaths } from '../inventory/index.ts';
import { JobQueue } from '../jobs/index.ts';
import { pruneChanges, Registry } from '../rest/index.ts';
import { createApp } from './app.ts';
import { bootstrapSuperuser, type BootstrapResult } from './bootstrap.ts';
import { HOUSEKEEPING_KIND, housekeeping, scheduleHousekeeping } from './jobs/housekeeping.ts';
import { changelogRetention, clientIpHeaders, jobRetention, jobWorkers, rqRetryIntervalMs, rqRetryMax, SettingError, switchSetting, uploadLimit } from './settings.ts';

const openapiPath = new URL('../../generated/inventory/openapi.json', import.meta.url);
const routesPath = new URL('../../generated/inventory/routes.json', import.meta.url);

/** The generated tables, read once per process (they do not change while the server runs). */
let registry: Registry | undefined;
let routes: RouteEntry[] | undefined;

/** Reads the generated tables; main.ts calls it while the database opens, so that a start does both at once. */
export function loadTables(): { registry: Registry; routes: RouteEntry[] } {
  registry ??= Registry.load();
  routes ??= JSON.parse(readFileSync(routesPath, 'utf8')) as RouteEntry[];
  return { registry, routes };
}

export async function startInventoryServer(db: Database, env: NodeJS.ProcessEnv = process.env) {
  // Every setting is read (and refused, in one line) before anything is written.
  const settings = serverSettings(env);
  const migrated = await migrate(db);
  const firstBoot: BootstrapResult | null = await bootstrapSuperuser(db, env);
  const { registry, routes } = loadTables();
  // Cables made before paths were stored get theirs once, after the migration that adds them.
  if (migrated.applied.length) await db.transaction((tx) => traceMissingPaths(tx, registry));
  /** NetBox's housekeeping of change records past CHANGELOG_RETENTION (none when it is 0). */
  const pruneChangeLog = async () => (settings.retention > 0 ? pruneChanges(db, registry, settings.retention) : 0);
  // The OpenAPI document is read on the first request of /api/schema/, not at boot.
  const openapi = () => JSON.parse(readFileSync(openapiPath, 'utf8')) as OpenAPIV3.Document;
  const { app, engine } = createApp({ db, registry, routes, extensions: inventoryExtensions, openapi, ...settings.app });
  // The permissions matrix's page (it calls the API above; runtime/inventory/plugins/permissionsMatrix/page/).
  mountMatrixPage(app, db);
  // The job queue's workers run in this process (JOB_WORKERS of them; none with 0).
  const handlers = { ...inventoryExtensions.tasks, [HOUSEKEEPING_KIND]: housekeeping(registry, { changelogDays: settings.retention, jobDays: settings.jobRetention }) };
  // Job events go through the event rules; a failed webhook is retried RQ_RETRY_MAX times.
  setWebhookRetries(settings.retryMax);
  const queue = new JobQueue({ db, handlers, services: engine, workers: settings.jobWorkers, retryBaseMs: settings.retryBaseMs, onJobEvent: jobEventListener(db, engine) });
  await queue.start();
  if (settings.jobWorkers > 0) await scheduleHousekeeping(db);
  return { app, firstBoot, pruneChangeLog, queue };
}

/** The settings startInventoryServer reads, each checked (SettingError names a bad one). */
export function serverSettings(env: NodeJS.ProcessEnv) {
  let policy: PermissionPolicy;
  try {
    policy = permissionPolicy(env);
  } catch (error) {
    throw new SettingError((error as Error).message.split('\n')[0]);
  }
  return {
    retention: changelogRetention(env),
    jobRetention: jobRetention(env),
    jobWorkers: jobWorkers(env),
    retryMax: rqRetryMax(env),
    retryBaseMs: rqRetryIntervalMs(env),
    app: {
      clientIpHeaders: clientIpHeaders(env),
      strictFiltering: switchSetting(env, 'STRICT_FILTERING', false),
      legacyFieldNames: switchSetting(env, 'LEGACY_FIELD_NAMES', false),
      changeLogging: switchSetting(env, 'CHANGE_LOGGING', true),
      maxBodyBytes: uploadLimit(env),
      policy,
    },
  };
}
