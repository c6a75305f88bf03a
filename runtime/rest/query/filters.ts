/**
 * @module
 * NetBox filtering: each query parameter naming a filter of the resource (with an optional lookup
 * suffix) becomes a condition through its filter kind; repeated values are OR'd (tags AND'd).
 * Unknown parameters are ignored as NetBox does, or refused with STRICT_FILTERING; with
 * LEGACY_FIELD_NAMES a renamed field's filters answer under its former name too
 * (legacyFilters.ts). Related values
 * (`?site=dc1`, `?region_id=7`) must exist: they are checked together in one statement, so an
 * unknown one is reported instead of silently matching nothing.
 */
import type { Filter, Resource } from '../../contract/index.ts';
import { asDatabaseError, SqlState, type Queryable } from '../../db/index.ts';
import { customFieldCondition, customFieldLookups, customFieldsField, customFieldSearch, escapeSearch, filterable, filterKind, invalidChoice, NULL_CHARACTERS, v, type CustomFieldDef, type CustomFieldSet, type FilterQuery, type Op } from '../../kinds/index.ts';
import { badRequest, ErrorCollector } from '../errors.ts';
import type { Extensions } from '../extensions.ts';
import type { Registry } from '../registry.ts';
import { PathCompiler, PathError } from './compiler.ts';
import { currentFilterName } from './legacyFilters.ts';
import { Params } from './params.ts';
import { q as quote, type SelectBuilder } from './select.ts';

/** Query parameters that are not filters. */
export const RESERVED = new Set(['limit', 'offset', 'start', 'ordering', 'brief', 'fields', 'omit', 'format', 'q', 'exclude', 'export']);

export interface FilterOptions {
  /** Answer 400 `{"<param>": ["Unknown filter."]}` for a parameter that is no filter (STRICT_FILTERING). */
  strict: boolean;
  /** Answer a renamed field's filters under its former name too (`legacyNames`, LEGACY_FIELD_NAMES). */
  legacyFieldNames?: boolean;
}

export interface FilterPlan {
  conditions: string[];
  params: Params;
}

/** A set of values that must exist on a column, found missing in one statement for the whole request. */
interface ExistenceCheck {
  parameter: string;
  table: string;
  column: string;
  values: string[];
}

/** Splits `cf_<name>__lookup` against the resource's custom fields (names never hold `__`). */
function matchCustomField(set: CustomFieldSet | null, key: string): { def: CustomFieldDef; lookup: string } | null {
  if (!set || !key.startsWith('cf_')) return null;
  const [name, lookup = 'exact', ...rest] = key.slice(3).split('__');
  const def = set.fields.find((f) => f.name === name);
  if (!def || rest.length || !filterable(def)) return null;
  return lookup === 'exact' || customFieldLookups(def).includes(lookup) ? { def, lookup } : null;
}

/** Splits `name__lookup` against the resource's filters. */
function match(resource: Resource, key: string): { filter: Filter; lookup: string } | null {
  const exact = resource.filters.find((f) => f.name === key && f.exact !== false);
  if (exact) return { filter: exact, lookup: 'exact' };
  const i = key.lastIndexOf('__');
  if (i < 0) return null;
  const filter = resource.filters.find((f) => f.name === key.slice(0, i));
  const lookup = key.slice(i + 2);
  return filter && filter.lookups.includes(lookup) ? { filter, lookup } : null;
}

/** `key` matched under the current name of a renamed field's filter (`device_role__n` as `role__n`); errors stay under `key`. */
function legacyMatch(resource: Resource, key: string): { filter: Filter; lookup: string } | null {
  const renamed = currentFilterName(resource, key, (name) => match(resource, name)?.filter ?? null);
  return renamed === null ? null : match(resource, renamed);
}

export class FilterBuilder {
  constructor(
    private readonly registry: Registry,
    private readonly extensions: Pick<Extensions, 'methods'>,
    private readonly select: SelectBuilder,
    private readonly options: FilterOptions,
  ) {}

  async build(db: Queryable, resource: Resource, query: URLSearchParams, alias: string, params = new Params(), customFields: CustomFieldSet | null = null, callerId: number | null = null): Promise<FilterPlan> {
    const compiler = new PathCompiler(this.registry, params, this.select);
    const errors = new ErrorCollector();
    const checks: ExistenceCheck[] = [];
    const conditions: string[] = [];
    for (const key of new Set(query.keys())) {
      if (RESERVED.has(key)) continue;
      const matched = match(resource, key) ?? (this.options.legacyFieldNames ? legacyMatch(resource, key) : null);
      const custom = matched ? null : matchCustomField(customFields, key);
      if (!matched && !custom) {
        if (this.options.strict) errors.add(key, 'Unknown filter.');
        continue;
      }
      const values = query.getAll(key).filter((v) => v !== '');
      if (!values.length) continue;
      // PostgreSQL text cannot hold U+0000 (django-filter's fields refuse it the same way).
      if (values.some((v) => v.includes('\u0000'))) {
        errors.add(key, NULL_CHARACTERS);
        continue;
      }
      const lookup = matched?.lookup ?? custom!.lookup;
      if ((lookup === 'regex' || lookup === 'iregex') && !(await validRegexes(db, values))) {
        errors.add(key, 'Enter a valid regular expression.');
        continue;
      }
      if (custom) {
        const field = customFieldsField(resource)!;
        const condition = customFieldCondition(custom.def, { data: this.select.value(resource, field, alias), lookup, values, param: (value) => params.add(value) });
        if (typeof condition === 'string') conditions.push(condition);
        else errors.add(key, condition.error);
        continue;
      }
      const fq = this.filterQuery(resource, alias, key, compiler, params, errors, checks, callerId);
      const condition = this.select.fragment(() => filterKind(matched!.filter.kind).condition(matched!.filter, matched!.lookup, values, fq));
      if (condition) conditions.push(condition);
    }
    const search = query.get('q')?.trim();
    if (search?.includes('\u0000')) errors.add('q', NULL_CHARACTERS);
    else if (search && (resource.search.length || customFields?.fields.length)) {
      conditions.push(this.select.fragment(() => this.searchCondition(resource, alias, search, compiler, this.customFieldSearch(resource, alias, search, customFields, params))));
    }
    if (errors.empty && checks.length) await this.checkExistence(db, checks, errors);
    if (!errors.empty) throw badRequest(errors.errors);
    return { conditions, params };
  }

  private filterQuery(resource: Resource, alias: string, parameter: string, compiler: PathCompiler, params: Params, errors: ErrorCollector, checks: ExistenceCheck[], callerId: number | null): FilterQuery {
    const registry = this.registry;
    const select = this.select;
    const methods = this.extensions.methods;
    const fq: FilterQuery = {
      listed: resource,
      parameter,
      resource: (key) => registry.resource(key),
      choiceSet: (name) => registry.choiceSet(name),
      error(message) {
        errors.add(parameter, message);
        return null;
      },
      where: (path, op, values, options) => compiler.where(resource, alias, path, op, values, options),
      fieldAt: (path) => compiler.fieldAt(resource, path),
      objectTypeById: (id) => registry.objectTypeById.get(id),
      callerId,
      mustExist(path, values, from) {
        if (!values.length) return;
        const { resource: holder, field } = compiler.fieldAt(from ? registry.resource(from) : resource, path);
        const column = field ? select.value(holder, field, 'x') : 'x.id';
        // Ids are compared as text: drop what makes `007` differ from `7`.
        const normalised = field ? values : values.map((v) => v.trim().replace(/^\+/, '').replace(/^0+(?=\d)/, ''));
        checks.push({ parameter, table: holder.table, column, values: normalised });
      },
      method(name, lookup, values, parsed) {
        const handler = methods[name];
        if (!handler) throw new Error(`${resource.key}: no method filter "${name}" is registered (runtime/inventory)`);
        return handler({ lookup, values, parsed, value: parsed[parsed.length - 1], alias, param: (value) => params.add(value), query: fq, sql: select });
      },
    };
    return fq;
  }

  /** `?q=`: any search entry matches (NetBox's per-filterset `search()`); network lookups only for network-like text. */
  private searchCondition(resource: Resource, alias: string, term: string, compiler: PathCompiler, extra: string[] = []): string {
    const parts: string[] = [...extra];
    for (const entry of resource.search) {
      const op = (entry.lookup ?? 'icontains') as Op;
      if (op.startsWith('net_') && !v.isIpNetwork(term)) continue;
      if (op === 'exact' && !/^-?\d+$/.test(term) && this.isNumeric(resource, entry.path, compiler)) continue;
      try {
        parts.push(compiler.where(resource, alias, entry.path, op, [term], { cast: op === 'exact' ? 'numeric' : op.startsWith('net_') ? 'inet' : 'text' }));
      } catch (error) {
        if (!(error instanceof PathError)) throw error;
        throw new Error(`${resource.key} search: ${error.message}`);
      }
    }
    return parts.length ? `(${parts.join(' OR ')})` : 'false';
  }

  /** `?q=` over the custom fields whose search weight is above 0 (NetBox weighs them in its search index). */
  private customFieldSearch(resource: Resource, alias: string, term: string, set: CustomFieldSet | null, params: Params): string[] {
    const field = customFieldsField(resource);
    if (!set || !field) return [];
    const data = this.select.value(resource, field, alias);
    const searched = set.fields.filter((def) => customFieldSearch(def, data, '') !== null);
    if (!searched.length) return [];
    const pattern = params.add(`%${escapeSearch(term)}%`);
    return searched.map((def) => customFieldSearch(def, data, pattern)!);
  }

  private isNumeric(resource: Resource, path: string, compiler: PathCompiler): boolean {
    const { field } = compiler.fieldAt(resource, path);
    return !field || ['integer', 'decimal', 'id'].includes(field.kind);
  }

  /** Every value named in a relation filter must exist; one statement answers for the whole request. */
  private async checkExistence(db: Queryable, checks: ExistenceCheck[], errors: ErrorCollector): Promise<void> {
    const params = new Params();
    const parts = checks.map(
      (check, i) => `SELECT ${i} AS i, v FROM unnest(${params.add(check.values)}::text[]) v WHERE NOT EXISTS (SELECT 1 FROM ${quote(check.table)} x WHERE ${check.column}::text = v)`,
    );
    const missing = await db.query<{ i: number; v: string }>(parts.join(' UNION ALL '), params.values);
    for (const row of missing) {
      const check = checks[Number(row.i)];
      if (!errors.errors[check.parameter]) errors.add(check.parameter, invalidChoice(row.v));
    }
  }
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
