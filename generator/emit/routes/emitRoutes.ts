/**
 * @module
 * Emits generated/inventory/routes.ts: the Hono route table of the inventory API (method, path in
 * Hono syntax, resource, operation, handler name). The runtime mounts it with one generic handler
 * per operation kind. Defaults (`auth: true`, no handler) are left out.
 */
import { StructureKind, VariableDeclarationKind } from 'ts-morph';
import type { RouteEntry } from '../../../runtime/contract/index.ts';
import { resourceOperations } from '../../ir/inventory/operations.ts';
import type { InventoryIR } from '../../ir/types.ts';
import { literal, printTypeScript } from '../printTypeScript.ts';
import type { EmitContext, GeneratedFile } from '../types.ts';

export function emitRoutes(ir: InventoryIR, { templates }: EmitContext): GeneratedFile[] {
  const path = 'inventory/routes.ts';
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
  const contents = printTypeScript(
    path,
    {
      statements: [
        { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: '../../runtime/contract/index.ts', namedImports: ['RouteEntry'] },
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
