/**
 * @module
 * A value from a choice set, written raw and rendered as NetBox's ChoiceField does:
 * `{"value": "active", "label": "Active"}` (or the bare value for a plain model choice,
 * `labelled: false`). A blank or null value renders as null.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { Field } from '../../contract/index.ts';
import { column, nullability } from '../columns.ts';
import * as v from '../validation.ts';
import { flags, ownFilter } from './stored.ts';
import type { Catalog, FieldKind } from './types.ts';

const values = (field: Field, catalog: Catalog) => catalog.choiceSet(field.choices!).map(([value]) => value);
const isNumeric = (field: Field, catalog: Catalog) => values(field, catalog).every((value) => typeof value === 'number');

/** The JSON schema of the set's raw values. */
export function choiceValueSchema(field: Field, catalog: Catalog): OpenAPIV3.SchemaObject {
  const set = catalog.choiceSet(field.choices!);
  return {
    type: isNumeric(field, catalog) ? 'integer' : 'string',
    enum: set.map(([value]) => value),
    description: set.map(([value, label]) => `* \`${value}\` - ${label}`).join('\n'),
  };
}

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
    const raw = choiceValueSchema(field, ctx);
    if (field.labelled === false) return { ...raw, ...flags(field) };
    const labels = [...new Set(ctx.choiceSet(field.choices!).map(([, label]) => label))];
    return { type: 'object', properties: { value: raw, label: { type: 'string', enum: labels } }, ...flags(field) };
  },
  request: (field, ctx) => ({ ...choiceValueSchema(field, ctx), ...flags(field, true) }),
  validators: (field, catalog) => ({ [field.name]: v.choice(values(field, catalog), { nullable: field.nullable, allowBlank: field.blank ?? field.nullable, blankAs: field.nullable ? null : '' }) }),
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
};
