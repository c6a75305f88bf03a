/**
 * @module
 * One `ALTER TABLE` action replayed onto the schema model, failing as PostgreSQL would (a column
 * that does not exist, a constraint added twice). Split from replay.ts, which dispatches to it.
 */
import type { SchemaModel } from './schemaModel.ts';
import { IDENT, QUALIFIED, identifier, normalize, parseColumn } from './sqlText.ts';

/** One `ALTER TABLE` action; returns the table's name afterwards (RENAME TO changes it). */
export function alterTable(model: SchemaModel, name: string, action: string, fail: (message: string) => never): string {
  const table = model.tables.get(name) ?? fail(`relation "${name}" does not exist`);
  const columnOf = (column: string) => table.columns.get(column) ?? fail(`column "${column}" of relation "${name}" does not exist`);
  let m: RegExpExecArray | null;
  if ((m = new RegExp(String.raw`^ADD\s+(?:COLUMN\s+)?(IF\s+NOT\s+EXISTS\s+)?(${IDENT})\s+([\s\S]+)$`, 'i').exec(action)) && !/^ADD\s+(CONSTRAINT|PRIMARY|UNIQUE|CHECK|FOREIGN)\b/i.test(action)) {
    const column = identifier(m[2]);
    if (table.columns.has(column)) return m[1] ? name : fail(`column "${column}" of relation "${name}" already exists`);
    table.columns.set(column, parseColumn(m[3]));
    return name;
  }
  if ((m = new RegExp(String.raw`^DROP\s+(?:COLUMN\s+)?(IF\s+EXISTS\s+)?(${IDENT})(?:\s+(CASCADE|RESTRICT))?\s*$`, 'i').exec(action)) && !/^DROP\s+CONSTRAINT\b/i.test(action)) {
    const column = identifier(m[2]);
    if (!table.columns.has(column)) return m[1] ? name : fail(`column "${column}" of relation "${name}" does not exist`);
    table.columns.delete(column);
    // PostgreSQL drops the indexes and constraints of a dropped column with it.
    const mentions = (text: string) => text.includes(`"${column}"`);
    for (const [constraint, definition] of table.constraints) if (mentions(definition)) table.constraints.delete(constraint);
    for (const [index, entry] of model.indexes) if (entry.table === name && mentions(entry.definition)) model.indexes.delete(index);
    return name;
  }
  if ((m = new RegExp(String.raw`^ALTER\s+(?:COLUMN\s+)?(${IDENT})\s+([\s\S]+)$`, 'i').exec(action))) {
    const column = columnOf(identifier(m[1]));
    const change = m[2].trim();
    let c: RegExpExecArray | null;
    if ((c = /^(?:SET\s+DATA\s+)?TYPE\s+([\s\S]+?)(?:\s+USING\s+[\s\S]*)?$/i.exec(change))) column.type = normalize(c[1]);
    else if ((c = /^SET\s+DEFAULT\s+([\s\S]+)$/i.exec(change))) column.default = normalize(c[1]);
    else if (/^DROP\s+DEFAULT$/i.test(change)) column.default = null;
    else if (/^SET\s+NOT\s+NULL$/i.test(change)) column.notNull = true;
    else if (/^DROP\s+NOT\s+NULL$/i.test(change)) column.notNull = false;
    else if (/^ADD\s+GENERATED\b/i.test(change)) column.rest = normalize(`${column.rest} ${change.replace(/^ADD\s+/i, '')}`);
    else if (/^DROP\s+IDENTITY\b/i.test(change)) column.rest = normalize(column.rest.replace(/GENERATED[\s\S]*?AS IDENTITY(\([^)]*\))?/i, ''));
    else fail(`cannot replay ALTER COLUMN ${change.slice(0, 40)}: the migration model does not understand it`);
    return name;
  }
  if ((m = new RegExp(String.raw`^ADD\s+CONSTRAINT\s+(${IDENT})\s+([\s\S]+)$`, 'i').exec(action))) {
    const constraint = identifier(m[1]);
    if (table.constraints.has(constraint)) fail(`constraint "${constraint}" for relation "${name}" already exists`);
    const target = new RegExp(String.raw`REFERENCES\s*(${QUALIFIED})`, 'i').exec(m[2]);
    if (target && !model.tables.has(identifier(target[1]))) fail(`relation "${identifier(target[1])}" does not exist`);
    table.constraints.set(constraint, normalize(m[2]));
    return name;
  }
  if ((m = new RegExp(String.raw`^DROP\s+CONSTRAINT\s+(IF\s+EXISTS\s+)?(${IDENT})(?:\s+CASCADE)?\s*$`, 'i').exec(action))) {
    const constraint = identifier(m[2]);
    if (!table.constraints.delete(constraint) && !m[1]) fail(`constraint "${constraint}" of relation "${name}" does not exist`);
    return name;
  }
  if ((m = new RegExp(String.raw`^RENAME\s+(?:COLUMN\s+)?(${IDENT})\s+TO\s+(${IDENT})$`, 'i').exec(action)) && !/^RENAME\s+(TO|CONSTRAINT)\b/i.test(action)) {
    const [from, to] = [identifier(m[1]), identifier(m[2])];
    const column = columnOf(from);
    if (table.columns.has(to)) fail(`column "${to}" of relation "${name}" already exists`);
    table.columns.delete(from);
    table.columns.set(to, column);
    return name;
  }
  if ((m = new RegExp(String.raw`^RENAME\s+TO\s+(${IDENT})$`, 'i').exec(action))) {
    const to = identifier(m[1]);
    if (model.tables.has(to) || model.indexes.has(to)) fail(`relation "${to}" already exists`);
    model.tables.delete(name);
    model.tables.set(to, table);
    for (const entry of model.indexes.values()) if (entry.table === name) entry.table = to;
    return to;
  }
  return fail(`cannot replay ALTER TABLE … ${action.slice(0, 40)}: the migration model does not understand it`);
}
