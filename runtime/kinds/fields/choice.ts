/**
 * @module
 * A value from a choice set, written raw and rendered as NetBox's ChoiceField does:
 * `{"value": "active", "label": "Active"}` (or the bare value for a plain model choice,
 * `labelled: false`). A blank or null value renders as null.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { Field } from '../../contract/index.ts';
import { column, nullability } from '../columns.ts';
import { sqlLiteral } from '../sqlText.ts';
import * as v from '../validation/index.ts';
import { flags, ownFilter } from './stored.ts';
import type { Catalog, FieldKind, Schema } from './types.ts';

const values = (field: Field, catalog: Catalog) => catalog.choiceSet(field.choices!).map(([value]) => value);
const isNumeric = (field: Field, catalog: Catalog) => values(field, catalog).every((value) => typeof value === 'number');

/** The JSON schema of a choice set's raw values (the document shares one component per set). */
export function choiceValueSchema(name: string, catalog: Catalog): OpenAPIV3.SchemaObject {
  const set = catalog.choiceSet(name);
  return {
    type: set.every(([value]) => typeof value === 'number') ? 'integer' : 'string',
    enum: set.map(([value]) => value),
    description: set.map(([value, label]) => `* \`${value}\` - ${label}`).join('\n'),
  };
}

/** A shared schema with OpenAPI 3.0's flags (`$ref` siblings are ignored, so flags wrap it). */
const flagged = (schema: Schema, extra: OpenAPIV3.SchemaObject): Schema => (Object.keys(extra).length ? { allOf: [schema], ...extra } : schema);

export const choice: FieldKind = {
  name: 'choice',
  keys: ['choices', 'labelled', 'blank'],
  optionsType: 'choice',
  orderable: true,
  defaultColumn: (name) => name,
  column: (field, catalog) =>
    isNumeric(field, catalog) ? column('integer', field.column!, null, nullability(field.nullable)) : column('varchar', field.column!, { length: 50 }, nullability(field.nullable)),
  filters: (field) => [ownFilter(field, 'multichoice', { choices: field.choices })],
  response(field, ctx) {
    const raw = ctx.choiceValues(field.choices!);
    if (field.labelled === false) return flagged(raw, flags(field));
    return { type: 'object', properties: { value: raw, label: { type: 'string' } }, ...flags(field) };
  },
  request: (field, ctx) => flagged(ctx.choiceValues(field.choices!), flags(field, true)),
  validators: (field, catalog) => {
    // NetBox's ChoiceField for the labelled ones, DRF's own (quoted messages) for the plain ones.
    const validator = field.labelled === false ? v.plainChoice : v.choice;
    return { [field.name]: validator(values(field, catalog), { nullable: field.nullable, allowBlank: field.blank ?? field.nullable, blankAs: field.nullable ? null : '' }) };
  },
  stage(field, _input, value, item) {
    item.columns[field.column!] = value;
  },
  select: (field, resource, alias, ctx) => ctx.value(resource, field, alias),
  serialize(field, _resource, row, ctx) {
    const raw = row[field.name];
    if (raw === null || raw === undefined || raw === '') return null;
    if (field.labelled === false) return raw;
    return { value: raw, label: ctx.choiceLabel(field.choices!, raw) };
  },
  json(field, resource, alias, ctx) {
    const raw = ctx.value(resource, field, alias);
    const shown = field.labelled === false ? raw : `json_build_object('value', ${raw}, 'label', ${choiceLabelSql(field.choices!, raw, ctx)})`;
    return `(CASE WHEN ${raw} IS NULL OR ${raw}::text = '' THEN NULL ELSE ${shown} END)`;
  },
};

/** The SQL of a choice's label (`CASE value WHEN 'active' THEN 'Active' … ELSE '' END`), as Registry.choiceLabel gives it. */
function choiceLabelSql(set: string, valueSql: string, catalog: Catalog): string {
  const whens = catalog.choiceSet(set).map(([value, label]) => `WHEN ${sqlLiteral(value)} THEN ${sqlLiteral(label)}`);
  return `(CASE ${valueSql} ${whens.join(' ')} ELSE '' END)`;
}
