/**
 * @module
 * The frame every validator shares: a zod schema that handles `null` once and runs a check that
 * answers a value or DRF's message, plus the small facts several checks need (NUL characters,
 * Python's names for JSON types, Python's repr in messages).
 */
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

/** A request schema: known keys validated, unknown ones dropped (as DRF does). */
export const object = (shape: Record<string, z.ZodType>) => z.object(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, s.optional()])));

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

/** The Python type name of a decoded JSON value, as DRF's messages print `type(data).__name__`. */
export function pythonType(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (Array.isArray(value)) return 'list';
  return 'dict';
}

/** DRF's ListField refusal of anything but a list. */
export const notAList = (value: unknown) => fail(`Expected a list of items but got type "${pythonType(value)}".`);

/**
 * DRF's ListField(child=…): a list whose items each pass `item`; a bad item is reported under its
 * index (`{"allowed_ips": {"0": ["…"]}}`), every bad item at once.
 */
export function list<T>(nullable: boolean, item: Check<T>) {
  return z.unknown().transform((value, ctx): T[] | null => {
    if (value === null && nullable) return null;
    if (!Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: value === null ? 'This field may not be null.' : (notAList(value) as { message: string }).message });
      return z.NEVER;
    }
    const out: T[] = [];
    value.forEach((v, index) => {
      const result = v === null ? fail('This field may not be null.') : item(v);
      if (result.ok) out.push(result.value);
      else ctx.addIssue({ code: 'custom', path: [index], message: result.message });
    });
    return out;
  });
}

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
