/**
 * @module
 * Differences between two schema models, as short sentences: what the migration history leads to
 * (`history`) against what the definitions describe (`definitions`). Column order is not compared:
 * a column added by a later migration sits at the end of its table, which no query depends on.
 */
import type { Column, SchemaModel } from './replay.ts';

const describeColumn = (c: Column) => [c.type, c.rest, c.default === null ? '' : `DEFAULT ${c.default}`, c.notNull ? 'NOT NULL' : ''].filter(Boolean).join(' ');

function compareMaps<V>(kind: string, a: Map<string, V>, b: Map<string, V>, show: (v: V) => string, out: string[]): void {
  for (const [name, value] of a) {
    if (!b.has(name)) out.push(`${kind} ${name} is in the history but not in the definitions`);
    else if (show(value) !== show(b.get(name) as V)) out.push(`${kind} ${name} is ${show(value)} in the history but ${show(b.get(name) as V)} in the definitions`);
  }
  for (const name of b.keys()) if (!a.has(name)) out.push(`${kind} ${name} is in the definitions but not in the history`);
}

/** Every difference, tables first; empty when the two schemas are the same. */
export function compareSchemas(history: SchemaModel, definitions: SchemaModel): string[] {
  const out: string[] = [];
  compareMaps('table', history.tables, definitions.tables, () => '', out);
  for (const [name, table] of history.tables) {
    const other = definitions.tables.get(name);
    if (!other) continue;
    compareMaps(`column ${name}.`, table.columns, other.columns, describeColumn, out);
    compareMaps(`constraint`, table.constraints, other.constraints, (d) => d, out);
  }
  compareMaps('index', history.indexes, definitions.indexes, (i) => `${i.unique ? 'UNIQUE ' : ''}ON ${i.table} ${i.definition}`, out);
  compareMaps('type', history.types, definitions.types, (t) => t, out);
  return out.map((line) => line.replace(/^column (\S+)\. /, 'column $1.'));
}
