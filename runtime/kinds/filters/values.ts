/**
 * @module
 * Checks of filter values as django-filter's form fields make them, with their messages.
 */

export const TRUE = new Set(['true', 'True', '1']);
export const FALSE = new Set(['false', 'False', '0']);

export const invalidChoice = (value: string) => `Select a valid choice. ${value} is not one of the available choices.`;

const INTEGER = /^\s*[-+]?\d+\s*$/;
const DECIMAL = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d{1,4})?\s*$/;

export const isInteger = (value: string) => INTEGER.test(value);
export const isDecimal = (value: string) => DECIMAL.test(value);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

/** Django's date and date/time form fields: ISO forms only, years 1–9999, real days and times. */
export function isDate(value: string, dateOnly: boolean): boolean {
  const m = (dateOnly ? DATE : DATETIME).exec(value.trim());
  if (!m) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = m.slice(1).map((part) => Number(part ?? 0));
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days && hour < 24 && minute < 60 && second < 60 && offsetHours < 15 && offsetMinutes < 60;
}

/** The boolean a `__empty` or boolean filter value means, or null when it is neither. */
export function booleanValue(value: string): boolean | null {
  return TRUE.has(value) ? true : FALSE.has(value) ? false : null;
}
