/**
 * @module
 * Text kinds: `string` (varchar with `max_length`), `text` (unbounded, no filter), and the
 * formatted strings `slug`, `email` and `color`, which differ only in the pattern they accept.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { Field } from '../../contract/index.ts';
import { column, nullability } from '../columns.ts';
import * as v from '../validation/index.ts';
import { ownFilter, storedKind } from './stored.ts';

const lengthArgs = (field: Field) => (field.maxLength ? { length: field.maxLength } : null);
const withLength = (field: Field, schema: OpenAPIV3.SchemaObject): OpenAPIV3.SchemaObject => (field.maxLength ? { ...schema, maxLength: field.maxLength } : schema);
/** Non-nullable required strings reject "", as DRF's CharField(allow_blank=False) does. */
const blankRefused = (field: Field): OpenAPIV3.SchemaObject => (field.required && !field.nullable ? { minLength: 1 } : {});
const options = (field: Field) => ({ maxLength: field.maxLength, nullable: field.nullable, required: field.required });

/** A blank string: what NetBox's CharFields default to (a color does not: it is null). */
const blankDefault = () => '';

function textKind(name: string, validator: (o: v.StringOptions) => ReturnType<typeof v.string>, schema: OpenAPIV3.SchemaObject, modelDefault: (() => unknown) | null = blankDefault) {
  return storedKind({
    name,
    modelDefault: modelDefault ?? undefined,
    keys: ['max_length'],
    optionsType: name === 'slug' || name === 'email' ? name : 'string',
    column: (field) => column('varchar', field.column!, lengthArgs(field), nullability(field.nullable)),
    validator: (field) => validator(options(field)),
    schema: (field) => withLength(field, schema),
    requestExtra: blankRefused,
    filters: (field) => [ownFilter(field, 'char')],
  });
}

export const string = textKind('string', v.string, { type: 'string' });
export const slug = textKind('slug', v.slug, { type: 'string', pattern: '^[-a-zA-Z0-9_]+$' });
export const email = textKind('email', v.email, { type: 'string', format: 'email' });
export const color = textKind('color', v.color, { type: 'string', pattern: '^[0-9a-f]{6}$' }, null);

/** Long text (comments): unbounded, never filtered. */
export const text = storedKind({
  name: 'text',
  optionsType: 'string',
  modelDefault: blankDefault,
  column: (field) => column('text', field.column!, null, nullability(field.nullable)),
  validator: (field) => v.string({ nullable: field.nullable, required: field.required }),
  schema: () => ({ type: 'string' }),
  requestExtra: blankRefused,
});

/** An IANA time zone name (`Europe/Paris`); blank is stored as null. */
export const timezone = storedKind({
  name: 'timezone',
  optionsType: 'string',
  column: (field) => column('varchar', field.column!, { length: 63 }, nullability(field.nullable)),
  validator: (field) => v.timezone({ nullable: field.nullable }),
  schema: () => ({ type: 'string' }),
  filters: (field) => [ownFilter(field, 'char')],
});
