/**
 * @module
 * Replays migration SQL into an in-memory schema model: tables, their columns and constraints,
 * indexes and types. `--check` replays the whole history and compares the result with the model
 * of `schema.sql` (the definitions' schema), so what is compared is what the SQL does, not what a
 * lock file says. An embedded PostgreSQL would be exact but takes seconds to create; the model
 * covers the DDL drizzle-kit writes and fails like PostgreSQL would on the mistakes a broken
 * history makes (a relation created twice, a column altered that does not exist).
 *
 * Statements that do not change tables, columns, constraints, indexes or types (INSERT, UPDATE,
 * DO blocks, COMMENT ON, …) are skipped: the server applies them, the model has nothing to record.
 */
import { alterTable } from './alterTable.ts';
import type { SchemaModel, Table } from './schemaModel.ts';
import { IDENT, QUALIFIED, identifier, normalize, parseColumn, splitTopLevel } from './sqlText.ts';
import { positionedStatements, type PositionedStatement } from './statements.ts';

export { emptyModel, type Column, type SchemaModel, type Table } from './schemaModel.ts';

/** A statement the model refuses, at its place in the file. */
export class ReplayError extends Error {
  constructor(
    readonly statement: PositionedStatement,
    message: string,
  ) {
    super(message);
  }
}

/** Applies one statement to `model` (mutating it); throws ReplayError as PostgreSQL would fail. */
function apply(model: SchemaModel, statement: PositionedStatement): void {
  const sql = statement.text;
  const fail = (message: string): never => {
    throw new ReplayError(statement, message);
  };
  const relationExists = (name: string) => model.tables.has(name) || model.indexes.has(name);
  const tableOf = (name: string) => model.tables.get(name) ?? fail(`relation "${name}" does not exist`);
  let m: RegExpExecArray | null;

  if ((m = new RegExp(String.raw`^CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(IF\s+NOT\s+EXISTS\s+)?(${QUALIFIED})\s*\(([\s\S]*)\)\s*$`, 'i').exec(sql))) {
    const name = identifier(m[2]);
    if (relationExists(name)) return m[1] ? undefined : fail(`relation "${name}" already exists`);
    const table: Table = { columns: new Map(), constraints: new Map() };
    for (const item of splitTopLevel(m[3])) addTableItem(table, name, item, fail);
    model.tables.set(name, table);
    return;
  }
  if ((m = new RegExp(String.raw`^DROP\s+TABLE\s+(IF\s+EXISTS\s+)?(${QUALIFIED})(\s+CASCADE)?\s*$`, 'i').exec(sql))) {
    const name = identifier(m[2]);
    if (!model.tables.has(name)) return m[1] ? undefined : fail(`table "${name}" does not exist`);
    for (const [other, table] of model.tables) {
      for (const [constraint, definition] of table.constraints) {
        if (other === name || !referencesTable(definition, name)) continue;
        if (!m[3]) fail(`cannot drop table "${name}" because constraint "${constraint}" on table "${other}" depends on it`);
        table.constraints.delete(constraint);
      }
    }
    model.tables.delete(name);
    for (const [index, { table }] of model.indexes) if (table === name) model.indexes.delete(index);
    return;
  }
  if ((m = new RegExp(String.raw`^CREATE\s+(UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?(IF\s+NOT\s+EXISTS\s+)?(${IDENT})\s+ON\s+(?:ONLY\s+)?(${QUALIFIED})\s*([\s\S]*)$`, 'i').exec(sql))) {
    const name = identifier(m[3]);
    const table = identifier(m[4]);
    tableOf(table);
    if (relationExists(name)) return m[2] ? undefined : fail(`relation "${name}" already exists`);
    model.indexes.set(name, { table, unique: Boolean(m[1]), definition: normalize(m[5]) });
    return;
  }
  if ((m = new RegExp(String.raw`^DROP\s+INDEX\s+(?:CONCURRENTLY\s+)?(IF\s+EXISTS\s+)?(${QUALIFIED})(?:\s+CASCADE)?\s*$`, 'i').exec(sql))) {
    const name = identifier(m[2]);
    if (!model.indexes.delete(name) && !m[1]) fail(`index "${name}" does not exist`);
    return;
  }
  if ((m = new RegExp(String.raw`^CREATE\s+TYPE\s+(${QUALIFIED})\s+([\s\S]*)$`, 'i').exec(sql))) {
    const name = identifier(m[1]);
    if (model.types.has(name)) fail(`type "${name}" already exists`);
    model.types.set(name, normalize(m[2]));
    return;
  }
  if ((m = new RegExp(String.raw`^DROP\s+TYPE\s+(IF\s+EXISTS\s+)?(${QUALIFIED})(?:\s+CASCADE)?\s*$`, 'i').exec(sql))) {
    const name = identifier(m[2]);
    if (!model.types.delete(name) && !m[1]) fail(`type "${name}" does not exist`);
    return;
  }
  if ((m = new RegExp(String.raw`^ALTER\s+TYPE\s+(${QUALIFIED})\s+ADD\s+VALUE\s+(?:IF\s+NOT\s+EXISTS\s+)?('(?:[^']|'')*')\s*$`, 'i').exec(sql))) {
    const name = identifier(m[1]);
    const definition = model.types.get(name) ?? fail(`type "${name}" does not exist`);
    model.types.set(name, definition.replace(/\)$/, `,${m[2]})`));
    return;
  }
  if ((m = new RegExp(String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(${QUALIFIED})\s+([\s\S]*)$`, 'i').exec(sql))) {
    let name = identifier(m[1]);
    for (const action of splitTopLevel(m[2])) name = alterTable(model, name, action, fail);
    return;
  }
  if (/^(CREATE|ALTER|DROP)\s+(TABLE|INDEX|TYPE)\b/i.test(sql)) fail(`cannot replay this statement: the migration model does not understand it (${sql.slice(0, 60)}…)`);
  // Anything else (data changes, comments, extensions, functions) leaves the modelled schema as it is.
}

function referencesTable(definition: string, table: string): boolean {
  const m = new RegExp(String.raw`REFERENCES\s*(${QUALIFIED})`, 'i').exec(definition);
  return m !== null && identifier(m[1]) === table;
}

function addTableItem(table: Table, tableName: string, item: string, fail: (message: string) => never): void {
  let m: RegExpExecArray | null;
  if ((m = new RegExp(String.raw`^CONSTRAINT\s+(${IDENT})\s+([\s\S]*)$`, 'i').exec(item))) {
    const name = identifier(m[1]);
    if (table.constraints.has(name)) fail(`constraint "${name}" for relation "${tableName}" already exists`);
    table.constraints.set(name, normalize(m[2]));
    return;
  }
  if (/^PRIMARY\s+KEY\s*\(/i.test(item)) {
    table.constraints.set(`${tableName}_pkey`, normalize(item));
    return;
  }
  if (/^(UNIQUE|CHECK|FOREIGN\s+KEY)\b/i.test(item)) {
    table.constraints.set(`${tableName}_${normalize(item)}`, normalize(item));
    return;
  }
  m = new RegExp(String.raw`^(${IDENT})\s+([\s\S]+)$`).exec(item) ?? fail(`cannot read the column definition "${item}"`);
  const column = identifier(m[1]);
  if (table.columns.has(column)) fail(`column "${column}" specified more than once`);
  table.columns.set(column, parseColumn(m[2]));
}

/** Replays one file's SQL onto `model`; throws ReplayError at the first statement that fails. */
export function replaySql(model: SchemaModel, sql: string): SchemaModel {
  for (const statement of positionedStatements(sql)) apply(model, statement);
  return model;
}
