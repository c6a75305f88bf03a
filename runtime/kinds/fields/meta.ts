/**
 * @module
 * The fields every object has (`id`, `url`, `display_url`, `display`), read-only values computed
 * from others (`count`, a tree node's `_depth`), and `custom_fields`.
 */
import type { Field, Resource } from '../../contract/index.ts';
import { column, identityColumn, notNull } from '../columns.ts';
import { customFieldsJson, customFieldsSelect, customFieldsValue, mergeCustomFields, noCustomFields, stageCustomFields } from '../customFields/index.ts';
import * as v from '../validation/index.ts';
import { ownFilter } from './stored.ts';
import type { FieldKind, SelectContext } from './types.ts';

const readOnlyKind = (name: string, optionsType: string, schema: FieldKind['response'], select: FieldKind['select'], serialize: FieldKind['serialize'], json: FieldKind['json']): FieldKind => ({
  name,
  optionsType,
  readOnly: true,
  defaultColumn: () => null,
  column: () => null,
  response: schema,
  select,
  serialize,
  json,
});

/** The URL SQL of a rendering context (SelectContext.url/uiUrl), which only a rendering builder has. */
function renderedUrl(ctx: SelectContext, which: 'url' | 'uiUrl', resource: Resource, alias: string): string {
  const build = ctx[which];
  if (!ctx.rendering || !build) throw new Error(`${resource.key}: URLs are rendered in SQL only by a rendering select`);
  return build.call(ctx, resource, `${alias}.id`);
}

export const id: FieldKind = {
  ...readOnlyKind('id', 'integer', () => ({ type: 'integer', readOnly: true }), (_f, _r, alias) => `${alias}.id`, (_f, _r, row) => Number(row.id), (_f, _r, alias) => `${alias}.id`),
  orderable: true,
  computedByDatabase: true,
  filteredWhenReadOnly: true,
  // The change record names the object already.
  snapshot: false,
  defaultColumn: () => 'id',
  column: () => identityColumn(),
  filters: (field) => [ownFilter(field, 'number')],
};

export const url = readOnlyKind(
  'url', 'field', () => ({ type: 'string', format: 'uri', readOnly: true }), () => null,
  (_f, resource, row, ctx) => ctx.url(resource, row.id),
  (_f, resource, alias, ctx) => renderedUrl(ctx, 'url', resource, alias),
);

export const displayUrl = readOnlyKind(
  'display_url', 'field', () => ({ type: 'string', format: 'uri', readOnly: true }), () => null,
  (_f, resource, row, ctx) => ctx.uiUrl(resource, row.id),
  (_f, resource, alias, ctx) => renderedUrl(ctx, 'uiUrl', resource, alias),
);

export const display: FieldKind = {
  ...readOnlyKind(
    'display', 'string', () => ({ type: 'string', readOnly: true }),
    (_f, resource, alias, ctx) => ctx.display(resource, alias),
    (_f, _r, row) => row.display ?? '',
    (_f, resource, alias, ctx) => `coalesce(${ctx.display(resource, alias)}, '')`,
  ),
  orderable: true,
};

/**
 * How many `target` rows point here through their `via` field (cumulatively over a tree's subtree).
 * A subtree is counted as the rows whose reference is one of the subtree's ids, an array built first:
 * the reference's index then answers, where joining every target row to the tree to test its path
 * reads them all.
 */
export function countSql(field: Field, resource: Resource, alias: string, ctx: SelectContext): string {
  if (field.expression) return ctx.expression(field.expression, resource, alias);
  if (!field.target && field.via === 'tags') return `(SELECT count(*) FROM "${ctx.tagLink.table}" ti WHERE ti."${ctx.tagLink.tagId}" = ${alias}.id)::int`;
  const target = ctx.resource(field.target!);
  const via = target.fields.find((f) => f.name === field.via)!;
  const c = ctx.alias();
  const subtree = () => {
    const d = ctx.alias();
    return `ARRAY(SELECT ${d}.id FROM "${resource.table}" ${d} WHERE ${alias}.id = ANY(${d}.tree_path))`;
  };
  // A many-to-many `via` is counted in its link table; an fk in the target's rows.
  if (via.link && field.cumulative && resource.tree) {
    return `(SELECT count(DISTINCT ${c}."${via.link!.source}") FROM "${via.link!.table}" ${c} WHERE ${c}."${via.link!.target}" = ANY(${subtree()}))::int`;
  }
  if (via.link) return `(SELECT count(*) FROM "${via.link!.table}" ${c} WHERE ${c}."${via.link!.target}" = ${alias}.id)::int`;
  if (field.cumulative && resource.tree) return `(SELECT count(*) FROM "${target.table}" ${c} WHERE ${c}."${via.column}" = ANY(${subtree()}))::int`;
  return `(SELECT count(*) FROM "${target.table}" ${c} WHERE ${c}."${via.column}" = ${alias}.id)::int`;
}

export const count: FieldKind = {
  ...readOnlyKind(
    'count', 'integer', () => ({ type: 'integer', readOnly: true }),
    (field, resource, alias, ctx) => countSql(field, resource, alias, ctx),
    (field, _r, row) => Number(row[field.name] ?? 0),
    (field, resource, alias, ctx) => `coalesce(${countSql(field, resource, alias, ctx)}, 0)`,
  ),
  keys: ['target', 'via', 'cumulative'],
  orderable: true,
};

export const depth: FieldKind = {
  ...readOnlyKind(
    'depth', 'integer', () => ({ type: 'integer', readOnly: true }),
    (_f, _r, alias) => `${alias}.tree_depth`,
    (_f, _r, row) => Number(row._depth ?? 0),
    (_f, _r, alias) => `coalesce(${alias}.tree_depth, 0)`,
  ),
  defaultColumn: () => 'tree_depth',
  column: (field) => column('integer', field.column!, null, [notNull, { kind: 'default', sql: '0' }]),
  orderable: true,
  // Tree bookkeeping, kept by the tree's placement (runtime/rest/write/tree.ts).
  computedByDatabase: true,
  snapshot: false,
};

/** The resource's custom field data (its `custom_fields` field), if it has any. */
export const customFieldsField = (resource: Resource): Field | undefined => resource.fields.find((f) => f.kind === customFields.name);

/**
 * Custom field values, a JSON object (runtime/kinds/customFields/): checked against the resource's
 * definitions, which the engine loads for the request; without them every name is unknown.
 */
export const customFields: FieldKind = {
  name: 'custom_fields',
  optionsType: 'json',
  modelDefault: () => ({}),
  snapshot: { recorded: () => true },
  defaultColumn: () => 'custom_field_data',
  column: (field) => column('jsonb', field.column!, null, [notNull, { kind: 'default', sql: `'{}'::jsonb` }]),
  response: () => ({ type: 'object', additionalProperties: {} }),
  request: () => ({ type: 'object', additionalProperties: {} }),
  validators: (field) => ({ [field.name]: v.customFields() }),
  stage(field, _input, value, item, ctx) {
    const existing = item.creating ? null : ((item.existing?.[field.column!] as Record<string, unknown> | null) ?? {});
    const merged = mergeCustomFields(ctx.customFields?.() ?? noCustomFields(''), value as Record<string, unknown>, existing);
    stageCustomFields(field.name, field.column!, merged, item);
  },
  select: (field, resource, alias, ctx) => customFieldsSelect(field, resource, alias, ctx.customFields?.(resource) ?? null, ctx),
  serialize: (field, resource, row, ctx) => customFieldsValue(row[field.name], ctx.customFields?.(resource) ?? null, (target, nested) => ctx.nested(target, nested)),
  json: (field, resource, alias, ctx) => customFieldsJson(field, resource, alias, ctx.customFields?.(resource) ?? null, ctx),
};
