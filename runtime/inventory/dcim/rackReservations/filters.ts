/**
 * @module
 * Method filters of rack reservations (NetBox's RackReservationFilterSet):
 * - `unit`: a NumericArrayFilter over `units`. The exact match is "among the units"
 *   (`units @> [n]`); its other lookups compare the whole array, as Django's array lookups do
 *   (`unit__n=5` leaves out the reservations of exactly `[5]`, `unit__lt=5` compares `units`
 *   with `[5]`); `unit__empty` matches reservations without units (none: units are required).
 * - `unit_count_min`, `unit_count_max`: reservations of at least / at most that many units.
 * A NumberFilter takes one value, the last given; it must be a number ("Enter a number.").
 */
import { booleanValue, invalidChoice, isDecimal } from '../../../kinds/index.ts';
import type { MethodFilter, MethodFilterArgs } from '../../../rest/index.ts';

const ARRAY_COMPARISONS: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

/** The last value given, as a number, or null after NetBox's error. */
function lastNumber({ values, query }: MethodFilterArgs): number | null {
  const value = values[values.length - 1] ?? '';
  if (!isDecimal(value) || !Number.isFinite(Number(value.trim()))) return query.error('Enter a number.');
  return Number(value.trim());
}

const unitsOf = (args: MethodFilterArgs) => args.sql.column('dcim.rack-reservations', 'units', args.alias);

export const reservationUnit: MethodFilter = (args) => {
  const { lookup, values, param, query } = args;
  const units = unitsOf(args);
  if (lookup === 'empty') {
    const empty = booleanValue(values[values.length - 1] ?? '');
    return empty === null ? query.error(invalidChoice(values[0])) : `(coalesce(cardinality(${units}), 0) = 0) = ${empty}`;
  }
  const unit = lastNumber(args);
  if (unit === null) return null;
  const given = `${param([unit])}::numeric[]`;
  if (lookup === 'n') return `NOT (${units}::numeric[] = ${given})`;
  const comparison = ARRAY_COMPARISONS[lookup];
  return comparison ? `${units}::numeric[] ${comparison} ${given}` : `${units}::numeric[] @> ${given}`;
};

function unitCountBound(operator: '>=' | '<='): MethodFilter {
  return (args) => {
    const count = lastNumber(args);
    return count === null ? null : `coalesce(cardinality(${unitsOf(args)}), 0) ${operator} ${args.param(count)}::numeric`;
  };
}

export const reservationUnitCountMin = unitCountBound('>=');
export const reservationUnitCountMax = unitCountBound('<=');
