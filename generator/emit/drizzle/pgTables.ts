/**
 * @module
 * Builds real pg-core table objects in memory from the table specs, the same specs the schema
 * printer prints. drizzle-kit reads these to compute the schema snapshot the migrations come from,
 * so the migrations describe exactly the tables generated/inventory/schema.ts declares.
 *
 * drizzle-orm is required on first use, not imported: this is needed only when the table specs
 * changed (see the migrations' fingerprint), and its ESM build is about a hundred modules, each a
 * trip through tsx's loader on every `npm run generate` (0.3-0.4 s of a run on this machine; the
 * CommonJS build, which drizzle-kit requires too, loads in a third of that, and only when needed).
 */
import { createRequire } from 'node:module';
import type * as DrizzleOrm from 'drizzle-orm';
import type * as PgCore from 'drizzle-orm/pg-core';
import type { PgTableWithColumns } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { ColumnBuilderName, ColumnSpec } from '../../../runtime/kinds/index.ts';
import type { TableSpec } from './tables.ts';

/**
 * The chainable surface of a pg-core column builder, as used here. pg-core's builders are typed
 * per column type; a spec-driven builder only needs the common calls, so it works on this view.
 */
interface ChainableColumn {
  array(): ChainableColumn;
  primaryKey(): ChainableColumn;
  generatedByDefaultAsIdentity(): ChainableColumn;
  notNull(): ChainableColumn;
  default(value: SQL): ChainableColumn;
}

type BuilderFunction = (name: string, config?: Record<string, unknown>) => ChainableColumn;

let drizzle: { sql: typeof DrizzleOrm.sql; core: typeof PgCore; builders: Record<ColumnBuilderName, BuilderFunction> } | undefined;

function loadDrizzle(): NonNullable<typeof drizzle> {
  if (drizzle) return drizzle;
  const require = createRequire(import.meta.url);
  const core = require('drizzle-orm/pg-core') as typeof PgCore;
  const { bigint, boolean, cidr, date, inet, integer, jsonb, macaddr, numeric, text, timestamp, varchar } = core;
  const builders = { bigint, boolean, cidr, date, inet, integer, jsonb, macaddr, numeric, text, timestamp, varchar } as unknown as Record<ColumnBuilderName, BuilderFunction>;
  drizzle = { sql: (require('drizzle-orm') as typeof DrizzleOrm).sql, core, builders };
  return drizzle;
}

function buildColumn(spec: ColumnSpec): ChainableColumn {
  const { sql, builders } = loadDrizzle();
  let column = spec.args ? builders[spec.builder](spec.name, spec.args) : builders[spec.builder](spec.name);
  for (const modifier of spec.modifiers) {
    switch (modifier.kind) {
      case 'array':
        column = column.array();
        break;
      case 'primaryKey':
        column = column.primaryKey();
        break;
      case 'identity':
        column = column.generatedByDefaultAsIdentity();
        break;
      case 'notNull':
        column = column.notNull();
        break;
      case 'default':
        column = column.default(sql.raw(modifier.sql));
        break;
    }
  }
  return column;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = PgTableWithColumns<any>;

/** pg-core tables keyed by their constant name (`dcimSite`), ready for `generateDrizzleJson`. */
export function buildPgTables(specs: readonly TableSpec[]): Record<string, AnyTable> {
  const { sql, core: { foreignKey, index, pgTable, uniqueIndex } } = loadDrizzle();
  const byName = new Map<string, AnyTable>();
  const out: Record<string, AnyTable> = {};
  for (const spec of specs) {
    const columns = Object.fromEntries(spec.columns.map((c) => [c.name, buildColumn(c)]));
    // The extra-config callback runs lazily (when drizzle-kit reads the table), so foreign keys
    // can point at tables built later in this loop.
    const table = pgTable(spec.name, columns as never, (t: Record<string, never>) => [
      ...spec.indexes.map((i) => {
        const parts = i.parts.map((p) =>
          p.lower ? sql`lower(${t[p.column]})` : p.host ? sql`(host(${t[p.column]})::inet)` : p.masklen ? sql`masklen(${t[p.column]})` : p.opclass ? (t[p.column] as { op(name: string): never }).op(p.opclass) : t[p.column],
        );
        const builder = (i.unique ? uniqueIndex : index)(i.name);
        const built = i.using ? builder.using(i.using, ...(parts as [SQL, ...SQL[]])) : builder.on(...(parts as [SQL, ...SQL[]]));
        return i.whereNull.length ? built.where(sql.join(i.whereNull.map((c) => sql`${t[c]} IS NULL`), sql` AND `)) : built;
      }),
      ...spec.foreignKeys.map((fk) => {
        const target = byName.get(fk.references);
        if (!target) throw new Error(`${spec.name}.${fk.column} references unknown table ${fk.references}`);
        return foreignKey({ name: fk.name, columns: [t[fk.column]], foreignColumns: [target.id] }).onDelete(fk.onDelete);
      }),
    ]) as AnyTable;
    byName.set(spec.name, table);
    out[spec.constName] = table;
  }
  return out;
}
