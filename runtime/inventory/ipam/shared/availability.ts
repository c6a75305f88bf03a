/**
 * @module
 * What the available-* operations share (NetBox's AvailableObjectsView): the parent object from
 * the URL (404 as a detail route answers), the `limit` of a GET (NetBox's get_results_limit), and
 * related objects in their nested form, rendered by the engine.
 */
import type { Context } from 'hono';
import type { Resource } from '../../../contract/index.ts';
import type { Queryable } from '../../../db/index.ts';
import { notFound, parseId, type OperationArgs } from '../../../rest/index.ts';

/** NetBox's PAGINATE_COUNT and MAX_PAGE_SIZE defaults. */
const PAGINATE_COUNT = 50;
const MAX_PAGE_SIZE = 1000;

type Row = Record<string, unknown>;

/**
 * The parent row named by the URL's id (all its columns), or 404; with `lock`, locked until the
 * transaction `db` ends (an allocation from it must not race another).
 */
export async function parentRow(c: Context, { resource, db }: { resource: Resource; db: Queryable }, lock = false): Promise<Row> {
  const id = parseId(c.req.param('id'), resource);
  const [row] = await db.query<Row>(`SELECT * FROM "${resource.table}" WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!row) throw notFound(resource.model);
  return row;
}

/**
 * How many objects a GET lists: `limit`, else 50; `limit=0` means the maximum page size, which
 * also caps it. (NetBox lets a negative limit list everything; here it lists a page, so a /64
 * never becomes billions of rows.)
 */
export function resultsLimit(query: URLSearchParams): number {
  const raw = query.get('limit');
  const parsed = raw !== null && /^\s*[+-]?\d+\s*$/.test(raw) ? Number(raw) : PAGINATE_COUNT;
  const limit = parsed === 0 ? MAX_PAGE_SIZE : Math.min(parsed, MAX_PAGE_SIZE);
  return limit < 0 ? MAX_PAGE_SIZE : limit;
}

/** The object of `key` with this id in its nested form (as another object embeds it), or null. */
export async function nestedObject(args: OperationArgs, db: Queryable, key: string, id: unknown): Promise<Row | null> {
  if (id === null || id === undefined) return null;
  const resource = args.rest.registry.resource(key);
  const { bodies } = await args.rest.render(db, resource, [Number(id)], args.ctx, new URLSearchParams({ fields: resource.nested.join(',') }), 'GET');
  return bodies[0] ?? null;
}
