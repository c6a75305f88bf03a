/**
 * @module
 * JSON Schema checks of config context profiles, with ajv (a maintained validator) standing in
 * for Python's jsonschema: a profile's `schema` must be a valid schema (utilities/jsonschema.py
 * validate_schema), and a context's `data` must satisfy its profile's schema (ConfigContext.clean()).
 * As jsonschema's `validator_for`, the draft is the one `$schema` names, else 2020-12; unknown
 * keywords and formats are not errors. The reasons are phrased as jsonschema's first message line
 * (`'site' is a required property`); jsonschema's "Failed validating … in schema" block that
 * follows it in NetBox's message is left out.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { pythonRepr } from '../../../kinds/index.ts';

const options = { strict: false, validateFormats: false, allErrors: false } as const;
const draft2020 = new Ajv2020(options);
const draft7 = new Ajv(options);

/** The validator class jsonschema would pick for the schema's `$schema`. */
function validatorFor(schema: Record<string, unknown>): { ajv: Ajv; schema: Record<string, unknown> } {
  const named = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-0[4-7]/.test(named)) {
    // ajv knows draft-07 only of the older drafts; the keywords of 04 and 06 are read as 07's.
    const { $schema: _ignored, ...rest } = schema;
    return { ajv: draft7, schema: /draft-07/.test(named) ? schema : rest };
  }
  return { ajv: draft2020 as unknown as Ajv, schema };
}

/** jsonschema's message for the first failure. */
function reason(error: ErrorObject, data: unknown): string {
  const at = error.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let value: unknown = data;
  for (const key of at) value = (value as Record<string, unknown> | unknown[])?.[key as never];
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${pythonRepr(p.missingProperty)} is a required property`;
    case 'type':
      return `${pythonRepr(value)} is not of type ${String(p.type).split(',').map((t) => pythonRepr(t)).join(', ')}`;
    case 'enum':
      return `${pythonRepr(value)} is not one of ${pythonRepr(p.allowedValues)}`;
    case 'const':
      return `${pythonRepr(p.allowedValue)} was expected`;
    case 'additionalProperties':
      return `Additional properties are not allowed (${pythonRepr(p.additionalProperty)} was unexpected)`;
    case 'minimum':
      return `${pythonRepr(value)} is less than the minimum of ${String(p.limit)}`;
    case 'maximum':
      return `${pythonRepr(value)} is greater than the maximum of ${String(p.limit)}`;
    case 'pattern':
      return `${pythonRepr(value)} does not match ${pythonRepr(p.pattern)}`;
    case 'minLength':
      return `${pythonRepr(value)} is too short`;
    case 'maxLength':
      return `${pythonRepr(value)} is too long`;
    default:
      return `${error.instancePath || 'data'} ${error.message ?? 'is invalid'}`;
  }
}

const compiled = new WeakMap<object, ValidateFunction | string>();

/** The schema's validator, or why it is no valid schema. */
function compile(schema: Record<string, unknown>): ValidateFunction | string {
  const known = compiled.get(schema);
  if (known) return known;
  const { ajv, schema: checked } = validatorFor(schema);
  let result: ValidateFunction | string;
  try {
    result = ajv.compile(checked);
  } catch (error) {
    result = error instanceof Error ? error.message : String(error);
  }
  compiled.set(schema, result);
  return result;
}

/** validate_schema's refusal of a profile's schema, or null (null and `""` pass). */
export function schemaError(schema: unknown): string | null {
  if (schema === null || schema === undefined || schema === '') return null;
  if (typeof schema !== 'object' || Array.isArray(schema)) return 'Invalid JSON schema definition';
  const validator = compile(schema as Record<string, unknown>);
  return typeof validator === 'string' ? `Invalid JSON schema definition: ${validator}` : null;
}

/** ConfigContext.clean()'s refusal of data that does not satisfy the profile's schema, or null. */
export function dataError(data: unknown, schema: unknown): string | null {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema) || !Object.keys(schema).length) return null;
  const validator = compile(schema as Record<string, unknown>);
  if (typeof validator === 'string') return null;
  if (validator(data)) return null;
  return `Data does not conform to profile schema: ${reason(validator.errors![0]!, data)}`;
}
