/**
 * @module
 * ipam addressing: aggregates, ASNs, VRFs, prefixes and IP ranges — their displays, computed
 * values, method filters (the network filters also serve IP addresses), model rules, and the
 * available-prefixes and available-ips operations of prefixes and ranges.
 */
import type { AppRules } from '../../appRules.ts';
import { aggregateRules } from './aggregateRules.ts';
import { ipRangeAvailableIps, prefixAvailableIps } from './availableIps.ts';
import { prefixAvailablePrefixes, prefixCreateAvailablePrefixes } from './availablePrefixes.ts';
import { ipRangeCreateAvailableIps, prefixCreateAvailableIps } from './createAvailableIps.ts';
import { asnDisplay, ipRangeDisplay, vrfDisplay } from './displays.ts';
import { ipRangeFamily, ipRangeSize, prefixChildren, prefixDepth, prefixFamily, vrfNullsFirst } from './expressions.ts';
import { ipRangeAddress, ipRangeContains, ipRangeParent } from './ipRangeFilters.ts';
import { ipRangeRules } from './ipRangeRules.ts';
import { aggregatePrefix, maskLengthExact, maskLengthGte, maskLengthLte, prefixContains, prefixIn, prefixWithin, prefixWithinInclude, presentInVrfId, presentInVrfRd } from './networkFilters.ts';
import { prefixRules } from './prefixRules.ts';
import { vrfRules } from './vrfRules.ts';

export const addressing: AppRules = {
  expressions: {
    asn: asnDisplay,
    vrf: vrfDisplay,
    ip_range: ipRangeDisplay,
    prefix_family: prefixFamily,
    ip_range_family: ipRangeFamily,
    vrf_nulls_first: vrfNullsFirst,
    prefix_depth: prefixDepth,
    prefix_children: prefixChildren,
    ip_range_size: ipRangeSize,
  },
  methods: {
    aggregate_prefix: aggregatePrefix,
    prefix_in: prefixIn,
    prefix_within: prefixWithin,
    prefix_within_include: prefixWithinInclude,
    prefix_contains: prefixContains,
    mask_length: maskLengthExact,
    mask_length_gte: maskLengthGte,
    mask_length_lte: maskLengthLte,
    present_in_vrf_id: presentInVrfId,
    present_in_vrf: presentInVrfRd,
    ip_range_address: ipRangeAddress,
    // NetBox's `net_in` lookup over any address column: with a mask address and mask, else the host.
    address_in: ipRangeAddress,
    ip_range_contains: ipRangeContains,
    ip_range_parent: ipRangeParent,
  },
  rules: {
    'ipam.aggregates': aggregateRules,
    'ipam.vrfs': vrfRules,
    'ipam.prefixes': prefixRules,
    'ipam.ip-ranges': ipRangeRules,
  },
  operations: {
    'prefix-available-prefixes': prefixAvailablePrefixes,
    'prefix-create-available-prefixes': prefixCreateAvailablePrefixes,
    'prefix-available-ips': prefixAvailableIps,
    'ip-range-available-ips': ipRangeAvailableIps,
    'prefix-create-available-ips': prefixCreateAvailableIps,
    'ip-range-create-available-ips': ipRangeCreateAvailableIps,
  },
};
