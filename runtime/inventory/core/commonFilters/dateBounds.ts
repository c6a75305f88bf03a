/**
 * @module
 * `date_bound`: NetBox filters with a fixed bound on a date/time field, named after it as Django
 * names them — `created__gte` / `created__lte` (plain DateTimeFilters with a `lookup_expr`, on
 * tokens) and `created_after` / `created_before` (the two halves of a DateTimeFromToRangeFilter,
 * on journal entries; `completed__after` / `completed__before` on jobs). The field and the bound come from the parameter's name, so one handler
 * serves them all. Like Django's single-value filters, the last value given counts.
 */
import { isDate } from '../../../kinds/index.ts';
import type { MethodFilter } from '../../../rest/index.ts';

const BOUND = /^(?<field>[a-z_]+?)(?:__(?<lookup>gte|lte)|__?(?<range>after|before))$/;

export const dateBound: MethodFilter = ({ values, query }) => {
  const match = BOUND.exec(query.parameter);
  if (!match?.groups) throw new Error(`date_bound: cannot tell the field and bound of "${query.parameter}"`);
  const { field, lookup, range } = match.groups;
  const value = values[values.length - 1].trim();
  if (!isDate(value, false)) return query.error('Enter a valid date/time.');
  const op = lookup === 'gte' || range === 'after' ? 'gte' : 'lte';
  return query.where(field, op, [value], { cast: 'timestamptz' });
};
