/**
 * @module
 * Resolves writable related objects (NetBox's WritableNestedSerializer): a primary key, or a
 * dict of attributes (nested dicts follow relations), with NetBox's error messages.
 */
import type { Queryable } from '../../db/index.ts';
import type { Resource } from '../model.ts';
import { Params } from '../query/params.ts';
import { q } from '../query/select.ts';
import type { Registry } from '../registry.ts';
import { containsNul, INT4, type RelationRef } from '../validation/index.ts';

/** How deep `pythonRepr` prints; deeper values are elided (messages echo client input). */
const REPR_DEPTH = 4;

/** Python's repr of a dict, as NetBox prints it in messages: `{'name': 'DC6'}`. */
export function pythonRepr(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value !== 'object') return String(value);
  if (depth >= REPR_DEPTH) return Array.isArray(value) ? '[...]' : '{...}';
  if (Array.isArray(value)) return `[${value.map((v) => pythonRepr(v, depth + 1)).join(', ')}]`;
  return `{${Object.entries(value).map(([k, v]) => `${pythonRepr(k)}: ${pythonRepr(v, depth + 1)}`).join(', ')}}`;
}

/** Whether `id` can name a row at all (primary keys are PostgreSQL integers). */
const isStoredId = (id: number) => Number.isSafeInteger(id) && id >= INT4.min && id <= INT4.max;

export class RelationError extends Error {}

/** Builds `alias.col = $n AND …` for an attribute dict; nested dicts become joins by subquery. */
function attributeConditions(registry: Registry, target: Resource, attrs: Record<string, unknown>, alias: string, params: Params, depth = 0): string[] {
  const conditions: string[] = [];
  for (const [name, value] of Object.entries(attrs)) {
    const field = target.fields.find((f) => f.name === name);
    if (!field) throw new RelationError(`Related object not found using the provided attributes: ${pythonRepr(attrs)}`);
    if (field.kind === 'fk' && value && typeof value === 'object' && depth < 3) {
      const inner = registry.get(field.target!).resource;
      const n = `${alias}_${depth + 1}`;
      const sub = attributeConditions(registry, inner, value as Record<string, unknown>, n, params, depth + 1);
      conditions.push(`${alias}.${q(field.column!)} IN (SELECT ${n}.id FROM ${q(inner.table)} ${n} WHERE ${sub.join(' AND ') || 'true'})`);
    } else if (name === 'id' || field.column) {
      const column = name === 'id' ? 'id' : field.kind === 'fk' ? field.column! : field.column!;
      conditions.push(value === null ? `${alias}.${q(column)} IS NULL` : `${alias}.${q(column)}::text = ${params.add(String(value))}`);
    } else {
      throw new RelationError(`Related object not found using the provided attributes: ${pythonRepr(attrs)}`);
    }
  }
  return conditions;
}

/** Returns the id the reference points at, or throws RelationError with NetBox's message. */
export async function resolveRelation(db: Queryable, registry: Registry, target: Resource, ref: RelationRef): Promise<number> {
  if (typeof ref === 'number') {
    const rows = isStoredId(ref) ? await db.query(`SELECT id FROM ${q(target.table)} WHERE id = $1`, [ref]) : [];
    if (!rows.length) throw new RelationError(`Related object not found using the provided numeric ID: ${ref}`);
    return ref;
  }
  // PostgreSQL text cannot hold U+0000, so no object can match such a value.
  if (containsNul(ref)) throw new RelationError(`Related object not found using the provided attributes: ${pythonRepr(ref)}`);
  const params = new Params();
  const conditions = attributeConditions(registry, target, ref, 'r', params);
  const rows = await db.query<{ id: number }>(`SELECT r.id FROM ${q(target.table)} r WHERE ${conditions.join(' AND ') || 'true'} LIMIT 2`, params.values);
  if (!rows.length) throw new RelationError(`Related object not found using the provided attributes: ${pythonRepr(ref)}`);
  if (rows.length > 1) throw new RelationError(`Multiple objects match the provided attributes: ${pythonRepr(ref)}`);
  return Number(rows[0].id);
}

/** Resolves a list of references (m2m, tags); DRF reports the first missing primary key. */
export async function resolveRelationList(db: Queryable, registry: Registry, target: Resource, refs: RelationRef[]): Promise<number[]> {
  const ids: number[] = [];
  for (const ref of refs) {
    if (typeof ref === 'number') {
      const rows = isStoredId(ref) ? await db.query(`SELECT id FROM ${q(target.table)} WHERE id = $1`, [ref]) : [];
      if (!rows.length) throw new RelationError(`Invalid pk "${ref}" - object does not exist.`);
      ids.push(ref);
    } else {
      ids.push(await resolveRelation(db, registry, target, ref));
    }
  }
  return [...new Set(ids)];
}
