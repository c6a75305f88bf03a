/**
 * @module
 * Emits generated/inventory/routes.json: the route table of the inventory API (method, path in
 * Hono syntax, resource, operation, handler name), one route per line. The runtime mounts it with
 * one generic handler per operation kind. Defaults (`auth: true`, no handler) are left out. Data,
 * not TypeScript: nothing to type-check at NetBox's scale.
 */
import type { RouteEntry } from '../../../runtime/contract/index.ts';
import { resourceOperations } from '../../ir/inventory/operations.ts';
import type { InventoryIR } from '../../ir/types.ts';
import type { GeneratedFile } from '../types.ts';

export const ROUTES_PATH = 'inventory/routes.json';

export function emitRoutes(ir: InventoryIR): GeneratedFile[] {
  const routes: RouteEntry[] = ir.resources.flatMap((r) =>
    resourceOperations(r).map((op) => ({
      method: op.method,
      path: op.path.replace('{id}', ':id'),
      resource: r.key,
      operation: op.operation,
      ...(op.extra ? { handler: op.extra.handler } : {}),
      ...(op.auth ? {} : { auth: false }),
    })),
  );
  return [{ path: ROUTES_PATH, contents: `[\n${routes.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n` }];
}
