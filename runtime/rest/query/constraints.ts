/**
 * @module
 * NetBox's permission constraints as SQL. A constraint is the JSON of a Django queryset filter —
 * `{"site__region__slug": "emea", "status__in": ["active", "planned"]}` — whose lookups are ANDed;
 * a list of them, and the constraints of several permissions, are ORed (NetBox's
 * `qs_filter_from_constraints`). `$user` stands for the caller's id. Paths go through the same
 * path compiler as filters, so every relation hop (fk, m2m, tags, trees, reverse generic
 * relations) works the same way. A constraint that names no field, uses an unknown lookup or a
 * value of the wrong type is a ConstraintError: refused when a permission is written, and
 * matching nothing when an older one is read, never a database error.
 */
import type { Field, Resource } from '../../contract/index.ts';
import { fieldKind, type Cast, type Op } from '../../kinds/index.ts';
import type { ConstraintSet } from '../context.ts';
import type { PathCompiler } from './compiler.ts';
import { PathError } from './compiler.ts';

/** The lookups a constraint may use (Django's, as NetBox's documentation lists them). */
export const CONSTRAINT_LOOKUPS = ['exact', 'iexact', 'in', 'contains', 'icontains', 'startswith', 'istartswith', 'endswith', 'iendswith', 'gt', 'gte', 'lt', 'lte', 'isnull', 'regex', 'iregex', 'range'] as const;
type Lookup = (typeof CONSTRAINT_LOOKUPS)[number];

/** NetBox's CONSTRAINT_TOKEN_USER. */
export const USER_TOKEN = '$user';

export class ConstraintError extends Error {}

export type { ConstraintSet };

/**
 * The constraint sets of permissions as NetBox stores them (null, `{}`, a dict, or a list of
 * dicts), ORed; null when one of them is empty, which leaves the objects unrestricted.
 */
export function constraintSets(stored: unknown[]): ConstraintSet[] | null {
  const sets: ConstraintSet[] = [];
  for (const constraints of stored) {
    const list = Array.isArray(constraints) ? constraints : [constraints];
    if (!list.length) return null;
    for (const set of list) {
      if (set === null || set === undefined || (typeof set === 'object' && !Array.isArray(set) && !Object.keys(set).length)) return null;
      sets.push(set as ConstraintSet);
    }
  }
  return sets;
}

/** The cast a leaf's values are compared with, from the field's kind (`id`, which ends on no field, is an integer). */
function castOf(field: Field | null): Cast {
  return field ? (fieldKind(field.kind).cast ?? 'text') : 'integer';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A value as the cast needs it, or an error naming it. */
function checkedValue(value: unknown, cast: Cast, key: string): string | boolean {
  if (value !== null && typeof value === 'object') throw new ConstraintError(`"${key}" takes a value, not ${JSON.stringify(value)}`);
  const text = String(value);
  const ok = (() => {
    switch (cast) {
      case 'integer': return typeof value === 'number' ? Number.isSafeInteger(value) : /^-?\d{1,15}$/.test(text);
      case 'numeric': return text.trim() !== '' && Number.isFinite(Number(text));
      case 'boolean': return typeof value === 'boolean';
      case 'date': return DATE.test(text) && !Number.isNaN(Date.parse(text));
      case 'timestamptz': return typeof value === 'string' && !Number.isNaN(Date.parse(text));
      default: return typeof value === 'string' || typeof value === 'number';
    }
  })();
  if (!ok) throw new ConstraintError(`"${key}": ${JSON.stringify(value)} is not a valid ${cast === 'timestamptz' ? 'date and time' : cast} value`);
  return cast === 'boolean' ? (value as boolean) : text;
}

/** `path__lookup` split in two (a path without a known lookup means exact). */
function splitKey(key: string): { path: string; lookup: Lookup } {
  const at = key.lastIndexOf('__');
  const last = at < 0 ? '' : key.slice(at + 2);
  if ((CONSTRAINT_LOOKUPS as readonly string[]).includes(last)) return { path: key.slice(0, at), lookup: last as Lookup };
  return { path: key, lookup: 'exact' };
}

export class ConstraintCompiler {
  constructor(
    private readonly compiler: PathCompiler,
    /** Object type names by id (an object type written as its id). */
    private readonly objectTypeById: (id: number) => string | undefined,
  ) {}

  /** The OR of `sets` on the row `alias` of `resource`; throws ConstraintError. */
  compile(resource: Resource, alias: string, sets: ConstraintSet[], userId: number): string {
    if (!sets.length) return 'false';
    const ors = sets.map((set) => {
      if (!set || typeof set !== 'object' || Array.isArray(set)) throw new ConstraintError(`a constraint is a dictionary of lookups, not ${JSON.stringify(set)}`);
      const ands = Object.entries(set).map(([key, value]) => this.lookup(resource, alias, key, this.withUser(value, userId)));
      return ands.length === 1 ? ands[0] : `(${ands.join(' AND ')})`;
    });
    return ors.length === 1 ? ors[0] : `(${ors.join(' OR ')})`;
  }

  /** The OR of `sets`, or `false` (nothing matches) when one of them cannot be compiled. */
  compileOrDeny(resource: Resource, alias: string, sets: ConstraintSet[], userId: number): string {
    try {
      return this.compile(resource, alias, sets, userId);
    } catch (error) {
      if (error instanceof ConstraintError) return 'false';
      throw error;
    }
  }

  /** Checks `sets` against `resource` as a permission is written; throws ConstraintError. */
  check(resource: Resource, sets: ConstraintSet[]): void {
    this.compile(resource, 't', sets, 0);
  }

  private withUser(value: unknown, userId: number): unknown {
    if (value === USER_TOKEN) return userId;
    if (Array.isArray(value)) return value.map((v) => (v === USER_TOKEN ? userId : v));
    return value;
  }

  private lookup(resource: Resource, alias: string, key: string, value: unknown): string {
    const { path, lookup } = splitKey(key);
    let field: Field | null;
    try {
      field = this.compiler.fieldAt(resource, path).field;
    } catch (error) {
      if (error instanceof PathError) throw new ConstraintError(`Cannot resolve keyword '${error.segment ?? path}' into field (${key}).`);
      throw error;
    }
    const cast = castOf(field);
    const values = (list: unknown) => (list as unknown[]).map((v) => this.objectTypeValue(field, checkedValue(v, cast, key)));
    const where = (op: Op, given: unknown[]) => this.where(resource, alias, path, op, given, cast);
    switch (lookup) {
      case 'isnull':
        if (typeof value !== 'boolean') throw new ConstraintError(`"${key}" takes true or false`);
        return where('isnull', [value]);
      case 'in':
        if (!Array.isArray(value)) throw new ConstraintError(`"${key}" takes a list`);
        return value.length ? where('in', values(value)) : 'false';
      case 'range': {
        if (!Array.isArray(value) || value.length !== 2) throw new ConstraintError(`"${key}" takes a list of two values`);
        const [low, high] = values(value);
        return `(${where('gte', [low])} AND ${where('lte', [high])})`;
      }
      case 'exact':
        // Django's `field=None` is `field IS NULL`.
        if (value === null) return where('isnull', [true]);
        return where('exact', values([value]));
      default:
        if (value === null || Array.isArray(value)) throw new ConstraintError(`"${key}" takes one value`);
        if ((lookup === 'regex' || lookup === 'iregex') && !validRegex(String(value))) throw new ConstraintError(`"${key}": ${JSON.stringify(value)} is not a valid regular expression`);
        return where(lookup, values([value]));
    }
  }

  private where(resource: Resource, alias: string, path: string, op: Op, values: unknown[], cast: Cast): string {
    try {
      return this.compiler.where(resource, alias, path, op, values, { cast });
    } catch (error) {
      if (error instanceof PathError) throw new ConstraintError(error.message);
      throw error;
    }
  }

  /** A generic relation's type may be written as an object type id, as NetBox stores a content type id. */
  private objectTypeValue(field: Field | null, value: string | boolean): string | boolean {
    if (field?.kind !== 'object_type' || typeof value !== 'string' || !/^\d+$/.test(value)) return value;
    return this.objectTypeById(Number(value)) ?? value;
  }
}

function validRegex(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
