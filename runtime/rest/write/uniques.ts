/**
 * @module
 * Checks unique constraints before writing, so a violation is answered with NetBox's message
 * (under the field or `__all__`) instead of a database error.
 */
import type { Queryable } from '../../db/index.ts';
import type { ErrorCollector } from '../errors.ts';
import type { Resource } from '../model.ts';
import { Params } from '../query/params.ts';
import { q } from '../query/select.ts';

/** `row` holds the object's column values after the write (column name → value). */
export async function checkUniques(db: Queryable, resource: Resource, row: Record<string, unknown>, selfId: number | null, errors: ErrorCollector): Promise<void> {
  for (const unique of resource.unique) {
    const columns = unique.fields.map((name) => resource.fields.find((f) => f.name === name)!.column!);
    const nullColumns = unique.whereNull.map((name) => resource.fields.find((f) => f.name === name)!.column!);
    if (nullColumns.some((c) => row[c] !== null && row[c] !== undefined)) continue;
    // NULLs never collide in a unique index; the `whereNull` variants cover those rows.
    if (columns.some((c) => row[c] === null || row[c] === undefined)) continue;
    const params = new Params();
    const conditions = columns.map((c) =>
      unique.caseInsensitive ? `lower(${q(c)}::text) = lower(${params.add(String(row[c]))})` : `${q(c)}::text = ${params.add(String(row[c]))}`,
    );
    for (const c of nullColumns) conditions.push(`${q(c)} IS NULL`);
    if (selfId !== null) conditions.push(`id <> ${params.add(selfId)}`);
    const rows = await db.query(`SELECT 1 FROM ${q(resource.table)} WHERE ${conditions.join(' AND ')} LIMIT 1`, params.values);
    if (rows.length && !errors.has(unique.errorField, unique.message)) errors.add(unique.errorField, unique.message);
  }
}
