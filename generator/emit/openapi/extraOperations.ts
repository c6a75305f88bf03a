/**
 * @module
 * The hand-written operations (`operations:` in the definitions) as OpenAPI operations: the route
 * is generated and the behaviour lives in runtime/inventory, and the definitions name the bodies'
 * component schemas (a resource's own, or one of `definitions/schemas.yaml`).
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { OperationIR } from '../../ir/inventory/operations.ts';
import type { ResourceIR } from '../../ir/types.ts';
import { errorSchema, jsonResponse, operationPrefix, ref } from './context.ts';

const genericAction: Record<OperationIR['method'], string> = { GET: 'retrieve', POST: 'create', PUT: 'update', PATCH: 'partial_update', DELETE: 'destroy' };

/** `/api/users/tokens/provision/` → `users_tokens_provision_create`, as drf-spectacular names it. */
export function extraOperationId(resource: ResourceIR, op: OperationIR): string {
  const base = `/api/${resource.app}/${resource.path}/`;
  const rest = op.path.startsWith(base) ? op.path.slice(base.length) : op.path;
  const segments = rest.split('/').filter((s) => s && !s.startsWith('{')).map((s) => s.replace(/[^A-Za-z0-9]+/g, '_'));
  const action = op.method === 'GET' && !op.path.includes('{id}') ? 'list' : genericAction[op.method];
  return [operationPrefix(resource), ...segments, action].join('_');
}

export function extraOperation(op: OperationIR): Partial<OpenAPIV3.OperationObject> {
  const extra = op.extra!;
  const anything: OpenAPIV3.SchemaObject = { type: 'object', additionalProperties: {} };
  const body = (name: string | undefined, many: boolean | undefined): OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject => {
    const one = name ? ref(name) : anything;
    return many ? { type: 'array', items: one } : one;
  };
  const status = String(extra.status ?? (op.method === 'POST' ? 201 : op.method === 'DELETE' ? 204 : 200));
  const responses: OpenAPIV3.ResponsesObject = status === '204' ? { '204': { description: 'No response body' } } : { [status]: jsonResponse('Result of the operation.', body(extra.response, extra.many)) };
  if (op.method !== 'GET') responses['400'] = jsonResponse('Invalid request.', { type: 'object', additionalProperties: {} });
  if (op.auth === false) responses['403'] = jsonResponse('Refused.', errorSchema);
  const takesBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
  return {
    description: extra.summary ?? `Served by the \`${extra.handler}\` handler (runtime/inventory).`,
    ...(takesBody ? { requestBody: { required: !!extra.request, content: { 'application/json': { schema: body(extra.request, false) } } } } : {}),
    responses,
  };
}
