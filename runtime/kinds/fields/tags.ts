/**
 * @module
 * An object's tags (NetBox's taggit through extras.TaggedItem): read as nested tags, written as a
 * list (`tags`, replacing them all) or, since 4.6, with `add_tags`/`remove_tags`.
 */
import type { Resource } from '../../contract/index.ts';
import * as v from '../validation/index.ts';
import { sqlIdentifier as ident, sqlString as text } from '../sqlText.ts';
import { linkHop } from './relationHops.ts';
import { relatedOnWrite } from './relations.ts';
import type { FieldKind, LinkRows, RelationRef, TagLink } from './types.ts';

const TAGS = 'extras.tags';

/** An object's rows in the tag assignments' table, which every taggable resource shares. */
const tagLinks = (resource: Resource, tagLink: TagLink): LinkRows => ({
  table: tagLink.table,
  source: tagLink.objectId,
  target: tagLink.tagId,
  holderType: { column: tagLink.objectType, value: resource.objectType },
});

export const tags: FieldKind = {
  name: 'tags',
  optionsType: 'field',
  relation: {
    many: true,
    target: { fixed: TAGS },
    filterKinds: { id: 'tag_id', slug: 'tag', other: 'tag' },
    hop: (_field, resource, alias, target, n, inner, ctx) => linkHop(tagLinks(resource, ctx.tagLink), alias, target, n, inner, ctx),
    links: (_field, resource, tagLink) => tagLinks(resource, tagLink),
    staged: (_field, item) => (item.tags.set || item.tags.add || item.tags.remove ? item.tags : undefined),
    deleteEdge: () => ({ kind: 'tags', targets: [TAGS], onDelete: 'cascade' }),
  },
  cast: 'integer',
  snapshot: {
    linked: true,
    recorded: () => true,
    // The sorted names of its tags.
    value(_field, resource, alias, ctx) {
      const { table, objectType, objectId, tagId } = ctx.tagLink;
      const tags = ctx.resource(TAGS).table;
      return `(SELECT coalesce(jsonb_agg(tg.name ORDER BY tg.name), '[]'::jsonb) FROM ${ident(table)} ti JOIN ${ident(tags)} tg ON tg.id = ti.${ident(tagId)} WHERE ti.${ident(objectType)} = ${text(resource.objectType)} AND ti.${ident(objectId)} = ${alias}.id)`;
    },
  },
  defaultColumn: () => null,
  column: () => null,
  filters: () => [
    { name: 'tag', kind: 'tag', path: 'tags', to: 'slug' },
    { name: 'tag_id', kind: 'tag_id', path: 'tags' },
  ],
  response: (field, ctx) => ({ type: 'array', items: ctx.embedded(TAGS), ...(field.readOnly ? { readOnly: true } : {}) }),
  request: (_field, ctx) => ({ type: 'array', items: relatedOnWrite(ctx.resource(TAGS)) }),
  validators: (field) => ({ [field.name]: v.relationList(), add_tags: v.relationList(), remove_tags: v.relationList() }),
  references: (_field, _input, value) => ({ target: TAGS, refs: value as RelationRef[] }),
  stage(field, input, value, item, ctx) {
    const ids: number[] = [];
    for (const ref of value as RelationRef[]) {
      const resolved = ctx.resolved(TAGS, ref);
      if ('id' in resolved) ids.push(resolved.id);
      else item.error(input, typeof ref === 'number' ? `Invalid pk "${ref}" - object does not exist.` : resolved.error);
    }
    const unique = [...new Set(ids)];
    if (input === field.name) item.tags.set = unique;
    else if (item.tags.set) item.error(input, `Cannot specify both tags and ${input}.`);
    else if (input === 'remove_tags' && item.creating) item.error(input, 'Tags cannot be removed from an object that is being created.');
    else if (input === 'add_tags') item.tags.add = unique;
    else {
      item.tags.remove = unique;
      if (item.tags.add?.some((id) => unique.includes(id))) item.error('non_field_errors', 'The same tag cannot be both added and removed.');
    }
  },
  select(_field, resource, alias, ctx) {
    const n = ctx.alias();
    const t = ctx.alias();
    const { table, objectType, objectId, tagId } = ctx.tagLink;
    return ctx.nestedList(TAGS, n, `JOIN "${table}" ${t} ON ${t}."${tagId}" = ${n}.id WHERE ${t}."${objectType}" = '${resource.objectType}' AND ${t}."${objectId}" = ${alias}.id`);
  },
  serialize: (field, _resource, row, ctx) => ((row[field.name] as Record<string, unknown>[] | null) ?? []).map((item) => ctx.nested(TAGS, item)),
  // While rendering, the list select() builds holds the final nested tags; on the listed rows, each
  // tag the page shows is built once, not once per row that has it.
  json(field, resource, alias, ctx) {
    const { table, objectType, objectId, tagId } = ctx.tagLink;
    const [x, t] = [ctx.alias(), ctx.alias()];
    const shared = ctx.sharedList?.(
      TAGS,
      (rowIds) => `SELECT ${x}."${tagId}" FROM "${table}" ${x} WHERE ${x}."${objectType}" = '${resource.objectType}' AND ${x}."${objectId}" IN (${rowIds})`,
      (c) => `JOIN "${table}" ${t} ON ${t}."${tagId}" = ${c}.id WHERE ${t}."${objectType}" = '${resource.objectType}' AND ${t}."${objectId}" = ${alias}.id`,
    );
    return shared ?? tags.select(field, resource, alias, ctx)!;
  },
};
