/**
 * @module
 * The custom field definitions of a resource, read from the extras tables with one query per
 * request (runtime/rest asks only for resources that have a `custom_fields` field). A list reuses
 * the definitions it loaded before only while `version` is unchanged, read in its own statement:
 * a field added or changed by any server sharing the database counts for the next request.
 */
import type { Resource } from '../../../contract/index.ts';
import type { Queryable } from '../../../db/index.ts';
import { customFieldSet, type CustomFieldDef, type CustomFieldType } from '../../../kinds/index.ts';
import type { CustomFieldSource, Registry } from '../../../rest/index.ts';
import { choicesOf } from './choiceSets.ts';

/** The tables of `extras.custom-fields` and `extras.custom-field-choice-sets` (definitions/extras/custom-fields.yaml). */
export const CUSTOM_FIELD_TABLE = 'extras_custom_field';
export const CHOICE_SET_TABLE = 'extras_custom_field_choice_set';

interface DefinitionRow {
  name: string;
  type: string;
  required: boolean;
  unique: boolean;
  default: unknown;
  validation_minimum: string | null;
  validation_maximum: string | null;
  validation_regex: string;
  related_object_type: string | null;
  filter_logic: string;
  search_weight: number;
  set_name: string | null;
  base_choices: string | null;
  extra_choices: unknown;
}

const LOAD = `SELECT cf.name, cf.type, cf.required, cf."unique", cf."default", cf.validation_minimum::text AS validation_minimum,
  cf.validation_maximum::text AS validation_maximum, cf.validation_regex, cf.related_object_type, cf.filter_logic, cf.search_weight,
  cs.name AS set_name, cs.base_choices, cs.extra_choices
FROM "${CUSTOM_FIELD_TABLE}" cf LEFT JOIN "${CHOICE_SET_TABLE}" cs ON cs.id = cf.choice_set_id
WHERE cf.object_types @> ARRAY[$1::text] ORDER BY cf.group_name, cf.weight, cf.name, cf.id`;

const bound = (value: string | null) => (value === null ? null : Number(value));

export function definitionOf(row: DefinitionRow, registry: Registry): CustomFieldDef {
  const related = row.related_object_type ? registry.byObjectType.get(row.related_object_type)?.resource.key ?? null : null;
  return {
    name: row.name,
    type: row.type as CustomFieldType,
    required: row.required,
    unique: row.unique,
    default: row.default ?? null,
    validationMinimum: bound(row.validation_minimum),
    validationMaximum: bound(row.validation_maximum),
    validationRegex: row.validation_regex ?? '',
    choices: row.set_name === null ? null : choicesOf(row).map(([value]) => value),
    choiceSetName: row.set_name,
    relatedResource: related,
    filterLogic: row.filter_logic,
    searchWeight: Number(row.search_weight),
  };
}

export const customFieldSource: CustomFieldSource = {
  async load(db: Queryable, resource: Resource, registry: Registry) {
    const rows = await db.query<DefinitionRow>(LOAD, [resource.objectType]);
    return customFieldSet(resource.key, rows.map((row) => definitionOf(row, registry)));
  },
  // A definition added or removed changes the count; one changed gets a later last_updated (its
  // writes are change-logged), which the latest of them then is.
  version: `(SELECT count(*)::text || '/' || coalesce(max(coalesce(cf.last_updated, cf.created))::text, '') FROM "${CUSTOM_FIELD_TABLE}" cf)`,
};
