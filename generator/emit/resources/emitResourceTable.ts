/**
 * @module
 * Emits the resource table the REST engine runs on: every resource's fields, relations, uniques,
 * filters and routes as plain data (the IR's resource part), the choice sets, and the link tables.
 */
import { StructureKind, VariableDeclarationKind } from 'ts-morph';
import type { InventoryIR } from '../../ir/types.ts';
import type { EmitContext } from '../inventoryEmitters.ts';
import { literal, printTypeScript } from '../printTypeScript.ts';
import type { GeneratedFile } from '../types.ts';

export function emitResourceTable(ir: InventoryIR, { templates }: EmitContext): GeneratedFile[] {
  const path = 'inventory/resources.ts';
  const header = templates['ts-header']({ source: 'definitions/', description: 'Resource metadata read by the REST engine in runtime/rest/.' });
  const constant = (name: string, type: string, value: unknown) => ({
    kind: StructureKind.VariableStatement as const,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name, type, initializer: literal(value) }],
  });
  const contents = printTypeScript(
    path,
    {
      statements: [
        { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: '../../runtime/rest/model.ts', namedImports: ['AppIndex', 'ChoiceSet', 'LinkTable', 'Resource'] },
        constant('resources', 'Resource[]', ir.resources),
        constant('choiceSets', 'ChoiceSet[]', ir.choiceSets),
        constant('linkTables', 'LinkTable[]', ir.linkTables),
        constant('apps', 'AppIndex[]', ir.apps),
      ],
    },
    header,
  );
  return [{ path, contents }];
}
