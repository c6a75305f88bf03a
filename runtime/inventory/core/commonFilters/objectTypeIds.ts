/**
 * @module
 * `object_type_ids`: NetBox's `object_types` / `object_type_id` filters (a tag's or a permission's
 * object types, a many-to-many relation to ObjectType there). Here the types are kept as
 * `app.model` names in the listed row's `object_types` array, so the ids given (stable hashes of
 * the names, runtime/kinds/objectTypes.ts) are turned back into names first. An id that names no
 * served type is NetBox's invalid choice; `null` matches rows with no type.
 */
import { invalidChoice, isInteger } from '../../../kinds/index.ts';
import type { MethodFilter } from '../../../rest/index.ts';

export const objectTypeIds: MethodFilter = ({ lookup, values, alias, param, query, sql }) => {
  const names: string[] = [];
  for (const value of values) {
    if (value === 'null') continue;
    const name = isInteger(value) ? query.objectTypeById(Number(value)) : undefined;
    if (!name) return query.error(invalidChoice(value));
    names.push(name);
  }
  const column = sql.column(query.listed.key, 'object_types', alias);
  const parts: string[] = [];
  if (names.length) parts.push(`${column} && ${param(names)}::text[]`);
  if (values.includes('null')) parts.push(`cardinality(${column}) = 0`);
  const any = parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
  return lookup === 'n' ? `NOT coalesce(${any}, false)` : any;
};
