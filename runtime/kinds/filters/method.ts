/**
 * @module
 * Method filters (NetBox's `method=` filters): the behaviour is a handler registered by name in
 * runtime/inventory; the filter only names it. They take no lookups unless the definition says so.
 */
import type { FilterKind } from './types.ts';

export const method: FilterKind = {
  name: 'method',
  lookups: [],
  valueSchema: (filter) => ({ type: filter.value ?? 'string' }),
  condition: (filter, lookup, values, q) => q.method(filter.method!, lookup, values),
};
