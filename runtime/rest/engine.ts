/**
 * @module
 * The REST engine: one handler per operation kind (list, retrieve, create, update, delete and
 * their bulk forms), the same for every resource, driven by the generated table and the request
 * context. Writes run in one transaction each, so a request changes everything it asks for or
 * nothing; a write answers with its objects rendered by one query.
 */
import type { Context } from 'hono';
import type { Resource } from '../contract/index.ts';
import type { Database, Queryable } from '../db/index.ts';
import { INT4 } from '../kinds/index.ts';
import { readBody } from './body.ts';
import { CHANGELOG_MESSAGE, ChangeLog, changelogMessage, OBJECT_CHANGES } from './changes/index.ts';
import type { ConstraintSet, RequestContext } from './context.ts';
import { badRequest, forbidden, notFound, preconditionFailed, type FieldErrors } from './errors.ts';
import { LIST_EXPORT, type Extensions, type ObjectWriter } from './extensions.ts';
import type { FilterOptions } from './query/filters.ts';
import { shownFields } from './query/shape.ts';
import { Reader, type ReaderOptions } from './read.ts';
import type { Registry } from './registry.ts';
import { retryingTransaction } from './transaction.ts';
import type { WriteMode } from './write/batch.ts';
import { DeleteCollector } from './write/collector.ts';
import { lockRows, lockTree } from './write/locks.ts';
import { ValidationFailed, Writer, type WriterHooks } from './write/writer.ts';

type Row = Record<string, unknown>;

/** The content type c.json() gives. */
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** Ids a bulk body names that can exist at all (others are skipped, as NetBox's `pk__in` filter does). */
const storedIds = (ids: number[]) => ids.filter((id) => id >= INT4.min && id <= INT4.max);

/** Bulk update and delete bodies are lists of objects, each with an integer `id` (per-item errors otherwise). */
function requireIds(body: unknown): asserts body is Row[] {
  if (!Array.isArray(body)) throw badRequest({ non_field_errors: ['Expected a list of items but got type "dict".'] });
  const errors: FieldErrors[] = body.map((item) => (item && typeof item === 'object' && Number.isSafeInteger((item as Row).id) ? ({} as FieldErrors) : { id: ['This field is required.'] }));
  if (errors.some((e) => Object.keys(e).length)) throw badRequest(errors);
}

/** The `{id}` of a detail path: 404 for one that is no number, or past `integer` (naming the model, as NetBox's get_object_or_404). */
export function parseId(raw: string | undefined, resource: Resource): number {
  if (!raw || !/^\d+$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id > INT4.max) throw notFound(resource.model);
  return id;
}

export interface EngineOptions extends FilterOptions, ReaderOptions {
  hooks: WriterHooks;
  /** Record every change in core.object-changes (default true; off only to measure its cost). */
  changeLogging?: boolean;
}

/** A bulk delete's or a single delete's `changelog_message` per object id; a bad one is a 400. */
function deleteMessages(items: { id: number; body: unknown }[], single: boolean): Map<number, string> {
  const messages = new Map<number, string>();
  const errors: FieldErrors[] = items.map(({ id, body }) => {
    const read = changelogMessage(body);
    if ('error' in read) return { [CHANGELOG_MESSAGE]: [read.error] } as FieldErrors;
    if (read.message !== null) messages.set(id, read.message);
    return {} as FieldErrors;
  });
  if (errors.some((e) => Object.keys(e).length)) throw badRequest(single ? errors[0] : errors);
  return messages;
}

export class RestEngine {
  readonly reader: Reader;
  private readonly writer: Writer;
  private readonly collector: DeleteCollector;
  private readonly changeLog: ChangeLog | null;

  constructor(
    private readonly db: Database,
    readonly registry: Registry,
    private readonly extensions: Extensions,
    options: EngineOptions,
  ) {
    this.reader = new Reader(registry, extensions, options);
    this.changeLog = options.changeLogging !== false && registry.byKey.has(OBJECT_CHANGES) ? new ChangeLog(registry, this.reader.select, extensions.changeEvents && { hook: extensions.changeEvents, services: this }) : null;
    this.writer = new Writer(registry, this.reader.select, extensions.rules, options.hooks, { legacyFieldNames: options.legacyFieldNames, changeLog: this.changeLog, customFields: extensions.customFields });
    this.collector = new DeleteCollector(registry, this.reader.select);
  }

  private get restrictions() {
    return this.reader.restrictions;
  }

  private url(c: Context): URL {
    return new URL(c.req.url);
  }

  // Reads answer the JSON text PostgreSQL rendered, as it is (Reader.rendered).
  async list(c: Context, resource: Resource, ctx: RequestContext) {
    const exporter = this.extensions.operations[LIST_EXPORT];
    if (exporter && new URL(c.req.url).searchParams.has('export')) return exporter(c, { resource, ctx, db: this.db, rest: this });
    return c.body(await this.reader.list(this.db, resource, this.url(c), ctx), 200, JSON_TYPE);
  }

  async retrieve(c: Context, resource: Resource, ctx: RequestContext) {
    const { body, etag } = await this.reader.retrieve(this.db, resource, parseId(c.req.param('id'), resource), this.url(c), ctx);
    if (etag) c.header('ETag', etag);
    return c.body(body, 200, JSON_TYPE);
  }

  /** Objects by id as a response shows them (`fields`/`omit` of `query` apply, brief does not): one query. */
  async render(db: Queryable, resource: Resource, ids: number[], ctx: RequestContext, query = new URLSearchParams(), method = 'POST'): Promise<{ bodies: Row[]; etags: (string | null)[] }> {
    const shown = shownFields(resource, query, method);
    const customFields = await this.reader.customFields(db, resource, shown);
    const rows = await this.reader.rows(db, resource, ids, shown, customFields);
    const serializer = this.reader.serializer(ctx, customFields);
    const shownSet = new Set(shown);
    const once = ctx.shownOnce?.get(resource.key);
    const body = (row: Row) => {
      const object = serializer.object(resource, row, shownSet);
      for (const [name, value] of Object.entries(once?.get(Number(row.id)) ?? {})) if (name in object) object[name] = value;
      return object;
    };
    return { bodies: rows.map(body), etags: rows.map((row) => (row.__etag ? `W/"${row.__etag}"` : null)) };
  }

  /**
   * Runs `fn` in a transaction, retried when PostgreSQL aborts it for a concurrent one; validation
   * failures become 400s (other database errors are mapped by the server). Writes to a tree
   * (re-parenting rewrites whole subtrees) are serialised per table, so they cannot deadlock.
   */
  private async atomic<T>(resource: Resource, fn: (tx: Queryable) => Promise<T>, bulk = false): Promise<T> {
    try {
      return await retryingTransaction(this.db, async (tx) => {
        // Statements run with one generic plan each (runtime/db/postgres.ts), but a bulk write's
        // statements take arrays of a thousand ids: PostgreSQL's own choice (custom plans where
        // they pay) handles those better.
        if (bulk) await tx.query('SET LOCAL plan_cache_mode = auto');
        if (resource.tree) await lockTree(tx, resource);
        return fn(tx);
      });
    } catch (error) {
      if (error instanceof ValidationFailed) throw badRequest(error.errors);
      throw error;
    }
  }

  async createWithin(resource: Resource, ctx: RequestContext, prepare: (tx: Queryable) => Promise<unknown[]>): Promise<Row[]> {
    const result = await this.atomic(resource, async (tx) => {
      const bodies = await prepare(tx);
      const ids = await this.writer.write(tx, resource, bodies, 'create', bodies.map(() => null), ctx, false);
      await this.restrictions.requireWithin(tx, resource, ids, ctx, 'add');
      return this.render(tx, resource, ids, ctx);
    }, true);
    return result.bodies;
  }

  async matchingIds(db: Queryable, resource: Resource, url: URL, ctx: RequestContext): Promise<number[]> {
    return this.reader.matchingIds(db, resource, url, ctx);
  }

  constraintError(objectType: string, constraints: unknown): string | null {
    return this.restrictions.constraintError(objectType, constraints);
  }

  async permitted(db: Queryable, resource: Resource, ids: readonly number[], ctx: RequestContext, action: string): Promise<Set<number>> {
    return this.restrictions.permitted(db, resource, ids, ctx, action);
  }

  async matching(db: Queryable, resource: Resource, ids: readonly number[], sets: ConstraintSet[]): Promise<Set<number>> {
    return this.restrictions.matching(db, resource, ids, sets);
  }

  async writeWithin<T>(ctx: RequestContext, fn: (tx: Queryable, objects: ObjectWriter) => Promise<T>): Promise<T> {
    try {
      return await retryingTransaction(this.db, async (tx) => {
        // Batches of hundreds of objects: plan each statement for its values (`auto` would switch
        // to a generic plan after five runs of a prepared statement, blind to the arrays' sizes).
        await tx.query('SET LOCAL plan_cache_mode = force_custom_plan');
        const allOf = async (resource: Resource, ids: number[], action: string) => {
          const allowed = await this.restrictions.permitted(tx, resource, ids, ctx, action);
          if (ids.some((id) => !allowed.has(id))) throw forbidden();
        };
        return fn(tx, {
          create: async (resource, bodies) => {
            if (!bodies.length) return [];
            const ids = await this.writer.write(tx, resource, bodies, 'create', bodies.map(() => null), ctx, false);
            await this.restrictions.requireWithin(tx, resource, ids, ctx, 'add');
            return ids;
          },
          update: async (resource, items) => {
            if (!items.length) return;
            const locked = new Set((await lockRows(tx, resource, items.map((i) => i.id))).map((r) => r.id));
            if (items.some((i) => !locked.has(i.id))) throw notFound(resource.model);
            await allOf(resource, items.map((i) => i.id), 'change');
            const ids = await this.writer.write(tx, resource, items.map((i) => i.body), 'partial', items.map((i) => i.id), ctx, false);
            await this.restrictions.requireWithin(tx, resource, ids, ctx, 'change');
          },
          remove: async (resource, ids, message) => {
            if (!ids.length) return;
            await lockRows(tx, resource, ids);
            await allOf(resource, ids, 'delete');
            await this.remove(tx, resource, ids, ctx, new Map(message === undefined ? [] : ids.map((id) => [id, message])));
          },
        });
      });
    } catch (error) {
      if (error instanceof ValidationFailed) throw badRequest(error.errors);
      throw error;
    }
  }

  async create(c: Context, resource: Resource, ctx: RequestContext) {
    const body = await readBody(c);
    const many = Array.isArray(body);
    const bodies = many ? body : [body];
    const url = this.url(c);
    const result = await this.atomic(resource, async (tx) => {
      const ids = await this.writer.write(tx, resource, bodies, 'create', bodies.map(() => null), ctx, !many);
      // What was written must lie within the caller's `add` constraints, or nothing is.
      await this.restrictions.requireWithin(tx, resource, ids, ctx, 'add');
      return this.render(tx, resource, ids, ctx, url.searchParams, 'POST');
    }, many);
    if (many) return c.json(result.bodies, 201);
    if (result.etags[0]) c.header('ETag', result.etags[0]);
    return c.json(result.bodies[0], 201);
  }

  /**
   * Locks the object's row for the rest of the transaction, then compares `If-Match` with the
   * locked row's ETag: of several writers holding the same ETag, exactly one wins and the others
   * see the winner's ETag (412). A row deleted meanwhile is 404.
   */
  private async lockAndCheckIfMatch(tx: Queryable, c: Context, resource: Resource, id: number, ctx: RequestContext, action: string): Promise<void> {
    const [row] = await lockRows(tx, resource, [id]);
    // An object the caller may not act on is not there for them: 404, never 403 (NetBox's restricted queryset).
    if (!row || !(await this.restrictions.permitted(tx, resource, [id], ctx, action)).has(id)) throw notFound(resource.model);
    const wanted = c.req.header('If-Match');
    if (!wanted || wanted.trim() === '*' || !resource.changeLogged) return;
    const current = `W/"${row.etag}"`;
    const candidates = wanted.split(',').map((s) => s.trim());
    if (!candidates.includes(current)) throw preconditionFailed(current);
  }

  async update(c: Context, resource: Resource, partial: boolean, ctx: RequestContext) {
    const id = parseId(c.req.param('id'), resource);
    const body = await readBody(c);
    const url = this.url(c);
    const result = await this.atomic(resource, async (tx) => {
      await this.lockAndCheckIfMatch(tx, c, resource, id, ctx, 'change');
      await this.writer.write(tx, resource, [body], partial ? 'partial' : 'update', [id], ctx, true);
      await this.restrictions.requireWithin(tx, resource, [id], ctx, 'change');
      return this.render(tx, resource, [id], ctx, url.searchParams, c.req.method);
    });
    if (result.etags[0]) c.header('ETag', result.etags[0]);
    return c.json(result.bodies[0]);
  }

  async bulkUpdate(c: Context, resource: Resource, partial: boolean, ctx: RequestContext) {
    const body = await readBody(c);
    requireIds(body);
    const url = this.url(c);
    const result = await this.atomic(resource, async (tx) => {
      // Rows are locked in id order, whatever the body's order, so overlapping bulk writes queue instead of deadlocking.
      const locked = (await lockRows(tx, resource, storedIds(body.map((item) => Number(item.id))))).map((r) => r.id);
      // Objects the caller may not change are skipped as if they did not exist, as NetBox's restricted queryset does.
      const existing = await this.restrictions.permitted(tx, resource, locked, ctx, 'change');
      // Ids that do not exist are skipped, as NetBox's queryset filter does.
      const items = body.filter((item) => existing.has(Number(item.id)));
      const mode: WriteMode = partial ? 'partial' : 'update';
      const ids = await this.writer.write(tx, resource, items, mode, items.map((item) => Number(item.id)), ctx, false);
      await this.restrictions.requireWithin(tx, resource, ids, ctx, 'change');
      return this.render(tx, resource, ids, ctx, url.searchParams, c.req.method);
    }, true);
    return c.json(result.bodies);
  }

  /** Deletes `ids` and everything their delete reaches, as one plan, recording it in the change log. */
  private async remove(tx: Queryable, resource: Resource, ids: number[], ctx: RequestContext, messages: Map<number, string>): Promise<void> {
    if (!ids.length) return;
    const plan = await this.collector.collect(tx, resource, ids);
    for (const { resource: r } of plan.deletes) await this.extensions.rules[r.key]?.beforeDelete?.(plan, tx, ctx, this.registry);
    await this.changeLog?.recordDeletes(tx, plan, ctx, resource, messages);
    await this.collector.run(tx, plan);
    for (const { resource: r } of plan.deletes) await this.extensions.rules[r.key]?.afterDelete?.(plan, tx, ctx, this.registry);
  }

  async destroy(c: Context, resource: Resource, ctx: RequestContext) {
    const id = parseId(c.req.param('id'), resource);
    const messages = deleteMessages([{ id, body: await readBody(c) }], true);
    await this.atomic(resource, async (tx) => {
      await this.lockAndCheckIfMatch(tx, c, resource, id, ctx, 'delete');
      await this.remove(tx, resource, [id], ctx, messages);
      // A delete may cascade to thousands of rows (a device's components): planned for them.
    }, true);
    return c.body(null, 204);
  }

  async bulkDestroy(c: Context, resource: Resource, ctx: RequestContext) {
    const body = await readBody(c);
    requireIds(body);
    const messages = deleteMessages(body.map((item) => ({ id: Number(item.id), body: item })), false);
    await this.atomic(resource, async (tx) => {
      const rows = await lockRows(tx, resource, storedIds(body.map((item) => Number(item.id))));
      const permitted = await this.restrictions.permitted(tx, resource, rows.map((r) => r.id), ctx, 'delete');
      await this.remove(tx, resource, [...permitted], ctx, messages);
    }, true);
    return c.body(null, 204);
  }
}
