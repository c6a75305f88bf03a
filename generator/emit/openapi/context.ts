/**
 * @module
 * What every part of the OpenAPI emitter needs to look up while it builds the document: resources
 * by key, choice sets by name, and the component names a resource gets. Lookups fail with a message
 * naming the resource and field, so an IR the other stages let through never ends in a bare crash.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { ChoiceSetIR, FieldIR, InventoryIR, ResourceIR } from '../../ir/types.ts';

export interface OpenApiContext {
  ir: InventoryIR;
  resource(key: string, usedBy: string): ResourceIR;
  choiceSet(name: string, usedBy: string): ChoiceSetIR;
}

export function openApiContext(ir: InventoryIR): OpenApiContext {
  const resources = new Map(ir.resources.map((r) => [r.key, r]));
  const choiceSets = new Map(ir.choiceSets.map((c) => [c.name, c]));
  return {
    ir,
    resource(key, usedBy) {
      const found = resources.get(key);
      if (!found) throw new Error(`openapi: ${usedBy} refers to resource \`${key}\`, which is not defined`);
      return found;
    },
    choiceSet(name, usedBy) {
      const found = choiceSets.get(name);
      if (!found) throw new Error(`openapi: ${usedBy} uses choice set \`${name}\`, which is not defined`);
      return found;
    },
  };
}

/** Field kinds whose request shape differs from the response shape (NetBox names those `Writable…`). */
const writableShapeKinds = new Set<FieldIR['kind']>(['fk', 'm2m', 'tags', 'choice']);

/** Hidden fields (read-only and write-only) are stored but never part of the API. */
export function isHidden(field: FieldIR): boolean {
  return field.readOnly && field.writeOnly;
}

export function responseFields(resource: ResourceIR): FieldIR[] {
  return resource.fields.filter((f) => !f.writeOnly);
}

export function writableFields(resource: ResourceIR): FieldIR[] {
  return resource.fields.filter((f) => !f.readOnly);
}

/** Component names of a resource, following NetBox's drf-spectacular output. */
export interface SchemaNames {
  model: string;
  brief: string;
  /** The shape embedded in other objects: `Nested<Model>` when it differs from brief, else the brief. */
  embedded: string;
  request: string;
  patchedRequest: string;
  paginated: string;
}

export function schemaNames(resource: ResourceIR): SchemaNames {
  const model = resource.model;
  const request = writableFields(resource).some((f) => writableShapeKinds.has(f.kind)) ? `Writable${model}Request` : `${model}Request`;
  return {
    model,
    brief: `Brief${model}`,
    embedded: nestedDiffersFromBrief(resource) ? `Nested${model}` : `Brief${model}`,
    request,
    patchedRequest: `Patched${request}`,
    paginated: `Paginated${model}List`,
  };
}

export function nestedDiffersFromBrief(resource: ResourceIR): boolean {
  return resource.nested.join(',') !== resource.brief.join(',');
}

export function ref(name: string): OpenAPIV3.ReferenceObject {
  return { $ref: `#/components/schemas/${name}` };
}

/** `dcim.site-groups` → `dcim_site_groups`, the prefix of every operation id of the resource. */
export function operationPrefix(resource: ResourceIR): string {
  return `${resource.app}_${resource.path}`.replace(/[^A-Za-z0-9]+/g, '_');
}

/** A response with a JSON body. */
export function jsonResponse(description: string, schema: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject): OpenAPIV3.ResponseObject {
  return { description, content: { 'application/json': { schema } } };
}

/** NetBox's `{"detail": "..."}` error body. */
export const errorSchema: OpenAPIV3.SchemaObject = { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] };
