/**
 * @module
 * `display` of users and tokens, as NetBox's `__str__` gives them: a user's username with the
 * full name in brackets; a v2 token's key, a v1 token's plaintext masked but for its last six
 * characters.
 */
import type { SqlExpression } from '../../rest/index.ts';

export const userDisplay: SqlExpression = (t) =>
  `(CASE WHEN trim(concat(${t}.first_name, ' ', ${t}.last_name)) = '' THEN ${t}.username ELSE concat(${t}.username, ' (', trim(concat(${t}.first_name, ' ', ${t}.last_name)), ')') END)`;

export const tokenDisplay: SqlExpression = (t) => `(CASE WHEN ${t}.version = 1 THEN repeat('*', 34) || right(coalesce(${t}.plaintext, ''), 6) ELSE coalesce(${t}.key, '') END)`;
