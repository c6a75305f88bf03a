/**
 * @module
 * The hand-written operations (`operations:` of a resource or a route group) as OpenAPI
 * operations: the route is generated and the behaviour lives in runtime/inventory, and the
 * definitions name the bodies' component schemas (a resource's own, or one of
 * `definitions/schemas.yaml`), the query parameters, a non-JSON response's media type and the
 * error statuses besides 400 and 403.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { OperationEntry, OperationParameter } from '../../../runtime/contract/index.ts';
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

/** `/api/plugins/permissions-matrix/plan/` POST → `plugins_permissions_matrix_plan_create` (an APIView's GET is `_retrieve`). */
export function groupOperationId(path: string, method: OperationIR['method'], root = false): string {
  const segments = path.replace(/^\/api\//, '').split('/').filter((s) => s && !s.startsWith('{')).map((s) => s.replace(/[^A-Za-z0-9]+/g, '_'));
  // GET on a group's base path is a ViewSet's `list` (NetBox's ConnectedDeviceViewSet), not an APIView's `retrieve`.
  return [...segments, root && method === 'GET' ? 'list' : genericAction[method]].join('_');
}

function queryParameter(p: OperationParameter): OpenAPIV3.ParameterObject {
  const one: OpenAPIV3.SchemaObject = { type: p.type, ...(p.enum ? { enum: p.enum } : {}) };
  return {
    name: p.name,
    in: 'query',
    ...(p.required ? { required: true } : {}),
    ...(p.description ? { description: p.description } : {}),
    schema: p.many ? { type: 'array', items: one } : one,
    ...(p.many ? { explode: true, style: 'form' } : {}),
  };
}

export function extraOperation(extra: OperationEntry, method: OperationIR['method'], auth: boolean): Partial<OpenAPIV3.OperationObject> {
  const anything: OpenAPIV3.SchemaObject = { type: 'object', additionalProperties: {} };
  const body = (name: string | undefined, many: boolean | undefined): OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject => {
    const one = name ? ref(name) : anything;
    return many ? { type: 'array', items: one } : one;
  };
  const status = String(extra.status ?? (method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200));
  const success: OpenAPIV3.ResponseObject = extra.mediaType
    ? { description: 'Result of the operation.', content: { [extra.mediaType]: { schema: { type: 'string' } } } }
    : jsonResponse('Result of the operation.', body(extra.response, extra.many));
  const responses: OpenAPIV3.ResponsesObject = status === '204' ? { '204': { description: 'No response body' } } : { [status]: success };
  if (method !== 'GET' || extra.parameters?.length) responses['400'] = jsonResponse('Invalid request.', { type: 'object', additionalProperties: {} });
  if (auth === false || extra.errors) responses['403'] = jsonResponse('Refused.', errorSchema);
  for (const [code, meaning] of Object.entries(extra.errors ?? {})) responses[code] = jsonResponse(meaning, errorSchema);
  const takesBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  return {
    description: extra.summary ?? `Served by the \`${extra.handler}\` handler (runtime/inventory).`,
    ...(extra.parameters?.length ? { parameters: extra.parameters.map(queryParameter) } : {}),
    ...(takesBody ? { requestBody: { required: !!extra.request, content: { 'application/json': { schema: body(extra.request, false) } } } } : {}),
    responses,
  };
}
