/**
 * @module
 * An ASN range's `asn_count`: the ASNs whose number lies within its bounds (NetBox's
 * get_child_asns(), whatever their RIR).
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const asnRangeAsnCount: SqlExpression = (t, sql) => {
  const a = sql.alias();
  const asn = sql.column('ipam.asns', 'asn', a);
  return `(SELECT count(*) FROM ${sql.table('ipam.asns')} ${a} WHERE ${asn} >= ${sql.column('ipam.asn-ranges', 'start', t)} AND ${asn} <= ${sql.column('ipam.asn-ranges', 'end', t)})::int`;
};
