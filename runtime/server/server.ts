/**
 * @module
 * Boots the inventory server on an open database: applies migrations, creates the first
 * superuser on an empty database, loads the generated table and builds the app. Tests and
 * benchmarks call this directly.
 */
import { readFileSync } from 'node:fs';
import type { OpenAPIV3 } from 'openapi-types';
import type { RouteEntry } from '../contract/index.ts';
import { permissionPolicy } from '../auth/index.ts';
import { migrate, type Database } from '../db/index.ts';
import { inventoryExtensions } from '../inventory/index.ts';
import { pruneChanges, Registry } from '../rest/index.ts';
import { createApp, DEFAULT_CLIENT_IP_HEADERS } from './app.ts';
import { bootstrapSuperuser, type BootstrapResult } from './bootstrap.ts';

const openapiPath = new URL('../../generated/inventory/openapi.json', import.meta.url);
const routesPath = new URL('../../generated/inventory/routes.json', import.meta.url);

/** The generated tables, read once per process (they do not change while the server runs). */
let registry: Registry | undefined;
let routes: RouteEntry[] | undefined;

export async function startInventoryServer(db: Database, env: NodeJS.ProcessEnv = process.env) {
  await migrate(db);
  const firstBoot: BootstrapResult | null = await bootstrapSuperuser(db, env);
  registry ??= Registry.load();
  routes ??= JSON.parse(readFileSync(routesPath, 'utf8')) as RouteEntry[];
  const retention = changelogRetention(env);
  const loaded = registry;
  /** NetBox's housekeeping of change records past CHANGELOG_RETENTION (none when it is 0). */
  const pruneChangeLog = async () => (retention > 0 ? pruneChanges(db, loaded, retention) : 0);
  await pruneChangeLog();
  // The OpenAPI document is read on the first request of /api/schema/, not at boot.
  const openapi = () => JSON.parse(readFileSync(openapiPath, 'utf8')) as OpenAPIV3.Document;
  const app = createApp({ db, registry, routes, extensions: inventoryExtensions, openapi, clientIpHeaders: clientIpHeaders(env), strictFiltering: env.STRICT_FILTERING === 'true', legacyFieldNames: env.LEGACY_FIELD_NAMES === 'true',
    changeLogging: env.CHANGE_LOGGING !== 'false',
    policy: permissionPolicy(env),
  });
  return { app, firstBoot, pruneChangeLog };
}

/** CHANGELOG_RETENTION: days change records are kept (NetBox's default 90); 0 keeps them forever. */
export function changelogRetention(env: NodeJS.ProcessEnv): number {
  const raw = env.CHANGELOG_RETENTION;
  if (raw === undefined || raw.trim() === '') return 90;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 0) throw new Error(`CHANGELOG_RETENTION must be a whole number of days (0 keeps change records forever), not "${raw}"`);
  return days;
}

/** CLIENT_IP_HEADERS=`X-Real-IP,X-Forwarded-For` (the default), or empty for the socket's address only. */
function clientIpHeaders(env: NodeJS.ProcessEnv): readonly string[] {
  const raw = env.CLIENT_IP_HEADERS;
  if (raw === undefined) return DEFAULT_CLIENT_IP_HEADERS;
  return raw.split(',').map((h) => h.trim()).filter(Boolean);
}
