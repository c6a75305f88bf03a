/**
 * @module
 * The path compiler: a Django-style field path (`site__region__slug`, `tags__slug`, `interfaces__name`)
 * plus a lookup becomes one SQL condition on the row being filtered. Each relation hop is an
 * `IN (SELECT …)` subquery, so to-one and to-many hops compose the same way and a negation is
 * Django's exclude(): rows whose relations match are left out, rows with nulls kept. Filters,
 * `q` search, permission constraints and writable nested lookups (`{"site": {"name": "DC6"}}`)
 * all go through here. Segments are read as Django's get_field reads them: `pk` is the id, and a
 * foreign key also answers to its column's attname (`site_id`, `region_id`), which NetBox's
 * stored constraints use (`{"site_id__in": [5]}`).
 */
import type { Field, Resource } from '../../contract/index.ts';
import { fieldKind, type Op, type WhereOptions } from '../../kinds/index.ts';
import type { Registry } from '../registry.ts';
import type { Params } from './params.ts';
import { q, type SelectBuilder } from './select.ts';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const likePatterns: Partial<Record<Op, (v: string) => string>> = {
  contains: (v) => `%${escapeLike(v)}%`,
  icontains: (v) => `%${escapeLike(v)}%`,
  startswith: (v) => `${escapeLike(v)}%`,
  istartswith: (v) => `${escapeLike(v)}%`,
  endswith: (v) => `%${escapeLike(v)}`,
  iendswith: (v) => `%${escapeLike(v)}`,
};
const comparisons: Partial<Record<Op, string>> = { lt: '<', lte: '<=', gt: '>', gte: '>=', net_contained: '<<', net_contained_or_equal: '<<=', net_contains: '>>', net_contains_or_equals: '>>=' };
/** The relation capabilities of a field's kind (undefined: not a relation). */
const relationOf = (field: Field) => fieldKind(field.kind).relation;

export class PathError extends Error {
  constructor(
    message: string,
    /** The path segment that failed, when one did. */
    readonly segment?: string,
  ) {
    super(message);
  }
}

export class PathCompiler {
  constructor(
    private readonly registry: Registry,
    private readonly params: Params,
    private readonly sql: SelectBuilder,
  ) {}

  /**
   * The name of the field a path segment names, as Django's get_field finds it: `pk` is `id`, and
   * `<fk>_id` (a foreign key's attname) is the foreign key, unless a field has that very name.
   */
  private canonical(resource: Resource, segment: string): string {
    if (segment === 'pk') return 'id';
    if (!segment.endsWith('_id') || this.registry.field(resource, segment)) return segment;
    const fk = this.registry.field(resource, segment.slice(0, -3));
    return fk && fieldKind(fk.kind).djangoForeignKey ? fk.name : segment;
  }

  /** The field at the end of `path` (null for `id`) and the resource holding it; throws PathError. */
  fieldAt(resource: Resource, path: string): { resource: Resource; field: Field | null } {
    let current = resource;
    const segments = path.split('__');
    for (const [i, written] of segments.entries()) {
      const segment = this.canonical(current, written);
      if (segment === 'id' && i === segments.length - 1) return { resource: current, field: null };
      const field = this.registry.field(current, segment);
      if (!field) throw new PathError(`${current.key} has no field ${written}`, written);
      if (i === segments.length - 1) return { resource: current, field };
      if (!relationOf(field)?.hop) throw new PathError(`${current.key}.${segment} is not a relation`, segments[i + 1]);
      current = this.registry.resource(field.target!);
    }
    throw new PathError('empty path');
  }

  /** `path <op> values` on the row `alias` of `resource`. */
  where(resource: Resource, alias: string, path: string, op: Op, values: unknown[], options: WhereOptions = {}): string {
    const condition = this.compile(resource, alias, path.split('__'), op, values, options);
    return options.negate ? `NOT coalesce(${condition}, false)` : condition;
  }

  private compile(resource: Resource, alias: string, segments: string[], op: Op, values: unknown[], options: WhereOptions): string {
    const [written, ...rest] = segments;
    const segment = this.canonical(resource, written);
    if (segment === 'id' && !rest.length) return this.scalar(`${alias}.id`, op, values, { cast: 'integer', ...options, negate: false });
    const field = this.registry.field(resource, segment);
    if (!field) throw new PathError(`${resource.key} has no field ${written}`, written);
    if (!rest.length) return this.leaf(resource, alias, field, op, values, options);
    if (!relationOf(field)?.hop) throw new PathError(`${resource.key}.${segment} is not a relation`);
    const target = this.registry.resource(field.target!);
    const n = this.sql.alias();
    const inner = this.compile(target, n, rest, op, values, options);
    return this.hop(resource, alias, field, target, n, inner);
  }

  /** The rows of `resource` whose `field` reaches a `target` row `n` satisfying `inner` (the field's kind knows how). */
  private hop(resource: Resource, alias: string, field: Field, target: Resource, n: string, inner: string): string {
    return relationOf(field)!.hop!(field, resource, alias, target, n, inner, this.sql);
  }

  /** A condition on a field of the row itself; relation fields compare the ids they point at. */
  private leaf(resource: Resource, alias: string, field: Field, op: Op, values: unknown[], options: WhereOptions): string {
    const relation = relationOf(field);
    if (relation?.foreignKeyColumn) {
      const column = this.sql.value(resource, field, alias);
      if (op === 'tree') return `${column} IN (${this.subtree(this.registry.resource(field.target!), values, options.attribute)})`;
      return this.scalar(column, op, values, { cast: 'integer', ...options });
    }
    if (relation?.many && relation.hop) {
      const target = this.registry.resource(field.target!);
      const n = this.sql.alias();
      if (op === 'isnull') {
        // A reverse hop's list may hold NULLs (sites without a region): `IN` is then unknown, not
        // false, for rows without related rows, and NOT would not turn it true.
        const any = this.hop(resource, alias, field, target, n, 'true');
        return values[0] ? `NOT coalesce(${any}, false)` : any;
      }
      const inner = op === 'tree' ? `${n}.id IN (${this.subtree(target, values, options.attribute)})` : this.scalar(`${n}.id`, op, values, { cast: 'integer' });
      return this.hop(resource, alias, field, target, n, inner);
    }
    return this.scalar(this.sql.value(resource, field, alias), op, values, options);
  }

  /** Ids of the nodes named by `values` (ids, or `attribute` values) and of all their descendants. */
  private subtree(tree: Resource, values: unknown[], attribute?: string): string {
    const d = this.sql.alias();
    if (!attribute || attribute === 'id') return `SELECT ${d}.id FROM ${q(tree.table)} ${d} WHERE ${d}.tree_path && ${this.params.add(values.map(String))}::int[]`;
    const a = this.sql.alias();
    const column = this.sql.column(tree.key, attribute, a);
    return `SELECT ${d}.id FROM ${q(tree.table)} ${d} WHERE ${d}.tree_path && ARRAY(SELECT ${a}.id FROM ${q(tree.table)} ${a} WHERE ${column}::text = ANY(${this.params.add(values.map(String))}::text[]))`;
  }

  /** `column <op> values` for a stored (or computed) value. Several values of a non-list op are OR'd. */
  private scalar(column: string, op: Op, values: unknown[], options: WhereOptions): string {
    const cast = options.cast ?? 'text';
    const sqlCast = cast === 'integer' ? 'bigint' : cast;
    const lhs = cast === 'text' ? `${column}::text` : column;
    const any = (parts: string[]) => (parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`);
    switch (op) {
      case 'in':
        return `${lhs} = ANY(${this.params.add(values.map((v) => (typeof v === 'boolean' ? v : String(v))))}::${sqlCast}[])`;
      case 'exact':
        return any(values.map((v) => `${lhs} = ${this.params.add(typeof v === 'boolean' ? v : String(v))}::${sqlCast}`));
      case 'iexact':
        return any(values.map((v) => `upper(${column}::text) = upper(${this.params.add(String(v))})`));
      case 'regex':
        return any(values.map((v) => `${column}::text ~ ${this.params.add(String(v))}`));
      case 'iregex':
        return any(values.map((v) => `${column}::text ~* ${this.params.add(String(v))}`));
      case 'isnull':
        return values[0] ? `${column} IS NULL` : `${column} IS NOT NULL`;
      case 'empty':
        return cast === 'text' ? `(${column} IS NULL OR ${column}::text = '')` : `${column} IS NULL`;
      case 'net_host':
        return any(values.map((v) => `host(${column}) = host(${this.params.add(String(v))}::inet)`));
      default: {
        const like = likePatterns[op];
        if (like) {
          const operator = op.startsWith('i') ? 'ILIKE' : 'LIKE';
          return any(values.map((v) => `${column}::text ${operator} ${this.params.add(like(String(v)))}`));
        }
        const comparison = comparisons[op];
        if (comparison) return any(values.map((v) => `${column} ${comparison} ${this.params.add(String(v))}::${sqlCast}`));
        throw new PathError(`unsupported lookup ${op}`);
      }
    }
  }
}
