/**
 * @module
 * The hand-written operations (`handler` names in the definitions) as OpenAPI operations. The
 * route is generated and the behaviour lives in runtime/, so only the document needs to know each
 * handler's bodies; a handler not described here still gets a valid, generic operation.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { OperationIR } from '../../ir/inventory/operations.ts';
import type { ResourceIR } from '../../ir/types.ts';
import { errorSchema, jsonResponse, operationPrefix, ref, responseFields, schemaNames, type OpenApiContext } from './context.ts';
import { requestFieldSchema, responseFieldSchema } from './fieldSchemas.ts';

type Schemas = Record<string, OpenAPIV3.SchemaObject>;

interface ExtraHandler {
  /** Suffix of the operation id after the path segments (`create`, `list`, `retrieve`…). */
  action: string;
  describe(ctx: OpenApiContext, resource: ResourceIR): { operation: Partial<OpenAPIV3.OperationObject>; schemas: Schemas };
}

/** `POST /api/users/tokens/provision/` (NetBox §3.8): a token for a username and password. */
const provisionToken: ExtraHandler = {
  action: 'create',
  describe(ctx, resource) {
    const byName = new Map(resource.fields.map((f) => [f.name, f]));
    const optional = ['expires', 'description', 'enabled', 'write_enabled', 'allowed_ips', 'version'];
    const requestProperties: Record<string, OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject> = {
      username: { type: 'string', minLength: 1, maxLength: 150 },
      password: { type: 'string', minLength: 1, writeOnly: true },
    };
    for (const name of optional) {
      const field = byName.get(name);
      if (field) requestProperties[name] = requestFieldSchema(ctx, resource, field);
    }
    const model = schemaNames(resource).model;
    const responseProperties: Record<string, OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject> = {};
    for (const field of responseFields(resource)) responseProperties[field.name] = responseFieldSchema(ctx, resource, field);
    responseProperties.token = { type: 'string', readOnly: true, description: 'The plaintext token. It is shown only in this response.' };
    return {
      operation: {
        description: 'Provision a new token for the user with the given username and password. No authentication is needed.',
        requestBody: { required: true, content: { 'application/json': { schema: ref(`${model}ProvisionRequest`) } } },
        responses: {
          '201': jsonResponse('The new token, with its plaintext.', ref(`${model}Provision`)),
          '400': jsonResponse('Invalid body, or an expiry in the past.', { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }),
          '403': jsonResponse('Invalid username or password.', errorSchema),
        },
      },
      schemas: {
        [`${model}ProvisionRequest`]: { type: 'object', properties: requestProperties, required: ['username', 'password'] },
        [`${model}Provision`]: { type: 'object', properties: responseProperties, required: Object.keys(responseProperties) },
      },
    };
  },
};

const handlers: Record<string, ExtraHandler> = {
  'provision-token': provisionToken,
};

const genericAction: Record<OperationIR['method'], string> = { GET: 'retrieve', POST: 'create', PUT: 'update', PATCH: 'partial_update', DELETE: 'destroy' };

/** `/api/users/tokens/provision/` → `users_tokens_provision_create`, as drf-spectacular names it. */
export function extraOperationId(resource: ResourceIR, op: OperationIR): string {
  const base = `/api/${resource.app}/${resource.path}/`;
  const rest = op.path.startsWith(base) ? op.path.slice(base.length) : op.path;
  const segments = rest.split('/').filter((s) => s && !s.startsWith('{')).map((s) => s.replace(/[^A-Za-z0-9]+/g, '_'));
  const action = (op.handler && handlers[op.handler]?.action) ?? genericAction[op.method];
  return [operationPrefix(resource), ...segments, action].join('_');
}

export function extraOperation(ctx: OpenApiContext, resource: ResourceIR, op: OperationIR): { operation: Partial<OpenAPIV3.OperationObject>; schemas: Schemas } {
  const known = op.handler ? handlers[op.handler] : undefined;
  if (known) return known.describe(ctx, resource);
  const body = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
  const anything: OpenAPIV3.SchemaObject = { type: 'object', additionalProperties: {} };
  return {
    operation: {
      description: `Handled by the runtime handler \`${op.handler ?? 'unknown'}\`.`,
      ...(body ? { requestBody: { content: { 'application/json': { schema: anything } } } } : {}),
      responses: op.method === 'DELETE' ? { '204': { description: 'No response body' } } : { [op.method === 'POST' ? '201' : '200']: jsonResponse('Result of the operation.', anything) },
    },
    schemas: {},
  };
}
