/**
 * @module
 * Builds SELECT lists: every value PostgreSQL can compute is computed there — stored columns,
 * related objects as JSON, counts, `display` strings and named expressions (computed fields) — so
 * a page is one statement however deep its nesting, and JavaScript only arranges the result.
 * Each field kind says how its value is selected; this is the context they say it in.
 */
import { legacyEntry, legacyField, legacyGeneric, type Field, type Resource } from '../../contract/index.ts';
import { fieldKind, jsonObjectSql, jsonObjectText, type CustomFieldSet, type SelectContext } from '../../kinds/index.ts';
import type { Extensions, SqlScope } from '../extensions.ts';
import type { Registry } from '../registry.ts';
import { sqlIdentifier as q, sqlLiteral as literal } from '../../kinds/index.ts';

/** Names and values quoted for SQL (runtime/kinds/sqlText.ts), by the short names the engine's SQL uses. */
export { literal, q };

/** Python's isoformat, used in ETags: `W/"2026-05-01T17:42:11.123456+00:00"`. */
export const etagTimestamp = (expr: string) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"')`;

/** Nested objects deeper than this are shown by id only (brief serializers nest a few levels at most). */
const MAX_DEPTH = 4;
/** Kinds left out of nested objects deeper than MAX_DEPTH, and what the serializer shows for them then. */
const DEEP: Record<string, string> = { fk: 'NULL', generic_fk: 'NULL', m2m: `'[]'::json`, tags: `'[]'::json` };

/** What a rendering select list depends on besides the resource and fields: every custom field (names and types are in the SQL). */
export const customFieldsKey = (set: CustomFieldSet | null) => set?.fields.map((f) => `${f.name}:${f.type}:${f.relatedResource ?? ''}`).join(',') ?? '';

/**
 * The name of the rows a select list is built over: statements select from
 * `WITH ${ROWS} AS MATERIALIZED (<the rows>) SELECT <columns> FROM ${ROWS} <alias> <joins>`, so the
 * joins of referenced objects can be limited to the objects those rows reference (see reference()).
 */
export const ROWS = '"__rows"';

const placeholder = /\{([a-z_][a-z0-9_]*)(?:\.([a-z_][a-z0-9_]*))?\}/g;

/** An object as a response shows it, as SQL (SelectBuilder.renderedSelect). */
export interface RenderedSelect {
  /** The object as JSON text (SQL of a `text` value). */
  object: string;
  /** Joins of the objects the rows reference, to follow `FROM ${ROWS} alias`. */
  joins: string;
  /** More CTEs the joins read (`, "__ref1" AS MATERIALIZED (…)`, or ''), to follow the ROWS CTE. */
  ctes: string;
  /** Whether the SQL reads the origin's parameter: when not, the statement must not be given it (PostgreSQL cannot type an unused parameter). */
  usesOrigin: boolean;
}

export class SelectBuilder implements SelectContext, SqlScope {
  depth = 0;
  private aliasCount = 0;
  /** While a fragment is built (see fragment()): its own alias numbering. */
  private fragmentAliases: { n: number } | null = null;
  readonly tagLink;
  /** Select lists (and the lateral joins they read) already built, by resource, alias and shown fields: the hot path builds each once. */
  private readonly built = new Map<string, { columns: string[]; joins: string[] }>();
  /** While the listed row's columns are built: the joins of the objects it references, and the row's alias. */
  private laterals: string[] | null = null;
  private rowAlias = '';
  /** While a select list is built: the custom fields of its resource (loaded for the request). */
  private customFieldSet: CustomFieldSet | null = null;
  /** While a rendering select is built (renderedSelect): the SQL of the request's origin, a statement parameter. */
  private originSql: string | null = null;
  /**
   * While a rendering select is built: the objects the rows reference, by target and fields, each
   * with the id expressions that reference it (see reference()).
   */
  private shared: Map<string, { target: Resource; n: string; json: string; uses: { joined: string; idSql: string }[] }> | null = null;
  /** While a rendering select is built: the CTEs of objects built once for the page (sharedList()). */
  private sharedLists: string[] = [];
  /** While a rendering select is built: its joins in order, each a join's text or the key of a shared object's use. */
  private renderedJoins: ({ text: string } | { key: string; use: number })[] = [];
  /** While a rendering select is built: whether it used the origin (URLs), which is then a parameter of its statement. */
  private originUsed = false;
  /** Rendering objects as responses show them (SelectContext.rendering), built by renderedSelect. */
  private readonly renderedBuilt = new Map<string, RenderedSelect>();

  get rendering(): boolean {
    return this.originSql !== null;
  }

  constructor(
    private readonly registry: Registry,
    private readonly extensions: Pick<Extensions, 'expressions'>,
  ) {
    this.tagLink = registry.tagLink;
  }

  resource(key: string): Resource {
    return this.registry.resource(key);
  }

  choiceSet(name: string) {
    return this.registry.choiceSet(name);
  }

  /** A table alias no other part of the statement uses. */
  alias(): string {
    return this.fragmentAliases ? `f${++this.fragmentAliases.n}` : `a${++this.aliasCount}`;
  }

  /**
   * Builds one self-contained piece of a statement built per request (a filter's condition, an
   * ordering, a permission's constraint) with aliases numbered from 1 within it (`f1`, `f2`…), so
   * that the same request gives the same statement text each time: a statement whose text
   * changes is parsed and planned anew on every run, and every variant stays prepared on its
   * connection. Such pieces only reach outside themselves through the alias they are given, so
   * sibling pieces may reuse the numbers; a nested call continues the outer numbering, and
   * cached select lists keep their own (`a…`). `build` must be synchronous.
   */
  fragment<T>(build: () => T): T {
    if (this.fragmentAliases) return build();
    this.fragmentAliases = { n: 0 };
    try {
      const built = build();
      if (built instanceof Promise) throw new Error('SelectBuilder.fragment: build must be synchronous');
      return built;
    } finally {
      this.fragmentAliases = null;
    }
  }

  table(key: string): string {
    return q(this.registry.resource(key).table);
  }

  /** The fields a response shows (plus what rendering them needs): never a hidden one. */
  needed(resource: Resource, shown: readonly string[]): Field[] {
    const names = new Set(['id', ...shown]);
    // A generic relation is rendered with the resource its type names.
    for (const f of resource.fields) {
      const type = names.has(f.name) ? fieldKind(f.kind).relation?.held?.(f).type : undefined;
      if (type) names.add(type);
    }
    return resource.fields.filter((f) => names.has(f.name) && !(f.readOnly && f.writeOnly));
  }

  /**
   * What selects the rows of `resource` under `alias`: the `expr AS "name"` items (plus `__etag`
   * for change-logged ones), and the joins of the objects the rows reference, to follow
   * `FROM ${ROWS} alias` (see ROWS).
   */
  rowSelect(resource: Resource, shown: readonly string[], alias: string, customFields: CustomFieldSet | null = null): { columns: string; joins: string } {
    const key = `${resource.key}|${alias}|${shown.join(',')}|${customFields?.selectKey ?? ''}`;
    let built = this.built.get(key);
    if (!built) {
      this.depth = 0;
      const joins: string[] = [];
      this.laterals = joins;
      this.rowAlias = alias;
      this.customFieldSet = customFields;
      // A cached list is reused by statements of every shape: its aliases must be its own.
      const fragment = this.fragmentAliases;
      this.fragmentAliases = null;
      try {
        const columns = this.needed(resource, shown)
          .map((f) => {
            const expr = fieldKind(f.kind).select(f, resource, alias, this);
            return expr === null ? null : `${expr} AS ${q(f.name)}`;
          })
          .filter((x): x is string => x !== null);
        if (resource.changeLogged) columns.push(`${etagTimestamp(`coalesce(${alias}.last_updated, ${alias}.created)`)} AS "__etag"`);
        built = { columns, joins };
      } finally {
        this.laterals = null;
        this.customFieldSet = null;
        this.fragmentAliases = fragment;
      }
      // `?fields=` makes the key space open-ended; keep the cache bounded.
      if (this.built.size > 1000) this.built.clear();
      this.built.set(key, built);
    }
    return { columns: built.columns.join(', '), joins: built.joins.join(' ') };
  }

  /**
   * The object of `resource` on the row `alias` as a response shows it — the `shown` fields in the
   * resource's order, nested objects, choices' labels and URLs included — as the SQL of its JSON
   * text (each value by FieldKind.json), and the joins of the objects the rows reference, to follow
   * `FROM ${ROWS} alias`. `originSql` is the statement's parameter holding the request's origin
   * (`$2::text`): the text does not depend on the request, so the statement keeps its plan.
   * `legacyNames` repeats renamed fields under their former names, last, as the serializer does.
   */
  renderedSelect(resource: Resource, shown: readonly string[], alias: string, customFields: CustomFieldSet | null, originSql: string, legacyNames: boolean): RenderedSelect {
    const key = `${resource.key}|${alias}|${shown.join(',')}|${customFieldsKey(customFields)}|${originSql}|${legacyNames}`;
    let built = this.renderedBuilt.get(key);
    if (built) return built;
    this.depth = 0;
    this.laterals = [];
    this.shared = new Map();
    this.renderedJoins = [];
    this.sharedLists = [];
    this.rowAlias = alias;
    this.customFieldSet = customFields;
    this.originSql = originSql;
    this.originUsed = false;
    const fragment = this.fragmentAliases;
    this.fragmentAliases = null;
    try {
      const pairs = this.renderedPairs(resource, alias, new Set(shown));
      if (legacyNames && resource.legacyNames) {
        for (const [old, current] of Object.entries(resource.legacyNames ?? {})) {
          const entry = legacyEntry(current);
          const generic = legacyGeneric(current);
          const value = pairs.find(([name]) => name === legacyField(current))?.[1];
          if (value === undefined) continue;
          if (entry) {
            // An entry's key: of the list's JSON, the entry whose `match` holds `value`.
            pairs.push([old, `(SELECT e.v -> ${literal(entry.key)} FROM json_array_elements((${value})::json) e(v) WHERE (e.v ->> ${literal(entry.match)})::numeric = ${entry.value} LIMIT 1)`]);
          } else if (generic) {
            // A generic relation's object when the stored pair is of the former field's type.
            const relation = this.registry.field(resource, generic.field)!.generic!;
            const typeColumn = `${alias}.${q(this.registry.field(resource, relation.typeField)!.column!)}`;
            pairs.push([old, `(CASE WHEN ${typeColumn} = ${literal(this.registry.resource(generic.target).objectType)} THEN ${value} END)`]);
          } else pairs.push([old, value]);
        }
      }
      const hidden = new Set(legacyNames ? (resource.legacyHidden ?? []) : []);
      built = { object: jsonObjectText(pairs.filter(([name]) => !hidden.has(name))), ...this.sharedJoins(), usesOrigin: this.originUsed };
    } finally {
      this.laterals = null;
      this.shared = null;
      this.renderedJoins = [];
      this.sharedLists = [];
      this.customFieldSet = null;
      this.originSql = null;
      this.fragmentAliases = fragment;
    }
    if (this.renderedBuilt.size > 1000) this.renderedBuilt.clear();
    this.renderedBuilt.set(key, built);
    return built;
  }

  /** Each shown field of `target` on the row `alias` and the SQL of its value as shown, in the resource's order. */
  private renderedPairs(target: Resource, alias: string, shown: ReadonlySet<string>): [string, string][] {
    const pairs: [string, string][] = [];
    for (const f of target.fields) {
      if (!shown.has(f.name) || f.writeOnly) continue;
      const deep = this.depth > MAX_DEPTH ? DEEP[f.kind] : undefined;
      pairs.push([f.name, deep ?? fieldKind(f.kind).json(f, target, alias, this)]);
    }
    return pairs;
  }

  url(resource: Resource, idSql: string): string {
    return this.urlSql(`/api/${resource.app}/${resource.path}/`, idSql);
  }

  uiUrl(resource: Resource, idSql: string): string {
    return this.urlSql(`/${resource.uiPath}/`, idSql);
  }

  mediaUrl(pathSql: string): string {
    if (this.originSql === null) throw new Error('URLs are built in SQL only while a rendering select is built');
    this.originUsed = true;
    return `(${this.originSql} || '/media/' || ${pathSql})`;
  }

  private urlSql(path: string, idSql: string): string {
    if (this.originSql === null) throw new Error('URLs are built in SQL only while a rendering select is built');
    this.originUsed = true;
    return `(${this.originSql} || ${literal(path)} || ${idSql} || '/')`;
  }

  customFields(resource: Resource): CustomFieldSet | null {
    return this.customFieldSet?.resource === resource.key ? this.customFieldSet : null;
  }

  value(resource: Resource, field: Field, alias: string): string {
    if (field.expression) return this.expression(field.expression, resource, alias);
    if (field.column === null) throw new Error(`${resource.key}.${field.name} has no column and no expression`);
    return `${alias}.${q(field.column)}`;
  }

  heldReference(resource: Resource, name: string, alias: string): { id: string; type?: string } {
    const field = this.registry.field(resource, name)!;
    const held = fieldKind(field.kind).relation!.held!(field);
    const value = (n: string) => this.value(resource, this.registry.field(resource, n)!, alias);
    // The type first: the order the SQL reads them in.
    const type = held.type ? value(held.type) : undefined;
    return { id: value(held.id), ...(type ? { type } : {}) };
  }

  column(resourceKey: string, fieldName: string, alias: string): string {
    const resource = this.registry.resource(resourceKey);
    const field = this.registry.field(resource, fieldName);
    if (!field) throw new Error(`${resourceKey} has no field ${fieldName}`);
    return this.value(resource, field, alias);
  }

  expression(name: string, resource: Resource, alias: string): string {
    const expression = this.extensions.expressions[name];
    if (!expression) throw new Error(`${resource.key}: no SQL expression named "${name}" is registered (runtime/inventory)`);
    return expression(alias, this);
  }

  /** `json_build_object(…)` of `target`'s nested fields on the row `alias` (while rendering, as a response shows them). */
  private jsonObject(target: Resource, alias: string, shows?: string[]): string {
    if (this.rendering) {
      this.depth++;
      try {
        return jsonObjectSql(this.renderedPairs(target, alias, new Set(shows ?? target.nested)));
      } finally {
        this.depth--;
      }
    }
    const parts = [`'id', ${alias}.id`];
    this.depth++;
    try {
      for (const f of this.needed(target, shows ?? target.nested)) {
        if (f.name === 'id') continue;
        // Nested objects nest brief objects of their own, a few levels at most.
        const deep = this.depth > MAX_DEPTH && ['fk', 'm2m', 'tags', 'generic_fk'].includes(f.kind);
        const expr = deep ? null : fieldKind(f.kind).select(f, target, alias, this);
        if (expr !== null) parts.push(`'${f.name}', ${expr}`);
      }
    } finally {
      this.depth--;
    }
    return `json_build_object(${parts.join(', ')})`;
  }

  nested(targetKey: string, idSql: string, shows?: string[]): string {
    const target = this.registry.resource(targetKey);
    const n = this.alias();
    return `(SELECT ${this.jsonObject(target, n, shows)} FROM ${q(target.table)} ${n} WHERE ${n}.id = ${idSql})`;
  }

  /**
   * A referenced object of the listed rows, joined: each object the rows reference is built once
   * however many rows reference it. A join per row (LATERAL) would rebuild a popular object — and
   * the counts in its brief form, such as a platform's device_count — for every row, and the
   * planner does not always see that it could keep one.
   */
  reference(targetKey: string, idSql: string, shows?: string[]): string {
    if (this.depth !== 0 || !this.laterals) return this.nested(targetKey, idSql, shows);
    const target = this.registry.resource(targetKey);
    if (this.shared) {
      // While rendering, an object several fields reference (a device's primary_ip, primary_ip4
      // and oob_ip) is built once for all of them: see sharedJoins().
      const key = `${targetKey}|${shows?.join(',') ?? ''}`;
      let group = this.shared.get(key);
      if (!group) {
        const n = this.alias();
        group = { target, n, json: this.jsonObject(target, n, shows), uses: [] };
        this.shared.set(key, group);
      }
      const joined = this.alias();
      group.uses.push({ joined, idSql });
      this.renderedJoins.push({ key, use: group.uses.length - 1 });
      return `${joined}.j`;
    }
    const [n, joined] = [this.alias(), this.alias()];
    const referenced = `SELECT ${idSql} FROM ${ROWS} ${this.rowAlias}`;
    this.laterals.push(`LEFT JOIN (SELECT ${n}.id, ${this.jsonObject(target, n, shows)} AS j FROM ${q(target.table)} ${n} WHERE ${n}.id IN (${referenced})) ${joined} ON ${joined}.id = ${idSql}`);
    return `${joined}.j`;
  }

  /**
   * The joins of a rendering select's referenced objects, in the order they were referenced: an
   * object of one field is joined from a subquery of the objects the rows reference (as
   * reference() does for select lists); one that several fields reference is built once, in a
   * CTE of the objects any of them references, which each field joins.
   */
  private sharedJoins(): { joins: string; ctes: string } {
    const ctes: string[] = [];
    const names = new Map<string, string>();
    const rowsOf = (idSql: string) => `SELECT ${idSql} FROM ${ROWS} ${this.rowAlias}`;
    for (const [key, group] of this.shared!) {
      if (group.uses.length < 2) continue;
      const name = q(`__ref${names.size + 1}`);
      names.set(key, name);
      const referenced = group.uses.map((u) => rowsOf(u.idSql)).join(' UNION ');
      ctes.push(`, ${name} AS MATERIALIZED (SELECT ${group.n}.id, ${group.json} AS j FROM ${q(group.target.table)} ${group.n} WHERE ${group.n}.id IN (${referenced}))`);
    }
    const joins = this.renderedJoins.map((entry) => {
      if ('text' in entry) return entry.text;
      const group = this.shared!.get(entry.key)!;
      const { joined, idSql } = group.uses[entry.use];
      const source = names.get(entry.key) ?? `(SELECT ${group.n}.id, ${group.json} AS j FROM ${q(group.target.table)} ${group.n} WHERE ${group.n}.id IN (${rowsOf(idSql)}))`;
      return `LEFT JOIN ${source} ${joined} ON ${joined}.id = ${idSql}`;
    });
    return { joins: joins.join(' '), ctes: [...ctes, ...this.sharedLists].join('') };
  }

  sharedList(targetKey: string, candidates: (rowIds: string) => string, join: (c: string) => string): string | null {
    if (!this.shared || this.depth !== 0) return null;
    const target = this.registry.resource(targetKey);
    const n = this.alias();
    const name = q(`__list${this.sharedLists.length + 1}`);
    // The objects' own columns come along, for the list's order.
    this.sharedLists.push(`, ${name} AS MATERIALIZED (SELECT ${n}.*, ${this.jsonObject(target, n)} AS "__j" FROM ${q(target.table)} ${n} WHERE ${n}.id IN (${candidates(`SELECT ${this.rowAlias}.id FROM ${ROWS} ${this.rowAlias}`)}))`);
    const c = this.alias();
    return `(SELECT coalesce(json_agg(${c}."__j" ORDER BY ${this.orderOf(target, c)}), '[]'::json) FROM ${name} ${c} ${join(c)})`;
  }

  nestedList(targetKey: string, n: string, join: string, shows?: string[]): string {
    const target = this.registry.resource(targetKey);
    return `(SELECT coalesce(json_agg(${this.jsonObject(target, n, shows)} ORDER BY ${this.orderOf(target, n)}), '[]'::json) FROM ${q(target.table)} ${n} ${join})`;
  }

  /** A resource's default ordering as SQL on the row `alias` (stored columns only), ending on id. */
  orderOf(target: Resource, alias: string): string {
    const parts = target.ordering.map((o) => {
      const field = this.registry.field(target, o.replace(/^-/, ''));
      return field?.column ? `${alias}.${q(field.column)}${o.startsWith('-') ? ' DESC' : ''}` : null;
    });
    return [...parts.filter(Boolean), `${alias}.id`].join(', ');
  }

  /** The SQL of a choice's label (`CASE value WHEN 'active' THEN 'Active' … END`). */
  choiceLabel(set: string, valueSql: string): string {
    const whens = this.registry.choiceSet(set).map(([value, label]) => `WHEN ${literal(value)} THEN ${literal(label)}`);
    return `(CASE ${valueSql} ${whens.join(' ')} ELSE '' END)`;
  }

  /** `display`: a template (`{name} ({facility})`, `{site.name}`) as SQL text, or a named expression (`@device`). */
  display(resource: Resource, alias: string): string {
    if (resource.display.startsWith('@')) return this.expression(resource.display.slice(1), resource, alias);
    const pieces: string[] = [];
    let last = 0;
    for (const m of resource.display.matchAll(placeholder)) {
      if (m.index! > last) pieces.push(literal(resource.display.slice(last, m.index)));
      pieces.push(`coalesce(${this.placeholderSql(resource, alias, m[1], m[2])}, '')`);
      last = m.index! + m[0].length;
    }
    if (last < resource.display.length) pieces.push(literal(resource.display.slice(last)));
    return pieces.length ? `concat(${pieces.join(', ')})` : `''`;
  }

  private placeholderSql(resource: Resource, alias: string, name: string, sub: string | undefined): string {
    const field = this.registry.field(resource, name)!;
    if (fieldKind(field.kind).relation?.foreignKeyColumn) {
      const target = this.registry.resource(field.target!);
      const n = this.alias();
      const inner = sub ? this.placeholderSql(target, n, sub, undefined) : this.display(target, n);
      return `(SELECT ${inner} FROM ${q(target.table)} ${n} WHERE ${n}.id = ${this.value(resource, field, alias)})`;
    }
    const value = this.value(resource, field, alias);
    // As Python formats it: a choice's raw value, a time in ISO form.
    return fieldKind(field.kind).displayText?.(value) ?? `${value}::text`;
  }
}
