/**
 * @module
 * Emits the Drizzle schema: `generated/inventory/schema/<app>.ts` with the app's pgTable
 * declarations, `schema/index.ts` re-exporting every table (plus `tables`, keyed by SQL name),
 * and `constraints.json`, which maps every unique index and foreign-key name to what it
 * protects so the runtime can turn a violation into NetBox's error without parsing names.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { InventoryIR } from '../../ir/types.ts';
import type { EmitContext } from '../types.ts';
import { printTypeScript } from '../printTypeScript.ts';
import type { GeneratedFile } from '../types.ts';
import { tableImports, printTableInitializer } from './printTable.ts';
import { buildTableSpecs, constraintMeanings, type TableSpec } from './tables.ts';

export const SCHEMA_DIR = 'inventory/schema';
export const CONSTRAINTS_PATH = 'inventory/constraints.json';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function appFile(app: string, tables: TableSpec[], all: Map<string, TableSpec>, header: string): GeneratedFile {
  const path = `${SCHEMA_DIR}/${app}.ts`;
  const pgCore = new Set<string>();
  const foreign = new Map<string, Set<string>>();
  let usesSql = false;
  for (const table of tables) {
    const used = tableImports(table);
    used.pgCore.forEach((name) => pgCore.add(name));
    usesSql ||= used.sql;
    for (const name of used.tables) {
      const target = all.get(name);
      if (!target) throw new Error(`${table.name} references unknown table ${name}`);
      if (target.app === app) continue;
      if (!foreign.has(target.app)) foreign.set(target.app, new Set());
      foreign.get(target.app)!.add(target.constName);
    }
  }
  const constNameOf = (name: string) => all.get(name)!.constName;
  const statements: StatementStructures[] = [];
  if (usesSql) statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: 'drizzle-orm', namedImports: ['sql'] });
  statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: 'drizzle-orm/pg-core', namedImports: [...pgCore].sort(byText) });
  for (const otherApp of [...foreign.keys()].sort(byText)) {
    statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `./${otherApp}.ts`, namedImports: [...foreign.get(otherApp)!].sort(byText) });
  }
  for (const table of tables) {
    statements.push({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: table.constName, initializer: printTableInitializer(table, constNameOf) }],
    });
  }
  return { path, contents: printTypeScript(path, { statements }, header) };
}

function indexFile(tables: TableSpec[], header: string): GeneratedFile {
  const path = `${SCHEMA_DIR}/index.ts`;
  const apps = [...new Set(tables.map((t) => t.app))].sort(byText);
  const names = tables.map((t) => t.constName).sort(byText);
  const statements: StatementStructures[] = [
    ...apps.map((app) => ({
      kind: StructureKind.ImportDeclaration as const,
      moduleSpecifier: `./${app}.ts`,
      namedImports: tables.filter((t) => t.app === app).map((t) => t.constName).sort(byText),
    })),
    { kind: StructureKind.ExportDeclaration, namedExports: names },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['Every table, keyed by its SQL name (`ResourceIR.table`).'],
      declarations: [{ name: 'tables', initializer: `{\n${tables.map((t) => `  ${t.name}: ${t.constName},`).join('\n')}\n} as const` }],
    },
  ];
  return { path, contents: printTypeScript(path, { statements }, header) };
}

/** What each unique index and foreign key protects, for mapping database errors: data, one per line. */
function constraintsFile(tables: TableSpec[]): GeneratedFile {
  const entries = Object.entries(constraintMeanings(tables)).map(([name, meaning]) => `  ${JSON.stringify(name)}: ${JSON.stringify(meaning)}`);
  return { path: CONSTRAINTS_PATH, contents: `{\n${entries.join(',\n')}\n}\n` };
}

export function emitSchema(ir: InventoryIR, { templates }: EmitContext): GeneratedFile[] {
  const tables = buildTableSpecs(ir);
  const all = new Map(tables.map((t) => [t.name, t]));
  const header = (description: string) => templates['ts-header']({ source: 'definitions/', description });
  const apps = [...new Set(tables.map((t) => t.app))].sort(byText);
  return [
    ...apps.map((app) => appFile(app, tables.filter((t) => t.app === app), all, header(`Drizzle tables of the ${app} app.`))),
    indexFile(tables, header('Every Drizzle table of the inventory.')),
    constraintsFile(tables),
  ];
}
