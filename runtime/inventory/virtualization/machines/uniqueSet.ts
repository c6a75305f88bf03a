/**
 * @module
 * DRF's UniqueTogetherValidator, which NetBox's serializers derive from a component's
 * UniqueConstraint (`virtual_machine`, `name`) and run before the model's clean():
 * `{"non_field_errors": ["The fields virtual_machine, name must make a unique set."]}`. A set with
 * a null member is not checked. Objects of the same request count as taken by the earlier ones.
 * Returns the items that passed, for the checks that follow.
 */
import type { WriteBatch, WriteItem } from '../../../rest/index.ts';
import { requiredColumn } from './columns.ts';

export async function uniqueSet(batch: WriteBatch, fields: string[]): Promise<WriteItem[]> {
  const columns = fields.map((field) => requiredColumn(batch.registry, batch.resource.key, field));
  const values = (item: WriteItem) => columns.map((column) => item.value(column));
  const complete = batch.items.filter((item) => values(item).every((v) => v !== null && v !== undefined));
  if (!complete.length) return batch.items;
  const key = (set: unknown[]) => set.map(String).join('\u0000');
  const updated = batch.items.filter((item) => !item.creating).map((item) => item.id);
  const rows = await batch.tx.query<Record<string, unknown>>(
    `SELECT ${columns.map((c, i) => `t."${c}"::text AS c${i}`).join(', ')} FROM "${batch.resource.table}" t ` +
      `WHERE NOT (t.id = ANY($1::int[])) AND (${columns.map((c) => `t."${c}"::text`).join(', ')}) IN (SELECT * FROM unnest(${columns.map((_, i) => `$${i + 2}::text[]`).join(', ')}))`,
    [updated, ...columns.map((_, i) => complete.map((item) => String(values(item)[i])))],
  );
  const taken = new Set(rows.map((row) => key(columns.map((_, i) => row[`c${i}`]))));
  const refused = new Set<WriteItem>();
  for (const item of complete) {
    const k = key(values(item));
    if (taken.has(k)) {
      item.error('non_field_errors', `The fields ${fields.join(', ')} must make a unique set.`);
      refused.add(item);
    }
    taken.add(k);
  }
  return batch.items.filter((item) => !refused.has(item));
}
