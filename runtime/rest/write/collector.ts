/**
 * @module
 * Deletes collected by the application, as Django's Collector does: from the generated relation
 * graph, every row a delete reaches is found first — cascades followed to the end, SET_NULL
 * references noted, PROTECT dependents refused with 409 naming them — with generic relations,
 * many-to-many links and tag assignments of every removed row included. Then the plan runs with
 * one statement per table. PostgreSQL's foreign keys (NO ACTION) only guard against a gap here.
 */
import type { RelationEntry, Resource } from '../../contract/index.ts';
import type { Queryable } from '../../db/index.ts';
import { fieldKind } from '../../kinds/index.ts';
import { conflict } from '../errors.ts';
import { q, type SelectBuilder } from '../query/select.ts';
import type { Registry } from '../registry.ts';
import type { DeletePlan } from './deletePlan.ts';

export type { DeletePlan };

interface Found {
  resource: Resource;
  ids: Set<number>;
}

export class DeleteCollector {
  constructor(
    private readonly registry: Registry,
    private readonly select: SelectBuilder,
  ) {}

  /** Everything deleting `ids` of `resource` does; throws 409 when a PROTECT relation holds. */
  async collect(tx: Queryable, resource: Resource, ids: number[]): Promise<DeletePlan> {
    const found = new Map<string, Found>();
    const order: string[] = [];
    const clears = new Map<string, { resource: Resource; field: string; columns: string[]; ids: Set<number> }>();
    const protectedBy: { resource: Resource; ids: number[] }[] = [];
    const unlinks: DeletePlan['unlinks'] = [];
    let queue: { resource: Resource; ids: number[] }[] = [{ resource, ids }];
    while (queue.length) {
      const next: typeof queue = [];
      for (const { resource: r, ids: candidates } of queue) {
        const entry = found.get(r.key) ?? { resource: r, ids: new Set<number>() };
        if (!found.has(r.key)) {
          found.set(r.key, entry);
          order.push(r.key);
        }
        const fresh = candidates.filter((id) => !entry.ids.has(id));
        if (!fresh.length) continue;
        fresh.forEach((id) => entry.ids.add(id));
        this.ownLinks(r, fresh, unlinks);
        for (const relation of this.registry.get(r.key).referrers) {
          const holder = this.registry.resource(relation.resource);
          const rows = await this.referring(tx, relation, holder, r, fresh, unlinks);
          if (!rows.length) continue;
          if (relation.onDelete === 'cascade') next.push({ resource: holder, ids: rows });
          else if (relation.onDelete === 'protect') protectedBy.push({ resource: holder, ids: rows });
          else {
            const key = `${holder.key}.${relation.field}`;
            const clear = clears.get(key) ?? { resource: holder, field: relation.field, columns: this.columnsOf(relation, holder), ids: new Set<number>() };
            rows.forEach((id) => clear.ids.add(id));
            clears.set(key, clear);
          }
        }
      }
      queue = next;
    }
    await this.refuseProtected(tx, protectedBy, found);
    const deleted = (key: string, id: number) => found.get(key)?.ids.has(id) ?? false;
    return {
      deletes: this.deletionOrder(order.map((key) => found.get(key)!)),
      clears: [...clears.values()].map((c) => ({ resource: c.resource, field: c.field, columns: c.columns, ids: [...c.ids].filter((id) => !deleted(c.resource.key, id)) })).filter((c) => c.ids.length),
      unlinks,
    };
  }

  /**
   * Runs a plan: clears, then link and tag rows, then the rows of every table in one statement
   * (a DELETE per table as data-modifying CTEs). Foreign keys are checked at the end of a
   * statement, so tables that reference each other (a module and its bays, a device and its
   * virtual chassis) go together whatever the order.
   */
  async run(tx: Queryable, plan: DeletePlan): Promise<void> {
    for (const clear of plan.clears) {
      await tx.query(`UPDATE ${q(clear.resource.table)} SET ${clear.columns.map((c) => `${q(c)} = NULL`).join(', ')} WHERE id = ANY($1::int[])`, [clear.ids]);
    }
    for (const unlink of plan.unlinks) {
      if (unlink.objectType) await tx.query(`DELETE FROM ${q(unlink.table)} WHERE ${q(this.registry.tagLink.objectType)} = $1 AND ${q(unlink.column)} = ANY($2::int[])`, [unlink.objectType, unlink.ids]);
      else await tx.query(`DELETE FROM ${q(unlink.table)} WHERE ${q(unlink.column)} = ANY($1::int[])`, [unlink.ids]);
    }
    if (!plan.deletes.length) return;
    const statements = plan.deletes.map(({ resource }, i) => `DELETE FROM ${q(resource.table)} WHERE id = ANY($${i + 1}::int[])`);
    const last = statements.pop()!;
    const sql = statements.length ? `WITH ${statements.map((statement, i) => `d${i} AS (${statement})`).join(', ')} ${last}` : last;
    await tx.query(sql, plan.deletes.map(({ ids }) => ids));
  }

  /**
   * The rows' own many-to-many links and tag assignments go with them (a mirrored field's links
   * are its forward field's, removed through that field's relation).
   */
  private ownLinks(resource: Resource, ids: number[], unlinks: DeletePlan['unlinks']): void {
    for (const field of resource.fields) {
      const link = field.reverseOf ? null : fieldKind(field.kind).relation?.links?.(field, resource, this.registry.tagLink);
      if (link) unlinks.push({ table: link.table, column: link.source, ids, ...(link.holderType ? { objectType: link.holderType.value } : {}) });
    }
  }

  /** Ids of `holder` rows whose `relation` points at `ids` of `target` (link rows are noted for removal instead). */
  private async referring(tx: Queryable, relation: RelationEntry, holder: Resource, target: Resource, ids: number[], unlinks: DeletePlan['unlinks']): Promise<number[]> {
    const field = this.registry.field(holder, relation.field)!;
    const kind = fieldKind(field.kind).relation!;
    // Links to the deleted objects (of every holder type, for a shared table) go with them.
    const link = kind.links?.(field, holder, this.registry.tagLink);
    if (link) {
      unlinks.push({ table: link.table, column: link.target, ids });
      return [];
    }
    const held = kind.held!(field);
    const column = (name: string) => this.registry.field(holder, name)!.column!;
    // A generic reference points here only when its type is the deleted objects' type.
    const rows = held.type
      ? await tx.query<{ id: number }>(`SELECT id FROM ${q(holder.table)} WHERE ${q(column(held.type))} = $1 AND ${q(column(held.id))} = ANY($2::int[])`, [target.objectType, ids])
      : await tx.query<{ id: number }>(`SELECT id FROM ${q(holder.table)} WHERE ${q(column(held.id))} = ANY($1::int[])`, [ids]);
    return rows.map((r) => Number(r.id));
  }

  /** The columns a SET_NULL relation clears: the reference's (a generic one's type and id). */
  private columnsOf(relation: RelationEntry, holder: Resource): string[] {
    const field = this.registry.field(holder, relation.field)!;
    const held = fieldKind(field.kind).relation!.held!(field);
    return [held.type, held.id].filter((name) => name !== undefined).map((name) => this.registry.field(holder, name)!.column!);
  }

  /** A PROTECT relation from a row that is not itself deleted refuses the delete: NetBox's 409, naming the dependents. */
  private async refuseProtected(tx: Queryable, protectedBy: { resource: Resource; ids: number[] }[], found: Map<string, Found>): Promise<void> {
    const dependents: string[] = [];
    for (const { resource, ids } of protectedBy) {
      const blocking = ids.filter((id) => !found.get(resource.key)?.ids.has(id));
      if (!blocking.length) continue;
      const rows = await tx.query<{ id: number; display: string }>(`SELECT t.id, ${this.select.fragment(() => this.select.display(resource, 't'))} AS display FROM ${q(resource.table)} t WHERE t.id = ANY($1::int[]) ORDER BY t.id`, [blocking]);
      dependents.push(...rows.map((r) => `${r.display} (${r.id})`));
    }
    if (dependents.length) throw conflict(`Unable to delete object. ${dependents.length} dependent objects were found: ${dependents.join(', ')}`);
  }

  /** Tables ordered dependents first (the order NetBox's collector reports deletions in); cycles are cut anywhere. */
  private deletionOrder(found: Found[]): DeletePlan['deletes'] {
    const keys = new Set(found.map((f) => f.resource.key));
    const before = new Map<string, Set<string>>();
    for (const f of found) {
      for (const field of f.resource.fields) {
        if (fieldKind(field.kind).relation?.foreignKeyColumn && field.target && field.target !== f.resource.key && keys.has(field.target)) {
          (before.get(field.target) ?? before.set(field.target, new Set()).get(field.target)!).add(f.resource.key);
        }
      }
    }
    const ordered: DeletePlan['deletes'] = [];
    const done = new Set<string>();
    const visit = (key: string, path: Set<string>) => {
      if (done.has(key) || path.has(key)) return;
      path.add(key);
      for (const dependent of before.get(key) ?? []) visit(dependent, path);
      done.add(key);
      const f = found.find((x) => x.resource.key === key)!;
      ordered.push({ resource: f.resource, ids: [...f.ids].sort((a, b) => a - b) });
    };
    for (const f of found) visit(f.resource.key, new Set());
    return ordered;
  }
}
