/**
 * @module
 * Method filters of object permissions (`users.permissions`):
 * - `object_type` (handler `object_type_name`): NetBox's ContentTypeFilter, which takes one
 *   `app.model` name, matches it case-insensitively and ignores the lookup it was declared
 *   with, so `object_type__ic` and even `object_type__n` match exactly like `object_type`. A
 *   malformed name matches nothing. Like any single-value Django filter, the last value counts.
 * - `can_view`, `can_add`, `can_change`, `can_delete` (handler `permission_action`): whether the
 *   permission's actions include the one its name ends with.
 */
import type { MethodFilter } from '../../../rest/index.ts';
import { presence } from '../../presence.ts';

export const objectTypeName: MethodFilter = ({ values, alias, param, query, sql }) => {
  const name = values[values.length - 1].toLowerCase();
  if (name.split('.').length !== 2) return 'false';
  const column = sql.column(query.listed.key, 'object_types', alias);
  return `${param(name)}::text = ANY(${column})`;
};

export const permissionAction = presence(({ alias, param, query, sql }) => `${param(query.parameter.replace(/^can_/, ''))}::text = ANY(${sql.column(query.listed.key, 'actions', alias)})`);
