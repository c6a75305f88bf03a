/**
 * @module
 * The HTTP operations a resource answers, derived from its route set and extra operations. The
 * route emitter and the OpenAPI emitter both read this, so the two can never disagree.
 */
import type { HttpMethod, OperationEntry, OperationName } from '../../../runtime/contract/index.ts';
import type { ResourceIR } from '../types.ts';

export type { OperationName };

export interface OperationIR {
  operation: OperationName;
  method: HttpMethod;
  /** Full path with a trailing slash, `{id}` for the record id. */
  path: string;
  /** For `extra`: the operation as the definitions declare it. */
  extra: OperationEntry | null;
  /** Whether an authenticated user is needed. */
  auth: boolean;
}

const collectionOps = [
  ['list', 'GET'],
  ['create', 'POST'],
  ['bulk_update', 'PUT'],
  ['bulk_partial_update', 'PATCH'],
  ['bulk_destroy', 'DELETE'],
] as const;
const detailOps = [
  ['retrieve', 'GET'],
  ['update', 'PUT'],
  ['partial_update', 'PATCH'],
  ['destroy', 'DELETE'],
] as const;

function allowed(routes: ResourceIR['routes'], op: OperationName): boolean {
  switch (routes) {
    case 'read-only': return op === 'list' || op === 'retrieve';
    case 'no-bulk': return !op.startsWith('bulk_');
    case 'no-create': return op !== 'create';
    case 'list-only': return op === 'list';
    case 'none': return false;
    default: return true;
  }
}

export function resourceOperations(resource: Pick<ResourceIR, 'app' | 'path' | 'routes' | 'operations'>): OperationIR[] {
  const base = `/api/${resource.app}/${resource.path}/`;
  const ops: OperationIR[] = [];
  for (const [operation, method] of collectionOps) if (allowed(resource.routes, operation)) ops.push({ operation, method, path: base, extra: null, auth: true });
  // Extra operations come before the detail routes so that `provision/` is not taken for an id.
  for (const extra of resource.operations) ops.push({ operation: 'extra', method: extra.method, path: base + extra.path, extra, auth: extra.auth !== false });
  for (const [operation, method] of detailOps) if (allowed(resource.routes, operation)) ops.push({ operation, method, path: `${base}{id}/`, extra: null, auth: true });
  return ops;
}
