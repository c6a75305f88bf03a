/**
 * @module
 * The server's side of a running script's `this.netbox` calls: each request (`GET`, `POST`,
 * `PATCH`, `DELETE` of `/api/<app>/<resource>/[<id>/]`) arrives over a MessagePort and is run by
 * the REST engine inside the run's one transaction, with the requesting user's permissions, as the
 * API would run it. Calls are taken one at a time; each write runs under a savepoint, so a write
 * refused with a 400 (which reaches the script as an error it may catch) leaves nothing behind and
 * the transaction usable. Only the standard operations of resources are served, not the extra ones.
 */
import type { MessagePort } from 'node:worker_threads';
import type { Resource } from '../../../contract/index.ts';
import type { Queryable } from '../../../db/index.ts';
import { ApiError, badRequest, forbidden, notFound, type ObjectWriter, type RequestContext, type RestServices } from '../../../rest/index.ts';

interface Call {
  id: number;
  method: string;
  path: string;
  body?: unknown;
  query?: Record<string, unknown>;
}

interface Answer {
  status: number;
  body: unknown;
}

/** The resource and id a path names (`dcim/sites/`, `/api/dcim/sites/7/`, a full URL), or null. */
function target(rest: RestServices, path: string): { resource: Resource; id: number | null; url: URL } | null {
  const url = new URL(path, 'http://script.invalid/api/');
  const parts = url.pathname.replace(/^\/api\//, '').split('/').filter(Boolean);
  if (parts.length < 2 || parts.length > 3) return null;
  const index = rest.registry.byUrl.get(`${parts[0]}/${parts[1]}`);
  if (!index) return null;
  if (parts.length === 3 && !/^\d+$/.test(parts[2])) return null;
  return { resource: index.resource, id: parts.length === 3 ? Number(parts[2]) : null, url };
}

async function answer(call: Call, tx: Queryable, objects: ObjectWriter, rest: RestServices, ctx: RequestContext): Promise<Answer> {
  const found = target(rest, call.path);
  if (!found) throw notFound();
  const { resource, id, url } = found;
  for (const [key, value] of Object.entries(call.query ?? {})) for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(v));
  const action = ({ GET: 'view', POST: 'add', PATCH: 'change', PUT: 'change', DELETE: 'delete' } as Record<string, string>)[call.method];
  if (!action) throw new ApiError(405, { detail: `Method "${call.method}" not allowed.` });
  if (!(await ctx.scope.allows(resource.objectType, action))) throw forbidden();
  const body = (data: unknown) => (data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null);
  if (call.method === 'GET') {
    if (id !== null) {
      if (id > 2147483647) throw notFound(resource.model);
      const visible = await rest.permitted(tx, resource, [id], ctx, 'view');
      if (!visible.has(id)) throw notFound(resource.model);
      const [shown] = (await rest.render(tx, resource, [id], ctx, url.searchParams, 'GET')).bodies;
      if (!shown) throw notFound(resource.model);
      return { status: 200, body: shown };
    }
    const ids = await rest.matchingIds(tx, resource, url, ctx);
    const limit = Number(url.searchParams.get('limit') ?? 0) || ids.length;
    const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
    const page = ids.slice(offset, offset + limit);
    return { status: 200, body: { count: ids.length, results: page.length ? (await rest.render(tx, resource, page, ctx, url.searchParams, 'GET')).bodies : [] } };
  }
  if (call.method === 'POST') {
    if (id !== null) throw new ApiError(405, { detail: 'Method "POST" not allowed.' });
    const given = body(call.body);
    if (!given) throw badRequest({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
    const [created] = await objects.create(resource, [given]);
    return { status: 201, body: (await rest.render(tx, resource, [created], ctx)).bodies[0] };
  }
  if (id === null) throw new ApiError(405, { detail: `Method "${call.method}" not allowed.` });
  if (id > 2147483647) throw notFound(resource.model);
  const [stored] = await tx.query(`SELECT 1 FROM "${resource.table}" WHERE id = $1`, [id]);
  if (!stored || (await rest.permitted(tx, resource, [id], ctx, 'view')).size === 0) throw notFound(resource.model);
  if (call.method === 'DELETE') {
    await objects.remove(resource, [id]);
    return { status: 204, body: null };
  }
  const given = body(call.body);
  if (!given) throw badRequest({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  await objects.update(resource, [{ id, body: given }]);
  return { status: 200, body: (await rest.render(tx, resource, [id], ctx, url.searchParams, 'PATCH')).bodies[0] };
}

/** What an error of a call answers: an ApiError's status and body, a validation failure's 400. */
function failure(error: unknown): Answer {
  if (error instanceof ApiError) return { status: error.status, body: error.body };
  const e = error as { errors?: unknown; message?: string };
  // The writer's ValidationFailed: errors per object of the one-object batch the call wrote.
  if (e?.constructor?.name === 'ValidationFailed' && e.errors !== undefined) return { status: 400, body: Array.isArray(e.errors) && e.errors.length === 1 ? e.errors[0] : e.errors };
  return { status: 500, body: { detail: e?.message ?? String(error) } };
}

/** The run's transaction and its writer, opened on the first call. */
export type OpenTransaction = () => Promise<{ tx: Queryable; objects: ObjectWriter }>;

/**
 * Serves `port`'s calls, one at a time, in the transaction `open` gives (on the first call: a
 * script computing before it asks for anything holds no connection meanwhile); `drained` resolves
 * once the last call is answered.
 */
export function serveCalls(port: MessagePort, open: OpenTransaction, rest: RestServices, ctx: RequestContext): { drained(): Promise<void> } {
  let chain: Promise<void> = Promise.resolve();
  let n = 0;
  port.on('message', (call: Call) => {
    chain = chain.then(async () => {
      const savepoint = `script_call_${++n}`;
      let reply: Answer;
      let session: Awaited<ReturnType<OpenTransaction>> | null = null;
      try {
        session = await open();
        // Each call under a savepoint: a refused one (caught by the script) leaves nothing and the transaction usable.
        await session.tx.query(`SAVEPOINT ${savepoint}`);
        reply = await answer(call, session.tx, session.objects, rest, ctx);
        await session.tx.query(`RELEASE SAVEPOINT ${savepoint}`);
      } catch (error) {
        if (session) await session.tx.query(`ROLLBACK TO SAVEPOINT ${savepoint}`).catch(() => undefined);
        reply = failure(error);
      }
      try {
        port.postMessage({ id: call.id, ...reply });
      } catch {
        // The script's thread is gone (it ended or was stopped): nobody waits for this answer.
      }
    });
  });
  return { drained: () => chain };
}
