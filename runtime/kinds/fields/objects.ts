/**
 * @module
 * `object_list`: a list of objects of several types, as NetBox's GenericObjectSerializer shows them
 * — `[{"object_type": "dcim.interface", "object_id": 7, "object": {…nested…}}]` (a cable's
 * `a_terminations`) — or, with `bare: true`, just the nested objects (an interface's `link_peers`).
 * A named SQL expression selects it (a JSON array of `{object_type, object_id, object}`). With
 * `targets`, it is also written (`[{"object_type": …, "object_id": …}]`), and the model's rules
 * (runtime/inventory) persist what was written. A `nullable` list the expression leaves null is
 * shown as null (an interface's `connected_endpoints` without a cable path), else as `[]`.
 */
import { z } from 'zod';
import type { Field } from '../../contract/index.ts';
import * as v from '../validation/index.ts';
import type { Catalog, FieldKind } from './types.ts';

const objectTypes = (field: Field, catalog: Catalog) => (field.generic?.targets ?? []).map((key) => catalog.resource(key).objectType);

/** `[{"object_type": "dcim.interface", "object_id": 7}]`, types among the field's targets. */
function entries(field: Field, catalog: Catalog) {
  const allowed = objectTypes(field, catalog);
  const type = v.objectType(allowed);
  const id = v.integer({ min: 1 });
  return z.unknown().transform((value, ctx): { object_type: string; object_id: number }[] => {
    if (!Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: `Expected a list of items but got type "${typeof value === 'string' ? 'str' : value === null ? 'NoneType' : typeof value}".` });
      return z.NEVER;
    }
    return value.map((item, index) => {
      const object = item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
      const t = type.safeParse(object?.object_type);
      const i = id.safeParse(object?.object_id);
      if (!object) ctx.addIssue({ code: 'custom', path: [index], message: 'Invalid data. Expected a dictionary.' });
      else if (!t.success) ctx.addIssue({ code: 'custom', path: [index], message: `object_type: ${t.error.issues[0].message}` });
      else if (!i.success) ctx.addIssue({ code: 'custom', path: [index], message: `object_id: ${i.error.issues[0].message}` });
      return { object_type: String(t.data ?? ''), object_id: Number(i.data ?? 0) };
    });
  });
}

export const objectList: FieldKind = {
  name: 'object_list',
  keys: ['targets', 'bare'],
  optionsType: 'list',
  defaultColumn: () => null,
  column: () => null,
  response: (field) => ({
    ...(field.bare
      ? { type: 'array', items: { type: 'object', additionalProperties: {} }, readOnly: true }
      : { type: 'array', items: { type: 'object', properties: { object_type: { type: 'string' }, object_id: { type: 'integer' }, object: { type: 'object', additionalProperties: {}, readOnly: true } } } }),
    ...(field.nullable ? { nullable: true } : {}),
  }),
  request: (field, ctx) => ({ type: 'array', items: { type: 'object', required: ['object_type', 'object_id'], properties: { object_type: { type: 'string', enum: objectTypes(field, ctx) }, object_id: { type: 'integer' } } } }),
  validators: (field, catalog) => (field.generic?.targets.length ? { [field.name]: entries(field, catalog) } : {}),
  stage(field, _input, value, item) {
    item.extras.set(field.name, value);
  },
  select: (field, resource, alias, ctx) => ctx.expression(field.expression!, resource, alias),
  serialize(field, _resource, row, ctx) {
    if (field.nullable && (row[field.name] === null || row[field.name] === undefined)) return null;
    const items = (row[field.name] as { object_type: string; object_id: number; object: Record<string, unknown> | null }[] | null) ?? [];
    const shown = items.map((item) => {
      const target = ctx.byObjectType(item.object_type);
      return { object_type: item.object_type, object_id: Number(item.object_id), object: target ? ctx.nested(target.key, item.object) : null };
    });
    return field.bare ? shown.map((s) => s.object) : shown;
  },
  /**
   * While rendering, the expression's entries hold final nested objects (null for a type no
   * branch serves); `object_id` must be a number, and `bare` keeps the objects alone.
   */
  json(field, resource, alias, ctx) {
    const empty = field.nullable ? 'NULL' : `'[]'::json`;
    const x = ctx.alias();
    const e = ctx.alias();
    const entry = field.bare ? `${e}.v -> 'object'` : `json_build_object('object_type', ${e}.v -> 'object_type', 'object_id', (${e}.v ->> 'object_id')::bigint, 'object', ${e}.v -> 'object')`;
    const shown = `(SELECT coalesce(json_agg(${entry} ORDER BY ${e}.i), '[]'::json) FROM json_array_elements(${x}.v) WITH ORDINALITY ${e}(v, i))`;
    return `(SELECT CASE WHEN ${x}.v IS NULL THEN ${empty} ELSE ${shown} END FROM (SELECT (${ctx.expression(field.expression!, resource, alias)})::json AS v) ${x})`;
  },
};
