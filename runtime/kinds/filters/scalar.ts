/**
 * @module
 * Numbers, dates and booleans. Lookups: `n lte lt gte gt empty` (NetBox's numeric map); booleans
 * take none. Values are checked as django-filter's form fields check them, and compared by
 * PostgreSQL from their text, so no number is too large and no digit is lost.
 */
import type { Filter } from '../../contract/index.ts';
import type { Cast, FilterKind, FilterQuery, Op } from './types.ts';
import { booleanValue, invalidChoice, isDate, isDecimal, isInteger } from './values.ts';

export const NUMBER_LOOKUPS = ['n', 'lte', 'lt', 'gte', 'gt', 'empty'] as const;
const COMPARISONS: Record<string, Op> = { lt: 'lt', lte: 'lte', gt: 'gt', gte: 'gte' };

function ordered(name: string, cast: Cast, valid: (value: string) => boolean, message: string, schema: FilterKind['valueSchema']): FilterKind {
  return {
    name,
    lookups: NUMBER_LOOKUPS,
    valueSchema: schema,
    condition(filter: Filter, lookup: string, values: string[], q: FilterQuery) {
      if (lookup === 'empty') {
        const empty = booleanValue(values[0]);
        if (empty === null) return q.error(invalidChoice(values[0]));
        return q.where(filter.path, 'isnull', [true], { negate: !empty });
      }
      if (values.some((value) => !valid(value))) return q.error(message);
      const trimmed = values.map((value) => value.trim());
      if (COMPARISONS[lookup]) return q.where(filter.path, COMPARISONS[lookup], trimmed, { cast });
      return q.where(filter.path, 'in', trimmed, { cast, negate: lookup === 'n' });
    },
  };
}

/** An integer, unless the field counts or stores something else numeric. */
export const number = ordered('number', 'numeric', isInteger, 'Enter a number.', (filter, resource) => {
  const kind = resource.fields.find((f) => f.name === filter.path)?.kind;
  return kind === 'decimal' ? { type: 'number' } : { type: 'integer' };
});
export const decimal = ordered('decimal', 'numeric', isDecimal, 'Enter a number.', () => ({ type: 'number' }));
export const date = ordered('date', 'date', (v) => isDate(v, true), 'Enter a valid date.', () => ({ type: 'string', format: 'date' }));
export const datetime = ordered('datetime', 'timestamptz', (v) => isDate(v, false), 'Enter a valid date/time.', () => ({ type: 'string', format: 'date-time' }));

export const boolean: FilterKind = {
  name: 'boolean',
  lookups: [],
  valueSchema: () => ({ type: 'boolean' }),
  condition(filter, _lookup, values, q) {
    const value = booleanValue(values[0]);
    if (value === null) return q.error(invalidChoice(values[0]));
    return q.where(filter.path, 'exact', [value], { cast: 'boolean' });
  },
};
