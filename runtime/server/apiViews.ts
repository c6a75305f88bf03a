/**
 * @module
 * The API's own views: `/api/` and `/api/<app>/` roots, `/api/status/`,
 * `/api/authentication-check/`, and OPTIONS metadata for resource endpoints.
 */
import { hostname } from 'node:os';
import type { Context } from 'hono';
import type { Caller } from '../auth/index.ts';
import type { Queryable } from '../db/index.ts';
import { Serializer, type AppIndex, type Resource, type RestEngine } from '../rest/index.ts';

export const NETBOX_VERSION = '4.6.8';
export const API_VERSION = '4.6';
const APPS = ['circuits', 'core', 'dcim', 'extras', 'ipam', 'plugins', 'status', 'tenancy', 'users', 'virtualization', 'vpn', 'wireless'];

export function apiRoot(c: Context): Response {
  const origin = new URL(c.req.url).origin;
  return c.json(Object.fromEntries(APPS.map((app) => [app, `${origin}/api/${app}/`])));
}

export function appRoot(c: Context, app: AppIndex, engine: RestEngine): Response {
  const origin = new URL(c.req.url).origin;
  const entries = app.resources.map((key) => engine.registry.get(key).resource).map((r) => [r.path, `${origin}/api/${r.app}/${r.path}/`] as const);
  return c.json(Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b))));
}

export function status(c: Context, apps: AppIndex[]): Response {
  return c.json({
    'django-version': '6.0.8',
    hostname: process.env.HOSTNAME ?? hostname(),
    installed_apps: Object.fromEntries(apps.map((a) => [a.name, NETBOX_VERSION])),
    'netbox-version': NETBOX_VERSION,
    'netbox-full-version': NETBOX_VERSION,
    plugins: { 'permissions-matrix': '0.1.0' },
    'python-version': '3.12.0',
    'rq-workers-running': 0,
  });
}

export async function authenticationCheck(c: Context, engine: RestEngine, db: Queryable, caller: Caller): Promise<Response> {
  const users = engine.registry.get('users.users').resource;
  const shown = users.fields.filter((f) => !f.writeOnly).map((f) => f.name);
  const row = await engine.reader.row(db, users, caller.userId, shown);
  return c.json(new Serializer(engine.registry, new URL(c.req.url).origin).object(users, row!, new Set(shown)));
}

const optionTypes: Record<string, string> = {
  string: 'string', text: 'string', slug: 'slug', email: 'email', color: 'string', password: 'string', timezone: 'string',
  integer: 'integer', decimal: 'decimal', boolean: 'boolean', datetime: 'datetime', date: 'date', json: 'json',
  string_list: 'list', choice: 'choice', fk: 'nested object', m2m: 'field', tags: 'field', custom_fields: 'json',
};

/** DRF's SimpleMetadata, which pynetbox's `choices()` reads (`actions.POST.<field>.choices`). */
export function options(c: Context, resource: Resource, engine: RestEngine, canWrite: boolean): Response {
  const post: Record<string, unknown> = {};
  for (const f of resource.fields) {
    if (f.writeOnly && f.readOnly) continue;
    const entry: Record<string, unknown> = { type: optionTypes[f.kind] ?? 'field', required: f.required && !f.readOnly, read_only: f.readOnly, label: f.label };
    if (f.maxLength) entry.max_length = f.maxLength;
    if (f.kind === 'choice') {
      const values = engine.registry.choiceValues.get(f.choiceSet!) ?? [];
      entry.choices = values.map((value) => ({ value, display_name: engine.registry.choiceLabel(f.choiceSet!, value) }));
    }
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

