/**
 * @module
 * `none`: the SQL expression of a value NetBox computes over objects this server does not serve
 * yet and that is null when there are none (a cluster's `allocated_vcpus`, a SUM over its
 * virtual machines), or that NetBox never shows after the request that set it (a token's
 * plaintext `token`).
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const none: SqlExpression = () => 'NULL';
