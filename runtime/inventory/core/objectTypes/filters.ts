/**
 * @module
 * `features` on object types: ObjectTypeFilterSet.filter_features(), `features__icontains=value`,
 * which Django's ArrayField answers by matching the array's text form (`{custom_fields,tags}`)
 * case-insensitively. The last value given counts.
 */
import type { MethodFilter } from '../../../rest/index.ts';

export const objectTypeFeatures: MethodFilter = ({ values, alias, param, query, sql }) => {
  const value = values[values.length - 1];
  const column = sql.column(query.listed.key, 'features', alias);
  return `${column}::text ILIKE '%' || ${param(value.replace(/[\\%_]/g, (c) => `\\${c}`))} || '%'`;
};
