/**
 * @module
 * One field as an OpenAPI schema, in its two shapes: as the API answers it and as the API accepts
 * it. Each field kind (runtime/kinds/fields) owns its schemas; this adapts the document's context
 * to the kinds' (embedded objects by their component names).
 */
import type { OpenAPIV3 } from 'openapi-types';
import { fieldKind, type OpenApiContext as KindContext } from '../../../runtime/kinds/index.ts';
import type { FieldIR, ResourceIR } from '../../ir/types.ts';
import { ref, schemaNames, type OpenApiContext } from './context.ts';

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

/** The kinds' view of the document being built; lookups name the field that needs them. */
export function kindContext(ctx: OpenApiContext, usedBy: string): KindContext {
  return {
    resource: (key) => ctx.resource(key, usedBy),
    choiceSet: (name) => ctx.choiceSet(name, usedBy).choices.map((c) => [c.value, c.label] as [string | number, string]),
    choiceValues(set) {
      ctx.choiceSet(set, usedBy);
      return ref(set);
    },
    embedded(target, shows) {
      const resource = ctx.resource(target, usedBy);
      if (!shows) return ref(schemaNames(resource).embedded);
      // A subset of the target's fields (NetBox's brief serializer plus a few): described inline.
      const properties = Object.fromEntries(shows.map((name) => {
        const field = resource.fields.find((f) => f.name === name)!;
        return [name, responseFieldSchema(ctx, resource, field)];
      }));
      return { type: 'object', properties, required: shows };
    },
  };
}

/** The field as it appears in responses. */
export function responseFieldSchema(ctx: OpenApiContext, resource: ResourceIR, field: FieldIR): Schema {
  return fieldKind(field.kind).response(field, kindContext(ctx, `${resource.key}.${field.name}`));
}

/** The field as requests carry it. */
export function requestFieldSchema(ctx: OpenApiContext, resource: ResourceIR, field: FieldIR): Schema {
  const kind = fieldKind(field.kind);
  if (!kind.request) throw new Error(`openapi: ${resource.key}.${field.name} (${field.kind}) is not writable`);
  return kind.request(field, kindContext(ctx, `${resource.key}.${field.name}`));
}
