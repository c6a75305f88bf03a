/**
 * @module
 * The query of matrix/ and export/: `action` (default view; any action name, or `*`),
 * `include_users` (default: the PERMISSIONS_MATRIX_SHOW_USERS_BY_DEFAULT setting), repeatable
 * `group_id`, `user_id` and `app_label`. Bad values are a 400 naming the parameter, in NetBox's
 * filter messages; groups and users the caller may not view do not exist for it.
 */
import { badRequest, type FieldErrors } from '../../../rest/index.ts';
import { ACTION_NAME } from './actions.ts';
import { visible, type MatrixState } from './model.ts';

export interface MatrixQuery {
  action: string;
  includeUsers: boolean;
  groupIds: number[] | null;
  userIds: number[] | null;
  appLabels: string[] | null;
}

const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];

/** The plugin setting show_users_by_default, read from the environment at each request (so it may change without a restart of tests). */
export function showUsersByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  return TRUE.includes((env.PERMISSIONS_MATRIX_SHOW_USERS_BY_DEFAULT ?? '').trim().toLowerCase());
}

/** Parses the parameters that need no state (action, include_users, app_label, the ids' form). */
export function parseMatrixQuery(params: URLSearchParams, apps: readonly string[]): MatrixQuery & { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const action = params.get('action') ?? 'view';
  if (action !== '*' && !ACTION_NAME.test(action)) errors.action = [`"${action}" is not a valid action name.`];
  let includeUsers = showUsersByDefault();
  const raw = params.get('include_users');
  if (raw !== null) {
    if (TRUE.includes(raw.toLowerCase())) includeUsers = true;
    else if (FALSE.includes(raw.toLowerCase())) includeUsers = false;
    else errors.include_users = ['Enter a valid boolean value.'];
  }
  const ids = (name: string): number[] | null => {
    const values = params.getAll(name);
    if (!values.length) return null;
    const bad = values.find((v) => !/^\d{1,9}$/.test(v));
    if (bad !== undefined) {
      errors[name] = [`Select a valid choice. ${bad} is not one of the available choices.`];
      return null;
    }
    return [...new Set(values.map(Number))];
  };
  const groupIds = ids('group_id');
  const userIds = ids('user_id');
  const labels = params.getAll('app_label');
  const unknownApp = labels.find((l) => !apps.includes(l));
  if (unknownApp !== undefined) errors.app_label = [`Select a valid choice. ${unknownApp} is not one of the available choices.`];
  return { action, includeUsers: includeUsers || userIds !== null, groupIds, userIds, appLabels: labels.length ? [...new Set(labels)] : null, errors };
}

/** Refuses (400) ids naming no group or user the caller may view, with whatever else was wrong. */
export function checkQuery(query: MatrixQuery & { errors: FieldErrors }, state: MatrixState): MatrixQuery {
  const errors = { ...query.errors };
  const firstHidden = (type: 'group' | 'user', ids: number[] | null) => ids?.find((id) => !visible(state, { type, id }));
  const group = firstHidden('group', query.groupIds);
  if (group !== undefined && !errors.group_id) errors.group_id = [`Select a valid choice. ${group} is not one of the available choices.`];
  const user = firstHidden('user', query.userIds);
  if (user !== undefined && !errors.user_id) errors.user_id = [`Select a valid choice. ${user} is not one of the available choices.`];
  if (Object.keys(errors).length) throw badRequest(errors);
  const { errors: _errors, ...checked } = query;
  return checked;
}
