/**
 * @module
 * Booleans, date-times, dates and JSON as DRF takes them. Date-times are parsed by hand, not by
 * JavaScript's Date: Django refuses days that do not exist (Date rolls Feb 30 over to March),
 * keeps microseconds (Date keeps milliseconds) and reads a time without offset in its TIME_ZONE,
 * UTC by default (Date reads it in the process's zone).
 */
import { containsNul, fail, field, NULL_CHARACTERS, ok } from './field.ts';

// DRF's BooleanField.TRUE_VALUES and FALSE_VALUES.
const TRUE = new Set<unknown>([true, 1, 't', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1']);
const FALSE = new Set<unknown>([false, 0, 'f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0']);

export const boolean = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => (TRUE.has(value) ? ok(true) : FALSE.has(value) ? ok(false) : fail('Must be a valid boolean.')));

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6})\d*)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
export const DATETIME_FORMAT_MESSAGE = 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';
export const DATE_FORMAT_MESSAGE = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** Whether year-month-day names a day Python's date accepts (years 1 to 9999). */
function isRealDay(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** An ISO 8601 date-time as Django's parse_datetime reads it, in UTC with microseconds (`2026-05-01T17:42:11.123456Z`). */
export function parseDateTime(text: string): string | null {
  const m = DATETIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  if (!isRealDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const micros = (m[7] ?? '').padEnd(6, '0');
  let offsetMinutes = 0;
  const zone = m[8];
  if (zone && zone !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || '0');
    if (hours > 23 || minutes > 59) return null;
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  const utc = new Date(Date.UTC(year, month - 1, day, hour, minute - offsetMinutes, second));
  // Date.UTC maps years 0–99 to 1900–1999; set the year explicitly.
  if (year < 100) utc.setUTCFullYear(utc.getUTCFullYear() - 1900);
  return `${pad(utc.getUTCFullYear(), 4)}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}T${pad(utc.getUTCHours())}:${pad(utc.getUTCMinutes())}:${pad(utc.getUTCSeconds())}.${micros}Z`;
}

export const datetime = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => {
    const parsed = typeof value === 'string' ? parseDateTime(value) : null;
    return parsed ? ok(parsed) : fail(DATETIME_FORMAT_MESSAGE);
  });

export const date = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => {
    const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
    return m && isRealDay(Number(m[1]), Number(m[2]), Number(m[3])) ? ok(value as string) : fail(DATE_FORMAT_MESSAGE);
  });

export const json = (o: { nullable?: boolean } = {}) => field(o.nullable ?? true, (value) => (containsNul(value) ? fail(NULL_CHARACTERS) : ok(value)));

/** NetBox's CustomFieldsDataField takes only a dict. */
export const customFields = () =>
  field(false, (value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? ok(value as Record<string, unknown>)
      : fail('Invalid data format. Custom field data must be passed as a dictionary mapping field names to their values.'),
  );
