/**
 * @module
 * Checks unique constraints before writing, for a whole batch with one query per constraint, so a
 * violation is answered with NetBox's message (under the field or `__all__`) instead of a
 * database error. Two objects of one batch that would collide are reported too.
 *
 * The order is NetBox's: a unique field is DRF's UniqueValidator, run with the serializer's fields,
 * so every unique field is checked and an error there stops the object's validation; a constraint
 * of several fields is Django's validate_constraints() (NetBox's serializers drop DRF's
 * UniqueTogetherValidator), which reports every constraint the object violates under `__all__`.
 */
import type { Resource } from '../../contract/index.ts';
import type { Queryable } from '../../db/index.ts';
import { Params } from '../query/params.ts';
import { q } from '../query/select.ts';
import type { WriteItem } from './batch.ts';

export async function checkUniques(db: Queryable, resource: Resource, items: WriteItem[]): Promise<void> {
  const columnOf = (name: string) => resource.fields.find((f) => f.name === name)!.column!;
  const fieldErrors = (item: WriteItem) => Object.keys(item.errors.errors).some((key) => key !== '__all__');
  // Single-field constraints first (DRF's field validators), then those of several fields.
  const ordered = [...resource.unique.filter((u) => u.errorField !== '__all__'), ...resource.unique.filter((u) => u.errorField === '__all__')];
  for (const unique of ordered) {
    const single = unique.errorField !== '__all__';
    const columns = unique.fields.map(columnOf);
    const nullColumns = (unique.whereNull ?? []).map(columnOf);
    const key = (item: WriteItem) => columns.map((c) => (unique.caseInsensitive ? String(item.value(c)).toLowerCase() : String(item.value(c)))).join('\u0000');
    // NULLs never collide in a unique index; the `whereNull` variants cover those rows.
    const candidates = items.filter(
      (item) => (single ? !item.errors.errors[unique.errorField] : !fieldErrors(item)) && nullColumns.every((c) => item.value(c) === null || item.value(c) === undefined) && columns.every((c) => item.value(c) !== null && item.value(c) !== undefined),
    );
    if (!candidates.length) continue;
    const params = new Params();
    const arrays = columns.map((c) => params.add(candidates.map((item) => String(item.value(c)))));
    const ci = (expr: string) => (unique.caseInsensitive ? `lower(${expr})` : expr);
    const tuple = `(${columns.map((c) => ci(`t.${q(c)}::text`)).join(', ')})`;
    const wanted = `SELECT ${arrays.map((a, i) => `${ci(`v${i}`)}`).join(', ')} FROM unnest(${arrays.map((a) => `${a}::text[]`).join(', ')}) AS u(${arrays.map((_, i) => `v${i}`).join(', ')})`;
    const where = [`${tuple} IN (${wanted})`, ...nullColumns.map((c) => `t.${q(c)} IS NULL`)].join(' AND ');
    const rows = await db.query<Record<string, unknown>>(`SELECT t.id, ${columns.map((c, i) => `t.${q(c)}::text AS c${i}`).join(', ')} FROM ${q(resource.table)} t WHERE ${where}`, params.values);
    const taken = new Map<string, number[]>();
    for (const row of rows) {
      const k = columns.map((_, i) => (unique.caseInsensitive ? String(row[`c${i}`]).toLowerCase() : String(row[`c${i}`]))).join('\u0000');
      taken.set(k, [...(taken.get(k) ?? []), Number(row.id)]);
    }
    const inBatch = new Set<string>();
    for (const item of candidates) {
      const k = key(item);
      const clash = (taken.get(k) ?? []).some((id) => id !== item.id) || inBatch.has(k);
      inBatch.add(k);
      if (clash && !item.errors.has(unique.errorField, unique.message)) item.error(unique.errorField, unique.message);
    }
  }
}
