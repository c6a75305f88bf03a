/**
 * @module
 * DRF's UniqueTogetherValidator, which NetBox's serializers derive from a model's UniqueConstraints
 * and run before the model's own validation: `{"non_field_errors": ["The fields group, vid must
 * make a unique set."]}`. A set with a null member is not checked (NULLs never collide). The
 * constraints stay declared in the definitions too, where Django's check and the database's
 * unique index back this one.
 */
import type { WriteBatch } from '../../rest/index.ts';
import { columnOf, updatedIds, valueOf } from './batchValues.ts';

export async function checkUniqueSets(batch: WriteBatch, sets: string[][]): Promise<void> {
  for (const fields of sets) {
    const columns = fields.map((field) => columnOf(batch, field));
    const items = batch.items.filter((item) => fields.every((field) => valueOf(batch, item, field) !== null));
    if (!items.length) continue;
    const key = (values: unknown[]) => values.map(String).join('\u0000');
    const tuple = columns.map((c) => `t."${c}"::text`).join(', ');
    const rows = await batch.tx.query<Record<string, unknown>>(
      `SELECT ${columns.map((c, i) => `t."${c}"::text AS c${i}`).join(', ')} FROM "${batch.resource.table}" t ` +
        `WHERE NOT (t.id = ANY($1::int[])) AND (${tuple}) IN (SELECT * FROM unnest(${columns.map((_, i) => `$${i + 2}::text[]`).join(', ')}))`,
      [updatedIds(batch), ...fields.map((field) => items.map((item) => String(valueOf(batch, item, field))))],
    );
    const taken = new Set(rows.map((row) => key(columns.map((_, i) => row[`c${i}`]))));
    for (const item of items) {
      const k = key(fields.map((field) => valueOf(batch, item, field)));
      // A second object of the same request takes the set from the first.
      if (taken.has(k)) item.error('non_field_errors', `The fields ${fields.join(', ')} must make a unique set.`);
      taken.add(k);
    }
  }
}
