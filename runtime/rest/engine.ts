/**
 * @module
 * The REST engine: one handler per operation kind (list, retrieve, create, update, delete and
 * their bulk forms), the same for every resource, driven by the generated tables. Writes run in
 * one transaction each, so a request changes everything it asks for or nothing.
 */
import type { Context } from 'hono';
import type { Database, Queryable } from '../db/index.ts';
import { lockRows, lockTree } from './write/locks.ts';
import { readBody } from './body.ts';
import { fieldErrorsFromDatabase } from './databaseErrors.ts';
import { badRequest, notFound, preconditionFailed, type FieldErrors } from './errors.ts';
import type { Resource } from './model.ts';
import { Reader } from './read.ts';
import { shownFields } from './query/shape.ts';
import type { Registry } from './registry.ts';
import { Serializer } from './serialize.ts';
import { retryingTransaction } from './transaction.ts';
import { INT4, type ResourceSchema } from './validation/index.ts';
import { removeObjects } from './write/remove.ts';
import { ValidationFailed, Writer, type WriteContext, type WriteMode, type WriterHooks } from './write/writer.ts';

export type RestHooks = WriterHooks;

type Row = Record<string, unknown>;

/** Ids a bulk body names that can exist at all (others are skipped, as NetBox's `pk__in` filter does). */
const storedIds = (ids: number[]) => ids.filter((id) => id >= INT4.min && id <= INT4.max);

/** Bulk update and delete bodies are lists of objects, each with an integer `id` (per-item errors otherwise). */
function requireIds(body: unknown): asserts body is Row[] {
  if (!Array.isArray(body)) throw badRequest({ non_field_errors: ['Expected a list of items but got type "dict".'] });
  const errors: FieldErrors[] = body.map((item) => (item && typeof item === 'object' && Number.isSafeInteger((item as Row).id) ? ({} as FieldErrors) : { id: ['This field is required.'] }));
  if (errors.some((e) => Object.keys(e).length)) throw badRequest(errors);
}

function parseId(raw: string | undefined, resource: Resource): number {
  if (!raw || !/^\d+$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id > INT4.max) throw notFound(resource.model);
  return id;
}

export class RestEngine {
  readonly reader: Reader;
  private readonly writer: Writer;

  constructor(
    private readonly db: Database,
    readonly registry: Registry,
    validators: Record<string, ResourceSchema>,
    hooks: RestHooks,
  ) {
    this.reader = new Reader(registry);
    this.writer = new Writer(registry, validators, hooks);
  }

  private url(c: Context): URL {
    return new URL(c.req.url);
  }

  async list(c: Context, resource: Resource) {
    return c.json(await this.reader.list(this.db, resource, this.url(c)));
  }

  async retrieve(c: Context, resource: Resource) {
    const { body, etag } = await this.reader.retrieve(this.db, resource, parseId(c.req.param('id'), resource), this.url(c));
    if (etag) c.header('ETag', etag);
    return c.json(body);
  }

  /** Serialises freshly written objects for the response (fields/omit apply, brief does not). */
  private async render(tx: Queryable, c: Context, resource: Resource, ids: number[]): Promise<{ bodies: Row[]; etags: (string | null)[] }> {
    const url = this.url(c);
    const shown = shownFields(resource, url.searchParams, c.req.method);
    const serializer = new Serializer(this.registry, url.origin);
    const bodies: Row[] = [];
    const etags: (string | null)[] = [];
    for (const id of ids) {
      const row = await this.reader.row(tx, resource, id, shown);
      if (!row) continue;
      bodies.push(serializer.object(resource, row, new Set(shown)));
      etags.push(row.__etag ? `W/"${row.__etag}"` : null);
    }
    return { bodies, etags };
  }

  /**
   * Runs `fn` in a transaction, retried when PostgreSQL aborts it for a concurrent one; validation
   * failures become 400s (other database errors are mapped by the server). Writes to a tree
   * (re-parenting rewrites whole subtrees) are serialised per table, so they cannot deadlock.
   */
  private async atomic<T>(resource: Resource, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await retryingTransaction(this.db, async (tx) => {
        if (resource.tree) await lockTree(tx, resource);
        return fn(tx);
      });
    } catch (error) {
      if (error instanceof ValidationFailed) throw badRequest(error.errors);
      throw error;
    }
  }

  /** Writes each item in its own savepoint, collecting per-item errors (`{}` for good ones). */
  private async writeMany(tx: Queryable, resource: Resource, items: unknown[], mode: WriteMode, ids: (number | null)[], context: WriteContext): Promise<number[]> {
    const errors: FieldErrors[] = [];
    const written: number[] = [];
    for (const [i, item] of items.entries()) {
      await tx.query('SAVEPOINT item');
      try {
        written.push(await this.writer.write(tx, resource, item, mode, ids[i], context));
        errors.push({});
        await tx.query('RELEASE SAVEPOINT item');
      } catch (error) {
        // A database error that is the item's fault (a unique index hit by a concurrent write) is
        // reported in its slot of the per-item list like any validation error.
        const itemErrors = error instanceof ValidationFailed ? error.errors : fieldErrorsFromDatabase(error, this.registry);
        if (!itemErrors) throw error;
        await tx.query('ROLLBACK TO SAVEPOINT item');
        errors.push(itemErrors);
      }
    }
    if (errors.some((e) => Object.keys(e).length)) throw badRequest(errors);
    return written;
  }

  async create(c: Context, resource: Resource, context: WriteContext) {
    const body = await readBody(c);
    if (Array.isArray(body)) {
      const result = await this.atomic(resource, async (tx) => this.render(tx, c, resource, await this.writeMany(tx, resource, body, 'create', body.map(() => null), context)));
      return c.json(result.bodies, 201);
    }
    const result = await this.atomic(resource, async (tx) => this.render(tx, c, resource, [await this.writer.write(tx, resource, body, 'create', null, context)]));
    if (result.etags[0]) c.header('ETag', result.etags[0]);
    return c.json(result.bodies[0], 201);
  }

  /**
   * Locks the object's row for the rest of the transaction, then compares `If-Match` with the
   * locked row's ETag: of several writers holding the same ETag, exactly one wins and the others
   * see the winner's ETag (412). A row deleted meanwhile is 404.
   */
  private async lockAndCheckIfMatch(tx: Queryable, c: Context, resource: Resource, id: number): Promise<void> {
    const [row] = await lockRows(tx, resource, [id]);
    if (!row) throw notFound(resource.model);
    const wanted = c.req.header('If-Match');
    if (!wanted || wanted.trim() === '*' || !resource.changeLogged) return;
    const current = `W/"${row.etag}"`;
    const candidates = wanted.split(',').map((s) => s.trim());
    if (!candidates.includes(current)) throw preconditionFailed(current);
  }

  async update(c: Context, resource: Resource, partial: boolean, context: WriteContext) {
    const id = parseId(c.req.param('id'), resource);
    const body = await readBody(c);
    const result = await this.atomic(resource, async (tx) => {
      await this.lockAndCheckIfMatch(tx, c, resource, id);
      return this.render(tx, c, resource, [await this.writer.write(tx, resource, body, partial ? 'partial' : 'update', id, context)]);
    });
    if (result.etags[0]) c.header('ETag', result.etags[0]);
    return c.json(result.bodies[0]);
  }

  async bulkUpdate(c: Context, resource: Resource, partial: boolean, context: WriteContext) {
    const body = await readBody(c);
    requireIds(body);
    const result = await this.atomic(resource, async (tx) => {
      const wanted = body.map((item) => Number(item.id));
      // Rows are locked in id order, whatever the body's order, so overlapping bulk writes queue instead of deadlocking.
      const existing = new Set((await lockRows(tx, resource, storedIds(wanted))).map((r) => r.id));
      // Ids that do not exist are skipped, as NetBox's queryset filter does.
      const items = body.filter((_, i) => existing.has(wanted[i]));
      const ids = await this.writeMany(tx, resource, items, partial ? 'partial' : 'update', items.map((item) => Number(item.id)), context);
      return this.render(tx, c, resource, ids);
    });
    return c.json(result.bodies);
  }

  async destroy(c: Context, resource: Resource) {
    const id = parseId(c.req.param('id'), resource);
    await this.atomic(resource, async (tx) => {
      await this.lockAndCheckIfMatch(tx, c, resource, id);
      await removeObjects(tx, this.registry, resource, [id]);
    });
    return c.body(null, 204);
  }

  async bulkDestroy(c: Context, resource: Resource) {
    const body = await readBody(c);
    requireIds(body);
    await this.atomic(resource, async (tx) => {
      const rows = await lockRows(tx, resource, storedIds(body.map((item) => Number(item.id))));
      await removeObjects(tx, this.registry, resource, rows.map((r) => r.id));
    });
    return c.body(null, 204);
  }
}

