/**
 * @module
 * The path items of route groups (a plugin's API under `/api/plugins/<name>/`): one operation per
 * declared operation, tagged with the group's name, ids formed from the path as drf-spectacular
 * forms an APIView's. The group's own index is not described, as NetBox's API roots are not.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { RouteGroupIR } from '../../ir/types.ts';
import { extraOperation, groupOperationId } from './extraOperations.ts';

const methodKey = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

export function routeGroupPaths(group: RouteGroupIR): Record<string, OpenAPIV3.PathItemObject> {
  const paths: Record<string, OpenAPIV3.PathItemObject> = {};
  for (const op of group.operations) {
    const path = group.basePath + op.path;
    const auth = op.auth !== false;
    const { description, parameters: query, requestBody, responses } = extraOperation(op, op.method, auth);
    // A path segment in braces (`{id}`, `{name}`) is a string parameter of the path.
    const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]): OpenAPIV3.ParameterObject => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    const parameters = [...inPath, ...(query ?? [])];
    (paths[path] ??= {})[methodKey[op.method]] = {
      operationId: groupOperationId(path, op.method, op.path === ''),
      ...(description ? { description } : {}),
      tags: [group.name],
      ...(parameters?.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      ...(auth ? {} : { security: [] }),
      responses: responses ?? {},
    };
  }
  return paths;
}
