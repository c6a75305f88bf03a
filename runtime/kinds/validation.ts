/**
 * @module
 * Request validators as zod schemas that coerce the way Django REST framework does and fail with
 * DRF's exact messages. Field kinds build their validators from these; required-ness is checked
 * by the writer, which knows whether the request creates or updates.
 */
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

export type Check<T> = (value: unknown) => { ok: true; value: T } | { ok: false; message: string };

/** Wraps a check as a zod schema; `null` is handled here so every check sees a real value. */
export function field<T>(nullable: boolean, check: Check<T>) {
  return z.unknown().transform((value, ctx): T | null => {
    if (value === null) {
      if (nullable) return null;
      ctx.addIssue({ code: 'custom', message: 'This field may not be null.' });
      return z.NEVER;
    }
    const result = check(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.value;
  });
}

export const ok = <T>(value: T) => ({ ok: true as const, value });
export const fail = (message: string) => ({ ok: false as const, message });

/** DRF's ProhibitNullCharactersValidator: PostgreSQL text cannot hold U+0000. */
export const NULL_CHARACTERS = 'Null characters are not allowed.';
export const hasNul = (text: string) => text.includes('\u0000');

/** Whether any string (key or value) inside a JSON value holds U+0000. Iterative; bodies are depth-limited anyway. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (hasNul(v)) return true;
    } else if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object') for (const [k, inner] of Object.entries(v)) {
      if (hasNul(k)) return true;
      stack.push(inner);
    }
  }
  return false;
}

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
    const text = String(value);
    if (hasNul(text)) return fail(NULL_CHARACTERS);
    if (o.required && text.trim() === '') return fail('This field may not be blank.');
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

/** Integers are bounded by their column even where the definition gives no bounds (Django's IntegerField does the same). */
export const integer = (o: NumberOptions = {}) =>
  field(o.nullable ?? false, (value) => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
    return Number.isSafeInteger(n) ? bounds(n, { min: o.min ?? INT4.min, max: o.max ?? INT4.max }) : fail('A valid integer is required.');
  });

export const decimal = (o: NumberOptions & { digits?: [number, number] } = {}) =>
  field(o.nullable ?? false, (value) => {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^-?\d+(\.\d+)?$/.test(text)) return fail('A valid number is required.');
    if (o.digits) {
      const [whole, fraction = ''] = text.replace('-', '').split('.');
      const [total, places] = o.digits;
      if (fraction.length > places) return fail(`Ensure that there are no more than ${places} decimal places.`);
      if (whole.replace(/^0+/, '').length + fraction.length > total) return fail(`Ensure that there are no more than ${total} digits in total.`);
    }
    return bounds(Number(text), o);
  });

const TRUE = new Set([true, 'true', 'True', 'TRUE', '1', 1, 'yes', 'on']);
const FALSE = new Set([false, 'false', 'False', 'FALSE', '0', 0, 'no', 'off']);
export const boolean = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => (TRUE.has(value as never) ? ok(true) : FALSE.has(value as never) ? ok(false) : fail('Must be a valid boolean.')));

export const datetime = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value))
      ? ok(new Date(value).toISOString())
      : fail('Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'),
  );

export const date = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? ok(value) : fail('Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'),
  );

export const json = (o: { nullable?: boolean } = {}) => field(o.nullable ?? true, (value) => (containsNul(value) ? fail(NULL_CHARACTERS) : ok(value)));

export const stringList = (o: { nullable?: boolean; maxLength?: number } = {}) =>
  field(o.nullable ?? false, (value) => {
    if (!Array.isArray(value)) return fail(`Expected a list of items but got type "${typeof value === 'string' ? 'str' : typeof value}".`);
    const bad = value.find((v) => typeof v !== 'string');
    if (bad !== undefined) return fail('Not a valid string.');
    return value.some((v) => hasNul(v as string)) ? fail(NULL_CHARACTERS) : ok(value as string[]);
  });

/**
 * A list of IP networks (NetBox's `ArrayField(IPNetworkField())`, a token's allowed IPs), stored as
 * text in netaddr's form: a bare address gets its full-length mask. A bad entry is reported under
 * its index, as DRF's ListField does: `{"allowed_ips": {"0": ["Invalid IP address format: x"]}}`.
 */
export const ipNetworkList = (o: { nullable?: boolean } = {}) =>
  z.unknown().transform((value, ctx): string[] | null => {
    if (value === null) {
      if (o.nullable) return null;
      ctx.addIssue({ code: 'custom', message: 'This field may not be null.' });
      return z.NEVER;
    }
    if (!Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: `Expected a list of items but got type "${typeof value === 'string' ? 'str' : typeof value}".` });
      return z.NEVER;
    }
    const out: string[] = [];
    value.forEach((item, index) => {
      const network = typeof item === 'string' ? normaliseNetwork(item) : null;
      if (network) out.push(network);
      else ctx.addIssue({ code: 'custom', path: [index], message: typeof item === 'string' ? `Invalid IP address format: ${item.replace(/\u0000/g, '')}` : 'Not a valid string.' });
    });
    return out;
  });

/** `10.0.0.0/8` stays as given; `10.1.2.3` becomes `10.1.2.3/32`; anything else is null. */
export function normaliseNetwork(text: string): string | null {
  const trimmed = text.trim();
  try {
    if (trimmed.includes('/')) {
      const [address, bits] = ipaddr.parseCIDR(trimmed);
      return `${address.toString()}/${bits}`;
    }
    const address = ipaddr.parse(trimmed);
    return `${address.toString()}/${address.kind() === 'ipv4' ? 32 : 128}`;
  } catch {
    return null;
  }
}

/** Choice values are written raw; NetBox coerces "true"/"false" and numeric strings. */
export const choice = (values: readonly (string | number)[], o: { nullable?: boolean; allowBlank?: boolean; blankAs?: '' | null } = {}) =>
  field<string | number | null>(o.nullable ?? false, (value) => {
    if (typeof value === 'object') return fail('Value must be passed directly (e.g. "foo": 123); do not use a dictionary or list.');
    if (value === '' && o.allowBlank) return ok(o.blankAs === undefined ? null : o.blankAs);
    const match = values.find((v) => String(v) === String(value));
    return match !== undefined ? ok(match) : fail(`"${String(value)}" is not a valid choice.`);
  });

/** An object type as NetBox's ContentTypeField takes it: `<app_label>.<model>`, among `allowed`. */
export const objectType = (allowed: readonly string[], o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => {
    if (typeof value !== 'string' || !/^[a-z_]+\.[a-z_]+$/.test(value)) return fail("Invalid value. Specify a content type as '<app_label>.<model_name>'.");
    return allowed.includes(value) ? ok(value) : fail(`Invalid content type: ${value}`);
  });

/** A writable related object: a primary key, an int-like string, or a dict of attributes (resolved later). */
export type RelationRef = number | Record<string, unknown>;
export const relation = (o: { nullable?: boolean } = {}) =>
  field<RelationRef>(o.nullable ?? false, (value) => {
    if (typeof value === 'number' && Number.isInteger(value)) return ok(value);
    if (typeof value === 'string' && /^\d+$/.test(value)) return ok(Number(value));
    if (value && typeof value === 'object' && !Array.isArray(value)) return ok(value as Record<string, unknown>);
    return fail(`Related objects must be referenced by numeric ID or by dictionary of attributes. Received an unrecognized value: ${String(value)}`);
  });

export const relationList = () =>
  field<RelationRef[]>(false, (value) => {
    if (!Array.isArray(value)) return fail(`Expected a list of items but got type "${typeof value === 'string' ? 'str' : typeof value}".`);
    const refs: RelationRef[] = [];
    for (const item of value) {
      if (typeof item === 'number' && Number.isInteger(item)) refs.push(item);
      else if (typeof item === 'string' && /^\d+$/.test(item)) refs.push(Number(item));
      else if (item && typeof item === 'object' && !Array.isArray(item)) refs.push(item as Record<string, unknown>);
      else return fail(`Incorrect type. Expected pk value, received ${typeof item === 'string' ? 'str' : typeof item}.`);
    }
    return ok(refs);
  });

export const customFields = () =>
  field(false, (value) => (value && typeof value === 'object' && !Array.isArray(value) ? ok(value as Record<string, unknown>) : fail('Invalid data. Expected a dictionary.')));

/** A request schema: known keys validated, unknown ones dropped (as DRF does). */
export const object = (shape: Record<string, z.ZodType>) => z.object(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, s.optional()])));

/**
 * An IP address with its mask, as NetBox's IPAddressField takes it (netaddr's IPNetwork): a bare
 * address gets its full-length mask. Stored as PostgreSQL `inet`, which keeps the host bits.
 */
export const ipAddress = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => {
    const text = typeof value === 'string' ? value : '';
    const network = text && !hasNul(text) ? normaliseNetwork(text) : null;
    return network ? ok(network) : fail(`Invalid IP address format: ${typeof value === 'string' ? value.replace(/\u0000/g, '') : String(value)}`);
  });

/** An IP network (NetBox's IPNetworkField): host bits are cleared, as Prefix.save does (`10.1.2.3/8` → `10.0.0.0/8`). */
export const ipNetwork = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => {
    const text = typeof value === 'string' && !hasNul(value) ? value.trim() : '';
    try {
      const [address, bits] = text.includes('/') ? ipaddr.parseCIDR(text) : [ipaddr.parse(text), ipaddr.parse(text).kind() === 'ipv4' ? 32 : 128];
      const network = address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${address}/${bits}`) : ipaddr.IPv6.networkAddressFromCIDR(`${address}/${bits}`);
      return ok(`${network.toString()}/${bits}`);
    } catch {
      return fail(`Invalid IP prefix format: ${typeof value === 'string' ? value.replace(/\u0000/g, '') : String(value)}`);
    }
  });

const MAC = /^([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})$/i;

/** A MAC address in any of netaddr's common spellings, stored as PostgreSQL `macaddr`. */
export const macAddress = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => {
    const m = typeof value === 'string' ? MAC.exec(value.trim()) : null;
    return m ? ok(m.slice(1).join(':').toUpperCase()) : fail('Enter a valid MAC address.');
  });

/** A list of integers (PostgreSQL `integer[]`), each within `min`/`max`. */
export const integerList = (o: NumberOptions = {}) =>
  z.unknown().transform((value, ctx): number[] | null => {
    if (value === null && o.nullable) return null;
    if (!Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: `Expected a list of items but got type "${typeof value === 'string' ? 'str' : value === null ? 'NoneType' : typeof value}".` });
      return z.NEVER;
    }
    const check = integer({ min: o.min, max: o.max });
    return value.map((item, index) => {
      const parsed = check.safeParse(item);
      if (parsed.success) return parsed.data as number;
      ctx.addIssue({ code: 'custom', path: [index], message: parsed.error.issues[0].message });
      return 0;
    });
  });

/**
 * Ranges of integers as NetBox's IntegerRangeSerializer takes them: a list of `[lower, upper]`
 * pairs, both inclusive (a VLAN group's `vid_ranges`).
 */
export const integerRanges = (o: NumberOptions = {}) =>
  field(o.nullable ?? false, (value) => {
    if (!Array.isArray(value)) return fail(`Expected a list of items but got type "${typeof value === 'string' ? 'str' : typeof value}".`);
    const ranges: [number, number][] = [];
    for (const item of value) {
      if (!Array.isArray(item) || item.length !== 2 || !item.every((n) => Number.isSafeInteger(n))) return fail('Ranges must be specified in the form [[lower, upper], ...].');
      const [lower, upper] = item as [number, number];
      if (lower > upper) return fail(`Invalid range: lower bound (${lower}) cannot be greater than upper bound (${upper}).`);
      if ((o.min !== undefined && lower < o.min) || (o.max !== undefined && upper > o.max)) return fail(`Ranges must be within ${o.min}-${o.max}.`);
      ranges.push([lower, upper]);
    }
    return ok(ranges);
  });

/** How deep `pythonRepr` prints; deeper values are elided (messages echo client input). */
const REPR_DEPTH = 4;

/** Python's repr of a dict, as NetBox prints it in messages: `{'name': 'DC6'}`. */
export function pythonRepr(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value !== 'object') return String(value);
  if (depth >= REPR_DEPTH) return Array.isArray(value) ? '[...]' : '{...}';
  if (Array.isArray(value)) return `[${value.map((v) => pythonRepr(v, depth + 1)).join(', ')}]`;
  return `{${Object.entries(value).map(([k, v]) => `${pythonRepr(k)}: ${pythonRepr(v, depth + 1)}`).join(', ')}}`;
}
