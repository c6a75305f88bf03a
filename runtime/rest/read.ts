/**
 * @module
 * Reading resources: list (filters, ordering, pagination) and retrieve, one SQL statement for
 * the page (related objects come back as JSON) plus one for the count.
 */
import type { Queryable } from '../db/index.ts';
import { notFound } from './errors.ts';
import type { Resource } from './model.ts';
import { buildFilters } from './query/filters.ts';
import { envelope, parsePage, type Envelope } from './query/pagination.ts';
import { Aliases, q, SelectBuilder } from './query/select.ts';
import { shownFields } from './query/shape.ts';
import type { Registry } from './registry.ts';
import { Serializer } from './serialize.ts';

type Row = Record<string, unknown>;

export class Reader {
  private readonly select: SelectBuilder;
  constructor(private readonly registry: Registry) {
    this.select = new SelectBuilder(registry);
  }

  /**
   * `ORDER BY` for `?ordering=` or the default, always ending on id. Terms naming no orderable
   * field are dropped, and when none is left the default applies (DRF's OrderingFilter).
   */
  orderBy(resource: Resource, ordering: string | null, alias: string): string {
    const orderable = (term: string) => resource.fields.find((f) => f.name === term.replace(/^-/, '') && f.orderable);
    const requested = (ordering ?? '').split(',').map((t) => t.trim()).filter((t) => t && orderable(t));
    const terms = requested.length ? requested : resource.ordering;
    const parts: string[] = [];
    for (const term of terms) {
      const desc = term.startsWith('-');
      const field = orderable(term);
      if (!field) continue;
      const expr = field.kind === 'count' ? this.select.expression(resource, field, alias, new Aliases(), 1) : field.kind === 'display' ? null : field.column ? `${alias}.${q(field.column)}` : null;
      // PostgreSQL's own null placement (last ascending, first descending), as Django leaves it.
      if (expr) parts.push(`${expr} ${desc ? 'DESC' : 'ASC'}`);
    }
    parts.push(`${alias}.id ${terms.length === 1 && terms[0] === '-id' ? 'DESC' : 'ASC'}`);
    return parts.join(', ');
  }

  async list(db: Queryable, resource: Resource, url: URL): Promise<Envelope<Row>> {
    const query = url.searchParams;
    const page = parsePage(query);
    const { conditions, params } = await buildFilters(db, this.registry, resource, query, 't');
    const shown = shownFields(resource, query, 'GET');
    // The count shares the filters and their parameters, not the cursor, limit or offset added below.
    const countConditions = [...conditions];
    const countParams = [...params.values];
    if (page.mode === 'cursor') conditions.push(`t.id >= ${params.add(page.start)}::bigint`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const order = page.mode === 'cursor' ? 't.id ASC' : this.orderBy(resource, query.get('ordering'), 't');
    const limit = params.add(page.limit);
    const offset = page.mode === 'offset' ? ` OFFSET ${params.add(page.offset)}::bigint` : '';
    const sql = `SELECT ${this.select.columns(resource, shown, 't').join(', ')} FROM ${q(resource.table)} t ${where} ORDER BY ${order} LIMIT ${limit}${offset}`;
    const countSql = page.mode === 'offset' ? `SELECT count(*)::int AS n FROM ${q(resource.table)} t ${countConditions.length ? `WHERE ${countConditions.join(' AND ')}` : ''}` : null;
    const [rows, counted] = await Promise.all([db.query(sql, params.values), countSql ? db.query<{ n: number }>(countSql, countParams) : Promise.resolve(null)]);
    const serializer = new Serializer(this.registry, url.origin);
    const shownSet = new Set(shown);
    const results = rows.map((row) => serializer.object(resource, row, shownSet));
    const lastId = rows.length ? Number(rows[rows.length - 1].id) : undefined;
    return envelope(url, page, results, counted ? Number(counted[0].n) : null, lastId);
  }

  /** One row by id, or null. `shown` defaults to every readable field. */
  async row(db: Queryable, resource: Resource, id: number, shown: readonly string[]): Promise<Row | null> {
    const rows = await db.query(`SELECT ${this.select.columns(resource, shown, 't').join(', ')} FROM ${q(resource.table)} t WHERE t.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async retrieve(db: Queryable, resource: Resource, id: number, url: URL, method = 'GET'): Promise<{ body: Row; etag: string | null }> {
    const shown = shownFields(resource, url.searchParams, method);
    const row = await this.row(db, resource, id, shown);
    if (!row) throw notFound(resource.model);
    const body = new Serializer(this.registry, url.origin).object(resource, row, new Set(shown));
    return { body, etag: row.__etag ? `W/"${row.__etag}"` : null };
  }
}
