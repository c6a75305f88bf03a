/**
 * @module
 * Object-level permissions, as NetBox's RestrictedQuerySet applies them: the constraints of the
 * caller's permissions for an action become one SQL condition on the rows of a resource. Lists and
 * details show only the rows `view` allows (others are 404, never 403); updates and deletes reach
 * only the rows `change`/`delete` allow; what a create or update writes must still satisfy its
 * action's constraints, or the request is refused with 403 and rolled back.
 */
import type { Resource } from '../contract/index.ts';
import type { Queryable } from '../db/index.ts';
import type { RequestContext } from './context.ts';
import { forbidden } from './errors.ts';
import type { ModelRules } from './extensions.ts';
import { PathCompiler } from './query/compiler.ts';
import { ConstraintCompiler, ConstraintError, constraintSets, type ConstraintSet } from './query/constraints.ts';
import { Params } from './query/params.ts';
import { q, type SelectBuilder } from './query/select.ts';
import type { Registry } from './registry.ts';

export class Restrictions {
  constructor(
    private readonly registry: Registry,
    private readonly select: SelectBuilder,
    private readonly rules: Record<string, ModelRules> = {},
  ) {}

  private compiler(params: Params): ConstraintCompiler {
    return new ConstraintCompiler(new PathCompiler(this.registry, params, this.select), (id) => this.registry.objectTypeById.get(id));
  }

  /** Why permission `constraints` cannot apply to objects of `objectType` (a missing field, a bad value), or null when they can. */
  constraintError(objectType: string, constraints: unknown): string | null {
    const resource = this.registry.byObjectType.get(objectType)?.resource;
    const sets = constraintSets([constraints]);
    if (!resource || sets === null) return null;
    try {
      this.compiler(new Params()).check(resource, sets);
      return null;
    } catch (error) {
      if (error instanceof ConstraintError) return error.message;
      throw error;
    }
  }

  /** The condition `action` puts on the row `alias` of `resource`, its values added to `params`; null when none. */
  condition(resource: Resource, alias: string, params: Params, ctx: RequestContext, action: string): string | null {
    const sets = ctx.scope.restriction(resource.objectType, action);
    // The rows the model lets this caller reach at all (ModelRules.reachable), for every action but creating.
    const reachable = action === 'add' ? null : (this.rules[resource.key]?.reachable?.(ctx) ?? null);
    if (sets === null && reachable === null) return null;
    const compiler = this.compiler(params);
    // A stored constraint that no longer compiles (a field renamed since) matches nothing: never a 500.
    const parts = [sets, reachable].filter((s) => s !== null).map((s) => this.select.fragment(() => compiler.compileOrDeny(resource, alias, s, ctx.scope.userId ?? 0)));
    return parts.length === 1 ? parts[0] : parts.map((p) => `(${p})`).join(' AND ');
  }

  /** The ids among `ids` that `action` may reach (all of them when unrestricted: no query). */
  async permitted(db: Queryable, resource: Resource, ids: readonly number[], ctx: RequestContext, action: string): Promise<Set<number>> {
    const params = new Params();
    const list = params.add([...ids]);
    const condition = this.condition(resource, 't', params, ctx, action);
    if (condition === null || !ids.length) return new Set(ids);
    const rows = await db.query<{ id: number }>(`SELECT t.id FROM ${q(resource.table)} t WHERE t.id = ANY(${list}::int[]) AND ${condition}`, params.values);
    return new Set(rows.map((r) => Number(r.id)));
  }

  /**
   * The ids among `ids` whose rows match Django-style lookups (`{"role__slug": "core"}`, ORed
   * when several), as a queryset `.filter(Q(...) | Q(...))` would: one query; none when a lookup
   * names no field or takes no such value (NetBox's FieldError, which matches nothing).
   */
  async matching(db: Queryable, resource: Resource, ids: readonly number[], sets: ConstraintSet[]): Promise<Set<number>> {
    if (!ids.length || !sets.length) return new Set();
    const params = new Params();
    const list = params.add([...ids]);
    const condition = this.select.fragment(() => this.compiler(params).compileOrDeny(resource, 't', sets, 0));
    if (condition === 'false') return new Set();
    const rows = await db.query<{ id: number }>(`SELECT t.id FROM ${q(resource.table)} t WHERE t.id = ANY(${list}::int[]) AND ${condition}`, params.values);
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Refuses with 403 unless every row of `ids`, as written, satisfies `action`'s constraints. */
  async requireWithin(db: Queryable, resource: Resource, ids: readonly number[], ctx: RequestContext, action: string): Promise<void> {
    const allowed = await this.permitted(db, resource, ids, ctx, action);
    if (ids.some((id) => !allowed.has(id))) throw forbidden();
  }
}
