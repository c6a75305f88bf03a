/**
 * @module
 * Resolves the related objects a batch names (NetBox's WritableNestedSerializer): numeric ids with
 * one query per target, attribute dicts (`{"name": "R204", "site": {"name": "DC6"}}`, nested dicts
 * following relations) through the path compiler, one query per distinct dict. Messages are
 * NetBox's.
 */
import type { Resource } from '../../contract/index.ts';
import type { Queryable } from '../../db/index.ts';
import { containsNul, INT4, pythonRepr, type RelationRef, type Resolved } from '../../kinds/index.ts';
import { PathCompiler, PathError } from '../query/compiler.ts';
import { Params } from '../query/params.ts';
import { q, type SelectBuilder } from '../query/select.ts';
import type { Registry } from '../registry.ts';

/** Whether `id` can name a row at all (primary keys are PostgreSQL integers). */
const isStoredId = (id: number) => Number.isSafeInteger(id) && id >= INT4.min && id <= INT4.max;

/** `{"site": {"name": "DC6"}, "name": "R1"}` → `[["site__name", "DC6"], ["name", "R1"]]` (nested dicts a few levels deep). */
function flatten(attrs: Record<string, unknown>, prefix = '', depth = 0): [string, unknown][] | null {
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(attrs)) {
    const path = prefix ? `${prefix}__${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (depth >= 3) return null;
      const inner = flatten(value as Record<string, unknown>, path, depth + 1);
      if (!inner) return null;
      out.push(...inner);
    } else out.push([path, value]);
  }
  return out;
}

export type Resolution = (target: string, ref: RelationRef) => Resolved;

/** The condition limiting which rows of `resource` (as `alias`) the caller may find by attributes, or null. */
export type Visibility = (resource: Resource, alias: string, params: Params) => string | null;

export class ReferenceResolver {
  constructor(
    private readonly registry: Registry,
    private readonly select: SelectBuilder,
  ) {}

  /** Resolves every reference, by target resource key; returns the lookup `stage` uses. */
  async resolve(db: Queryable, references: Map<string, RelationRef[]>, visible: Visibility = () => null): Promise<Resolution> {
    const found = new Map<string, Set<number>>();
    const byDict = new Map<string, Resolved>();
    const key = (target: string, ref: Record<string, unknown>) => `${target}|${JSON.stringify(ref)}`;
    for (const [target, refs] of references) {
      const resource = this.registry.resource(target);
      const ids = [...new Set(refs.filter((r): r is number => typeof r === 'number' && isStoredId(r)))];
      if (ids.length) {
        const rows = await db.query<{ id: number }>(`SELECT id FROM ${q(resource.table)} WHERE id = ANY($1::int[])`, [ids]);
        found.set(target, new Set(rows.map((r) => Number(r.id))));
      }
      for (const ref of refs) {
        if (typeof ref === 'number' || byDict.has(key(target, ref))) continue;
        byDict.set(key(target, ref), await this.byAttributes(db, resource, ref, visible));
      }
    }
    return (target, ref) => {
      if (typeof ref !== 'number') return byDict.get(key(target, ref)) ?? { error: `Related object not found using the provided attributes: ${pythonRepr(ref)}` };
      return found.get(target)?.has(ref) ? { id: ref } : { error: `Related object not found using the provided numeric ID: ${ref}` };
    };
  }

  /**
   * The one object matching `attrs`. Like NetBox, a lookup by attributes finds only objects the
   * caller may view (an `{"id": N}` dict is taken as the id it names).
   */
  private async byAttributes(db: Queryable, resource: Resource, attrs: Record<string, unknown>, visible: Visibility): Promise<Resolved> {
    const notFound = { error: `Related object not found using the provided attributes: ${pythonRepr(attrs)}` };
    // PostgreSQL text cannot hold U+0000, so no object can match such a value.
    const pairs = containsNul(attrs) ? null : flatten(attrs);
    if (!pairs) return notFound;
    const params = new Params();
    const compiler = new PathCompiler(this.registry, params, this.select);
    let conditions: string[];
    try {
      conditions = pairs.map(([path, value]) =>
        value === null ? compiler.where(resource, 'r', path, 'isnull', [true]) : compiler.where(resource, 'r', path, 'exact', [Array.isArray(value) ? JSON.stringify(value) : value], { cast: 'text' }),
      );
    } catch (error) {
      if (error instanceof PathError) return notFound;
      throw error;
    }
    const byIdOnly = Object.keys(attrs).length === 1 && 'id' in attrs;
    const visibility = byIdOnly ? null : visible(resource, 'r', params);
    if (visibility) conditions.push(visibility);
    const rows = await db.query<{ id: number }>(`SELECT r.id FROM ${q(resource.table)} r WHERE ${conditions.join(' AND ') || 'true'} LIMIT 2`, params.values);
    if (!rows.length) return notFound;
    if (rows.length > 1) return { error: `Multiple objects match the provided attributes: ${pythonRepr(attrs)}` };
    return { id: Number(rows[0].id) };
  }
}
