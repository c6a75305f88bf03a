/**
 * @module
 * A custom field's value checked as NetBox's `CustomField.validate` checks it, with its messages,
 * and normalised for storage (an object given as `{"id": 7}` is stored as 7). Object ids are only
 * checked for their form here; whether the objects exist is asked of the database for the whole
 * write at once. Strings anywhere in a value are first checked for what the `jsonb` column cannot
 * hold (storableText.ts), whatever the type, so the refusal is the same for text, JSON and choices.
 */
import { isDate } from '../filters/values.ts';
import { pythonRepr } from '../validation/index.ts';
import type { CustomFieldDef } from './definition.ts';
import { uncheckablePattern, validationPattern } from './patterns.ts';
import { unstorableText } from './storableText.ts';

export type Checked = { value: unknown } | { error: string };

/** Python's name of a JSON value's type, as NetBox's messages print it. */
function pythonType(value: unknown): string {
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (Array.isArray(value)) return 'list';
  if (value === null) return 'NoneType';
  return 'dict';
}

/** An object reference as the nested serializer reads it: an id, or `{"id": n}`. */
function objectId(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'id' in value && Object.keys(value).length === 1) return (value as { id: unknown }).id;
  return value;
}

function checkRange(def: CustomFieldDef, value: number): string | null {
  if (def.validationMinimum !== null && value < def.validationMinimum) return `Value must be at least ${formatBound(def.validationMinimum)}`;
  if (def.validationMaximum !== null && value > def.validationMaximum) return `Value must not exceed ${formatBound(def.validationMaximum)}`;
  return null;
}

/** Bounds print as the integers they usually are (`10`, not `10.0000`). */
const formatBound = (n: number) => String(n);

const DECIMAL = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/** The value to store, or NetBox's message (without the `Invalid value for custom field` prefix). */
export function checkValue(def: CustomFieldDef, raw: unknown): Checked {
  if (raw === null || raw === '') return def.required ? { error: 'Required field cannot be empty.' } : { value: raw };
  const unstorable = unstorableText(raw);
  if (unstorable) return { error: unstorable };
  switch (def.type) {
    case 'text':
    case 'longtext':
    case 'url': {
      if (typeof raw !== 'string') return { error: 'Value must be a string.' };
      if (def.validationRegex) {
        const pattern = validationPattern(def.validationRegex);
        if ('error' in pattern) return { error: uncheckablePattern(def.validationRegex, pattern.error) };
        if (!pattern.matches(raw)) return { error: `Value must match regex '${def.validationRegex}'` };
      }
      return { value: raw };
    }
    case 'integer': {
      if (typeof raw !== 'number' || !Number.isSafeInteger(raw)) return { error: 'Value must be an integer.' };
      const range = checkRange(def, raw);
      return range ? { error: range } : { value: raw };
    }
    case 'decimal': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : NaN;
      if (!Number.isFinite(n)) return { error: 'Value must be a decimal.' };
      const range = checkRange(def, n);
      return range ? { error: range } : { value: n };
    }
    case 'boolean':
      if (raw === true || raw === 1) return { value: true };
      if (raw === false || raw === 0) return { value: false };
      return { error: 'Value must be true or false.' };
    case 'date':
      if (typeof raw !== 'string' || !isDate(raw, true)) return { error: 'Date values must be in ISO 8601 format (YYYY-MM-DD).' };
      return { value: raw.trim() };
    case 'datetime':
      if (typeof raw !== 'string' || !isDate(raw, false)) return { error: 'Date and time values must be in ISO 8601 format (YYYY-MM-DD HH:MM:SS).' };
      return { value: raw.trim() };
    case 'json':
      return { value: raw };
    case 'select':
      if (typeof raw !== 'string' || !def.choices?.includes(raw)) return { error: `Invalid choice (${typeof raw === 'string' ? raw : pythonRepr(raw)}) for choice set ${def.choiceSetName}.` };
      return { value: raw };
    case 'multiselect': {
      // NetBox's `set(value).issubset(choices)` reads a bare string as the set of its characters,
      // so refuses it unless each character happens to be a choice; here anything but a list is
      // refused. The value prints as Python's str(): `(red)`, a list as `(['red', 'pink'])`.
      if (!Array.isArray(raw) || !raw.every((v) => typeof v === 'string' && def.choices?.includes(v))) {
        return { error: `Invalid choice(s) (${typeof raw === 'string' ? raw : pythonRepr(raw)}) for choice set ${def.choiceSetName}.` };
      }
      return { value: [...new Set(raw)] };
    }
    case 'object': {
      const id = objectId(raw);
      if (typeof id !== 'number' || !Number.isSafeInteger(id)) return { error: `Value must be an object ID, not ${pythonType(id)}` };
      return { value: id };
    }
    case 'multiobject': {
      if (!Array.isArray(raw)) return { error: `Value must be a list of object IDs, not ${pythonType(raw)}` };
      const ids = raw.map(objectId);
      const bad = ids.find((id) => typeof id !== 'number' || !Number.isSafeInteger(id));
      if (bad !== undefined) return { error: `Found invalid object ID: ${typeof bad === 'string' ? bad : pythonRepr(bad)}` };
      return { value: [...new Set(ids as number[])] };
    }
  }
}

/** The ids an object or multiobject value names (none for other types or empty values). */
export function objectIds(def: CustomFieldDef, value: unknown): number[] {
  if (def.type === 'object' && typeof value === 'number') return [value];
  if (def.type === 'multiobject' && Array.isArray(value)) return value as number[];
  return [];
}
