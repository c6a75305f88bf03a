/**
 * @module
 * A written `custom_fields` dict merged into what the object stores, as NetBox's
 * CustomFieldsDataField and CustomFieldsMixin.clean() do: unknown names are refused under
 * `custom_fields`, each value is checked by its field's type and required fields must be there
 * (the first failure under `__all__`), an update keeps the values it does not name, and a new
 * object gets every default it was not given. Whether object ids exist and unique values are unique needs the
 * database: the writer checks those for the whole batch (runtime/rest/write/customFields.ts).
 */
import type { StagedItem } from '../fields/types.ts';
import type { CustomFieldSet } from './definition.ts';
import { checkValue } from './values.ts';

type Data = Record<string, unknown>;

export const unknownField = (name: string) => `Custom field '${name}' does not exist for this object type.`;
export const invalidValue = (name: string, message: string) => `Invalid value for custom field '${name}': ${message}`;
export const missingRequired = (name: string) => `Missing required custom field '${name}'.`;
export const notUnique = (name: string) => `Custom field '${name}' must have a unique value.`;
export const unknownObjects = (value: unknown) => `Unknown related object(s): ${Array.isArray(value) ? `[${value.join(', ')}]` : String(value)}`;

/** CustomFieldsDataField's refusal of anything but a dict. */
export const invalidFormat = 'Invalid data format. Custom field data must be passed as a dictionary mapping field names to their values.';

/** What a write's `custom_fields` comes to, in NetBox's two stages. */
export interface MergedCustomFields {
  /** The data to store (with the defaults a new object gets on save). */
  data: Data;
  /**
   * The serializer field's refusals (CustomFieldsDataField), answered under `custom_fields`: unknown
   * names (`{name: message}`, by name), or object references that name nothing it can read.
   */
  unknown: string[];
  badObjects: string[];
  /**
   * CustomFieldsMixin.clean()'s refusals, answered under `__all__`: it stops at the first value
   * that fails (stored values included), else at the first required field missing. Uniqueness,
   * which it checks between the two, needs the database: the writer checks it, and its message
   * takes the place of the missing field's.
   */
  invalid: string | null;
  missing: string | null;
}

const EMPTY = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);

/**
 * A written `custom_fields` dict (`given`; undefined when a new object was sent none) merged with
 * what the object stores (`existing`, null on create), checked as NetBox's serializer field and
 * model clean() check it.
 */
export function mergeCustomFields(set: CustomFieldSet, given: Data | undefined, existing: Data | null): MergedCustomFields {
  const byName = new Map(set.fields.map((f) => [f.name, f]));
  const unknown = Object.keys(given ?? {}).filter((name) => !byName.has(name)).sort();
  const badObjects: string[] = [];
  for (const [name, raw] of Object.entries(given ?? {})) {
    const def = byName.get(name);
    // The nested serializer reads an object reference before the model sees it.
    if (def && (def.type === 'object' || def.type === 'multiobject') && !EMPTY(raw) && 'error' in checkValue(def, raw)) badObjects.push(unknownObjects(raw));
  }
  // Sent none on create, the serializer's default names every field, null where it has no default.
  const sent: Data = given ?? Object.fromEntries(set.fields.map((f) => [f.name, f.default ?? null]));
  const merged: Data = { ...(existing ?? {}), ...sent };
  const data: Data = {};
  let invalid: string | null = null;
  let missing: string | null = null;
  for (const [name, raw] of Object.entries(merged)) {
    const def = byName.get(name);
    // Stale data of a field no longer defined is dropped.
    if (!def) continue;
    const checked = checkValue(def, raw);
    if ('error' in checked) invalid ??= invalidValue(name, checked.error);
    else data[name] = checked.value;
  }
  if (!invalid) {
    const absent = set.fields.find((def) => def.required && !(def.name in merged));
    if (absent) missing = missingRequired(absent.name);
  }
  // save() gives a new object the defaults of the fields it does not hold.
  if (!existing) for (const def of set.fields) if (!(def.name in data) && def.default !== null && def.default !== undefined) data[def.name] = def.default;
  // Nulls the serializer's default filled in are not stored, as before.
  if (!given && !existing) for (const [name, value] of Object.entries(data)) if (value === null) delete data[name];
  return { data, unknown, badObjects, invalid, missing };
}

/**
 * Puts a merge on the item: the serializer field's refusals under the field (unknown names as a
 * dict by name, which stop there), else clean()'s first refusal under `__all__`, else the data.
 */
export function stageCustomFields(fieldName: string, column: string, merged: MergedCustomFields, item: StagedItem): void {
  if (merged.unknown.length) for (const name of merged.unknown) item.errorDetail(fieldName, name, unknownField(name));
  else if (merged.badObjects.length) item.error(fieldName, merged.badObjects[0]!);
  else if (merged.invalid) item.error('__all__', merged.invalid);
  else {
    item.columns[column] = merged.data;
    if (merged.missing) item.error('__all__', merged.missing);
  }
}
