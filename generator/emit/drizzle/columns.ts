/**
 * @module
 * The one mapping from a stored field to its PostgreSQL column, as a plain column spec
 * (`{ builder, name, args, modifiers }`). Both consumers read the same spec: the schema printer
 * (TypeScript source for generated/) and the in-memory pg-core builder the migrations emitter
 * hands to drizzle-kit. Keeping one mapping means the printed schema and the migrations cannot
 * disagree about a column.
 */
import type { ChoiceSetIR, FieldIR } from '../../ir/types.ts';

/** pg-core column builder functions the schema uses (`import { varchar } from 'drizzle-orm/pg-core'`). */
export type ColumnBuilderName = 'bigint' | 'boolean' | 'date' | 'integer' | 'jsonb' | 'numeric' | 'text' | 'timestamp' | 'varchar';

/**
 * Builder calls chained after the column function, in the order they must be applied
 * (`.array()` first: it changes the builder the others act on).
 */
export type ColumnModifier =
  | { kind: 'array' }
  | { kind: 'primaryKey' }
  | { kind: 'identity' }
  | { kind: 'notNull' }
  /** A database default, as SQL text (`'{}'::jsonb`, `0`). Only the few listed in the design: the REST engine computes the others. */
  | { kind: 'default'; sql: string };

export interface ColumnSpec {
  builder: ColumnBuilderName;
  /** Column name in the database; also the property name on the table object. */
  name: string;
  /** The builder's config argument (`{ length: 100 }`), or null when it takes none. */
  args: Record<string, string | number | boolean> | null;
  modifiers: ColumnModifier[];
}

/** Largest value an `integer` column holds; beyond it a field needs `bigint`. */
export const INT4_MAX = 2147483647;

const notNull: ColumnModifier = { kind: 'notNull' };

function spec(builder: ColumnBuilderName, name: string, args: ColumnSpec['args'], modifiers: ColumnModifier[]): ColumnSpec {
  return { builder, name, args, modifiers };
}

/** The `id` column every table starts with. */
export function identityColumn(name = 'id'): ColumnSpec {
  return spec('integer', name, null, [{ kind: 'primaryKey' }, { kind: 'identity' }]);
}

/** An `integer NOT NULL` reference column (link tables, tagged items). */
export function referenceColumn(name: string): ColumnSpec {
  return spec('integer', name, null, [notNull]);
}

/** Whether a choice set stores numbers (NetBox's `IntegerChoices`) rather than strings. */
export function isNumericChoiceSet(choiceSet: ChoiceSetIR | undefined): boolean {
  return !!choiceSet && choiceSet.choices.length > 0 && choiceSet.choices.every((c) => typeof c.value === 'number');
}

/**
 * The column spec of a field, or null when the field is not stored on the row (its `column` is
 * null: urls, counts, m2m and tags live elsewhere or are computed).
 * Throws on a field the IR should never produce (e.g. a decimal without digits).
 */
export function columnSpec(field: FieldIR, choiceSets: readonly ChoiceSetIR[]): ColumnSpec | null {
  const name = field.column;
  if (name === null) return null;
  const nullability = field.nullable ? [] : [notNull];
  switch (field.kind) {
    case 'id':
      return identityColumn(name);
    case 'string':
    case 'slug':
    case 'email':
    case 'color':
    case 'password':
      return spec('varchar', name, field.maxLength === null ? null : { length: field.maxLength }, nullability);
    case 'timezone':
      return spec('varchar', name, { length: 63 }, nullability);
    case 'text':
      return spec('text', name, null, nullability);
    case 'integer':
      return field.maxValue !== null && field.maxValue > INT4_MAX
        ? spec('bigint', name, { mode: 'number' }, nullability)
        : spec('integer', name, null, nullability);
    case 'decimal': {
      if (!field.digits) throw new Error(`decimal field ${field.name} has no digits: the IR must give [precision, scale]`);
      const [precision, scale] = field.digits;
      return spec('numeric', name, { precision, scale }, nullability);
    }
    case 'boolean':
      return spec('boolean', name, null, nullability);
    case 'date':
      return spec('date', name, null, nullability);
    case 'datetime':
      return spec('timestamp', name, { precision: 6, withTimezone: true }, nullability);
    case 'json':
      return spec('jsonb', name, null, nullability);
    case 'custom_fields':
      return spec('jsonb', name, null, [notNull, { kind: 'default', sql: `'{}'::jsonb` }]);
    case 'string_list':
    case 'ip_network_list':
      return spec('text', name, null, [{ kind: 'array' }, notNull, { kind: 'default', sql: `'{}'` }]);
    case 'choice': {
      const set = choiceSets.find((c) => c.name === field.choiceSet);
      if (!set) throw new Error(`choice field ${field.name} uses unknown choice set ${field.choiceSet}`);
      return isNumericChoiceSet(set) ? spec('integer', name, null, nullability) : spec('varchar', name, { length: 50 }, nullability);
    }
    case 'fk':
      return spec('integer', name, null, nullability);
    case 'object_type':
      return spec('varchar', name, { length: 100 }, nullability);
    case 'depth':
      return spec('integer', name, null, [notNull, { kind: 'default', sql: '0' }]);
    case 'url':
    case 'display_url':
    case 'display':
    case 'm2m':
    case 'tags':
    case 'count':
    case 'generic_fk':
      throw new Error(`field ${field.name} of kind ${field.kind} cannot have a column (${name})`);
  }
}

/** `tree_path integer[] NOT NULL DEFAULT '{}'`: ids from the root down to the node itself. */
export function treePathColumn(): ColumnSpec {
  return spec('integer', 'tree_path', null, [{ kind: 'array' }, notNull, { kind: 'default', sql: `'{}'` }]);
}

/** `varchar(n) NOT NULL`, for hand-shaped tables (tagged items). */
export function varcharColumn(name: string, length: number): ColumnSpec {
  return spec('varchar', name, { length }, [notNull]);
}

/** PostgreSQL's `ON DELETE` action for a field's `onDelete`. */
export function onDeleteAction(onDelete: FieldIR['onDelete']): 'cascade' | 'set null' | 'restrict' {
  switch (onDelete) {
    case 'cascade':
      return 'cascade';
    case 'set_null':
      return 'set null';
    case 'protect':
      return 'restrict';
    default:
      throw new Error(`a foreign key needs onDelete (got ${String(onDelete)})`);
  }
}
