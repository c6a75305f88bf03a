/**
 * @module
 * Strings as DRF's CharField takes them: numbers are accepted as their text, surrounding
 * whitespace is trimmed (trim_whitespace=True) before the blank and length checks, NUL characters
 * are refused; slugs, e-mail addresses, colours, time zones and lists of strings.
 */
import { fail, field, hasNul, list, NULL_CHARACTERS, ok, type Check } from './field.ts';

export interface StringOptions {
  maxLength?: number;
  nullable?: boolean;
  /** Blank strings are refused on required fields (DRF's allow_blank=False). */
  required?: boolean;
  pattern?: { regex: RegExp; message: string };
}

function stringCheck(o: StringOptions): Check<string> {
  return (value) => {
    if (typeof value !== 'string' && typeof value !== 'number') return fail('Not a valid string.');
    const text = String(value).trim();
    if (hasNul(text)) return fail(NULL_CHARACTERS);
    if (o.required && text === '') return fail('This field may not be blank.');
    if (o.maxLength !== undefined && text.length > o.maxLength) return fail(`Ensure this field has no more than ${o.maxLength} characters.`);
    if (o.pattern && text !== '' && !o.pattern.regex.test(text)) return fail(o.pattern.message);
    return ok(text);
  };
}

export const string = (o: StringOptions = {}) => field(o.nullable ?? false, stringCheck(o));
export const slug = (o: StringOptions = {}) =>
  field(o.nullable ?? false, stringCheck({ ...o, pattern: { regex: /^[-a-zA-Z0-9_]+$/, message: 'Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.' } }));
export const email = (o: StringOptions = {}) =>
  field(o.nullable ?? false, stringCheck({ ...o, pattern: { regex: /^[^@\s]+@[^@\s]+\.[^@\s]+$/, message: 'Enter a valid email address.' } }));
export const color = (o: StringOptions = {}) =>
  field(o.nullable ?? false, stringCheck({ ...o, pattern: { regex: /^[0-9a-f]{6}$/, message: 'Enter a valid hexadecimal RGB color code.' } }));

const zones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
export const timezone = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => (typeof value === 'string' && (value === '' || zones.has(value)) ? ok(value === '' ? null : value) : fail('A valid timezone is required.')));

/** A list of strings (PostgreSQL `varchar[]`), each a CharField within `maxLength` when given. */
export const stringList = (o: { nullable?: boolean; maxLength?: number } = {}) => list(o.nullable ?? false, stringCheck({ maxLength: o.maxLength }));

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** A UUID as PostgreSQL and Python print it (lower case, dashed; Django also reads the bare 32 digits), or null when the value is none. */
export function canonicalUuid(value: string): string | null {
  if (!UUID.test(value.trim())) return null;
  const hex = value.trim().toLowerCase().replace(/-/g, '');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
