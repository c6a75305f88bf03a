/**
 * @module
 * Filters under a renamed field's former name (LEGACY_FIELD_NAMES): a resource's `legacyNames`
 * (`{ device_role: role }`) make the filters of the current field answer under the old name too,
 * with every lookup (`device_role`, `device_role__n`, `device_role_id`, `device_role_id__n` are
 * `role`, `role__n`, `role_id`, `role_id__n`). A client older than the rename (Debian 12's Ansible
 * collection) filters by the old name; without this its query would be ignored as an unknown
 * parameter and answer every object. The filters of a field are those named after it (`role`,
 * `role_<suffix>`) whose path starts at it; a parameter that names a filter of its own is never
 * renamed.
 */
import { legacyEntry, legacyGeneric, type Filter, type Resource } from '../../contract/index.ts';

/** Whether `filter` filters the field `field` and is named after it (`role`, `role_id`). */
function filtersField(filter: Filter, field: string): boolean {
  return (filter.name === field || filter.name.startsWith(`${field}_`)) && filter.path.split('__')[0] === field;
}

/**
 * The current name of the query parameter `key` when it names a filter of a renamed field by the
 * field's former name (`device_role_id__n` → `role_id__n`), else null. `matches` splits a key
 * into its filter and lookup, as the filter builder does.
 */
export function currentFilterName(resource: Resource, key: string, matches: (key: string) => Filter | null): string | null {
  for (const [old, current] of Object.entries(resource.legacyNames ?? {})) {
    // A former single field now an entry of a list has no filters of its own to answer for.
    if (legacyEntry(current) || legacyGeneric(current)) continue;
    if (key !== old && !key.startsWith(`${old}_`)) continue;
    const renamed = current + key.slice(old.length);
    const filter = matches(renamed);
    if (filter && filtersField(filter, current)) return renamed;
  }
  return null;
}
