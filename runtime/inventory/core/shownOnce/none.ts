/**
 * @module
 * `none`: the SQL expression of a value NetBox never shows after the request that set it (a
 * token's plaintext `token`): null in every read; the write that made it shows it once.
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const none: SqlExpression = () => 'NULL';
