/**
 * @module
 * Builds the inventory server's Hono app from the generated route table: NetBox's headers,
 * trailing-slash rules, authentication, the request context, permissions, the generic REST engine
 * for every resource, hand-written operations by handler name, the API's own views and the schema.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { OpenAPIV3 } from 'openapi-types';
import { actionOf, authenticate, authenticateSession, constraintsFor, CSRF_HEADER, hashPassword, hasPermission, permissionPolicy, withDefaults, type Caller, type PermissionPolicy } from '../auth/index.ts';
import type { RouteEntry } from '../contract/index.ts';
import type { Database } from '../db/index.ts';
import { ApiError, apiErrorFromDatabase, constraintSets, forbidden, methodNotAllowed, RestEngine, type Extensions, type Registry, type RequestContext, type RestServices } from '../rest/index.ts';
import { API_VERSION, apiRoot, appRoot, authenticationCheck, NETBOX_VERSION, options, status } from './apiViews.ts';
import { movedUrl } from './legacyPaths.ts';
import { logUnhandled } from './log.ts';
import { schemaRoutes } from './schemaRoutes.ts';
import { DEFAULT_CLIENT_IP_HEADERS, DEFAULT_UPLOAD_LIMIT } from './settings.ts';

type Env = { Variables: { caller: Caller | null; requestId: string } };

const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';

export interface AppOptions {
  db: Database;
  registry: Registry;
  /** The generated route table (generated/inventory/routes.json). */
  routes: RouteEntry[];
  extensions: Extensions;
  /** Reads the OpenAPI document (on the first request of /api/schema/). */
  openapi: () => OpenAPIV3.Document;
  /**
   * Request headers that name the client's address, in order (NetBox's default: X-Real-IP, then
   * X-Forwarded-For). Set from CLIENT_IP_HEADERS; empty means the socket's peer only.
   */
  clientIpHeaders?: readonly string[];
  /** Refuse query parameters that are no filter (STRICT_FILTERING=true); NetBox ignores them. */
  strictFiltering?: boolean;
  /** Accept and show the names fields had before NetBox renamed them (LEGACY_FIELD_NAMES=true). */
  legacyFieldNames?: boolean;
  /** Record changes in core.object-changes (default; CHANGE_LOGGING=false turns it off to measure its cost). */
  changeLogging?: boolean;
  /** DEFAULT_PERMISSIONS, EXEMPT_VIEW_PERMISSIONS and LOGIN_REQUIRED (NetBox's defaults when left out). */
  policy?: PermissionPolicy;
  /** The largest request body in bytes (DATA_UPLOAD_MAX_MEMORY_SIZE, NetBox's 2.5 MiB by default); a larger one is 413. */
  maxBodyBytes?: number;
  /** Reads an uploaded file for `GET /media/<path>` as the caller may see it (null: 404); no route without it. */
  media?: MediaReader;
}

/** A stored file the caller may read, by its path under the media directory, or null. */
export type MediaReader = (path: string, ctx: RequestContext, services: RestServices, db: Database) => Promise<{ body: Uint8Array<ArrayBuffer>; type: string } | null>;

export function createApp({ db, registry, routes, extensions, openapi, clientIpHeaders = DEFAULT_CLIENT_IP_HEADERS, strictFiltering = false, legacyFieldNames = false, changeLogging = true, policy = permissionPolicy({}), maxBodyBytes = DEFAULT_UPLOAD_LIMIT, media }: AppOptions): { app: Hono<Env>; engine: RestEngine } {
  const engine = new RestEngine(db, registry, extensions, { hooks: { hashPassword }, strict: strictFiltering, legacyFieldNames, changeLogging });
  const app = new Hono<Env>({ strict: true });

  app.onError((error, c) => {
    const known = error instanceof ApiError ? error : apiErrorFromDatabase(error, registry);
    if (known) return c.json(known.body, known.status as 400, known.headers);
    const requestId = c.get('requestId') ?? '';
    logUnhandled(requestId, c.req.method, c.req.path, error);
    // NetBox's 500 body, without the exception's text (it may quote stored data): the log has the details.
    return c.json({ error: `An unexpected error occurred (request ${requestId}); the server log has the details.`, exception: (error as Error)?.name ?? 'Error', netbox_version: NETBOX_VERSION, node_version: process.versions.node }, 500);
  });
  app.notFound((c) => c.json({ detail: 'Not found.' }, 404));

  // Former paths (LEGACY_FIELD_NAMES): the request is served again at its current path.
  if (legacyFieldNames) {
    app.use('/api/*', async (c, next) => {
      const moved = movedUrl(c.req.url);
      if (!moved) return next();
      return app.fetch(new Request(moved, c.req.raw), c.env);
    });
  }

  app.use('*', async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-ID', requestId);
    if (c.req.path.startsWith('/api')) c.header('API-Version', API_VERSION);
    c.header('Vary', 'Accept');
    const accept = c.req.header('Accept') ?? '';
    const version = /version=([^;,\s]+)/.exec(accept)?.[1];
    if (version && version !== API_VERSION) return c.json({ detail: 'Invalid version in "Accept" header.' }, 406);
    // Trailing slash: GET is redirected, other methods are not found (as Django's CommonMiddleware).
    if (c.req.path.startsWith('/api') && !c.req.path.endsWith('/') && !c.req.path.includes('/static/')) {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') {
        const url = new URL(c.req.url);
        url.pathname += '/';
        return c.redirect(url.toString(), 301);
      }
      return c.json({ detail: 'Not found.' }, 404);
    }
    await next();
  });

  // Django refuses a body past DATA_UPLOAD_MAX_MEMORY_SIZE before a view reads it; so does this, with 413,
  // whether the client declared its length or streams it.
  const limitBody = bodyLimit({ maxSize: maxBodyBytes, onError: (c) => c.json({ detail: `Request body exceeded the largest accepted (${maxBodyBytes} bytes, DATA_UPLOAD_MAX_MEMORY_SIZE).` }, 413) });
  // A request that has no body has none to limit. Asking it for its body regardless (as bodyLimit does)
  // makes @hono/node-server build a whole fetch Request: a tenth of a millisecond of every GET (npm run
  // bench, section tunnels).
  app.use('/api/*', (c, next) => (declaresNoBody(c) ? next() : limitBody(c, next)));

  const identify = async (c: Context<Env>, next: () => Promise<void>) => {
    // A token when one is given; else the matrix page's session cookie (CSRF-checked on writes).
    const caller = (await authenticate(db, c.req.header('Authorization'), clientIp(c, clientIpHeaders)))
      ?? (await authenticateSession(db, { method: c.req.method, cookie: c.req.header('Cookie'), csrfToken: c.req.header(CSRF_HEADER) }));
    c.set('caller', caller && withDefaults(caller, policy));
    await next();
  };
  app.use('/api/*', identify);
  // Uploaded files are read as NetBox's MediaView lets them be: a token or a session (or no login
  // without LOGIN_REQUIRED), then the model's view permission on the object the file belongs to.
  if (media) {
    app.use('/media/*', identify);
    app.get('/media/*', async (c) => {
      if (!c.get('caller') && policy.loginRequired) throw forbidden(NOT_AUTHENTICATED);
      let path: string;
      try {
        path = decodeURIComponent(c.req.path.slice('/media/'.length));
      } catch {
        return c.json({ detail: 'Not found.' }, 404);
      }
      const file = await media(path, contextOf(c), engine, db);
      if (!file) return c.json({ detail: 'Not found.' }, 404);
      return c.body(file.body, 200, { 'Content-Type': file.type, 'Content-Security-Policy': "sandbox; default-src 'none'", 'X-Content-Type-Options': 'nosniff' });
    });
  }

  const requireCaller = (c: Context<Env>): Caller => {
    const caller = c.get('caller');
    if (!caller) throw forbidden(NOT_AUTHENTICATED);
    return caller;
  };

  /** Viewing a type listed in EXEMPT_VIEW_PERMISSIONS needs no permission (nor, without LOGIN_REQUIRED, a login). */
  const exempt = (objectType: string, action: string) => action === 'view' && policy.exemptView(objectType);

  /** The caller, or 403 unless anonymous reads of this type are allowed (LOGIN_REQUIRED=false and exempt). */
  const callerFor = (c: Context<Env>, objectType: string): Caller | null => {
    const caller = c.get('caller');
    if (!caller && !(c.req.method === 'GET' && !policy.loginRequired && exempt(objectType, 'view'))) throw forbidden(NOT_AUTHENTICATED);
    return caller;
  };

  /** The request's context: caller, request id, where URLs point, and what the caller may do. */
  const contextOf = (c: Context<Env>): RequestContext => {
    const caller = c.get('caller');
    return {
      requestId: c.get('requestId'),
      caller,
      origin: new URL(c.req.url).origin,
      scope: {
        allows: async (objectType, action) => exempt(objectType, action) || (!!caller && hasPermission(caller, objectType, action)),
        restriction: (objectType, action) => {
          if (exempt(objectType, action)) return null;
          if (!caller) return [];
          const constraints = constraintsFor(caller, objectType, action);
          return constraints === null ? null : constraintSets(constraints);
        },
        userId: caller?.userId ?? null,
      },
    };
  };

  // pynetbox 7.0 (Debian's) reads the API version from an anonymous GET /api/, so the root answers anyone.
  app.get('/api/', (c) => apiRoot(c, registry.apps));
  app.get('/api/status/', (c) => (requireCaller(c), status(c, registry.apps, db)));
  app.get('/api/authentication-check/', (c) => authenticationCheck(c, engine, db, requireCaller(c), contextOf(c)));
  // The schema and Swagger UI describe the API, not its data: open to all, so the UI works in a browser.
  app.route('/api/schema', schemaRoutes(openapi));
  for (const index of registry.apps) {
    const prefix = `/api/${index.name}/`;
    const listed = [...new Set(routes.filter((r) => r.listed && r.path.startsWith(prefix)).map((r) => r.path.slice(prefix.length).split('/')[0]))];
    app.get(prefix, (c) => (requireCaller(c), appRoot(c, index, registry, listed)));
  }
  // Route groups under /api/plugins/ are NetBox plugins' APIs: /api/plugins/ lists them as NetBox's PluginsAPIRootView does.
  const plugins = pluginRoots(routes);
  app.get('/api/plugins/', (c) => (requireCaller(c), c.json(Object.fromEntries(plugins.map((p) => [p.name, `${new URL(c.req.url).origin}${p.path}`])))));

  const byPath = new Map<string, RouteEntry[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);

  for (const route of routes) {
    const resource = registry.resource(route.resource);
    if (route.operation === 'group_root') {
      // A route group's index: its operations' URLs by path segment, as a DefaultRouter's API root lists its endpoints.
      const members = [...new Map(routes.filter((r) => r.group === route.group && r.operation === 'extra').map((r) => [r.path, r])).values()];
      app.get(route.path, (c) => {
        requireCaller(c);
        const origin = new URL(c.req.url).origin;
        return c.json(Object.fromEntries(members.map((r) => [r.path.slice(route.path.length).replace(/\/$/, ''), `${origin}${r.path}`])));
      });
      continue;
    }
    const declared = route.operation === 'extra' ? (route.group ? { action: route.action } : resource.operations.find((o) => o.handler === route.handler && o.method === route.method)) : undefined;
    const handler = route.operation === 'extra' ? extensions.operations[route.handler!] : undefined;
    if (route.operation === 'extra' && !handler) throw new Error(`${route.method} ${route.path}: no handler "${route.handler}" is registered (runtime/inventory/index.ts)`);
    app.on(route.method, route.path, async (c) => {
      const ctx = contextOf(c);
      if (route.operation === 'extra') {
        if (route.auth !== false) {
          const caller = requireCaller(c);
          // NetBox's IsAuthenticated asks for nothing more; TokenWritePermission for a write-enabled token on writes.
          if (route.permission !== 'is_authenticated' && route.method !== 'GET' && !caller.writeEnabled) throw forbidden();
          if (!route.permission && !(await ctx.scope.allows(resource.objectType, declared?.action ?? actionOf[route.method]))) throw forbidden();
        }
        return handler!(c, { resource, ctx, db, rest: engine });
      }
      const caller = callerFor(c, resource.objectType);
      if (c.req.method !== 'GET' && !caller?.writeEnabled) throw forbidden();
      if (!(await ctx.scope.allows(resource.objectType, actionOf[c.req.method]))) throw forbidden();
      switch (route.operation) {
        case 'list': return engine.list(c, resource, ctx);
        case 'retrieve': return engine.retrieve(c, resource, ctx);
        case 'create': return engine.create(c, resource, ctx);
        case 'update': return engine.update(c, resource, false, ctx);
        case 'partial_update': return engine.update(c, resource, true, ctx);
        case 'bulk_update': return engine.bulkUpdate(c, resource, false, ctx);
        case 'bulk_partial_update': return engine.bulkUpdate(c, resource, true, ctx);
        case 'destroy': return engine.destroy(c, resource, ctx);
        case 'bulk_destroy': return engine.bulkDestroy(c, resource, ctx);
      }
    });
  }

  // OPTIONS metadata and 405s for every routed path, after the real handlers.
  for (const [path, entries] of byPath) {
    const resource = registry.resource(entries[0].resource);
    const allowed = [...new Set(entries.map((e) => e.method)), 'HEAD', 'OPTIONS'];
    app.options(path, async (c) => {
      c.header('Allow', allowed.join(', '));
      // A route group's path is no resource: DRF's metadata of a plain APIView, without fields.
      if (entries[0].group) return c.json({ name: entries[0].group, description: '', renders: ['application/json'], parses: ['application/json'] });
      const caller = c.get('caller');
      const canWrite = !!caller && hasPermission(caller, resource.objectType, 'add');
      return options(c, resource, registry, canWrite && allowed.includes('POST'));
    });
    app.all(path, (c) => {
      c.header('Allow', allowed.join(', '));
      throw methodNotAllowed(c.req.method);
    });
  }
  return { app, engine };
}

/** The route groups mounted under /api/plugins/: their names and index paths. */
function pluginRoots(routes: RouteEntry[]): { name: string; path: string }[] {
  return routes.filter((r) => r.operation === 'group_root' && r.path.startsWith('/api/plugins/')).map((r) => ({ name: r.path.slice('/api/plugins/'.length).replace(/\/$/, ''), path: r.path }));
}

/**
 * Whether the request, as @hono/node-server received it over HTTP/1, declares no body: HTTP/1 sends one
 * only with a Content-Length or a Transfer-Encoding. An in-process request (no `env.incoming`) or an
 * HTTP/2 one is not known to have none.
 */
function declaresNoBody(c: Context<Env>): boolean {
  const incoming = (c.env as { incoming?: { httpVersionMajor?: number; headers?: Record<string, unknown> } } | undefined)?.incoming;
  return incoming?.httpVersionMajor === 1 && incoming.headers?.['content-length'] === undefined && incoming.headers?.['transfer-encoding'] === undefined;
}

/**
 * The client's address for a token's allowed IPs, as NetBox's get_client_ip finds it: the first of
 * `clientIpHeaders` present (the first entry of a list), else the socket's peer. Those headers are
 * whatever the client says unless a proxy in front overwrites them (README, "Security").
 */
function clientIp(c: Context, clientIpHeaders: readonly string[]): string | null {
  for (const header of clientIpHeaders) {
    const value = c.req.header(header)?.split(',')[0]?.trim();
    if (value) return value;
  }
  // @hono/node-server passes the Node request as `env.incoming`; in-process requests have none.
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress?.replace(/^::ffff:/, '') ?? null;
}
