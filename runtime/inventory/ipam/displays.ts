/**
 * @module
 * `display` of ipam models: an ASN as `AS65000`, a 32-bit one with its asdot form too
 * (`AS4200000000 (64086.59904)`).
 */
import type { SqlExpression } from '../../rest/index.ts';

export const asnDisplay: SqlExpression = (t) => `(CASE WHEN ${t}.asn > 65535 THEN concat('AS', ${t}.asn, ' (', ${t}.asn / 65536, '.', ${t}.asn % 65536, ')') ELSE concat('AS', ${t}.asn) END)`;
