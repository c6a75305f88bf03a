/**
 * @module
 * The API's own views: `/api/` and `/api/<app>/` roots, `/api/status/`,
 * `/api/authentication-check/`, and OPTIONS metadata for resource endpoints.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { Context } from 'hono';
import type { Caller } from '../auth/index.ts';
import type { Resource } from '../contract/index.ts';
import type { Queryable } from '../db/index.ts';
import { STALE_SECONDS } from '../jobs/index.ts';
import { fieldKind } from '../kinds/index.ts';
import type { Registry, RequestContext, RestEngine } from '../rest/index.ts';

type AppIndex = Registry['apps'][number];

export const NETBOX_VERSION = '4.6.8';
export const API_VERSION = '4.6';
/** Entries of NetBox's API root that are no app of resources. */
const OTHER_ROOTS = ['plugins', 'status'];

/** NetBox's API root, listing the apps this server serves (an app not served yet would answer 404). */
export function apiRoot(c: Context, apps: AppIndex[]): Response {
  const origin = new URL(c.req.url).origin;
  const names = [...apps.map((a) => a.name), ...OTHER_ROOTS].sort();
  return c.json(Object.fromEntries(names.map((app) => [app, `${origin}/api/${app}/`])));
}

export function appRoot(c: Context, app: AppIndex, registry: Registry, listedPaths: readonly string[] = []): Response {
  const origin = new URL(c.req.url).origin;
  const entries = app.resources.map((key) => registry.resource(key)).map((r) => [r.path, `${origin}/api/${r.app}/${r.path}/`] as const);
  // Route groups listed under the app (its router's other viewsets: users/config/).
  for (const path of listedPaths) entries.push([path, `${origin}/api/${app.name}/${path}/`]);
  return c.json(Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b))));
}

/** This server's own version (package.json), reported beside the NetBox version it answers as. */
const SERVER_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * NetBox's status keys that clients read (`netbox-version` above all), with what is true of this
 * server: it runs on Node.js, not Django and Python, so it says that instead of inventing versions.
 */
export async function status(c: Context, apps: AppIndex[], db: Queryable): Promise<Response> {
  // Every process's workers (NetBox counts RQ's workers, wherever they run), alive within a minute.
  const [workers] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM core_worker WHERE heartbeat > now() - interval '${STALE_SECONDS} seconds'`);
  return c.json({
    hostname: process.env.HOSTNAME ?? hostname(),
    installed_apps: Object.fromEntries(apps.map((a) => [a.name, NETBOX_VERSION])),
    'netbox-version': NETBOX_VERSION,
    'netbox-full-version': NETBOX_VERSION,
    'netbox-codegen-version': SERVER_VERSION,
    'node-version': process.versions.node,
    plugins: { 'permissions-matrix': SERVER_VERSION },
    'rq-workers-running': Number(workers?.count ?? 0),
  });
}

export async function authenticationCheck(c: Context, engine: RestEngine, db: Queryable, caller: Caller, ctx: RequestContext): Promise<Response> {
  const users = engine.registry.resource('users.users');
  const { bodies } = await engine.render(db, users, [caller.userId], ctx, new URLSearchParams(), 'GET');
  return c.json(bodies[0]);
}

/** DRF's SimpleMetadata, which pynetbox's `choices()` reads (`actions.POST.<field>.choices`). */
export function options(c: Context, resource: Resource, registry: Registry, canWrite: boolean): Response {
  const post: Record<string, unknown> = {};
  for (const f of resource.fields) {
    if (f.writeOnly && f.readOnly) continue;
    const entry: Record<string, unknown> = { type: fieldKind(f.kind).optionsType, required: f.required && !f.readOnly, read_only: f.readOnly, label: f.label };
    if (f.maxLength) entry.max_length = f.maxLength;
    if (f.kind === 'choice') entry.choices = registry.choiceSet(f.choices!).map(([value, label]) => ({ value, display_name: label }));
    post[f.name] = entry;
  }
  const body: Record<string, unknown> = {
    name: `${resource.model.replace(/([a-z])([A-Z])/g, '$1 $2')} List`,
    description: '',
    renders: ['application/json', 'text/html'],
    parses: ['application/json', 'multipart/form-data'],
  };
  if (canWrite) body.actions = { POST: post };
  return c.json(body);
}
