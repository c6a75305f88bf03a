/**
 * @module
 * The component schemas of one resource: `<Model>` (full response), `Brief<Model>` (`?brief=1` and
 * embedded objects), `Nested<Model>` when the embedded shape differs from brief (NetBox's Tag),
 * `[Writable]<Model>Request` and `Patched[Writable]<Model>Request` (bodies), and
 * `Paginated<Model>List` (list envelope).
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { FieldIR, ResourceIR } from '../../ir/types.ts';
import { nestedDiffersFromBrief, ref, responseFields, schemaNames, writableFields, type OpenApiContext } from './context.ts';
import { requestFieldSchema, responseFieldSchema } from './fieldSchemas.ts';

type Schemas = Record<string, OpenAPIV3.SchemaObject>;

function pick(resource: ResourceIR, names: string[], shape: string): FieldIR[] {
  const byName = new Map(resource.fields.map((f) => [f.name, f]));
  return names.map((name) => {
    const field = byName.get(name);
    if (!field) throw new Error(`openapi: ${resource.key} lists \`${name}\` among its ${shape} fields, but has no such field`);
    return field;
  });
}

/** An object of response fields; every listed field is always present in a full representation. */
function responseObject(ctx: OpenApiContext, resource: ResourceIR, fields: FieldIR[]): OpenAPIV3.SchemaObject {
  const properties: Record<string, OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject> = {};
  for (const field of fields) properties[field.name] = responseFieldSchema(ctx, resource, field);
  return { type: 'object', description: `A ${resource.verboseName}.`, properties, required: fields.map((f) => f.name) };
}

function requestObject(ctx: OpenApiContext, resource: ResourceIR, patched: boolean): OpenAPIV3.SchemaObject {
  const fields = writableFields(resource);
  const properties: Record<string, OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject> = {};
  for (const field of fields) properties[field.name] = requestFieldSchema(ctx, resource, field);
  // NetBox 4.4's ChangeLogMessageSerializer: recorded with the change, never shown.
  if (resource.changeLogged) properties.changelog_message = { type: 'string', writeOnly: true, maxLength: 200, description: 'Recorded in the change log with this change.' };
  const required = patched ? [] : fields.filter((f) => f.required).map((f) => f.name);
  const what = patched ? `Fields to change on a ${resource.verboseName}; omitted fields keep their values.` : `A ${resource.verboseName} to create or replace.`;
  return { type: 'object', description: what, properties, ...(required.length ? { required } : {}) };
}

export function resourceSchemas(ctx: OpenApiContext, resource: ResourceIR): Schemas {
  const names = schemaNames(resource);
  const schemas: Schemas = {
    [names.model]: responseObject(ctx, resource, responseFields(resource)),
    [names.brief]: responseObject(ctx, resource, pick(resource, resource.brief, 'brief')),
    [names.request]: requestObject(ctx, resource, false),
    [names.patchedRequest]: requestObject(ctx, resource, true),
    [names.paginated]: {
      type: 'object',
      required: ['count', 'results'],
      properties: {
        count: { type: 'integer', nullable: true, description: 'Number of matching objects; null in cursor mode (`?start=`).' },
        next: { type: 'string', format: 'uri', nullable: true, description: 'URL of the next page, or null on the last page.' },
        previous: { type: 'string', format: 'uri', nullable: true, description: 'URL of the previous page, or null on the first page.' },
        results: { type: 'array', items: ref(names.model) },
      },
    },
  };
  if (nestedDiffersFromBrief(resource)) schemas[names.embedded] = responseObject(ctx, resource, pick(resource, resource.nested, 'nested'));
  return schemas;
}

/** Every resource's components; two resources that would define the same component name are an error. */
export function allResourceSchemas(ctx: OpenApiContext): Schemas {
  const schemas: Schemas = {};
  const owner = new Map<string, string>();
  for (const resource of ctx.ir.resources) {
    for (const [name, schema] of Object.entries(resourceSchemas(ctx, resource))) {
      const other = owner.get(name);
      if (other) throw new Error(`openapi: component schema \`${name}\` would be defined by both ${other} and ${resource.key}; give one of them a distinct model name`);
      owner.set(name, resource.key);
      schemas[name] = schema;
    }
  }
  return schemas;
}
