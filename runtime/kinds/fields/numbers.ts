/**
 * @module
 * Numbers: `integer` (a `bigint` column when its bounds pass PostgreSQL's integer) and `decimal`
 * (numeric with `digits: [total, places]`, a JSON number in answers as NetBox's
 * COERCE_DECIMAL_TO_STRING=False gives).
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { Field } from '../../contract/index.ts';
import { column, INT4_MAX, nullability } from '../columns.ts';
import * as v from '../validation/index.ts';
import { ownFilter, storedKind } from './stored.ts';

const bounds = (field: Field, schema: OpenAPIV3.SchemaObject): OpenAPIV3.SchemaObject => ({
  ...schema,
  ...(field.minValue !== undefined ? { minimum: field.minValue } : {}),
  ...(field.maxValue !== undefined ? { maximum: field.maxValue } : {}),
});

const isBig = (field: Field) => field.maxValue !== undefined && field.maxValue > INT4_MAX;

export const integer = storedKind({
  name: 'integer',
  keys: ['min_value', 'max_value'],
  optionsType: 'integer',
  cast: 'integer',
  column: (field) => (isBig(field) ? column('bigint', field.column!, { mode: 'number' }, nullability(field.nullable)) : column('integer', field.column!, null, nullability(field.nullable))),
  validator: (field) => v.integer({ nullable: field.nullable, min: field.minValue, max: field.maxValue }),
  schema: (field) => bounds(field, { type: 'integer', ...(isBig(field) ? { format: 'int64' } : {}) }),
  filters: (field) => [ownFilter(field, 'number')],
  serialize: (raw) => (raw === null || raw === undefined ? null : Number(raw)),
  // PostgreSQL writes integers (bigint too) as JSON numbers.
  json: (value) => value,
});

export const decimal = storedKind({
  name: 'decimal',
  keys: ['digits', 'min_value', 'max_value'],
  optionsType: 'decimal',
  cast: 'numeric',
  column(field) {
    if (!field.digits) throw new Error(`decimal field ${field.name} has no digits: give [total digits, digits after the point]`);
    const [precision, scale] = field.digits;
    return column('numeric', field.column!, { precision, scale }, nullability(field.nullable));
  },
  validator: (field) => v.decimal({ nullable: field.nullable, min: field.minValue, max: field.maxValue, digits: field.digits }),
  schema: (field) => bounds(field, { type: 'number', format: 'double' }),
  filters: (field) => [ownFilter(field, 'decimal')],
  serialize: (raw) => (raw === null || raw === undefined ? null : Number(raw)),
  // As a double, written as its shortest exact form (1.5, not numeric's 1.50): what JSON.stringify and Python's float write.
  json: (value) => `(${value})::float8`,
});
