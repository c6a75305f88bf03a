/**
 * @module
 * `created_by_request`, `updated_by_request` and `modified_by_request` (method `filter_by_request`,
 * on every NetBoxModel list): objects whose change records carry the given request id (a
 * response's `X-Request-ID`) with a create, an update, or either. Values must be UUIDs, as
 * django-filter's UUIDFilter requires.
 */
import type { MethodFilter } from '../../rest/index.ts';

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

const ACTIONS: Record<string, string[]> = {
  created_by_request: ['create'],
  updated_by_request: ['update'],
  modified_by_request: ['create', 'update'],
};

/** Python's `str(UUID(value))`: lower case with dashes, as request ids are recorded. */
function canonical(value: string): string {
  const hex = value.trim().toLowerCase().replace(/-/g, '');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const filterByRequest: MethodFilter = ({ values, query, alias, param, sql }) => {
  if (values.some((v) => !UUID.test(v.trim()))) return query.error('Enter a valid UUID.');
  const actions = ACTIONS[query.parameter.replace(/__.*$/, '')] ?? ACTIONS.modified_by_request;
  const c = sql.alias();
  // django-filter's single-value filter: the last value given counts.
  return `EXISTS (SELECT 1 FROM ${sql.table('core.object-changes')} ${c} WHERE ${c}.changed_object_type = ${param(query.listed.objectType)} AND ${c}.changed_object_id = ${alias}.id AND ${c}.request_id = ${param(canonical(values[values.length - 1]))} AND ${c}.action = ANY(${param(actions)}::varchar[]))`;
};
