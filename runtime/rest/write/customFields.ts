/**
 * @module
 * The checks of custom field values that need the database, for a whole write at once: the objects
 * that object and multiobject values name must exist (one query per related type), and values of
 * unique fields must not be held by another object (one query per unique field), nor by two objects
 * of the batch. New objects also get the defaults of the fields they were not given.
 */
import type { Field, Resource } from '../../contract/index.ts';
import type { Queryable } from '../../db/index.ts';
import { mergeCustomFields, missingRequired, notUnique, objectIds, stageCustomFields, unknownObjects, type CustomFieldSet } from '../../kinds/index.ts';
import { q } from '../query/select.ts';
import type { Registry } from '../registry.ts';
import type { WriteItem } from './batch.ts';

type Data = Record<string, unknown>;

/**
 * New objects given no `custom_fields` at all get the serializer's default (every field, at its
 * default or null), which clean() checks as any other value; updates not naming it keep what
 * they store, which clean() checks again.
 */
export function defaultCustomFields(field: Field, set: CustomFieldSet, items: WriteItem[]): void {
  for (const item of items) {
    if (field.name in item.data || !item.errors.empty) continue;
    const existing = item.creating ? null : ((item.existing?.[field.column!] as Data | null) ?? {});
    const merged = mergeCustomFields(set, item.creating ? undefined : {}, existing);
    if (item.creating || merged.invalid || merged.missing) stageCustomFields(field.name, field.column!, merged, item);
  }
}

/**
 * Object values a request names exist (the serializer field's check, under the field); unique
 * values are unique (clean()'s, under `__all__`, the first field only, and not once clean() refused
 * a value).
 */
export async function checkCustomFieldData(tx: Queryable, registry: Registry, resource: Resource, field: Field, set: CustomFieldSet, items: WriteItem[]): Promise<void> {
  const written = items.filter((item) => field.column! in item.columns && !item.errors.errors[field.name]);
  if (!written.length) return;
  const dataOf = (item: WriteItem) => (item.columns[field.column!] ?? {}) as Data;
  // As NetBox's serializer, only the objects a request names are looked up: a default, or a value
  // stored before, whose object was deleted since must not block writes that leave it alone.
  const named = (item: WriteItem, name: string) => {
    const sent = item.input[field.name];
    return !!sent && typeof sent === 'object' && Object.hasOwn(sent, name);
  };
  for (const def of set.fields) {
    if (!def.relatedResource) continue;
    const naming = written.filter((item) => named(item, def.name));
    const wanted = new Set(naming.flatMap((item) => objectIds(def, dataOf(item)[def.name])));
    if (!wanted.size) continue;
    const target = registry.resource(def.relatedResource);
    const rows = await tx.query<{ id: number }>(`SELECT id FROM ${q(target.table)} WHERE id = ANY($1::bigint[])`, [[...wanted]]);
    const found = new Set(rows.map((r) => Number(r.id)));
    for (const item of naming) {
      const value = dataOf(item)[def.name];
      if (objectIds(def, value).some((id) => !found.has(id))) item.error(field.name, unknownObjects(value));
    }
  }
  for (const def of set.fields) {
    if (!def.unique) continue;
    const holders = written.filter((item) => !item.errors.errors[field.name] && onlyMissing(item) && !isEmpty(dataOf(item)[def.name]));
    if (!holders.length) continue;
    const values = holders.map((item) => JSON.stringify(dataOf(item)[def.name]));
    const ids = holders.map((item) => item.id).filter((id): id is number => id !== null);
    const taken = await tx.query<{ v: string }>(
      `SELECT DISTINCT (t.${q(field.column!)} -> $1::text)::text AS v FROM ${q(resource.table)} t WHERE t.${q(field.column!)} -> $1::text IN (SELECT v::jsonb FROM unnest($2::text[]) v) AND NOT (t.id = ANY($3::int[]))`,
      [def.name, values, ids],
    );
    const used = new Set(taken.map((r) => normalise(r.v)));
    const seen = new Set<string>();
    for (const [i, item] of holders.entries()) {
      const value = normalise(values[i]);
      // clean() checks uniqueness before required fields: this message takes a missing field's place.
      if (used.has(value) || seen.has(value)) item.errors.errors.__all__ = [notUnique(def.name)];
      seen.add(value);
    }
  }
}

/** Whether clean() has refused nothing of the item's but a required field missing (or nothing at all). */
const MISSING = missingRequired('');
const onlyMissing = (item: WriteItem) => {
  const all = item.errors.errors.__all__;
  return !all || (Array.isArray(all) && all.length === 1 && all[0]!.startsWith(MISSING.slice(0, MISSING.indexOf("''"))));
};

/** NetBox's CUSTOMFIELD_EMPTY_VALUES: unset, null, '' and empty lists are never duplicates. */
const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);

/** jsonb prints with its own spacing: compare values parsed and printed once more. */
const normalise = (json: string) => JSON.stringify(JSON.parse(json));
