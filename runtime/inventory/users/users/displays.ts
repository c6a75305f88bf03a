/**
 * @module
 * `display` of users, as NetBox's `__str__` gives it: the username with the full name in brackets.
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const userDisplay: SqlExpression = (t) =>
  `(CASE WHEN trim(concat(${t}.first_name, ' ', ${t}.last_name)) = '' THEN ${t}.username ELSE concat(${t}.username, ' (', trim(concat(${t}.first_name, ' ', ${t}.last_name)), ')') END)`;
