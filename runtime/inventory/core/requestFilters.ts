/**
 * @module
 * `created_by_request`, `updated_by_request` and `modified_by_request` (method `filter_by_request`,
 * on every NetBoxModel list): objects whose change records carry the given request id (a
 * response's `X-Request-ID`). Values must be UUIDs, as django-filter's UUIDFilter requires.
 */
import type { MethodFilter } from '../../rest/index.ts';

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export const filterByRequest: MethodFilter = ({ values, query }) => {
  if (values.some((v) => !UUID.test(v.trim()))) return query.error('Enter a valid UUID.');
  // Change records are not kept yet (they come with change logging): no object was written by any request id.
  return 'false';
};
