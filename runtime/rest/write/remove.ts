/**
 * @module
 * Deleting objects: PROTECT relations answer 409 with NetBox's message naming the dependents;
 * tags (a generic relation without a foreign key) are removed with the object.
 */
import type { Queryable } from '../../db/index.ts';
import { formatDisplay, displayNeeds } from '../display.ts';
import { conflict } from '../errors.ts';
import type { Resource } from '../model.ts';
import { q } from '../query/select.ts';
import type { Registry } from '../registry.ts';

export async function removeObjects(db: Queryable, registry: Registry, resource: Resource, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const dependents: string[] = [];
  for (const { resource: other, field } of registry.get(resource.key).protectedBy) {
    const needs = displayNeeds(other).map((n) => other.fields.find((f) => f.name === n)?.column).filter((c): c is string => !!c);
    const columns = ['id', ...needs.filter((c) => c !== 'id')].map(q).join(', ');
    const rows = await db.query(`SELECT ${columns} FROM ${q(other.table)} WHERE ${q(field.column!)} = ANY($1::int[]) ORDER BY id`, [ids]);
    for (const row of rows) {
      const named = Object.fromEntries(other.fields.filter((f) => f.column && f.column in row).map((f) => [f.name, row[f.column!]]));
      dependents.push(`${formatDisplay(other, named)} (${row.id})`);
    }
  }
  if (dependents.length) throw conflict(`Unable to delete object. ${dependents.length} dependent objects were found: ${dependents.join(', ')}`);
  if (resource.fields.some((f) => f.kind === 'tags')) await db.query('DELETE FROM extras_tagged_item WHERE object_type = $1 AND object_id = ANY($2::int[])', [resource.objectType, ids]);
  await db.query(`DELETE FROM ${q(resource.table)} WHERE id = ANY($1::int[])`, [ids]);
}
