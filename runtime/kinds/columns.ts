/**
 * @module
 * Column specs: the plain description of a PostgreSQL column a field kind stores its value in. The
 * generator prints them as Drizzle pg-core declarations and hands the same specs to drizzle-kit
 * for migrations, so the schema and the migrations cannot disagree about a column.
 */

/** pg-core column builder functions (`import { varchar } from 'drizzle-orm/pg-core'`). */
export type ColumnBuilderName = 'bigint' | 'boolean' | 'cidr' | 'date' | 'inet' | 'integer' | 'jsonb' | 'macaddr' | 'numeric' | 'text' | 'timestamp' | 'varchar';

/** Builder calls after the column function, in the order they apply (`.array()` first). */
export type ColumnModifier = { kind: 'array' } | { kind: 'primaryKey' } | { kind: 'identity' } | { kind: 'notNull' } | { kind: 'default'; sql: string };

export interface ColumnSpec {
  builder: ColumnBuilderName;
  /** Column name in the database; also the property name on the table object. */
  name: string;
  /** The builder's config argument (`{ length: 100 }`), or null. */
  args: Record<string, string | number | boolean> | null;
  modifiers: ColumnModifier[];
  /** PostgreSQL's type name, for casts in set-based writes (`varchar`, `integer[]`, `inet`). */
  sqlType: string;
}

/** Largest value of PostgreSQL's `integer`; beyond it a column needs `bigint`. */
export const INT4_MAX = 2147483647;

export const notNull: ColumnModifier = { kind: 'notNull' };

const sqlTypes: Record<ColumnBuilderName, string> = {
  bigint: 'bigint', boolean: 'boolean', cidr: 'cidr', date: 'date', inet: 'inet', integer: 'integer', jsonb: 'jsonb', macaddr: 'macaddr',
  numeric: 'numeric', text: 'text', timestamp: 'timestamptz', varchar: 'varchar',
};

export function column(builder: ColumnBuilderName, name: string, args: ColumnSpec['args'], modifiers: ColumnModifier[]): ColumnSpec {
  const array = modifiers.some((m) => m.kind === 'array');
  return { builder, name, args, modifiers, sqlType: `${sqlTypes[builder]}${array ? '[]' : ''}` };
}

/** `NOT NULL` unless the field is nullable. */
export const nullability = (nullable: boolean): ColumnModifier[] => (nullable ? [] : [notNull]);

/** `timestamp(6) with time zone`, as Django stores a DateTimeField. */
export const timestampColumn = (name: string, nullable: boolean) => column('timestamp', name, { precision: 6, withTimezone: true }, nullability(nullable));

/** The `id` column every table starts with. */
export const identityColumn = (name = 'id') => column('integer', name, null, [{ kind: 'primaryKey' }, { kind: 'identity' }]);

/** An `integer NOT NULL` reference column (link tables, tagged items). */
export const referenceColumn = (name: string) => column('integer', name, null, [notNull]);

/** `varchar(n) NOT NULL`, for hand-shaped tables (tagged items). */
export const varcharColumn = (name: string, length: number) => column('varchar', name, { length }, [notNull]);

/** `tree_path integer[] NOT NULL DEFAULT '{}'`: ids from the root down to the node itself. */
export const treePathColumn = () => column('integer', 'tree_path', null, [{ kind: 'array' }, notNull, { kind: 'default', sql: `'{}'` }]);
