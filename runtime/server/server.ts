/**
 * @module
 * Boots the inventory server on an open database: applies migrations, creates the first
 * superuser on an empty database, loads the generated table and builds the app. Tests and
 * benchmarks call this directly.
 */
import { readFileSync } from 'node:fs';
import type { OpenAPIV3 } from 'openapi-types';
import { migrate, type Database } from '../db/index.ts';
import { inventoryExtensions } from '../inventory/index.ts';
import { Registry } from '../rest/index.ts';
import { createApp, DEFAULT_CLIENT_IP_HEADERS } from './app.ts';
import { bootstrapSuperuser, type BootstrapResult } from './bootstrap.ts';

const openapiPath = new URL('../../generated/inventory/openapi.json', import.meta.url);

/** The generated table, read once per process (it does not change while the server runs). */
let registry: Registry | undefined;

export async function startInventoryServer(db: Database, env: NodeJS.ProcessEnv = process.env) {
  await migrate(db);
  const firstBoot: BootstrapResult | null = await bootstrapSuperuser(db, env);
  registry ??= Registry.load();
  // The OpenAPI document is read on the first request of /api/schema/, not at boot.
  const openapi = () => JSON.parse(readFileSync(openapiPath, 'utf8')) as OpenAPIV3.Document;
  const app = createApp({ db, registry, extensions: inventoryExtensions, openapi, clientIpHeaders: clientIpHeaders(env), strictFiltering: env.STRICT_FILTERING === 'true' });
  return { app, firstBoot };
}

/** CLIENT_IP_HEADERS=`X-Real-IP,X-Forwarded-For` (the default), or empty for the socket's address only. */
function clientIpHeaders(env: NodeJS.ProcessEnv): readonly string[] {
  const raw = env.CLIENT_IP_HEADERS;
  if (raw === undefined) return DEFAULT_CLIENT_IP_HEADERS;
  return raw.split(',').map((h) => h.trim()).filter(Boolean);
}
