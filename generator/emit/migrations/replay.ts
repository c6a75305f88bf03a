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
import { positionedStatements, type PositionedStatement } from './statements.ts';

export interface Column {
  type: string;
  notNull: boolean;
  default: string | null;
  /** The rest of the definition (PRIMARY KEY, GENERATED … AS IDENTITY, …), normalized. */
  rest: string;
}

export interface Table {
  columns: Map<string, Column>;
  /** Constraint name → definition (normalized). */
  constraints: Map<string, string>;
}

export interface SchemaModel {
  tables: Map<string, Table>;
  /** Index name → table and definition after `ON <table>` (normalized). */
  indexes: Map<string, { table: string; unique: boolean; definition: string }>;
  types: Map<string, string>;
}

/** A statement the model refuses, at its place in the file. */
export class ReplayError extends Error {
  constructor(
    readonly statement: PositionedStatement,
    message: string,
  ) {
    super(message);
  }
}

export const emptyModel = (): SchemaModel => ({ tables: new Map(), indexes: new Map(), types: new Map() });

/** Whitespace-insensitive form of SQL text (for comparing definitions written two ways). */
export function normalize(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),])\s*/g, '$1')
    .trim();
}

const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const QUALIFIED = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`;

/** `"public"."name"`, `"name"` or `name` → `name` (the model has one schema, public). */
export function identifier(text: string): string {
  const parts = text.split(/\s*\.\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((p) => (p.startsWith('"') ? p.slice(1, -1).replace(/""/g, '"') : p.toLowerCase()));
  return parts.length > 1 && parts[0] === 'public' ? parts.slice(1).join('.') : parts.join('.');
}

/** Splits on commas outside parentheses and quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

const COLUMN_KEYWORDS = String.raw`(?:NOT\s+NULL|NULL|PRIMARY\s+KEY|DEFAULT|GENERATED|UNIQUE|CHECK|REFERENCES|CONSTRAINT|COLLATE)\b`;

/** A column definition after its name: `varchar(50) DEFAULT 'x' NOT NULL`. */
export function parseColumn(definition: string): Column {
  let rest = ` ${definition} `;
  const notNull = /\sNOT\s+NULL\s/i.test(rest);
  rest = rest.replace(/\sNOT\s+NULL(?=\s)/gi, ' ').replace(/\sNULL(?=\s)/gi, ' ');
  let defaultValue: string | null = null;
  const def = new RegExp(String.raw`\sDEFAULT\s+(.+?)(?=\s+${COLUMN_KEYWORDS}|\s*$)`, 'is').exec(rest);
  if (def) {
    defaultValue = normalize(def[1]);
    rest = rest.slice(0, def.index) + rest.slice(def.index + def[0].length);
  }
  const keyword = new RegExp(String.raw`\s${COLUMN_KEYWORDS}`, 'i').exec(rest);
  const type = keyword ? rest.slice(0, keyword.index) : rest;
  return { type: normalize(type), notNull, default: defaultValue, rest: normalize(keyword ? rest.slice(keyword.index) : '') };
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

/** One `ALTER TABLE` action; returns the table's name afterwards (RENAME TO changes it). */
function alterTable(model: SchemaModel, name: string, action: string, fail: (message: string) => never): string {
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

/** Replays one file's SQL onto `model`; throws ReplayError at the first statement that fails. */
export function replaySql(model: SchemaModel, sql: string): SchemaModel {
  for (const statement of positionedStatements(sql)) apply(model, statement);
  return model;
}
