/**
 * @module
 * The default of an object or multiobject custom field must name objects that exist. NetBox
 * checks only that such a default is an id (or a list of ids), and gives it to new objects without
 * looking them up; here every written `custom_fields` value is looked up, the defaults included, so
 * a default naming a missing object would make every object created without that field fail with
 * `Unknown related object(s)`. It is refused when the field is defined instead, under `default`, with
 * the missing ids (definitions/README.md, "Custom fields"). Only a default that is written (a new
 * field, a changed default or related type) is checked: an unrelated edit of a field whose default
 * object was deleted since is not blocked by it.
 */
import type { Queryable } from '../../../db/index.ts';
import type { Registry, WriteItem } from '../../../rest/index.ts';
import { pyStr } from './definitionChecks.ts';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether this write sets the default to check: a new field, or a default or related type that changes. */
function defaultWritten(item: WriteItem): boolean {
  const before = item.existing;
  if (!before) return true;
  return !sameJson(before.default, item.value('default')) || before.related_object_type !== item.value('related_object_type') || before.type !== item.value('type');
}

/** The ids the default of an object field names, with the table they live in; null when there is nothing to look up. */
function wanted(item: WriteItem, registry: Registry): { table: string; ids: number[] } | null {
  const type = item.value('type');
  const value = item.value('default');
  if ((type !== 'object' && type !== 'multiobject') || value === null || value === undefined) return null;
  // A default already refused (not an id, a list of ids) is reported once, by definitionChecks.ts.
  if (item.errors.errors.default || item.errors.errors.related_object_type || !defaultWritten(item)) return null;
  const table = registry.byObjectType.get(String(item.value('related_object_type')))?.resource.table;
  // Checked by definitionChecks.ts: an id, or a list of ids.
  const ids = (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number');
  return table && ids.length ? { table, ids } : null;
}

/** Refuses, under `default`, the defaults naming objects that do not exist: one query per related table. */
export async function checkDefaultObjects(items: readonly WriteItem[], tx: Queryable, registry: Registry): Promise<void> {
  const checks = items.flatMap((item) => {
    const w = wanted(item, registry);
    return w ? [{ item, ...w }] : [];
  });
  for (const table of new Set(checks.map((c) => c.table))) {
    const mine = checks.filter((c) => c.table === table);
    const rows = await tx.query<{ id: number }>(`SELECT id FROM "${table}" WHERE id = ANY($1::bigint[])`, [[...new Set(mine.flatMap((c) => c.ids))]]);
    const found = new Set(rows.map((r) => Number(r.id)));
    for (const { item, ids } of mine) {
      const missing = ids.filter((id) => !found.has(id));
      if (!missing.length) continue;
      const value = item.value('default');
      const named = Array.isArray(value) ? `[${missing.join(', ')}]` : String(missing[0]);
      item.error('default', `Invalid default value "${pyStr(value)}": Unknown related object(s): ${named}`);
    }
  }
}
