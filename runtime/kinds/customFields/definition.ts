/**
 * @module
 * A custom field as the engine uses it: what validation, rendering and filtering of the values in
 * an object's `custom_field_data` need from its definition (a row of `extras.custom-fields`).
 * Definitions are data in the database, not in the generated table, so the engine loads the ones
 * of a resource per request (runtime/rest reads them through a CustomFieldSource).
 */

/** NetBox's CustomFieldTypeChoices. */
export type CustomFieldType =
  | 'text' | 'longtext' | 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime' | 'url' | 'json'
  | 'select' | 'multiselect' | 'object' | 'multiobject';

export interface CustomFieldDef {
  name: string;
  type: CustomFieldType;
  required: boolean;
  unique: boolean;
  /** The value given to new objects (already valid for the type), or null. */
  default: unknown;
  validationMinimum: number | null;
  validationMaximum: number | null;
  /** Python regular expression, matched at the start of the value (`re.match`); '' for none. */
  validationRegex: string;
  /** For select and multiselect: the values of its choice set (base and extra choices). */
  choices: readonly string[] | null;
  /** The choice set's name, for messages. */
  choiceSetName: string | null;
  /** For object and multiobject: the resource key the values point at (`dcim.sites`). */
  relatedResource: string | null;
  /** `disabled`, `loose` or `exact`. */
  filterLogic: string;
  /** 0 leaves the field out of `?q=`. */
  searchWeight: number;
}

/** The custom fields of one resource, in NetBox's order (group name, weight, name). */
export interface CustomFieldSet {
  /** The resource key they were loaded for. */
  readonly resource: string;
  readonly fields: readonly CustomFieldDef[];
  /** Identifies what the select list depends on (the object fields), for caching it. */
  readonly selectKey: string;
}

export const isObjectType = (type: CustomFieldType) => type === 'object' || type === 'multiobject';

/** Builds a set, computing its select key. */
export function customFieldSet(resource: string, fields: readonly CustomFieldDef[]): CustomFieldSet {
  const selectKey = fields.filter((f) => isObjectType(f.type)).map((f) => `${f.name}:${f.type}:${f.relatedResource}`).join(',');
  return { resource, fields, selectKey };
}

export const noCustomFields = (resource: string): CustomFieldSet => customFieldSet(resource, []);
