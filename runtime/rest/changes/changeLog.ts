/**
 * @module
 * Change logging, as NetBox's ObjectChange: every create, update and delete of a change-logged
 * model — and every row a delete cascades to or nulls — is recorded in the transaction that makes
 * it, so a request that fails leaves no record. Each record holds the time, the caller, the
 * request id, the action, the object (type, id, `display`), the related object NetBox names (a
 * component's device), the request's `changelog_message` and the snapshots before and after
 * (runtime/rest/changes/snapshot.ts). Records are written set-based: one statement per batch of
 * writes, one per table a delete reaches.
 *
 * Event rules watch these records (Extensions.changeEvents): each record statement asks, in the
 * same statement, whether anyone watches its object type and action, and returns the ids of the
 * records written only then; those are handed to the watcher inside the transaction, so a write
 * that rolls back fires nothing, and a write nobody watches costs no statement more.
 */
import type { Resource } from '../../contract/index.ts';
import type { Queryable } from '../../db/index.ts';
import { fieldKind } from '../../kinds/index.ts';
import type { RequestContext } from '../context.ts';
import type { ChangeAction, ChangeEvents, RestServices } from '../extensions.ts';
import { literal, q, type SelectBuilder } from '../query/select.ts';
import type { Registry } from '../registry.ts';
import type { ChangeRecorder } from '../write/batch.ts';
import type { DeletePlan } from '../write/deletePlan.ts';
import { Snapshots } from './snapshot.ts';

/** The resource holding the records. */
export const OBJECT_CHANGES = 'core.object-changes';

/** NetBox's ObjectChange.message and object_repr lengths. */
const MESSAGE_LENGTH = 200;
const REPR_LENGTH = 200;

/** One object written by a batch: its id, its snapshot before (null when created) and its message. */
export interface WrittenObject {
  id: number;
  prechange: unknown;
  message: string | null;
}

export class ChangeLog {
  readonly snapshots: Snapshots;
  private readonly table: string;
  private readonly columns: string;
  /**
   * Each resource's record columns, built once: the display expression draws fresh table aliases
   * each time it is built, and a statement whose text changes is parsed and planned anew on every
   * run instead of reusing its prepared plan.
   */
  private readonly objectColumns = new Map<string, string>();

  /** Each (object type, action)'s watching condition, built once (a stable statement text). */
  private readonly watchingSql = new Map<string, string>();

  constructor(
    private readonly registry: Registry,
    private readonly select: SelectBuilder,
    private readonly events?: { hook: ChangeEvents; services: RestServices },
  ) {
    this.snapshots = new Snapshots(registry);
    const changes = registry.resource(OBJECT_CHANGES);
    const column = (name: string) => q(registry.field(changes, name)!.column!);
    this.table = q(changes.table);
    this.columns = ['time', 'user', 'user_name', 'request_id', 'action', 'changed_object_type', 'changed_object_id', 'related_object_type', 'related_object_id', 'object_repr', 'message', 'prechange_data', 'postchange_data']
      .map(column)
      .join(', ');
  }

  /** Whether writes of `resource` are recorded (`changeRecords`: recorded without the created/last_updated stamps). */
  records(resource: Resource): boolean {
    return Boolean(resource.changeLogged || resource.changeRecords) && resource.key !== OBJECT_CHANGES;
  }

  /**
   * Runs a record statement (an INSERT … SELECT); with a watcher, the statement also returns the
   * records it wrote whose object type and action are watched (`actions`: those it may write),
   * and the watcher is told of them.
   */
  private async insert(tx: Queryable, resource: Resource, statement: string, params: unknown[], actions: ChangeAction[], ctx: RequestContext): Promise<void> {
    if (!this.events) {
      await tx.query(statement, params);
      return;
    }
    const watched = (action: ChangeAction) => {
      const key = `${resource.objectType} ${action}`;
      let sql = this.watchingSql.get(key);
      if (sql === undefined) this.watchingSql.set(key, (sql = this.events!.hook.watching(this.registry, resource.objectType, action)));
      return sql;
    };
    const condition = actions.length === 1 ? watched(actions[0]) : `CASE c.action ${actions.map((a) => `WHEN ${literal(a)} THEN ${watched(a)}`).join(' ')} END`;
    const [id, objectId, action] = ['id', 'changed_object_id', 'action'].map((n) => q(this.registry.field(this.registry.resource(OBJECT_CHANGES), n)?.column ?? n));
    const rows = await tx.query<{ id: number; object_id: number; action: ChangeAction }>(
      `WITH c AS (${statement} RETURNING ${id} AS id, ${objectId} AS object_id, ${action} AS action) SELECT c.id, c.object_id, c.action FROM c WHERE ${condition} ORDER BY c.id`,
      params,
    );
    for (const act of actions) {
      const mine = rows.filter((r) => r.action === act);
      if (mine.length) await this.events.hook.recorded(tx, { resource, action: act, changeIds: mine.map((r) => Number(r.id)), objectIds: mine.map((r) => Number(r.object_id)) }, ctx, this.events.services);
    }
  }

  /** The caller and request id, parameters $1–$3 of every record statement. */
  private who(ctx: RequestContext): unknown[] {
    return [ctx.caller?.userId ?? null, ctx.caller?.username ?? '', ctx.requestId];
  }

  /** `related_object_type, related_object_id` of the row `alias`: the field the resource names (of several fks, the first set), or nulls. */
  private related(resource: Resource, alias: string): string {
    const names = [resource.changeRelated ?? []].flat();
    const fields = names.map((name) => this.registry.field(resource, name)).filter((f) => f !== undefined);
    if (!fields.length) return 'NULL, NULL';
    // The reference each row holds: a generic one names the type too, an fk's is its target's.
    const helds = fields.map((field) => fieldKind(field.kind).relation!.held!(field));
    const [type, id] = [helds[0].type, helds[0].id].map((n) => n && `${alias}.${q(this.registry.field(resource, n)!.column!)}`);
    if (type) return `${type}, ${id}`;
    const ids = helds.map((h) => `${alias}.${q(this.registry.field(resource, h.id)!.column!)}`);
    const types = fields.map((f, i) => `WHEN ${ids[i]} IS NOT NULL THEN ${literal(this.registry.resource(f.target!).objectType)}`);
    return `CASE ${types.join(' ')} END, ${ids.length > 1 ? `coalesce(${ids.join(', ')})` : ids[0]}`;
  }

  /** The columns from `changed_object_type` to `object_repr` for the row `t`. */
  private object(resource: Resource): string {
    let columns = this.objectColumns.get(resource.key);
    if (columns === undefined) {
      columns = `${literal(resource.objectType)}, t.id, ${this.related(resource, 't')}, left(${this.select.display(resource, 't')}, ${REPR_LENGTH})`;
      this.objectColumns.set(resource.key, columns);
    }
    return columns;
  }

  /**
   * Records a batch just written: a create for objects without a prechange snapshot, an update
   * for the others unless nothing but `last_updated` changed (NetBox skips records without changes).
   */
  async recordWrites(tx: Queryable, resource: Resource, written: WrittenObject[], ctx: RequestContext): Promise<void> {
    if (!written.length || !this.records(resource)) return;
    // Rows are found by id (an index scan whatever the table's statistics); what each brings is
    // looked up by id in the JSON parameter, parsed once: as a sub-SELECT it is an InitPlan, where
    // a plain cast would be parsed again for every row under a generic plan (quadratic in the
    // batch). OFFSET 0 keeps the snapshot a subquery of its own: inlined, PostgreSQL would build
    // it twice, for the no-change test and for the column.
    const by = JSON.stringify(Object.fromEntries(written.map((w, n) => [w.id, { n, pre: w.prechange ?? null, msg: w.message }])));
    await this.insert(
      tx,
      resource,
      `INSERT INTO ${this.table} (${this.columns})
       SELECT now(), $1::int, $2, $3, CASE WHEN c.pre IS NULL THEN 'create' ELSE 'update' END, ${this.object(resource)}, left(coalesce(c.msg, ''), ${MESSAGE_LENGTH}), c.pre, s.post
       FROM ${q(resource.table)} t
       CROSS JOIN LATERAL (SELECT nullif(w -> 'pre', 'null'::jsonb) AS pre, w ->> 'msg' AS msg, (w ->> 'n')::int AS n FROM (SELECT (SELECT $5::text::jsonb) -> t.id::text AS w OFFSET 0) x) c
       CROSS JOIN LATERAL (SELECT ${this.snapshots.sql(resource, 't')} AS post OFFSET 0) s
       WHERE t.id = ANY($4::int[]) AND (c.pre IS NULL OR (c.pre - 'last_updated') IS DISTINCT FROM (s.post - 'last_updated'))
       ORDER BY c.n`,
      [...this.who(ctx), written.map((w) => w.id), by],
      written.some((w) => w.prechange === null || w.prechange === undefined) ? ['create', 'update'] : ['update'],
      ctx,
    );
  }

  /**
   * Records rows a model rule just inserted, in id order: the create path of recordWrites without
   * what a create does not need (the per-row parameter, the no-change test). The rows are ordered
   * before their snapshots are built, so that only ids and rows are sorted, not the snapshots
   * (tens of megabytes for a bulk device create's 48,000 interfaces).
   */
  private async recordCreates(tx: Queryable, resource: Resource, ids: number[], ctx: RequestContext, unlinked: boolean): Promise<void> {
    if (!ids.length || !this.records(resource)) return;
    await this.insert(
      tx,
      resource,
      `INSERT INTO ${this.table} (${this.columns})
       SELECT now(), $1::int, $2, $3, 'create', ${this.object(resource)}, '', NULL, ${this.snapshots.sql(resource, 't', unlinked)}
       FROM (SELECT t.* FROM ${q(resource.table)} t WHERE t.id = ANY($4::int[]) ORDER BY t.id OFFSET 0) t`,
      [...this.who(ctx), ids],
      ['create'],
      ctx,
    );
  }

  /** A recorder for model rules, writing with the request's caller and id. */
  recorder(tx: Queryable, ctx: RequestContext): ChangeRecorder {
    const resource = (key: string) => this.registry.resource(key);
    return {
      created: (key, ids, options) => this.recordCreates(tx, resource(key), ids, ctx, options?.unlinked ?? false),
      deleting: (key, ids) => this.recordRemovals(tx, resource(key), ids, ctx, {}),
      updating: async (key, ids, change) => {
        const before = this.records(resource(key)) && ids.length ? await this.snapshotsOf(tx, resource(key), ids) : new Map<number, unknown>();
        await change();
        await this.recordWrites(tx, resource(key), [...before].map(([id, prechange]) => ({ id, prechange, message: null })), ctx);
      },
    };
  }

  /** Snapshots of rows by id: one query. */
  private async snapshotsOf(tx: Queryable, resource: Resource, ids: number[]): Promise<Map<number, unknown>> {
    const rows = await tx.query<{ id: number; snapshot: unknown }>(`SELECT t.id, ${this.snapshots.sql(resource, 't')} AS snapshot FROM ${q(resource.table)} t WHERE t.id = ANY($1::int[])`, [ids]);
    return new Map(rows.map((r) => [Number(r.id), r.snapshot]));
  }

  /** Records the deletes of rows about to go, with `messages` by id. */
  private async recordRemovals(tx: Queryable, resource: Resource, ids: number[], ctx: RequestContext, messages: Record<string, string>): Promise<void> {
    if (!ids.length || !this.records(resource)) return;
    await this.insert(
      tx,
      resource,
      `INSERT INTO ${this.table} (${this.columns})
       SELECT now(), $1::int, $2, $3, 'delete', ${this.object(resource)}, left(coalesce((SELECT $5::text::jsonb) ->> t.id::text, ''), ${MESSAGE_LENGTH}), ${this.snapshots.sql(resource, 't')}, NULL
       FROM ${q(resource.table)} t WHERE t.id = ANY($4::int[]) ORDER BY t.id`,
      [...this.who(ctx), ids, JSON.stringify(messages)],
      ['delete'],
      ctx,
    );
  }

  /**
   * Records what a delete plan is about to do, before it runs (the rows must still be there): a
   * delete for every change-logged row it removes — with `messages` (by id) for the objects the
   * request named — and an update for every row whose reference it clears, its post-change
   * snapshot the prechange one with those fields null.
   */
  async recordDeletes(tx: Queryable, plan: DeletePlan, ctx: RequestContext, root: Resource, messages: Map<number, string>): Promise<void> {
    for (const { resource, ids } of plan.deletes) await this.recordRemovals(tx, resource, ids, ctx, resource.key === root.key ? Object.fromEntries(messages) : {});
    for (const [resource, fields] of this.clearsByResource(plan)) {
      if (!this.records(resource)) continue;
      const ids = [...new Set([...fields.values()].flat())];
      const nulled = [...fields.keys()].map((name, i) => `${literal(name)}, CASE WHEN t.id = ANY($${i + 5}::int[]) THEN NULL ELSE s.pre -> ${literal(name)} END`);
      await this.insert(
        tx,
        resource,
        `INSERT INTO ${this.table} (${this.columns})
         SELECT now(), $1::int, $2, $3, 'update', ${this.object(resource)}, '', s.pre, s.pre || jsonb_build_object(${nulled.join(', ')})
         FROM ${q(resource.table)} t CROSS JOIN LATERAL (SELECT ${this.snapshots.sql(resource, 't')} AS pre) s
         WHERE t.id = ANY($4::int[]) ORDER BY t.id`,
        [...this.who(ctx), ids, ...[...fields.values()]],
        ['update'],
        ctx,
      );
    }
  }

  /** The plan's cleared references per resource: snapshot key (a field name) → ids of the rows cleared. */
  private clearsByResource(plan: DeletePlan): Map<Resource, Map<string, number[]>> {
    const out = new Map<Resource, Map<string, number[]>>();
    for (const clear of plan.clears) {
      const field = this.registry.field(clear.resource, clear.field)!;
      const held = fieldKind(field.kind).relation!.held!(field);
      // Snapshot keys: a generic reference is recorded as its type and id.
      const names = [held.type, held.id].filter((name) => name !== undefined);
      const fields = out.get(clear.resource) ?? out.set(clear.resource, new Map()).get(clear.resource)!;
      for (const name of names) fields.set(name, [...(fields.get(name) ?? []), ...clear.ids]);
    }
    return out;
  }
}

/** Removes change records older than `days` (NetBox's CHANGELOG_RETENTION housekeeping); returns how many. */
export async function pruneChanges(db: Queryable, registry: Registry, days: number): Promise<number> {
  const changes = registry.resource(OBJECT_CHANGES);
  const time = q(registry.field(changes, 'time')!.column!);
  const [row] = await db.query<{ n: number }>(`WITH d AS (DELETE FROM ${q(changes.table)} WHERE ${time} < now() - make_interval(days => $1) RETURNING 1) SELECT count(*)::int AS n FROM d`, [days]);
  return Number(row.n);
}
