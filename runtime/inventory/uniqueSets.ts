/**
 * @module
 * DRF's UniqueTogetherValidator, which NetBox's serializers derive from a model's UniqueConstraints
 * and run before the model's own validation: `{"non_field_errors": ["The fields group, vid must
 * make a unique set."]}`. A set with a null member is not checked (NULLs never collide); objects of
 * the same request count as taken by the earlier ones. The constraints stay declared in the
 * definitions too, where Django's check and the database's unique index back this one. Shared by
 * the apps whose serializers have such validators (VLANs, VLAN translation rules, VM components).
 */
import type { WriteBatch, WriteItem } from '../rest/index.ts';

function columnOf(batch: WriteBatch, field: string): string {
  const column = batch.registry.field(batch.resource, field)?.column;
  if (!column) throw new Error(`${batch.resource.key} has no stored field ${field}`);
  return column;
}

/** Checks each set of fields; returns the items none of them refused, for the checks that follow. */
export async function checkUniqueSets(batch: WriteBatch, sets: string[][]): Promise<WriteItem[]> {
  const refused = new Set<WriteItem>();
  const updated = batch.items.map((item) => item.id).filter((id): id is number => id !== null);
  for (const fields of sets) {
    const columns = fields.map((field) => columnOf(batch, field));
    const values = (item: WriteItem) => columns.map((column) => item.value(column) ?? null);
    const items = batch.items.filter((item) => values(item).every((v) => v !== null));
    if (!items.length) continue;
    const key = (set: unknown[]) => set.map(String).join('\u0000');
    const tuple = columns.map((c) => `t."${c}"::text`).join(', ');
    const rows = await batch.tx.query<Record<string, unknown>>(
      `SELECT ${columns.map((c, i) => `t."${c}"::text AS c${i}`).join(', ')} FROM "${batch.resource.table}" t ` +
        `WHERE NOT (t.id = ANY($1::int[])) AND (${tuple}) IN (SELECT * FROM unnest(${columns.map((_, i) => `$${i + 2}::text[]`).join(', ')}))`,
      [updated, ...columns.map((_, i) => items.map((item) => String(values(item)[i])))],
    );
    const taken = new Set(rows.map((row) => key(columns.map((_, i) => row[`c${i}`]))));
    for (const item of items) {
      const k = key(values(item));
      if (taken.has(k)) {
        item.error('non_field_errors', `The fields ${fields.join(', ')} must make a unique set.`);
        refused.add(item);
      }
      taken.add(k);
    }
  }
  return batch.items.filter((item) => !refused.has(item));
}
