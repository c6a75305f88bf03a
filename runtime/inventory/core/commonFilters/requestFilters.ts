/**
 * @module
 * `created_by_request`, `updated_by_request` and `modified_by_request` (method `filter_by_request`,
 * on every NetBoxModel list): objects whose change records carry the given request id (a
 * response's `X-Request-ID`) with a create, an update, or either. Values must be UUIDs, as
 * django-filter's UUIDFilter requires.
 */
import { canonicalUuid } from '../../../kinds/index.ts';
import type { MethodFilter } from '../../../rest/index.ts';

const ACTIONS: Record<string, string[]> = {
  created_by_request: ['create'],
  updated_by_request: ['update'],
  modified_by_request: ['create', 'update'],
};

export const filterByRequest: MethodFilter = ({ values, query, alias, param, sql }) => {
  const uuids = values.map(canonicalUuid);
  if (uuids.some((uuid) => uuid === null)) return query.error('Enter a valid UUID.');
  const actions = ACTIONS[query.parameter.replace(/__.*$/, '')] ?? ACTIONS.modified_by_request;
  const c = sql.alias();
  // django-filter's single-value filter: the last value given counts.
  return `EXISTS (SELECT 1 FROM ${sql.table('core.object-changes')} ${c} WHERE ${c}.changed_object_type = ${param(query.listed.objectType)} AND ${c}.changed_object_id = ${alias}.id AND ${c}.request_id = ${param(uuids[uuids.length - 1])} AND ${c}.action = ANY(${param(actions)}::varchar[]))`;
};
