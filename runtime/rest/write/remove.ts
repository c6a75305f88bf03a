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
      dependents.push(`${formatDisplay(other, named, registry.labelsOf(other))} (${row.id})`);
    }
  }
  if (dependents.length) throw conflict(`Unable to delete object. ${dependents.length} dependent objects were found: ${dependents.join(', ')}`);
  // Generic relations have no foreign key: their cascade (or clearing) is done here.
  for (const { resource: other, field } of registry.get(resource.key).genericReferrers) {
    const column = (name: string) => q(other.fields.find((f) => f.name === name)!.column!);
    const where = `${column(field.generic!.typeField)} = $1 AND ${column(field.generic!.idField)} = ANY($2::int[])`;
    if (field.onDelete === 'cascade') {
      const rows = await db.query<{ id: number }>(`SELECT id FROM ${q(other.table)} WHERE ${where}`, [resource.objectType, ids]);
      await removeObjects(db, registry, other, rows.map((r) => Number(r.id)));
    } else {
      await db.query(`UPDATE ${q(other.table)} SET ${column(field.generic!.typeField)} = NULL, ${column(field.generic!.idField)} = NULL WHERE ${where}`, [resource.objectType, ids]);
    }
  }
  if (resource.fields.some((f) => f.kind === 'tags')) {
    const { table, objectId } = registry.tagLink;
    await db.query(`DELETE FROM ${q(table)} WHERE object_type = $1 AND ${q(objectId)} = ANY($2::int[])`, [resource.objectType, ids]);
  }
  await db.query(`DELETE FROM ${q(resource.table)} WHERE id = ANY($1::int[])`, [ids]);
}
