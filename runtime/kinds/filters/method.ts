/**
 * @module
 * Method filters (NetBox's `method=` filters): the behaviour is a handler registered by name in
 * runtime/inventory; the filter only names it. They take no lookups unless the definition says so.
 * The values are parsed here, once, by the type the definition declares (`value:`), with the
 * messages NetBox's form fields give, so a handler receives booleans or numbers, never text to
 * check again:
 * - `boolean`, and the `empty` lookup of any method filter: the last value (Django's BooleanFilter
 *   reads one), `Select a valid choice. x is not one of the available choices.` otherwise;
 * - `integer`: every value a whole number, `Enter a number.` otherwise (as the number filters say);
 * - `id`: every value an object's id, as a model choice filter takes it: a whole number,
 *   `Select a valid choice. x is not one of the available choices.` otherwise;
 * - `number`: every value a decimal number, `Enter a number.` otherwise;
 * - `string` (the default): the values as given.
 */
import type { Filter } from '../../contract/index.ts';
import type { FilterKind, FilterQuery, MethodValue } from './types.ts';
import { booleanValue, invalidChoice, isDecimal, isInteger } from './values.ts';

/** The values parsed by the filter's declared type, or null after reporting NetBox's 400. */
export function parseMethodValues(filter: Filter, lookup: string, values: string[], q: FilterQuery): MethodValue[] | null {
  const type = lookup === 'empty' ? 'boolean' : (filter.value ?? 'string');
  if (type === 'boolean') {
    const last = values[values.length - 1];
    const value = booleanValue(last);
    return value === null ? q.error(invalidChoice(last)) : [value];
  }
  if (type === 'id') {
    const bad = values.find((value) => !isInteger(value));
    return bad !== undefined ? q.error(invalidChoice(bad)) : values.map((value) => Number(value.trim()));
  }
  if (type === 'integer' || type === 'number') {
    if (values.some((value) => !(type === 'integer' ? isInteger(value) : isDecimal(value)))) return q.error('Enter a number.');
    return values.map((value) => Number(value.trim()));
  }
  return values;
}

export const method: FilterKind = {
  name: 'method',
  lookups: [],
  valueSchema: (filter) => ({ type: filter.value === 'id' ? 'integer' : (filter.value ?? 'string') }),
  condition(filter, lookup, values, q) {
    const parsed = parseMethodValues(filter, lookup, values, q);
    return parsed && q.method(filter.method!, lookup, values, parsed);
  },
};
