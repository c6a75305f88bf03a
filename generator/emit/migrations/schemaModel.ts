/**
 * @module
 * The in-memory schema a migration replay builds (see replay.ts): tables with their columns and
 * constraints, indexes and types, each definition normalized so that equal schemas compare equal
 * however their DDL was written.
 */

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


export const emptyModel = (): SchemaModel => ({ tables: new Map(), indexes: new Map(), types: new Map() });
