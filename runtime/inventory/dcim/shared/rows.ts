/**
 * @module
 * What dcim's model rules share: rows of a table by id in one query (so a batch's checks cost one
 * query per table, not per object), and rack units counted in half units, the granularity NetBox
 * positions devices at (U1.5), formatted as Python prints a one-place Decimal (`1.0`).
 */
import type { Queryable } from '../../../db/index.ts';
import type { WriteBatch } from '../../../rest/index.ts';
import { sqlIdentifier as quote } from '../../../kinds/index.ts';

export type Row = Record<string, unknown>;

/** A quoted SQL identifier (runtime/kinds/sqlText.ts). */
export { quote };

/** The quoted table of a resource (`dcim.racks` → `"dcim_rack"`). */
export const tableOf = (batch: Pick<WriteBatch, 'registry'>, key: string) => quote(batch.registry.resource(key).table);

/** The ids given, once each, without nulls. */
export function idsOf(values: unknown[]): number[] {
  return [...new Set(values.filter((v) => v !== null && v !== undefined && v !== '').map(Number))];
}

/**
 * `SELECT <columns> FROM <table> t <joins> WHERE t.id = ANY(ids)`, by id. `columns` and `joins`
 * use the alias `t` for the table.
 */
export async function rowsById<T extends Row = Row>(tx: Queryable, table: string, ids: unknown[], columns = 't.*', joins = ''): Promise<Map<number, T>> {
  const wanted = idsOf(ids);
  if (!wanted.length) return new Map();
  const rows = await tx.query<T>(`SELECT t.id, ${columns} FROM ${table} t ${joins} WHERE t.id = ANY($1::int[])`, [wanted]);
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/** A stored or written number (numeric columns come back as text), or null. */
export function numberOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isNaN(n) ? null : n;
}

/** Rack units (`1.5`) as half units (`3`). */
export const halfUnits = (units: unknown) => Math.round((numberOf(units) ?? 0) * 2);

/** A number of units as NetBox prints its one-place Decimals: `1.0`, `42.5`. */
export const units = (value: unknown) => (numberOf(value) ?? 0).toFixed(1);

/** Whether a stored value is set (Python truthiness of a nullable column: not null, not blank, not zero). */
export function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === '' || value === false) return false;
  return typeof value === 'number' || (typeof value === 'string' && /^-?[\d.]+$/.test(value)) ? Number(value) !== 0 : true;
}

/** Blank strings of a unique nullable text column become null, as NetBox stores them (two blank asset tags never collide). */
export function blankToNull(batch: WriteBatch, column: string): void {
  for (const item of batch.items) if (item.columns[column] === '') item.columns[column] = null;
}
