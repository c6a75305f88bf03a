/**
 * @module
 * One field of the IR as an OpenAPI schema, in its two shapes: as the API answers it (choices as
 * `{value, label}`, relations as embedded objects) and as the API accepts it (raw choice values,
 * relations by id or by identifying attributes, many-to-many as id lists).
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { ChoiceSetIR, FieldIR, ResourceIR } from '../../ir/types.ts';
import { ref, schemaNames, type OpenApiContext } from './context.ts';

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

const int32Max = 2147483647;

/** The JSON type of a choice set's values: integer when every value is a whole number. */
export function choiceValueType(set: ChoiceSetIR): 'integer' | 'string' {
  return set.choices.length > 0 && set.choices.every((c) => Number.isInteger(c.value)) ? 'integer' : 'string';
}

export function choiceValueSchema(set: ChoiceSetIR): OpenAPIV3.SchemaObject {
  const type = choiceValueType(set);
  return {
    type,
    enum: set.choices.map((c) => c.value),
    description: set.choices.map((c) => `* \`${c.value}\` - ${c.label}`).join('\n'),
  };
}

/** Scalar schema of a stored value, shared by both shapes (and by filters, see parameters.ts). */
export function scalarSchema(field: FieldIR): OpenAPIV3.SchemaObject {
  const bounds = (schema: OpenAPIV3.SchemaObject): OpenAPIV3.SchemaObject => {
    if (field.minValue !== null) schema.minimum = field.minValue;
    if (field.maxValue !== null) schema.maximum = field.maxValue;
    return schema;
  };
  const text = (schema: OpenAPIV3.SchemaObject): OpenAPIV3.SchemaObject => {
    if (field.maxLength !== null) schema.maxLength = field.maxLength;
    return schema;
  };
  switch (field.kind) {
    case 'id':
    case 'count':
    case 'depth':
      return { type: 'integer' };
    case 'integer':
      return bounds({ type: 'integer', ...(field.maxValue !== null && field.maxValue > int32Max ? { format: 'int64' } : {}) });
    case 'decimal':
      return bounds({ type: 'number', format: 'double' });
    case 'boolean':
      return { type: 'boolean' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'url':
    case 'display_url':
      return { type: 'string', format: 'uri' };
    case 'email':
      return text({ type: 'string', format: 'email' });
    case 'slug':
      return text({ type: 'string', pattern: '^[-a-zA-Z0-9_]+$' });
    case 'color':
      return text({ type: 'string', pattern: '^[0-9a-f]{6}$' });
    case 'json':
      return {};
    case 'string_list':
    case 'ip_network_list':
      return { type: 'array', items: { type: 'string' } };
    case 'custom_fields':
      return { type: 'object', additionalProperties: {} };
    default:
      return text({ type: 'string' });
  }
}

/** OpenAPI 3.0 forbids siblings of `$ref`; a nullable or read-only reference wraps it in `allOf`. */
function refWith(name: string, extra: OpenAPIV3.SchemaObject): Schema {
  return Object.keys(extra).length ? { allOf: [ref(name)], ...extra } : ref(name);
}

function flags(field: FieldIR): OpenAPIV3.SchemaObject {
  return { ...(field.readOnly ? { readOnly: true } : {}), ...(field.writeOnly ? { writeOnly: true } : {}), ...(field.nullable ? { nullable: true } : {}) };
}

function embeddedName(ctx: OpenApiContext, resource: ResourceIR, field: FieldIR): string {
  const usedBy = `${resource.key}.${field.name}`;
  if (!field.target) throw new Error(`openapi: ${usedBy} is a ${field.kind} field without a target`);
  return schemaNames(ctx.resource(field.target, usedBy)).embedded;
}

/** The field as it appears in responses. */
export function responseFieldSchema(ctx: OpenApiContext, resource: ResourceIR, field: FieldIR): Schema {
  const usedBy = `${resource.key}.${field.name}`;
  switch (field.kind) {
    case 'fk':
      return refWith(embeddedName(ctx, resource, field), flags(field));
    case 'm2m':
    case 'tags':
      return { type: 'array', items: ref(embeddedName(ctx, resource, field)), ...(field.readOnly ? { readOnly: true } : {}) };
    case 'choice': {
      if (!field.choiceSet) throw new Error(`openapi: ${usedBy} is a choice field without a choice set`);
      const set = ctx.choiceSet(field.choiceSet, usedBy);
      if (!field.labelled) return { ...choiceValueSchema(set), ...flags(field) };
      return {
        type: 'object',
        properties: {
          value: choiceValueSchema(set),
          label: { type: 'string', enum: [...new Set(set.choices.map((c) => c.label))] },
        },
        ...flags(field),
      };
    }
    case 'display':
      return { type: 'string', readOnly: true };
    case 'generic_fk':
      // Any of the generic relation's targets, embedded: its brief form.
      return { type: 'object', additionalProperties: {}, readOnly: true, nullable: true, description: `A ${field.generic!.targets.map((t) => ctx.resource(t, usedBy).verboseName).join(', ')}` };
    case 'custom_fields':
      return { ...scalarSchema(field), ...(field.readOnly ? { readOnly: true } : {}) };
    default:
      return { ...scalarSchema(field), ...flags(field), ...(field.kind === 'count' || field.kind === 'depth' ? { readOnly: true } : {}) };
  }
}

/** A related object on write: its numeric id, or a dictionary of attributes that finds exactly one. */
function relatedOnWrite(target: ResourceIR): OpenAPIV3.SchemaObject {
  return {
    oneOf: [
      { type: 'integer', description: `ID of the ${target.verboseName}` },
      { type: 'object', additionalProperties: {}, description: `Attributes that identify exactly one ${target.verboseName}` },
    ],
  };
}

/** The field as requests carry it. */
export function requestFieldSchema(ctx: OpenApiContext, resource: ResourceIR, field: FieldIR): Schema {
  const usedBy = `${resource.key}.${field.name}`;
  const writeOnly = field.writeOnly ? { writeOnly: true } : {};
  const nullable = field.nullable ? { nullable: true } : {};
  const target = () => {
    if (!field.target) throw new Error(`openapi: ${usedBy} is a ${field.kind} field without a target`);
    return ctx.resource(field.target, usedBy);
  };
  switch (field.kind) {
    case 'fk':
      return { ...relatedOnWrite(target()), ...nullable, ...writeOnly };
    case 'm2m':
      return { type: 'array', items: { type: 'integer' }, description: `IDs of ${target().verboseName} objects`, ...writeOnly };
    case 'tags':
      return { type: 'array', items: relatedOnWrite(target()), ...writeOnly };
    case 'choice': {
      if (!field.choiceSet) throw new Error(`openapi: ${usedBy} is a choice field without a choice set`);
      return { ...choiceValueSchema(ctx.choiceSet(field.choiceSet, usedBy)), ...nullable, ...writeOnly };
    }
    case 'object_type':
      return { type: 'string', enum: field.generic!.targets.map((t) => ctx.resource(t, usedBy).objectType), description: 'Object type, `<app>.<model>`', ...nullable, ...writeOnly };
    case 'string':
    case 'text':
    case 'slug':
    case 'email':
    case 'color':
    case 'password':
    case 'timezone': {
      // Non-nullable required strings reject "", as DRF's CharField(allow_blank=False) does.
      const minLength = field.required && !field.nullable ? { minLength: 1 } : {};
      return { ...scalarSchema(field), ...minLength, ...nullable, ...writeOnly };
    }
    default:
      return { ...scalarSchema(field), ...nullable, ...writeOnly };
  }
}
