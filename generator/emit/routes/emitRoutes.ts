/**
 * @module
 * Emits generated/inventory/routes.ts: the Hono route table of the inventory API (method, path in
 * Hono syntax, resource, operation, handler name). The runtime mounts it with one generic handler
 * per operation kind.
 */
import { StructureKind, VariableDeclarationKind } from 'ts-morph';
import { resourceOperations } from '../../ir/inventory/operations.ts';
import type { InventoryIR } from '../../ir/types.ts';
import type { EmitContext } from '../inventoryEmitters.ts';
import { literal, printTypeScript } from '../printTypeScript.ts';
import type { GeneratedFile } from '../types.ts';

export function emitRoutes(ir: InventoryIR, { templates }: EmitContext): GeneratedFile[] {
  const path = 'inventory/routes.ts';
  const routes = ir.resources.flatMap((r) =>
    resourceOperations(r).map((op) => ({ method: op.method, path: op.path.replace('{id}', ':id'), resource: r.key, operation: op.operation, handler: op.handler, auth: op.auth })),
  );
  const contents = printTypeScript(
    path,
    {
      statements: [
        { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: '../../runtime/server/routeTable.ts', namedImports: ['RouteEntry'] },
        {
          kind: StructureKind.VariableStatement,
          isExported: true,
          declarationKind: VariableDeclarationKind.Const,
          declarations: [{ name: 'routes', type: 'RouteEntry[]', initializer: literal(routes) }],
        },
      ],
    },
    templates['ts-header']({ source: 'definitions/', description: 'Route table of the inventory REST API.' }),
  );
  return [{ path, contents }];
}
