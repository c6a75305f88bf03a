/**
 * @module
 * How `custom_fields` is selected and shown. Plain values come straight from the row's
 * `custom_field_data`; object and multiobject values are the related objects' nested forms, built
 * in the same statement (a lateral join per object field on the listed row), so a page stays one
 * query. The JSON object is assembled in JavaScript, in the definitions' order, with null for every
 * field without a value (NetBox's CustomFieldsDataField).
 */
import type { Field, Resource } from '../../contract/index.ts';
import type { SelectContext } from '../fields/types.ts';
import { jsonObjectSql } from '../jsonObject.ts';
import { isObjectType, type CustomFieldSet } from './definition.ts';
import { sqlString } from '../sqlText.ts';

/** A stored id (a JSON number that fits an integer) as SQL, else NULL: a bad value never fails the query. */
const storedId = (json: string) => `(CASE WHEN jsonb_typeof(${json}) = 'number' AND (${json})::text ~ '^[0-9]{1,9}$' THEN (${json})::text::int END)`;

/**
 * The SQL of the `custom_fields` value of the row `alias`: the stored JSON alone, or (when object
 * fields exist) `json_build_object('d', data, 'o', json_build_object(<name>, <nested object>…))`.
 */
export function customFieldsSelect(field: Field, resource: Resource, alias: string, set: CustomFieldSet | null, ctx: SelectContext): string {
  const data = ctx.value(resource, field, alias);
  const objectFields = set?.fields.filter((f) => isObjectType(f.type) && f.relatedResource) ?? [];
  if (!objectFields.length) return data;
  const parts = objectFields.map((f) => {
    const json = `${data} -> ${sqlString(f.name)}`;
    if (f.type === 'object') return `${sqlString(f.name)}, ${ctx.reference(f.relatedResource!, storedId(json))}`;
    const n = ctx.alias();
    const x = ctx.alias();
    const ids = `(SELECT ${storedId(`${x}.v`)} FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${json}) = 'array' THEN ${json} ELSE '[]'::jsonb END) ${x}(v))`;
    return `${sqlString(f.name)}, ${ctx.nestedList(f.relatedResource!, n, `WHERE ${n}.id IN ${ids}`)}`;
  });
  // json_build_object takes at most 100 arguments: 50 fields per call, merged as jsonb.
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += 50) chunks.push(`jsonb_build_object(${parts.slice(i, i + 50).join(', ')})`);
  return `json_build_object('d', ${data}, 'o', ${chunks.join(' || ')})`;
}

type Row = Record<string, unknown>;

/** The `custom_fields` object: every defined field, in order, null when unset. */
export function customFieldsValue(selected: unknown, set: CustomFieldSet | null, nested: (target: string, row: Row | null) => Row | null): Row {
  const out: Row = {};
  if (!set) return out;
  const hasObjects = selected !== null && typeof selected === 'object' && 'o' in (selected as Row) && 'd' in (selected as Row);
  const data = ((hasObjects ? (selected as Row).d : selected) ?? {}) as Row;
  const objects = (hasObjects ? (selected as Row).o : {}) as Row;
  for (const f of set.fields) {
    if (f.type === 'object') out[f.name] = f.relatedResource ? nested(f.relatedResource, (objects[f.name] as Row | null) ?? null) : null;
    else if (f.type === 'multiobject') {
      const list = (objects[f.name] as Row[] | undefined) ?? null;
      out[f.name] = data[f.name] === null || data[f.name] === undefined || !list ? null : list.map((o) => nested(f.relatedResource!, o));
    } else out[f.name] = data[f.name] ?? null;
  }
  return out;
}

/**
 * The SQL of the `custom_fields` object as a response shows it (FieldKind.json), for a rendering
 * select: what customFieldsValue makes of customFieldsSelect's value, built by PostgreSQL.
 */
export function customFieldsJson(field: Field, resource: Resource, alias: string, set: CustomFieldSet | null, ctx: SelectContext): string {
  if (!set?.fields.length) return `'{}'::json`;
  const data = ctx.value(resource, field, alias);
  return jsonObjectSql(
    set.fields.map((f) => {
      const json = `${data} -> ${sqlString(f.name)}`;
      if (f.type === 'object') return [f.name, f.relatedResource ? ctx.reference(f.relatedResource, storedId(json)) : 'NULL'];
      if (f.type !== 'multiobject') return [f.name, json];
      if (!f.relatedResource) return [f.name, 'NULL'];
      const n = ctx.alias();
      const x = ctx.alias();
      const ids = `(SELECT ${storedId(`${x}.v`)} FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${json}) = 'array' THEN ${json} ELSE '[]'::jsonb END) ${x}(v))`;
      // No value (or JSON null) is null; anything else the list of the objects it names that exist.
      return [f.name, `(CASE WHEN coalesce(jsonb_typeof(${json}), 'null') = 'null' THEN NULL ELSE ${ctx.nestedList(f.relatedResource, n, `WHERE ${n}.id IN ${ids}`)} END)`];
    }),
  );
}
