/**
 * @module
 * NetBox's pagination: limit/offset with PAGINATE_COUNT 50 and MAX_PAGE_SIZE 1000 (`limit=0`
 * means the maximum), absolute `next`/`previous` URLs, and 4.6's cursor mode (`?start=<pk>`).
 */
import { badRequest } from '../errors.ts';

export const PAGINATE_COUNT = 50;
export const MAX_PAGE_SIZE = 1000;
const FIRST_ID_BEYOND_INT4 = 2147483648;

export type Page = { mode: 'offset'; limit: number; offset: number } | { mode: 'cursor'; limit: number; start: number };

export function parsePage(query: URLSearchParams): Page {
  const rawLimit = query.get('limit');
  const parsed = rawLimit !== null && /^\d+$/.test(rawLimit) ? Number(rawLimit) : null;
  const limit = parsed === null ? Math.min(PAGINATE_COUNT, MAX_PAGE_SIZE) : parsed === 0 ? MAX_PAGE_SIZE : Math.min(parsed, MAX_PAGE_SIZE);
  const start = query.get('start');
  if (start !== null) {
    if (query.has('offset')) throw badRequest(["'start' and 'offset' are mutually exclusive."]);
    if (query.has('ordering')) throw badRequest(['Ordering cannot be specified in conjunction with cursor-based pagination.']);
    if (!/^\d+$/.test(start)) throw badRequest(["Invalid 'start' parameter: must be a non-negative integer."]);
    // No stored id reaches past PostgreSQL's integer range: a larger start simply finds nothing.
    return { mode: 'cursor', limit, start: Math.min(Number(start), FIRST_ID_BEYOND_INT4) };
  }
  const rawOffset = query.get('offset');
  // An offset past every row gives an empty page; clamping keeps it a number PostgreSQL takes.
  const offset = rawOffset !== null && /^\d+$/.test(rawOffset) ? Math.min(Number(rawOffset), Number.MAX_SAFE_INTEGER) : 0;
  return { mode: 'offset', limit, offset };
}

function withParams(url: URL, set: Record<string, string | null>): string {
  const next = new URL(url);
  for (const [k, v] of Object.entries(set)) {
    if (v === null) next.searchParams.delete(k);
    else next.searchParams.set(k, v);
  }
  return next.toString();
}

export interface Envelope<T> {
  count: number | null;
  next: string | null;
  previous: string | null;
  results: T[];
}

export function envelope<T>(url: URL, page: Page, results: T[], count: number | null, lastId?: number): Envelope<T> {
  return { ...pageLinks(url, page, results.length, count, lastId), results };
}

/** The envelope's `count`, `next` and `previous` for a page of `shown` objects, the last with id `lastId`. */
export function pageLinks(url: URL, page: Page, shown: number, count: number | null, lastId?: number): Omit<Envelope<never>, 'results'> {
  if (page.mode === 'cursor') {
    const next = shown < page.limit ? null : withParams(url, { start: String((lastId ?? 0) + 1), limit: String(page.limit), offset: null });
    return { count: null, next, previous: null };
  }
  const total = count ?? 0;
  const next = page.offset + page.limit >= total ? null : withParams(url, { limit: String(page.limit), offset: String(page.offset + page.limit) });
  let previous: string | null = null;
  if (page.offset > 0) {
    previous = page.offset - page.limit <= 0
      ? withParams(url, { limit: String(page.limit), offset: null })
      : withParams(url, { limit: String(page.limit), offset: String(page.offset - page.limit) });
  }
  return { count: total, next, previous };
}

/** The list's response as JSON text around `results`, a JSON array's text. */
export function envelopeText(links: Omit<Envelope<never>, 'results'>, results: string): string {
  return `{"count":${JSON.stringify(links.count)},"next":${JSON.stringify(links.next)},"previous":${JSON.stringify(links.previous)},"results":${results}}`;
}
