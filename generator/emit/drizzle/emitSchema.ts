/**
 * @module
 * Emits the Drizzle schema: `generated/inventory/schema.ts` with every pgTable declaration (plus
 * `tables`, keyed by SQL name), and `constraints.json`, which maps every unique index and foreign-key name to what it
 * protects so the runtime can turn a violation into NetBox's error without parsing names.
 */
import type { InventoryIR } from '../../ir/types.ts';
import type { EmitContext } from '../types.ts';
import { printTypeScript, type Statement } from '../printTypeScript.ts';
import type { GeneratedFile } from '../types.ts';
import { tableImports, printTableInitializer } from './printTable.ts';
import { buildTableSpecs, constraintMeanings, type TableSpec } from './tables.ts';

export const SCHEMA_PATH = 'inventory/schema.ts';
export const CONSTRAINTS_PATH = 'inventory/constraints.json';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every table in one module: NetBox's apps reference each other both ways (a device's primary IP
 * is in ipam, a prefix's scope in dcim), so a module per app would make an import cycle.
 */
function schemaFile(tables: TableSpec[], header: string): GeneratedFile {
  const pgCore = new Set<string>();
  let usesSql = false;
  for (const table of tables) {
    const used = tableImports(table);
    used.pgCore.forEach((name) => pgCore.add(name));
    usesSql ||= used.sql;
  }
  const constNames = new Map(tables.map((t) => [t.name, t.constName]));
  const constNameOf = (name: string) => {
    const constName = constNames.get(name);
    if (!constName) throw new Error(`a foreign key references unknown table ${name}`);
    return constName;
  };
  const statements: Statement[] = [];
  if (usesSql) statements.push({ kind: 'import', moduleSpecifier: 'drizzle-orm', namedImports: ['sql'] });
  statements.push({ kind: 'import', moduleSpecifier: 'drizzle-orm/pg-core', namedImports: [...pgCore].sort(byText) });
  for (const table of tables) {
    statements.push({ kind: 'const', isExported: true, name: table.constName, initializer: printTableInitializer(table, constNameOf) });
  }
  statements.push({
    kind: 'const',
    isExported: true,
    docs: ['Every table, keyed by its SQL name (`ResourceIR.table`).'],
    name: 'tables',
    initializer: `{\n${tables.map((t) => `  ${t.name}: ${t.constName},`).join('\n')}\n} as const`,
  });
  return { path: SCHEMA_PATH, contents: printTypeScript(statements, header) };
}

/** What each unique index and foreign key protects, for mapping database errors: data, one per line. */
function constraintsFile(tables: TableSpec[]): GeneratedFile {
  const entries = Object.entries(constraintMeanings(tables)).map(([name, meaning]) => `  ${JSON.stringify(name)}: ${JSON.stringify(meaning)}`);
  return { path: CONSTRAINTS_PATH, contents: `{\n${entries.join(',\n')}\n}\n` };
}

export function emitSchema(ir: InventoryIR, { templates }: EmitContext): GeneratedFile[] {
  const tables = buildTableSpecs(ir);
  const header = templates['ts-header']({ source: 'definitions/', description: 'Every Drizzle table of the inventory.' });
  return [schemaFile(tables, header), constraintsFile(tables)];
}
