/**
 * @module
 * A written `custom_fields` dict merged into what the object stores, as NetBox's
 * CustomFieldsDataField and CustomFieldsMixin.clean() do: unknown names are refused, each value is
 * checked by its field's type, an update keeps the values it does not name, and a new object gets
 * every default it was not given. Whether object ids exist and unique values are unique needs the
 * database: the writer checks those for the whole batch (runtime/rest/write/customFields.ts).
 */
import type { CustomFieldSet } from './definition.ts';
import { checkValue } from './values.ts';

type Data = Record<string, unknown>;

export const unknownField = (name: string) => `Custom field '${name}' does not exist for this object type.`;
export const invalidValue = (name: string, message: string) => `Invalid value for custom field '${name}': ${message}`;
export const missingRequired = (name: string) => `Missing required custom field '${name}'.`;
export const notUnique = (name: string) => `Custom field '${name}' must have a unique value.`;
export const unknownObjects = (value: unknown) => `Unknown related object(s): ${Array.isArray(value) ? `[${value.join(', ')}]` : String(value)}`;

/**
 * The data to store for a written dict (`given`), or the messages refusing it. `existing` is the
 * stored data of an updated object (null on create).
 */
export function mergeCustomFields(set: CustomFieldSet, given: Data, existing: Data | null): { data: Data } | { errors: string[] } {
  const errors: string[] = [];
  const byName = new Map(set.fields.map((f) => [f.name, f]));
  const data: Data = existing ? { ...existing } : {};
  for (const [name, raw] of Object.entries(given)) {
    const def = byName.get(name);
    if (!def) {
      errors.push(unknownField(name));
      continue;
    }
    const checked = checkValue(def, raw);
    if ('error' in checked) errors.push(invalidValue(name, checked.error));
    else data[name] = checked.value;
  }
  if (!existing) for (const def of set.fields) if (!(def.name in given) && def.default !== null && def.default !== undefined) data[def.name] = def.default;
  for (const def of set.fields) if (def.required && !(def.name in given) && (data[def.name] === null || data[def.name] === undefined)) errors.push(missingRequired(def.name));
  return errors.length ? { errors } : { data };
}
