/**
 * @module
 * The checks NetBox's CustomField.clean() makes of a definition, with its messages: a name Python
 * can use, object types that have custom fields, the keys each type may or must have (a choice set
 * for selections, an object type for object fields, bounds only for numbers, a regex only for text,
 * in the RE2 syntax values are matched with), and a default that is itself a valid value.
 */
import { checkValue, pythonRepr, unsupportedPattern, validationPattern, type CustomFieldDef, type CustomFieldType } from '../../../kinds/index.ts';
import type { Registry } from '../../../rest/index.ts';
import { objectTypeNameError } from '../../core/index.ts';

type Row = Record<string, unknown>;
type Report = (field: string, message: string) => void;

const TYPES: readonly string[] = ['text', 'longtext', 'integer', 'decimal', 'boolean', 'date', 'datetime', 'url', 'json', 'select', 'multiselect', 'object', 'multiobject'];
const NUMERIC = ['integer', 'decimal'];
const TEXTUAL = ['text', 'longtext', 'url'];
const SELECTION = ['select', 'multiselect'];
const OBJECT = ['object', 'multiobject'];

const hasCustomFields = (registry: Registry, name: string) => registry.byObjectType.get(name)?.resource.fields.some((f) => f.kind === 'custom_fields') ?? false;

/** Python's str() of a JSON value, as the default's message prints it (`[1, 2]`, `{'a': True}`). */
export const pyStr = (value: unknown) => (typeof value === 'string' ? value : pythonRepr(value));

const isDict = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * NetBox's validate() takes a default of an object field as ids only: `{"id": n}` is how a request
 * may name an object, and a default stored in that form would be copied as is into new objects.
 */
function objectDefaultError(type: CustomFieldType, value: unknown): string | null {
  if (type === 'object' && isDict(value)) return 'Value must be an object ID, not dict';
  const bad = type === 'multiobject' && Array.isArray(value) ? value.find(isDict) : undefined;
  return bad === undefined ? null : `Found invalid object ID: ${pythonRepr(bad)}`;
}

/** Checks one definition (`row`: its columns after the write); `choices` are its choice set's values. */
export function checkDefinition(row: Row, choices: { name: string; values: string[] } | null, registry: Registry, report: Report): void {
  const name = String(row.name ?? '');
  const type = String(row.type ?? '') as CustomFieldType;
  if (!/^[a-z0-9_]+$/.test(name)) report('name', 'Only alphanumeric characters and underscores are allowed.');
  else if (name.includes('__')) report('name', 'Double underscores are not permitted in custom field names.');
  const objectTypes = (row.object_types as string[] | null) ?? [];
  if (!objectTypes.length) report('object_types', 'This list may not be empty.');
  const typeError = objectTypeNameError(objectTypes, (t) => hasCustomFields(registry, t));
  if (typeError) report('object_types', typeError);
  else {
    // A custom field is shown inside `custom_fields`, but its `cf_<name>` filter and form field share the model's namespace.
    const clash = objectTypes.map((t) => registry.byObjectType.get(t)!.resource).find((r) => r.fields.some((f) => f.name === name));
    if (clash) report('name', `Custom field name "${name}" conflicts with a field of ${clash.verboseName}.`);
  }
  if (!TYPES.includes(type)) return;

  if (row.validation_minimum !== null && row.validation_minimum !== undefined && !NUMERIC.includes(type)) report('validation_minimum', 'A minimum value may be set only for numeric fields');
  if (row.validation_maximum !== null && row.validation_maximum !== undefined && !NUMERIC.includes(type)) report('validation_maximum', 'A maximum value may be set only for numeric fields');
  const regex = String(row.validation_regex ?? '');
  const pattern = regex ? validationPattern(regex) : null;
  if (regex && !TEXTUAL.includes(type)) report('validation_regex', 'Regular expression validation is supported only for text and URL fields');
  else if (pattern && 'error' in pattern) report('validation_regex', unsupportedPattern(regex, pattern.error));
  if (pythonTruthy(row.validation_schema) && type !== 'json') report('validation_schema', 'JSON schema validation is supported only for JSON fields');
  if (row.unique && type === 'boolean') report('unique', 'Uniqueness cannot be enforced for boolean fields');

  if (SELECTION.includes(type) && !choices) report('choice_set', 'Selection fields must specify a set of choices.');
  if (!SELECTION.includes(type) && choices) report('choice_set', 'Choices may be set only on selection fields.');

  const related = row.related_object_type as string | null;
  if (OBJECT.includes(type)) {
    if (!related) report('related_object_type', 'Object fields must define an object type.');
    else {
      const error = objectTypeNameError([related], (t) => registry.byObjectType.has(t));
      if (error) report('related_object_type', error);
    }
  } else if (related) {
    // Named by get_type_display(), under `type`.
    const label = registry.choiceSet('CustomFieldTypeChoices').find(([value]) => value === type)?.[1] ?? type;
    report('type', `${label} fields may not define an object type.`);
  }
  const filter = row.related_object_filter;
  if (filter !== null && filter !== undefined) {
    if (!OBJECT.includes(type)) report('related_object_filter', 'A related object filter can be defined only for object fields.');
    else if (typeof filter !== 'object' || Array.isArray(filter)) report('related_object_filter', 'Filter must be defined as a dictionary mapping attributes to values.');
  }

  const value = row.default;
  if (value !== null && value !== undefined) {
    const def: CustomFieldDef = {
      name,
      type,
      required: false,
      unique: false,
      default: null,
      validationMinimum: row.validation_minimum === null || row.validation_minimum === undefined ? null : Number(row.validation_minimum),
      validationMaximum: row.validation_maximum === null || row.validation_maximum === undefined ? null : Number(row.validation_maximum),
      // A pattern already refused above is not reported a second time against the default.
      validationRegex: pattern && 'error' in pattern ? '' : regex,
      choices: choices?.values ?? [],
      choiceSetName: choices?.name ?? null,
      relatedResource: null,
      filterLogic: 'loose',
      searchWeight: 0,
    };
    const checked = checkValue(def, TEXTUAL.includes(type) || type === 'longtext' ? pyStr(value) : value);
    const error = 'error' in checked ? checked.error : objectDefaultError(type, value);
    if (error) report('default', `Invalid default value "${pyStr(value)}": ${error}`);
  }
}

/** Python's truth of a JSON value: null, false, 0, "", [] and {} are false. */
function pythonTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}
