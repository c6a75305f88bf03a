/**
 * @module
 * Interval arithmetic over whole numbers, for the available-asns operations: the free numbers of a
 * span `[first, last]` given the taken ones in ascending order, as intervals, without ever listing
 * the span (an ASN range may hold four billion numbers). Taken numbers are consumed as an async
 * stream, so a caller reads them from the database page by page and stops once enough are free.
 */

/** An inclusive interval of whole numbers. */
export interface Span {
  first: number;
  last: number;
}

/**
 * The first `limit` free numbers of `span`, given the taken numbers of the span in ascending
 * order (repeats and numbers outside the span are ignored).
 */
export async function firstFree(span: Span, taken: AsyncIterable<number>, limit: number): Promise<number[]> {
  const free: number[] = [];
  let next = span.first;
  const take = (upTo: number) => {
    for (let n = next; n <= upTo && free.length < limit; n++) free.push(n);
  };
  if (limit <= 0) return free;
  for await (const number of taken) {
    if (number < next) continue;
    if (number > span.last) break;
    take(number - 1);
    if (free.length >= limit) return free;
    next = number + 1;
  }
  take(span.last);
  return free;
}

/** The free intervals of `span` given the taken numbers in ascending order (for tests and counts). */
export function freeSpans(span: Span, taken: readonly number[]): Span[] {
  const spans: Span[] = [];
  let next = span.first;
  for (const number of taken) {
    if (number < next) continue;
    if (number > span.last) break;
    if (number > next) spans.push({ first: next, last: number - 1 });
    next = number + 1;
  }
  if (next <= span.last) spans.push({ first: next, last: span.last });
  return spans;
}
