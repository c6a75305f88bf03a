/**
 * @module
 * Emits generated/inventory/routes.json: the route table of the inventory API (method, path in
 * Hono syntax, resource, operation, handler name), one route per line. The runtime mounts it with
 * one generic handler per operation kind; route groups' routes follow, each naming its group (and
 * the group's index, `group_root`). Defaults (`auth: true`, no handler) are left out. Data,
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
  // Route groups: the group's index first, then its operations in the definitions' order.
  for (const group of ir.routeGroups) {
    // An operation at the base path itself takes the place of the group's index.
    if (!group.operations.some((op) => op.method === 'GET' && op.path === '')) routes.push({ method: 'GET', path: group.basePath, resource: group.resource, operation: 'group_root', group: group.name });
    for (const op of group.operations) {
      routes.push({
        method: op.method,
        path: (group.basePath + op.path).replace(/\{(\w+)\}/g, ':$1'),
        resource: group.resource,
        operation: 'extra',
        handler: op.handler,
        ...(op.auth === false ? { auth: false } : {}),
        group: group.name,
        ...(op.action ? { action: op.action } : {}),
      });
    }
  }
  return [{ path: ROUTES_PATH, contents: `[\n${routes.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n` }];
}
