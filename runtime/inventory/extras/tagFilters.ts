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
import { TAG_LINK } from '../../contract/index.ts';
import { isInteger } from '../../kinds/index.ts';
import type { MethodFilter, MethodFilterArgs } from '../../rest/index.ts';

/** Tags with at least one assignment to an object of `types` (any type when null). */
function taggedWith({ alias, param }: MethodFilterArgs, types: string[] | null): string {
  const { table, objectType, tagId } = TAG_LINK;
  const where = types === null ? '' : ` WHERE ti.${objectType} = ANY(${param(types)}::text[])`;
  return `${alias}.id IN (SELECT ti.${tagId} FROM ${table} ti${where})`;
}

/** The object type names of numeric ids (unknown ids name none); null after a non-number. */
function typesOfIds(args: MethodFilterArgs): string[] | null {
  const types: string[] = [];
  for (const value of args.values) {
    if (!isInteger(value)) return args.query.error('Enter a number.');
    const type = args.query.objectTypeById(Number(value));
    if (type) types.push(type);
  }
  return types;
}

export const taggedObjectType: MethodFilter = (args) => {
  const types = args.values.map((v) => v.toLowerCase()).filter((v) => v.split('.').length === 2);
  return taggedWith(args, types.length ? types : null);
};

export const taggedObjectTypeId: MethodFilter = (args) => {
  const types = typesOfIds(args);
  return types && taggedWith(args, types);
};

export const tagForObjectType: MethodFilter = (args) => {
  const types = typesOfIds(args);
  if (!types) return null;
  const column = args.sql.column(args.query.listed.key, 'object_types', args.alias);
  return `(${column} && ${args.param(types)}::text[] OR cardinality(${column}) = 0)`;
};
