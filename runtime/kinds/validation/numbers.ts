/**
 * @module
 * Numbers as DRF's IntegerField and DecimalField take them (numeric strings too), bounded by
 * their column where the definition gives no bounds; lists and ranges of integers.
 */
import { fail, field, list, notAList, ok, type Check } from './field.ts';

export interface NumberOptions {
  nullable?: boolean;
  min?: number;
  max?: number;
}

function bounds(n: number, o: NumberOptions) {
  if (o.min !== undefined && n < o.min) return fail(`Ensure this value is greater than or equal to ${o.min}.`);
  if (o.max !== undefined && n > o.max) return fail(`Ensure this value is less than or equal to ${o.max}.`);
  return ok(n);
}

/** The range of PostgreSQL's `integer`, which Django's IntegerField validates against. */
export const INT4 = { min: -2147483648, max: 2147483647 } as const;

function integerCheck(o: NumberOptions): Check<number> {
  return (value) => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
    return Number.isSafeInteger(n) ? bounds(n, { min: o.min ?? INT4.min, max: o.max ?? INT4.max }) : fail('A valid integer is required.');
  };
}

/** Integers are bounded by their column even where the definition gives no bounds (Django's IntegerField does the same). */
export const integer = (o: NumberOptions = {}) => field(o.nullable ?? false, integerCheck(o));

/**
 * DRF's DecimalField: the total digits first, then the decimal places, then the digits before the
 * point (max_digits − decimal_places), as validate_precision checks them.
 */
export const decimal = (o: NumberOptions & { digits?: [number, number] } = {}) =>
  field(o.nullable ?? false, (value) => {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return fail('A valid number is required.');
    if (o.digits) {
      const [whole, fraction = ''] = text.replace(/^[-+]/, '').split('.');
      // Python's Decimal drops leading zeros of the whole part and keeps trailing zeros of the fraction.
      const wholeDigits = whole.replace(/^0+/, '').length;
      const [total, places] = o.digits;
      if (wholeDigits + fraction.length > total) return fail(`Ensure that there are no more than ${total} digits in total.`);
      if (fraction.length > places) return fail(`Ensure that there are no more than ${places} decimal places.`);
      if (wholeDigits > total - places) return fail(`Ensure that there are no more than ${total - places} digits before the decimal point.`);
    }
    return bounds(Number(text), o);
  });

/** A list of integers (PostgreSQL `integer[]`), each within `min`/`max`. */
export const integerList = (o: NumberOptions = {}) => list(o.nullable ?? false, integerCheck({ min: o.min, max: o.max }));

/**
 * Ranges of integers as NetBox's IntegerRangeSerializer takes them: a list of `[lower, upper]`
 * pairs, both inclusive (a VLAN group's `vid_ranges`). A reversed pair passes, as the serializer
 * lets it through: the model's clean() refuses it with its own message.
 */
export const integerRanges = (o: NumberOptions = {}) =>
  field(o.nullable ?? false, (value) => {
    if (!Array.isArray(value)) return notAList(value);
    const ranges: [number, number][] = [];
    for (const item of value) {
      if (!Array.isArray(item) || item.length !== 2 || !item.every((n) => Number.isSafeInteger(n))) return fail('Ranges must be specified in the form [[lower, upper], ...].');
      const [lower, upper] = item as [number, number];
      if ((o.min !== undefined && lower < o.min) || (o.max !== undefined && upper > o.max)) return fail(`Ranges must be within ${o.min}-${o.max}.`);
      ranges.push([lower, upper]);
    }
    return ok(ranges);
  });
