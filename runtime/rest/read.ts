/**
 * @module
 * Reading resources: list (filters, ordering, pagination) and retrieve, answered as the JSON text
 * PostgreSQL renders (SelectBuilder.renderedSelect: every value as a response shows it, nested
 * objects and URLs included), which the server sends as it is. A list without conditions is one
 * statement (page, count and objects); a filtered one chooses its page's ids by one small
 * statement and renders the page by another, counting beside both; filters naming related objects
 * add one statement that checks they exist. rows() selects values for the JavaScript serializer,
 * which writes answer through.
 */
import type { Field, Resource } from '../contract/index.ts';
import type { Queryable, QueryOptions } from '../db/index.ts';
import { customFieldsField, fieldKind, type CustomFieldSet } from '../kinds/index.ts';
import type { RequestContext } from './context.ts';
import { notFound } from './errors.ts';
import type { Extensions } from './extensions.ts';
import { FilterBuilder, type FilterOptions } from './query/filters.ts';
import { envelopeText, pageLinks, parsePage, type Page } from './query/pagination.ts';
import { Params } from './query/params.ts';
import { customFieldsKey, etagTimestamp, q, ROWS, SelectBuilder } from './query/select.ts';
import { shownFields } from './query/shape.ts';
import type { Registry } from './registry.ts';
import { Restrictions } from './restrictions.ts';
import { Serializer } from './serialize.ts';

/** Choosing a list's page is a small statement whose best plan depends on the filter values. */
const PER_VALUES: QueryOptions = { planEachTime: true };

type Row = Record<string, unknown>;

export interface ReaderOptions {
  /** Show each resource's `legacyNames` beside the current names (LEGACY_FIELD_NAMES). */
  legacyFieldNames?: boolean;
}

export class Reader {
  readonly select: SelectBuilder;
  /** The caller's object-level permissions as SQL (runtime/rest/restrictions.ts). */
  readonly restrictions: Restrictions;
  private readonly filters: FilterBuilder;

  private readonly legacyFieldNames: boolean;
  /** The custom field definitions each resource's last load found, and the version they are known to be current at, if any (see unconditionedList()). */
  private readonly lastCustomFields = new Map<string, { set: CustomFieldSet; version: string | null }>();
  /** The statements of lists without conditions (wholePageStatement()). */
  private readonly wholePageStatements = new Map<string, { text: string; usesOrigin: boolean }>();

  constructor(
    private readonly registry: Registry,
    private readonly extensions: Pick<Extensions, 'expressions' | 'methods' | 'customFields'> & Partial<Pick<Extensions, 'rules'>>,
    options: FilterOptions & ReaderOptions,
  ) {
    this.select = new SelectBuilder(registry, extensions);
    this.restrictions = new Restrictions(registry, this.select, extensions.rules);
    this.filters = new FilterBuilder(registry, extensions, this.select, options);
    this.legacyFieldNames = options.legacyFieldNames ?? false;
  }

  /** The serializer of one request's responses (URLs are built from its origin). */
  serializer(ctx: RequestContext, customFields: CustomFieldSet | null = null): Serializer {
    return new Serializer(this.registry, ctx.origin, this.legacyFieldNames, customFields);
  }

  /** Whether showing `shown` (all fields when undefined) needs the resource's custom field definitions. */
  private showsCustomFields(resource: Resource, shown?: readonly string[]): boolean {
    const field = customFieldsField(resource);
    return !!field && !!this.extensions.customFields && (!shown || shown.includes(field.name));
  }

  /** The resource's custom field definitions when a response shows `custom_fields` (one query), else null. */
  async customFields(db: Queryable, resource: Resource, shown?: readonly string[]): Promise<CustomFieldSet | null> {
    if (!this.showsCustomFields(resource, shown)) return null;
    const loaded = await this.extensions.customFields!.load(db, resource, this.registry);
    // A version stays known while the definitions render alike; else none is (a statement that
    // reads one ran before or beside this load, not after it).
    const known = this.lastCustomFields.get(resource.key);
    this.lastCustomFields.set(resource.key, { set: loaded, version: known && customFieldsKey(known.set) === customFieldsKey(loaded) ? known.version : null });
    return loaded;
  }

  /**
   * SQL ordering by one field: its column, its computed value, or (for a relation) the target's own
   * ordering — read through a LEFT JOIN added to `joins` when the caller takes joins (the page's
   * choice over a whole table: one hash join instead of a subquery per row and term), else by a
   * subquery per term.
   */
  private orderTerm(resource: Resource, field: Field, alias: string, desc: boolean, joins?: string[]): string[] {
    const dir = desc ? 'DESC' : 'ASC';
    if (fieldKind(field.kind).relation?.foreignKeyColumn && !field.expression) {
      const target = this.registry.resource(field.target!);
      const n = this.select.alias();
      if (joins) joins.push(`LEFT JOIN ${q(target.table)} ${n} ON ${n}.id = ${this.select.value(resource, field, alias)}`);
      const sub = (expr: string) => (joins ? expr : `(SELECT ${expr} FROM ${q(target.table)} ${n} WHERE ${n}.id = ${this.select.value(resource, field, alias)})`);
      const terms = target.ordering.map((o) => ({ field: this.registry.field(target, o.replace(/^-/, '')), flip: o.startsWith('-') })).filter((t) => t.field?.column);
      // NULL references sort as PostgreSQL sorts nulls; ties fall through to the next term.
      return [...terms.map((t) => `${sub(`${n}.${q(t.field!.column!)}`)} ${t.flip !== desc ? 'DESC' : 'ASC'}`), `${this.select.value(resource, field, alias)} ${dir}`];
    }
    const expr = field.column !== null && !field.expression ? `${alias}.${q(field.column)}` : fieldKind(field.kind).select(field, resource, alias, this.select);
    return expr ? [`${expr} ${dir}`] : [];
  }

  /**
   * `ORDER BY` for `?ordering=` or the default, always ending on id. Terms naming no orderable
   * field are dropped, and when none is left the default applies (DRF's OrderingFilter).
   */
  orderBy(resource: Resource, ordering: string | null, alias: string, joins?: string[]): string {
    const orderable = (term: string) => this.registry.field(resource, term.replace(/^-/, ''));
    const requested = (ordering ?? '').split(',').map((t) => t.trim()).filter((t) => t && orderable(t)?.orderable);
    const terms = requested.length ? requested : resource.ordering;
    const parts: string[] = [];
    for (const term of terms) {
      const field = orderable(term);
      if (field) parts.push(...this.orderTerm(resource, field, alias, term.startsWith('-'), joins));
    }
    parts.push(`${alias}.id ${terms.length === 1 && terms[0] === '-id' ? 'DESC' : 'ASC'}`);
    return parts.join(', ');
  }

  /**
   * The list's page as the response's JSON text, rendered by PostgreSQL (no JavaScript per row).
   * A list without conditions (no filter, no permission constraint, offset pagination) is one
   * statement: page, count and objects (see wholePage()); else the page's ids are chosen first.
   */
  async list(db: Queryable, resource: Resource, url: URL, ctx: RequestContext): Promise<string> {
    const query = url.searchParams;
    const page = parsePage(query);
    const params = new Params();
    const shown = shownFields(resource, query, 'GET');
    // Definitions are needed to show custom fields, and to filter or search by them: only for the
    // latter must they be read before the page is chosen; else they are read beside it.
    const byCustomFields = query.has('q') || [...query.keys()].some((key) => key.startsWith('cf_'));
    // Loaded when first needed: a list without conditions may not need to (unconditionedList()).
    let loadingCustomFields: Promise<CustomFieldSet | null> | undefined;
    const loading = () => (loadingCustomFields ??= this.customFields(db, resource, byCustomFields ? undefined : shown));
    const { conditions } = await this.filters.build(db, resource, query, 't', params, byCustomFields ? await loading() : null, ctx.scope.userId ?? null);
    // Objects the caller may not view are not there, for the page and the count alike.
    const visible = this.restrictions.condition(resource, 't', params, ctx, 'view');
    if (visible) conditions.push(visible);
    if (!conditions.length && page.mode === 'offset') return this.unconditionedList(db, resource, url, page, shown, loading, ctx);
    // The count shares the filters and their parameters, not the cursor, limit or offset added below.
    const countConditions = [...conditions];
    const countParams = [...params.values];
    if (page.mode === 'cursor') conditions.push(`t.id >= ${params.add(page.start)}::bigint`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const orderJoins: string[] = [];
    const order = page.mode === 'cursor' ? 't.id ASC' : this.select.fragment(() => this.orderBy(resource, query.get('ordering'), 't', orderJoins));
    const limit = params.add(page.limit);
    const offset = page.mode === 'offset' ? ` OFFSET ${params.add(page.offset)}::bigint` : '';
    // The page is chosen by a small statement planned for its values each time: a generic plan takes
    // every filter value for an average one, and would walk a whole table in list order (its
    // ordering index) for a value that matches few rows. renderedList() then renders the page with
    // a wide statement that keeps one plan, building the nested objects for the page's rows only.
    // The count keeps one plan too: with no order to follow, a plan for average values costs at
    // worst a scan of the table, which is what counting costs anyway.
    const pageSql = `SELECT t.id FROM ${q(resource.table)} t ${orderJoins.join(' ')} ${where} ORDER BY ${order} LIMIT ${limit}${offset}`;
    const countSql = page.mode === 'offset' ? `SELECT count(*)::int AS n FROM ${q(resource.table)} t ${countConditions.length ? `WHERE ${countConditions.join(' AND ')}` : ''}` : null;
    // The page is rendered as soon as its ids are known, while the count (the longer statement of
    // a list that matches many rows) goes on beside it.
    const counting = countSql ? db.query<{ n: number }>(countSql, countParams) : Promise.resolve(null);
    counting.catch(() => {}); // awaited below; a failure must not go unhandled while the page renders
    const [pageIds, customFields] = await Promise.all([db.query<{ id: number }>(pageSql, params.values, PER_VALUES), loading()]);
    const ids = pageIds.map((r) => Number(r.id));
    const results = await this.renderedList(db, resource, ids, shown, customFields, ctx);
    const counted = await counting;
    return envelopeText(pageLinks(url, page, ids.length, counted ? Number(counted[0].n) : null, ids.at(-1)), results);
  }

  /**
   * The ids of every object the list's filters, search and the caller's `view` constraints select,
   * in list order, without pagination (the queryset NetBox's export templates render): one query.
   */
  async matchingIds(db: Queryable, resource: Resource, url: URL, ctx: RequestContext): Promise<number[]> {
    const query = url.searchParams;
    const params = new Params();
    const byCustomFields = query.has('q') || [...query.keys()].some((key) => key.startsWith('cf_'));
    const { conditions } = await this.filters.build(db, resource, query, 't', params, byCustomFields ? await this.customFields(db, resource) : null, ctx.scope.userId ?? null);
    const visible = this.restrictions.condition(resource, 't', params, ctx, 'view');
    if (visible) conditions.push(visible);
    const orderJoins: string[] = [];
    const order = this.select.fragment(() => this.orderBy(resource, query.get('ordering'), 't', orderJoins));
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = await db.query<{ id: number }>(`SELECT t.id FROM ${q(resource.table)} t ${orderJoins.join(' ')} ${where} ORDER BY ${order}`, params.values, PER_VALUES);
    return rows.map((row) => Number(row.id));
  }

  /**
   * A list without conditions, in one statement. Custom fields are rendered with the definitions
   * this resource's last load found: checked by the source's `version`, read in the same
   * statement, they are loaded again (after it, so at least as new as the version it read) and
   * the page rendered again only when that changed. Without a version they are loaded beside it.
   */
  private async unconditionedList(db: Queryable, resource: Resource, url: URL, page: Page & { mode: 'offset' }, shown: readonly string[], loading: () => Promise<CustomFieldSet | null>, ctx: RequestContext): Promise<string> {
    const ordering = url.searchParams.get('ordering');
    const text = (whole: { n: number; results: string }) => envelopeText(pageLinks(url, page, 0, Number(whole.n)), whole.results);
    if (!this.showsCustomFields(resource, shown)) return text(await this.wholePage(db, resource, ordering, page, shown, null, ctx));
    const known = this.lastCustomFields.get(resource.key);
    const version = this.extensions.customFields?.version;
    if (known && version) {
      const whole = await this.wholePage(db, resource, ordering, page, shown, known.set, ctx, version);
      if (known.version !== null && whole.v === known.version) return text(whole);
      const loaded = (await loading())!;
      this.lastCustomFields.set(resource.key, { set: loaded, version: whole.v ?? null });
      return text(customFieldsKey(loaded) === customFieldsKey(known.set) ? whole : await this.wholePage(db, resource, ordering, page, shown, loaded, ctx));
    }
    if (known) {
      const [guessed, loaded] = await Promise.all([this.wholePage(db, resource, ordering, page, shown, known.set, ctx), loading()]);
      if (customFieldsKey(loaded) === customFieldsKey(known.set)) return text(guessed);
    }
    return text(await this.wholePage(db, resource, ordering, page, shown, await loading(), ctx));
  }

  /**
   * The page of a list without conditions and the count, as the baseline handler of `npm run bench`
   * does it: the page's ids chosen inside the statement (`id = ANY(ARRAY(…))`, so that even its
   * one generic plan estimates a handful of rows), the objects rendered and aggregated into one
   * JSON text in list order, and the value of `version` (SQL) when given. Parameters: $1 limit,
   * $2 offset, $3 the request's origin.
   */
  private async wholePage(db: Queryable, resource: Resource, ordering: string | null, page: Page & { mode: 'offset' }, shown: readonly string[], customFields: CustomFieldSet | null, ctx: RequestContext, version?: string): Promise<{ n: number; results: string; v?: string }> {
    const { text, usesOrigin } = this.wholePageStatement(resource, ordering, shown, customFields, version);
    const [row] = await db.query<{ n: number; results: string; v?: string }>(text, usesOrigin ? [page.limit, page.offset, ctx.origin] : [page.limit, page.offset]);
    return row;
  }

  /**
   * The statement of wholePage(), built once per resource, ordering, shown fields, custom field
   * definitions and version: its text depends on nothing else (aliases are numbered per piece, the
   * request's values are parameters). A list's statement is the same on most requests, and building
   * its orderings and pieces again each time was a measurable part of a cheap list's CPU time.
   */
  private wholePageStatement(resource: Resource, ordering: string | null, shown: readonly string[], customFields: CustomFieldSet | null, version?: string): { text: string; usesOrigin: boolean } {
    const key = `${resource.key}|${ordering ?? ''}|${shown.join(',')}|${customFieldsKey(customFields)}|${version ?? ''}`;
    const cached = this.wholePageStatements.get(key);
    if (cached) return cached;
    const table = q(resource.table);
    const order = this.select.fragment(() => this.orderBy(resource, ordering, 't'));
    // The page is chosen over the whole table: its relations' orderings read through joins.
    const pageJoins: string[] = [];
    const pageOrder = this.select.fragment(() => this.orderBy(resource, ordering, 't', pageJoins));
    const { object, joins, ctes, usesOrigin } = this.select.renderedSelect(resource, shown, 't', customFields, '$3::text', this.legacyFieldNames);
    const statement = {
      text:
        `WITH ${ROWS} AS MATERIALIZED (SELECT * FROM ${table} WHERE id = ANY(ARRAY(SELECT t.id FROM ${table} t ${pageJoins.join(' ')} ORDER BY ${pageOrder} LIMIT $1 OFFSET $2::bigint)))${ctes} ` +
        `SELECT (SELECT count(*)::int FROM ${table}) AS n, ${version ? `${version} AS v, ` : ''}coalesce('[' || string_agg(${object}, ',' ORDER BY ${order}) || ']', '[]') AS results FROM ${ROWS} t ${joins}`,
      usesOrigin,
    };
    // `?ordering=` and `?fields=` make the key space open-ended; keep the cache bounded.
    if (this.wholePageStatements.size > 1000) this.wholePageStatements.clear();
    this.wholePageStatements.set(key, statement);
    return statement;
  }

  /** Objects of `ids` as a JSON array's text, in the order of `ids` (missing ones left out): one statement. */
  private async renderedList(db: Queryable, resource: Resource, ids: readonly number[], shown: readonly string[], customFields: CustomFieldSet | null, ctx: RequestContext): Promise<string> {
    if (!ids.length) return '[]';
    const { object, joins, ctes, usesOrigin } = this.select.renderedSelect(resource, shown, 't', customFields, '$2::text', this.legacyFieldNames);
    const rows = `SELECT x.*, o.i AS "__order" FROM ${q(resource.table)} x JOIN unnest($1::int[]) WITH ORDINALITY o(id, i) ON x.id = o.id`;
    const [row] = await db.query<{ results: string }>(
      `WITH ${ROWS} AS MATERIALIZED (${rows})${ctes} SELECT coalesce('[' || string_agg(${object}, ',' ORDER BY t."__order") || ']', '[]') AS results FROM ${ROWS} t ${joins}`,
      usesOrigin ? [[...ids], ctx.origin] : [[...ids]],
    );
    return row.results;
  }

  /**
   * Objects of `ids` as a response shows them, each rendered by PostgreSQL into JSON text, in the
   * order of `ids` (missing ones left out), with their ETags. The request's origin, which URLs
   * start with, is a parameter, so that the statement's text is the same for every request.
   */
  async rendered(db: Queryable, resource: Resource, ids: readonly number[], shown: readonly string[], customFields: CustomFieldSet | null, ctx: RequestContext): Promise<{ id: number; json: string; etag: string | null }[]> {
    if (!ids.length) return [];
    const { object, joins, ctes, usesOrigin } = this.select.renderedSelect(resource, shown, 't', customFields, '$2::text', this.legacyFieldNames);
    const etag = resource.changeLogged ? `, ${etagTimestamp('coalesce(t.last_updated, t.created)')} AS "__etag"` : '';
    const rows = await db.query<{ id: number; __json: string; __etag?: string }>(
      `WITH ${ROWS} AS MATERIALIZED (SELECT * FROM ${q(resource.table)} WHERE id = ANY($1::int[]))${ctes} SELECT t.id, ${object} AS "__json"${etag} FROM ${ROWS} t ${joins}`,
      usesOrigin ? [[...ids], ctx.origin] : [[...ids]],
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ id, json: row.__json, etag: row.__etag ? `W/"${row.__etag}"` : null }] : [];
    });
  }

  /** Rows of `ids` with the `shown` fields selected, in the order of `ids` (missing ones left out). */
  async rows(db: Queryable, resource: Resource, ids: readonly number[], shown: readonly string[], customFields: CustomFieldSet | null = null): Promise<Row[]> {
    if (!ids.length) return [];
    const select = this.select.rowSelect(resource, shown, 't', customFields);
    const rows = await db.query(`WITH ${ROWS} AS MATERIALIZED (SELECT * FROM ${q(resource.table)} WHERE id = ANY($1::int[])) SELECT ${select.columns} FROM ${ROWS} t ${select.joins}`, [[...ids]]);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return ids.map((id) => byId.get(id)).filter((r): r is Row => !!r);
  }

  /** One object as the response's JSON text, and its ETag. */
  async retrieve(db: Queryable, resource: Resource, id: number, url: URL, ctx: RequestContext, method = 'GET'): Promise<{ body: string; etag: string | null }> {
    const shown = shownFields(resource, url.searchParams, method);
    if (!(await this.restrictions.permitted(db, resource, [id], ctx, 'view')).has(id)) throw notFound(resource.model);
    const customFields = await this.customFields(db, resource, shown);
    const [object] = await this.rendered(db, resource, [id], shown, customFields, ctx);
    if (!object) throw notFound(resource.model);
    return { body: object.json, etag: object.etag };
  }
}
