/**
 * @module
 * Assembles the OpenAPI 3.0.3 document of the inventory API from the IR: header, security, fixed
 * paths, every resource's paths and components. Maps are written in sorted key order (paths,
 * schemas) and methods in a fixed order, so the document depends on nothing but the IR.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { InventoryIR } from '../../ir/types.ts';
import { choiceValueSchema } from '../../../runtime/kinds/index.ts';
import { openApiContext } from './context.ts';
import { fixedPaths } from './fixedPaths.ts';
import { resourcePaths } from './paths.ts';
import { routeGroupPaths } from './routeGroupPaths.ts';
import { allResourceSchemas } from './schemas.ts';

/** The NetBox release this API answers as (`info.version`, like `RELEASE.full_version`). */
export const netboxVersion = '4.6.8';

const methodOrder = ['get', 'post', 'put', 'patch', 'delete'] as const;

function byKey<T>(record: Record<string, T>): Record<string, T> {
  const sorted: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) sorted[key] = record[key];
  return sorted;
}

function orderMethods(item: OpenAPIV3.PathItemObject): OpenAPIV3.PathItemObject {
  const ordered: OpenAPIV3.PathItemObject = {};
  for (const method of methodOrder) if (item[method]) ordered[method] = item[method];
  return ordered;
}

export function buildOpenApiDocument(ir: InventoryIR): OpenAPIV3.Document {
  const ctx = openApiContext(ir);
  const paths: Record<string, OpenAPIV3.PathItemObject> = { ...fixedPaths(ctx) };
  const schemas = allResourceSchemas(ctx);
  for (const resource of ir.resources) {
    for (const [path, item] of Object.entries(resourcePaths(ctx, resource))) {
      if (paths[path]) throw new Error(`openapi: path ${path} of ${resource.key} is already taken by another resource or a fixed path`);
      paths[path] = item;
    }
  }
  for (const group of ir.routeGroups) {
    for (const [path, item] of Object.entries(routeGroupPaths(group))) {
      if (paths[path]) throw new Error(`openapi: path ${path} of route group ${group.name} is already taken`);
      paths[path] = item;
    }
  }
  // Each choice set's values once, referenced by fields and filters.
  for (const set of ir.choiceSets) {
    if (schemas[set.name]) throw new Error(`openapi: choice set \`${set.name}\` has the name of another component`);
    schemas[set.name] = choiceValueSchema(set.name, { resource: (key) => ctx.resource(key, set.name), choiceSet: (name) => ctx.choiceSet(name, set.name).choices.map((c) => [c.value, c.label]) });
  }
  // The bodies of hand-written operations (definitions/schemas.yaml), `$ref: Name` pointing at components.
  for (const [name, schema] of Object.entries(ir.schemas)) {
    if (schemas[name]) throw new Error(`openapi: component schema \`${name}\` of schemas.yaml is also a resource's component`);
    schemas[name] = withComponentRefs(schema) as OpenAPIV3.SchemaObject;
  }
  const document: OpenAPIV3.Document = {
    openapi: '3.0.3',
    info: {
      title: 'NetBox REST API',
      version: netboxVersion,
      license: { name: 'Apache v2 License' },
    },
    servers: [{ url: '', description: 'NetBox' }],
    // Tokens only: NetBox's session cookie belongs to its web UI, which this server does not have.
    security: [{ tokenAuth: [] }],
    paths: Object.fromEntries(Object.entries(byKey(paths)).map(([path, item]) => [path, orderMethods(item)])),
    components: {
      schemas: byKey(schemas),
      securitySchemes: {
        tokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Token <token>` (v1) or `Bearer <key>.<token>` (v2)' },
      },
    },
  };
  assertUniqueOperationIds(document);
  return document;
}

/** `{$ref: Name}` → `{$ref: '#/components/schemas/Name'}`, everywhere in a schema. */
function withComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withComponentRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && !v.startsWith('#') ? `#/components/schemas/${v}` : withComponentRefs(v)]));
}

/** Client generators name methods after operation ids; a clash would silently drop one. */
function assertUniqueOperationIds(document: OpenAPIV3.Document): void {
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methodOrder) {
      const id = item?.[method]?.operationId;
      if (!id) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const other = seen.get(id);
      if (other) throw new Error(`openapi: operation id \`${id}\` is used by both ${other} and ${where}`);
      seen.set(id, where);
    }
  }
}
