/**
 * @module
 * The path items of one resource, one operation per entry of `resourceOperations(resource)` (the
 * same list the route emitter reads), with NetBox's operation ids, bodies and status codes (§2.6,
 * §2.7): 201 on create, 200 on update, 204 on delete; bulk bodies are lists.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { resourceOperations, type OperationIR, type OperationName } from '../../ir/inventory/operations.ts';
import type { ResourceIR } from '../../ir/types.ts';
import { jsonResponse, operationPrefix, ref, schemaNames, type OpenApiContext } from './context.ts';
import { extraOperation, extraOperationId } from './extraOperations.ts';
import { idParameter, listParameters } from './parameters.ts';

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

const jsonBody = (schema: Schema, description?: string): OpenAPIV3.RequestBodyObject => ({
  required: true,
  ...(description ? { description } : {}),
  content: { 'application/json': { schema } },
});

const noContent: OpenAPIV3.ResponseObject = { description: 'No response body' };

const listOf = (schema: Schema): OpenAPIV3.SchemaObject => ({ type: 'array', items: schema });

/** A list item of a bulk update: the body of a single update plus the id of the object it changes. */
const withId = (name: string): OpenAPIV3.SchemaObject => ({
  allOf: [ref(name), { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }],
});

function standardOperation(ctx: OpenApiContext, resource: ResourceIR, name: Exclude<OperationName, 'extra' | 'group_root'>): Partial<OpenAPIV3.OperationObject> {
  const names = schemaNames(resource);
  const one = ref(names.model);
  const what = resource.verboseName;
  switch (name) {
    case 'list':
      return {
        description: `List ${what} objects; filters in the query narrow the list.`,
        parameters: listParameters(ctx, resource),
        responses: { '200': jsonResponse('A page of results.', ref(names.paginated)) },
      };
    case 'create':
      return {
        description: `Create a ${what}, or several at once from a list (all or nothing).`,
        requestBody: jsonBody({ oneOf: [ref(names.request), listOf(ref(names.request))] }),
        responses: { '201': jsonResponse('The created object, or the list of created objects.', { oneOf: [one, listOf(one)] }) },
      };
    case 'bulk_update':
      return {
        description: `Replace several ${what} objects; each item names its object by \`id\`.`,
        requestBody: jsonBody(listOf(withId(names.request))),
        responses: { '200': jsonResponse('The updated objects.', listOf(one)) },
      };
    case 'bulk_partial_update':
      return {
        description: `Change fields of several ${what} objects; each item names its object by \`id\`.`,
        requestBody: jsonBody(listOf(withId(names.patchedRequest))),
        responses: { '200': jsonResponse('The updated objects.', listOf(one)) },
      };
    case 'bulk_destroy':
      return {
        description: `Delete several ${what} objects (all or nothing); ids that do not exist are ignored.`,
        requestBody: jsonBody(listOf({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } })),
        responses: { '204': noContent },
      };
    case 'retrieve':
      return { description: `Get one ${what}.`, parameters: [idParameter(resource)], responses: { '200': jsonResponse(`The ${what}.`, one) } };
    case 'update':
      return {
        description: `Replace a ${what}.`,
        parameters: [idParameter(resource)],
        requestBody: jsonBody(ref(names.request)),
        responses: { '200': jsonResponse(`The updated ${what}.`, one) },
      };
    case 'partial_update':
      return {
        description: `Change some fields of a ${what}.`,
        parameters: [idParameter(resource)],
        requestBody: jsonBody(ref(names.patchedRequest)),
        responses: { '200': jsonResponse(`The updated ${what}.`, one) },
      };
    case 'destroy':
      return { description: `Delete a ${what}.`, parameters: [idParameter(resource)], responses: { '204': noContent } };
  }
}

const methodKey = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

function operationFor(ctx: OpenApiContext, resource: ResourceIR, op: OperationIR): OpenAPIV3.OperationObject {
  let body: Partial<OpenAPIV3.OperationObject>;
  let operationId: string;
  if (op.operation === 'extra') {
    body = extraOperation(op.extra!, op.method, op.auth);
    operationId = extraOperationId(resource, op);
    if (op.path.includes('{id}')) body.parameters = [idParameter(resource), ...(body.parameters ?? [])];
  } else {
    if (op.operation === 'group_root') throw new Error(`openapi: ${resource.key} cannot have a group root`);
    body = standardOperation(ctx, resource, op.operation);
    operationId = `${operationPrefix(resource)}_${op.operation}`;
  }
  const { description, parameters, requestBody, responses } = body;
  const operation: OpenAPIV3.OperationObject = {
    operationId,
    ...(description ? { description } : {}),
    tags: [resource.app],
    ...(parameters?.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    ...(op.auth ? {} : { security: [] }),
    responses: responses ?? {},
  };
  return operation;
}

/** Path items of one resource. */
export function resourcePaths(ctx: OpenApiContext, resource: ResourceIR): Record<string, OpenAPIV3.PathItemObject> {
  const paths: Record<string, OpenAPIV3.PathItemObject> = {};
  for (const op of resourceOperations(resource)) {
    const item = (paths[op.path] ??= {});
    const key = methodKey[op.method];
    if (item[key]) throw new Error(`openapi: ${resource.key} defines ${op.method} ${op.path} twice`);
    item[key] = operationFor(ctx, resource, op);
  }
  return paths;
}
