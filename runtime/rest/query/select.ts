/**
 * @module
 * Builds the SELECT list for a resource: stored columns, related objects as JSON built in
 * PostgreSQL (one round trip per page, however many relations), and counts as subqueries.
 */
import type { Field, Resource } from '../model.ts';
import type { Registry } from '../registry.ts';
import { displayNeeds } from '../display.ts';

export const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** SQL rendering of timestamps in NetBox's format (UTC, microseconds, Z). */
export const isoTimestamp = (expr: string) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** Python's isoformat, used in ETags: `W/"2026-05-01T17:42:11.123456+00:00"`. */
export const etagTimestamp = (expr: string) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"')`;

export class Aliases {
  private n = 0;
  next(): string {
    return `a${++this.n}`;
  }
}

export class SelectBuilder {
  constructor(private readonly registry: Registry) {}

  /** Names of the fields to read for `shown`, plus what `display` needs. */
  needed(resource: Resource, shown: readonly string[]): Field[] {
    const names = new Set(['id', ...shown, ...(shown.includes('display') ? displayNeeds(resource) : [])]);
    // A generic relation is rendered with the resource its type names.
    for (const f of resource.fields) if (f.kind === 'generic_fk' && names.has(f.name)) names.add(f.generic!.typeField);
    // Hidden fields (read-only and write-only) may feed `display` (a v1 token's masked plaintext).
    return resource.fields.filter((f) => names.has(f.name) && !(f.writeOnly && !f.readOnly));
  }

  /** Select lists already built, by resource, alias and shown fields: the hot path builds each once. */
  private readonly built = new Map<string, string[]>();

  /** `expr AS "name"` items for the top-level row of `resource` under `alias`. */
  columns(resource: Resource, shown: readonly string[], alias: string): string[] {
    const key = `${resource.key}|${alias}|${shown.join(',')}`;
    let columns = this.built.get(key);
    if (!columns) {
      columns = this.build(resource, shown, alias);
      // `?fields=` makes the key space open-ended; keep the cache bounded.
      if (this.built.size > 1000) this.built.clear();
      this.built.set(key, columns);
    }
    return columns;
  }

  private build(resource: Resource, shown: readonly string[], alias: string): string[] {
    const aliases = new Aliases();
    const out = this.needed(resource, shown)
      .map((f) => {
        const expr = this.expression(resource, f, alias, aliases, 1);
        return expr ? `${expr} AS ${q(f.name)}` : null;
      })
      .filter((x): x is string => x !== null);
    if (resource.changeLogged) out.push(`${etagTimestamp(`coalesce(${alias}.last_updated, ${alias}.created)`)} AS "__etag"`);
    return out;
  }

  /** The SQL expression of one field, or null when the value is computed in JavaScript. */
  expression(resource: Resource, field: Field, alias: string, aliases: Aliases, depth: number): string | null {
    switch (field.kind) {
      case 'url': case 'display_url': case 'display': return null;
      case 'datetime': return isoTimestamp(`${alias}.${q(field.column!)}`);
      case 'date': return `to_char(${alias}.${q(field.column!)}, 'YYYY-MM-DD')`;
      case 'fk': return this.nestedObject(field, alias, aliases, depth);
      case 'generic_fk': return depth >= 2 ? null : this.genericObject(resource, field, alias, aliases, depth);
      case 'm2m': case 'tags': return this.nestedList(resource, field, alias, aliases, depth);
      case 'count': return this.count(resource, field, alias, aliases);
      default: return field.column ? `${alias}.${q(field.column)}` : null;
    }
  }

  private nestedFields(target: Resource): Field[] {
    return this.needed(target, target.nested);
  }

  private jsonObject(target: Resource, alias: string, aliases: Aliases, depth: number): string {
    const parts: string[] = [];
    for (const f of this.nestedFields(target)) {
      // Relations nested two levels deep are shown by id only, as NetBox's brief serializers do.
      const expr = depth >= 2 && (f.kind === 'fk' || f.kind === 'm2m' || f.kind === 'tags') ? null : this.expression(target, f, alias, aliases, depth + 1);
      if (expr) parts.push(`'${f.name}', ${expr}`);
    }
    return `json_build_object(${parts.join(', ')})`;
  }

  private nestedObject(field: Field, alias: string, aliases: Aliases, depth: number): string {
    const target = this.registry.get(field.target!).resource;
    const n = aliases.next();
    return `(SELECT ${this.jsonObject(target, n, aliases, depth)} FROM ${q(target.table)} ${n} WHERE ${n}.id = ${alias}.${q(field.column!)})`;
  }

  /** One branch per target type: the object the `(type, id)` pair names, as JSON. */
  private genericObject(resource: Resource, field: Field, alias: string, aliases: Aliases, depth: number): string {
    const column = (name: string) => `${alias}.${q(resource.fields.find((f) => f.name === name)!.column!)}`;
    const branches = field.generic!.targets.map((key) => {
      const target = this.registry.get(key).resource;
      const n = aliases.next();
      return `WHEN '${target.objectType}' THEN (SELECT ${this.jsonObject(target, n, aliases, depth)} FROM ${q(target.table)} ${n} WHERE ${n}.id = ${column(field.generic!.idField)})`;
    });
    return `CASE ${column(field.generic!.typeField)} ${branches.join(' ')} END`;
  }

  private orderBy(target: Resource, alias: string): string {
    const parts = target.ordering.map((o) => {
      const desc = o.startsWith('-');
      const f = target.fields.find((x) => x.name === o.replace(/^-/, ''));
      return f?.column ? `${alias}.${q(f.column)}${desc ? ' DESC' : ''}` : null;
    });
    return [...parts.filter(Boolean), `${alias}.id`].join(', ');
  }

  private nestedList(resource: Resource, field: Field, alias: string, aliases: Aliases, depth: number): string {
    const target = this.registry.get(field.target!).resource;
    const n = aliases.next();
    const l = aliases.next();
    const link = field.link!;
    const where = field.kind === 'tags'
      ? `${l}.object_type = '${resource.objectType}' AND ${l}.${q(link.source)} = ${alias}.id`
      : `${l}.${q(link.source)} = ${alias}.id`;
    return `(SELECT coalesce(json_agg(${this.jsonObject(target, n, aliases, depth)} ORDER BY ${this.orderBy(target, n)}), '[]'::json) FROM ${q(target.table)} ${n} JOIN ${q(link.table)} ${l} ON ${l}.${q(link.target)} = ${n}.id WHERE ${where})`;
  }

  private count(resource: Resource, field: Field, alias: string, aliases: Aliases): string {
    const spec = field.count!;
    if (!spec.target && spec.via === 'tags') {
      const { table, tagId } = this.registry.tagLink;
      return `(SELECT count(*) FROM ${q(table)} ti WHERE ti.${q(tagId)} = ${alias}.id)::int`;
    }
    const target = this.registry.get(spec.target).resource;
    const via = target.fields.find((f) => f.name === spec.via)!;
    const c = aliases.next();
    if (via.kind === 'm2m') return `(SELECT count(*) FROM ${q(via.link!.table)} ${c} WHERE ${c}.${q(via.link!.target)} = ${alias}.id)::int`;
    if (spec.cumulative && resource.tree) {
      const d = aliases.next();
      return `(SELECT count(*) FROM ${q(target.table)} ${c} JOIN ${q(resource.table)} ${d} ON ${d}.id = ${c}.${q(via.column!)} WHERE ${alias}.id = ANY(${d}.tree_path))::int`;
    }
    return `(SELECT count(*) FROM ${q(target.table)} ${c} WHERE ${c}.${q(via.column!)} = ${alias}.id)::int`;
  }
}
