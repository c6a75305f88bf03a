/**
 * @module
 * ASN ranges: their rule (start below end), their ASN count, and the available-asns operations.
 */
import type { AppRules } from '../../appRules.ts';
import { asnRangeRules } from './asnRangeRules.ts';
import { asnRangeAvailableAsns, asnRangeCreateAvailableAsns } from './availableAsns.ts';
import { asnRangeAsnCount } from './expressions.ts';

export const asnRanges: AppRules = {
  expressions: { asn_range_asn_count: asnRangeAsnCount },
  rules: { 'ipam.asn-ranges': asnRangeRules },
  operations: {
    'asn-range-available-asns': asnRangeAvailableAsns,
    'asn-range-create-available-asns': asnRangeCreateAvailableAsns,
  },
};
