/**
 * @module
 * Method filters of tags (`extras.tags`), as NetBox's TagFilterSet defines them:
 * - `content_type` (handler `tagged_object_type`): tags applied to at least one object of the
 *   given `app.model` types. Malformed names are skipped; when none is left NetBox's query
 *   matches every type, so the tags applied to anything are listed.
 * - `content_type_id` (`tagged_object_type_id`): the same by object type id; ids of no type
 *   match nothing.
 * - `for_object_type_id` (`tag_for_object_type`): tags that may be applied to the given types,
 *   including those restricted to no type at all.
 */
import { TAG_LINK } from '../../../contract/index.ts';
import type { MethodFilter, MethodFilterArgs } from '../../../rest/index.ts';

/** Tags with at least one assignment to an object of `types` (any type when null). */
function taggedWith({ alias, param }: MethodFilterArgs, types: string[] | null): string {
  const { table, objectType, tagId } = TAG_LINK;
  const where = types === null ? '' : ` WHERE ti.${objectType} = ANY(${param(types)}::text[])`;
  return `${alias}.id IN (SELECT ti.${tagId} FROM ${table} ti${where})`;
}

/** The object type names of the ids given (`value: integer`); unknown ids name none. */
const typesOfIds = ({ parsed, query }: MethodFilterArgs<number>): string[] => parsed.flatMap((id) => query.objectTypeById(id) ?? []);

export const taggedObjectType: MethodFilter = (args) => {
  const types = args.values.map((v) => v.toLowerCase()).filter((v) => v.split('.').length === 2);
  return taggedWith(args, types.length ? types : null);
};

export const taggedObjectTypeId: MethodFilter<number> = (args) => taggedWith(args, typesOfIds(args));

export const tagForObjectType: MethodFilter<number> = (args) => {
  const types = typesOfIds(args);
  const column = args.sql.column(args.query.listed.key, 'object_types', args.alias);
  return `(${column} && ${args.param(types)}::text[] OR cardinality(${column}) = 0)`;
};
