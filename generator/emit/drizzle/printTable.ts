/**
 * @module
 * Prints one table spec as the initializer of a drizzle `pgTable(...)` declaration: the column
 * builders from the column specs, and indexes and foreign keys in drizzle's extra-config callback.
 * Foreign keys are declared there (not with `.references()`) so their names are ours: drizzle's
 * default names can pass PostgreSQL's 63-byte limit.
 */
import type { ColumnSpec } from '../../../runtime/kinds/index.ts';
import type { TableSpec } from './tables.ts';

/** A TypeScript literal for a scalar config value. */
function scalar(value: string | number | boolean): string {
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value);
}

/** SQL text inside a `sql` tagged template. */
function sqlTemplate(text: string): string {
  return `sql\`${text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\``;
}

/** Property access on the callback's table parameter, quoted when not an identifier. */
function member(object: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${object}.${key}` : `${object}[${scalar(key)}]`;
}

function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : scalar(key);
}

export function printColumn(column: ColumnSpec): string {
  const args = column.args ? `, { ${Object.entries(column.args).map(([k, v]) => `${k}: ${scalar(v)}`).join(', ')} }` : '';
  let text = `${column.builder}(${scalar(column.name)}${args})`;
  for (const modifier of column.modifiers) {
    switch (modifier.kind) {
      case 'array':
        text += '.array()';
        break;
      case 'primaryKey':
        text += '.primaryKey()';
        break;
      case 'identity':
        text += '.generatedByDefaultAsIdentity()';
        break;
      case 'notNull':
        text += '.notNull()';
        break;
      case 'default':
        text += `.default(${sqlTemplate(modifier.sql)})`;
        break;
    }
  }
  return text;
}

/** The pg-core functions and cross-table references a table's declaration uses. */
export function tableImports(table: TableSpec): { pgCore: Set<string>; sql: boolean; tables: Set<string> } {
  const pgCore = new Set<string>(['pgTable', ...table.columns.map((c) => c.builder)]);
  if (table.indexes.some((i) => !i.unique)) pgCore.add('index');
  if (table.indexes.some((i) => i.unique)) pgCore.add('uniqueIndex');
  // Foreign keys get an annotated callback (see printTableInitializer), which names this type.
  if (table.foreignKeys.length) pgCore.add('foreignKey').add('type PgTableExtraConfigValue');
  const usesSql = table.columns.some((c) => c.modifiers.some((m) => m.kind === 'default')) || table.indexes.some((i) => i.whereNull.length > 0 || i.parts.some((p) => p.lower || p.host || p.masklen));
  const tables = new Set(table.foreignKeys.map((fk) => fk.references).filter((name) => name !== table.name));
  return { pgCore, sql: usesSql, tables };
}

/** `pgTable('name', { …columns }, (t) => [ …indexes, …foreign keys ])`. */
export function printTableInitializer(table: TableSpec, constNameOf: (tableName: string) => string): string {
  const columns = table.columns.map((c) => `  ${propertyKey(c.name)}: ${printColumn(c)},`);
  const extras: string[] = [];
  for (const i of table.indexes) {
    const parts = i.parts.map((p) =>
      p.lower ? `sql\`lower(\${${member('t', p.column)}})\`` : p.host ? `sql\`(host(\${${member('t', p.column)}})::inet)\`` : p.masklen ? `sql\`masklen(\${${member('t', p.column)}})\`` : p.opclass ? `${member('t', p.column)}.op(${scalar(p.opclass)})` : member('t', p.column),
    );
    const where = i.whereNull.length ? `.where(sql\`${i.whereNull.map((c) => `\${${member('t', c)}} IS NULL`).join(' AND ')}\`)` : '';
    const on = i.using ? `.using(${scalar(i.using)}, ${parts.join(', ')})` : `.on(${parts.join(', ')})`;
    extras.push(`  ${i.unique ? 'uniqueIndex' : 'index'}(${scalar(i.name)})${on}${where},`);
  }
  for (const fk of table.foreignKeys) {
    const target = fk.references === table.name ? 't' : constNameOf(fk.references);
    extras.push(`  foreignKey({ name: ${scalar(fk.name)}, columns: [${member('t', fk.column)}], foreignColumns: [${target}.id] }).onDelete(${scalar(fk.onDelete)}),`);
  }
  // Two tables referencing each other (a device and its virtual chassis) make TypeScript infer each
  // table's type from the other's; annotating the callback's result breaks that cycle (TS7022).
  const annotation = table.foreignKeys.length ? ': PgTableExtraConfigValue[]' : '';
  const callback = extras.length ? `, (t)${annotation} => [\n${extras.join('\n')}\n]` : '';
  return `pgTable(${scalar(table.name)}, {\n${columns.join('\n')}\n}${callback})`;
}
