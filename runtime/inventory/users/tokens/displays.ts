/**
 * @module
 * `display` of tokens, as NetBox's `__str__` gives it: a v2 token's key, a v1 token's plaintext
 * masked but for its last six characters.
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const tokenDisplay: SqlExpression = (t) => `(CASE WHEN ${t}.version = 1 THEN repeat('*', 34) || right(coalesce(${t}.plaintext, ''), 6) ELSE coalesce(${t}.key, '') END)`;
