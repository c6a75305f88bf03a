/**
 * @module
 * NetBox filtering: each query parameter naming a known filter (with an optional lookup suffix)
 * becomes a SQL condition; repeated values are OR'd (tags are AND'd). Unknown parameters are
 * ignored. Bad values raise NetBox's 400 bodies. Related values given by slug or name are resolved
 * to ids first, so an unknown one is reported rather than silently matching nothing.
 */
import { asDatabaseError, SqlState, type Queryable } from '../../db/index.ts';
import { badRequest, ErrorCollector } from '../errors.ts';
import type { Field, Filter, Resource } from '../model.ts';
import type { Registry } from '../registry.ts';
import { NULL_CHARACTERS } from '../validation/index.ts';
import { Params } from './params.ts';
import { q } from './select.ts';

/** Query parameters that are not filters. */
export const RESERVED = new Set(['limit', 'offset', 'start', 'ordering', 'brief', 'fields', 'omit', 'format', 'q', 'exclude']);

const TRUE = new Set(['true', 'True', '1']);
const FALSE = new Set(['false', 'False', '0']);

const invalidChoice = (value: string) => `Select a valid choice. ${value} is not one of the available choices.`;
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface FilterPlan {
  conditions: string[];
  params: Params;
}

interface Context {
  db: Queryable;
  registry: Registry;
  resource: Resource;
  alias: string;
  params: Params;
  errors: ErrorCollector;
}

/** Splits `name__lookup` against the resource's filters. */
function match(resource: Resource, key: string): { filter: Filter; lookup: string } | null {
  const exact = resource.filters.find((f) => f.name === key);
  if (exact) return { filter: exact, lookup: 'exact' };
  const i = key.lastIndexOf('__');
  if (i < 0) return null;
  const filter = resource.filters.find((f) => f.name === key.slice(0, i));
  const lookup = key.slice(i + 2);
  return filter && filter.lookups.includes(lookup) ? { filter, lookup } : null;
}

export async function buildFilters(db: Queryable, registry: Registry, resource: Resource, query: URLSearchParams, alias: string, params = new Params()): Promise<FilterPlan> {
  const ctx: Context = { db, registry, resource, alias, params, errors: new ErrorCollector() };
  const conditions: string[] = [];
  const keys = [...new Set(query.keys())];
  for (const key of keys) {
    if (RESERVED.has(key)) continue;
    const matched = match(resource, key);
    if (!matched) continue;
    const values = query.getAll(key).filter((v) => v !== '');
    if (!values.length) continue;
    // PostgreSQL text cannot hold U+0000 (django-filter's fields refuse it the same way).
    if (values.some((v) => v.includes('\u0000'))) {
      ctx.errors.add(key, NULL_CHARACTERS);
      continue;
    }
    if ((matched.lookup === 'regex' || matched.lookup === 'iregex') && !(await validRegexes(db, values))) {
      ctx.errors.add(key, 'Enter a valid regular expression.');
      continue;
    }
    const condition = await filterCondition(ctx, key, matched.filter, matched.lookup, values);
    if (condition) conditions.push(condition);
  }
  const search = query.get('q')?.trim();
  if (search?.includes('\u0000')) ctx.errors.add('q', NULL_CHARACTERS);
  else if (search && resource.search.length) {
    const p = params.add(`%${escapeLike(search)}%`);
    const columns = resource.search.map((name) => resource.fields.find((f) => f.name === name)).filter((f): f is Field => !!f?.column);
    conditions.push(`(${columns.map((f) => `${alias}.${q(f.column!)}::text ILIKE ${p}`).join(' OR ')})`);
  }
  if (!ctx.errors.empty) throw badRequest(ctx.errors.errors);
  return { conditions, params };
}

/** Whether PostgreSQL accepts every pattern (its regular expressions are not JavaScript's, so it is asked). */
async function validRegexes(db: Queryable, patterns: string[]): Promise<boolean> {
  try {
    await db.query(`SELECT '' ~ ANY($1::text[])`, [patterns]);
    return true;
  } catch (error) {
    if (asDatabaseError(error)?.code === SqlState.invalidRegularExpression) return false;
    throw error;
  }
}

function fieldOf(ctx: Context, filter: Filter): Field {
  return ctx.resource.fields.find((f) => f.name === filter.field)!;
}

async function filterCondition(ctx: Context, key: string, filter: Filter, lookup: string, values: string[]): Promise<string | null> {
  const field = fieldOf(ctx, filter);
  const column = field.column ? `${ctx.alias}.${q(field.column)}` : `${ctx.alias}.id`;
  if (lookup === 'empty') return emptyCondition(ctx, key, field, column, values[0]);
  switch (filter.kind) {
    case 'id': case 'number': return numberCondition(ctx, key, column, lookup, values, field.kind === 'decimal');
    case 'datetime': return dateCondition(ctx, key, column, lookup, values, field.kind === 'date');
    case 'boolean': return booleanCondition(ctx, key, column, values);
    case 'string': return stringCondition(ctx, column, lookup, values);
    case 'choice': {
      const allowed = (ctx.registry.choiceValues.get(filter.choiceSet!) ?? []).map(String);
      if (lookup === 'exact' || lookup === 'n') {
        const bad = values.find((v) => !allowed.includes(v));
        if (bad !== undefined) return void ctx.errors.add(key, invalidChoice(bad)), null;
      }
      return stringCondition(ctx, `${column}::text`, lookup, values);
    }
    case 'fk_id': case 'fk_attr': case 'tree_id': case 'tree_attr': return relationCondition(ctx, key, filter, field, column, lookup, values);
    case 'm2m_id': case 'm2m_attr': return m2mCondition(ctx, key, filter, field, lookup, values);
    case 'tag': return tagCondition(ctx, key, filter, lookup, values);
    default: return null;
  }
}

function emptyCondition(ctx: Context, key: string, field: Field, column: string, value: string): string | null {
  if (!TRUE.has(value) && !FALSE.has(value)) return void ctx.errors.add(key, invalidChoice(value)), null;
  const textual = ['string', 'slug', 'email', 'color', 'text', 'choice', 'timezone'].includes(field.kind);
  const isEmpty = textual ? `(${column} IS NULL OR ${column}::text = '')` : `${column} IS NULL`;
  return TRUE.has(value) ? isEmpty : `NOT ${isEmpty}`;
}

const comparators: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

const INTEGER = /^\s*[-+]?\d+\s*$/;
const DECIMAL = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d{1,4})?\s*$/;

/** Numbers are compared as PostgreSQL numerics from their text, so no value is too large or loses digits. */
function numberCondition(ctx: Context, key: string, column: string, lookup: string, values: string[], decimal: boolean): string | null {
  if (values.some((v) => !(decimal ? DECIMAL : INTEGER).test(v))) return void ctx.errors.add(key, 'Enter a number.'), null;
  const numbers = values.map((v) => v.trim());
  if (comparators[lookup]) return `(${numbers.map((n) => `${column} ${comparators[lookup]} ${ctx.params.add(n)}::numeric`).join(' OR ')})`;
  const list = ctx.params.add(numbers);
  return lookup === 'n' ? `NOT (${column} = ANY(${list}::numeric[]))` : `${column} = ANY(${list}::numeric[])`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

/** Django's date and date/time form fields: ISO forms only, years 1–9999, real days and times. */
export function validDate(value: string, dateOnly: boolean): boolean {
  const m = (dateOnly ? DATE : DATETIME).exec(value.trim());
  if (!m) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = m.slice(1).map((part) => Number(part ?? 0));
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days && hour < 24 && minute < 60 && second < 60 && offsetHours < 15 && offsetMinutes < 60;
}

function dateCondition(ctx: Context, key: string, column: string, lookup: string, values: string[], dateOnly: boolean): string | null {
  if (values.some((v) => !validDate(v, dateOnly))) return void ctx.errors.add(key, dateOnly ? 'Enter a valid date.' : 'Enter a valid date/time.'), null;
  const op = comparators[lookup] ?? (lookup === 'n' ? '<>' : '=');
  const joined = values.map((v) => `${column} ${op} ${ctx.params.add(v.trim())}::${dateOnly ? 'date' : 'timestamptz'}`);
  return `(${joined.join(lookup === 'n' ? ' AND ' : ' OR ')})`;
}

function booleanCondition(ctx: Context, key: string, column: string, values: string[]): string | null {
  const v = values[0];
  if (!TRUE.has(v) && !FALSE.has(v)) return void ctx.errors.add(key, invalidChoice(v)), null;
  return `${column} = ${TRUE.has(v) ? 'true' : 'false'}`;
}

function stringCondition(ctx: Context, column: string, lookup: string, values: string[]): string {
  const negate = lookup.startsWith('n') && lookup !== 'n' ? true : lookup === 'n';
  const base = lookup === 'n' ? 'exact' : negate ? lookup.slice(1) : lookup;
  const one = (v: string): string => {
    switch (base) {
      case 'ic': return `${column} ILIKE ${ctx.params.add(`%${escapeLike(v)}%`)}`;
      case 'isw': return `${column} ILIKE ${ctx.params.add(`${escapeLike(v)}%`)}`;
      case 'iew': return `${column} ILIKE ${ctx.params.add(`%${escapeLike(v)}`)}`;
      case 'ie': return `lower(${column}) = lower(${ctx.params.add(v)})`;
      case 'regex': return `${column} ~ ${ctx.params.add(v)}`;
      case 'iregex': return `${column} ~* ${ctx.params.add(v)}`;
      default: return `${column} = ${ctx.params.add(v)}`;
    }
  };
  const any = `(${values.map(one).join(' OR ')})`;
  return negate ? `NOT coalesce(${any}, false)` : any;
}

/** Resolves relation filter values (ids, slugs or names) to ids, reporting unknown ones. */
async function resolveIds(ctx: Context, key: string, target: Resource, attribute: string, values: string[]): Promise<number[] | null> {
  if (attribute === 'id' && values.some((v) => !/^\d+$/.test(v))) return void ctx.errors.add(key, invalidChoice(values.find((v) => !/^\d+$/.test(v))!)), null;
  const column = attribute === 'id' ? 'id' : target.fields.find((f) => f.name === attribute)?.column ?? attribute;
  const wanted = attribute === 'id' ? values.map(Number) : values;
  const rows = await ctx.db.query<{ id: number; v: string }>(`SELECT id, ${q(column)}::text AS v FROM ${q(target.table)} WHERE ${q(column)}::text = ANY($1::text[])`, [wanted.map(String)]);
  const found = new Set(rows.map((r) => r.v));
  const missing = values.find((v) => !found.has(attribute === 'id' ? String(Number(v)) : v));
  if (missing !== undefined) return void ctx.errors.add(key, invalidChoice(missing)), null;
  return rows.map((r) => Number(r.id));
}

async function relationCondition(ctx: Context, key: string, filter: Filter, field: Field, column: string, lookup: string, values: string[]): Promise<string | null> {
  const target = ctx.registry.get(field.target!).resource;
  const wantsNull = values.includes('null');
  const concrete = values.filter((v) => v !== 'null');
  const ids = concrete.length ? await resolveIds(ctx, key, target, filter.attribute ?? 'id', concrete) : [];
  if (ids === null) return null;
  const parts: string[] = [];
  if (wantsNull) parts.push(`${column} IS NULL`);
  if (ids.length) {
    const list = ctx.params.add(ids);
    const tree = filter.kind === 'tree_id' || filter.kind === 'tree_attr';
    // A tree filter matches the node and everything below it.
    parts.push(tree ? `${column} IN (SELECT id FROM ${q(target.table)} WHERE tree_path && ${list}::int[])` : `${column} = ANY(${list}::int[])`);
  }
  const any = `(${parts.join(' OR ')})`;
  return lookup === 'n' ? `NOT coalesce(${any}, false)` : any;
}

async function m2mCondition(ctx: Context, key: string, filter: Filter, field: Field, lookup: string, values: string[]): Promise<string | null> {
  const target = ctx.registry.get(field.target!).resource;
  const ids = await resolveIds(ctx, key, target, filter.attribute ?? 'id', values);
  if (ids === null) return null;
  const link = field.link!;
  const exists = `EXISTS (SELECT 1 FROM ${q(link.table)} l WHERE l.${q(link.source)} = ${ctx.alias}.id AND l.${q(link.target)} = ANY(${ctx.params.add(ids)}::int[]))`;
  return lookup === 'n' ? `NOT ${exists}` : exists;
}

async function tagCondition(ctx: Context, key: string, filter: Filter, lookup: string, values: string[]): Promise<string | null> {
  const tags = ctx.registry.get('extras.tags').resource;
  const ids = await resolveIds(ctx, key, tags, filter.attribute ?? 'slug', values);
  if (ids === null) return null;
  const { table, objectId, tagId } = ctx.registry.tagLink;
  const has = (list: string) => `EXISTS (SELECT 1 FROM ${q(table)} ti WHERE ti.object_type = '${ctx.resource.objectType}' AND ti.${q(objectId)} = ${ctx.alias}.id AND ti.${q(tagId)} = ANY(${list}::int[]))`;
  if (lookup === 'n') return `NOT ${has(ctx.params.add(ids))}`;
  // Several tags must all be present (NetBox ANDs tag filters).
  return `(${ids.map((id) => has(ctx.params.add([id]))).join(' AND ')})`;
}
