/**
 * @module
 * ipam: display formats, computed values, method filters, model rules and the available-*
 * operations, under the names definitions/ipam/ uses; IP addresses' own are in addresses/.
 */
import type { AppRules } from '../appRules.ts';
import { addresses } from './addresses/index.ts';
import { aggregateRules } from './aggregates.ts';
import { prefixAvailablePrefixes } from './availablePrefixes.ts';
import { ipRangeAvailableIps, prefixAvailableIps } from './availableIps.ts';
import { ipRangeCreateAvailableIps, prefixCreateAvailableIps } from './createAvailableIps.ts';
import { vlanGroupAvailableVlans } from './availableVlans.ts';
import { asnDisplay, ipRangeDisplay, vrfDisplay } from './displays.ts';
import { ipRangeFamily, ipRangeSize, prefixChildren, prefixDepth, prefixFamily, vlanGroupTotalVlanIds, vlanGroupUtilization, vrfNullsFirst } from './expressions.ts';
import { ipRangeAddress, ipRangeContains, ipRangeParent } from './ipRangeFilters.ts';
import { ipRangeRules } from './ipRanges.ts';
import { aggregatePrefix, maskLengthExact, maskLengthGte, maskLengthLte, prefixContains, prefixIn, prefixWithin, prefixWithinInclude, presentInVrfId, presentInVrfRd } from './networkFilters.ts';
import { prefixRules } from './prefixes.ts';
import { vlanAvailableAtSite, vlanAvailableAtSiteGroup, vlanGroupContainsVid, vlanGroupScope } from './vlanFilters.ts';
import { vlanGroupRules } from './vlanGroups.ts';
import { vlanRules } from './vlans.ts';
import { vrfRules } from './vrfs.ts';

export const ipam: AppRules = {
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
    vlan_group_total_vlan_ids: vlanGroupTotalVlanIds,
    vlan_group_utilization: vlanGroupUtilization,
    ...addresses.expressions,
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
    vlan_group_scope: vlanGroupScope,
    vlan_group_contains_vid: vlanGroupContainsVid,
    vlan_available_at_site: vlanAvailableAtSite,
    vlan_available_at_site_group: vlanAvailableAtSiteGroup,
    ...addresses.methods,
  },
  rules: {
    'ipam.aggregates': aggregateRules,
    'ipam.vrfs': vrfRules,
    'ipam.prefixes': prefixRules,
    'ipam.ip-ranges': ipRangeRules,
    'ipam.vlan-groups': vlanGroupRules,
    'ipam.vlans': vlanRules,
    ...addresses.rules,
  },
  operations: {
    'prefix-available-prefixes': prefixAvailablePrefixes,
    'prefix-available-ips': prefixAvailableIps,
    'ip-range-available-ips': ipRangeAvailableIps,
    'prefix-create-available-ips': prefixCreateAvailableIps,
    'ip-range-create-available-ips': ipRangeCreateAvailableIps,
    'vlan-group-available-vlans': vlanGroupAvailableVlans,
  },
};
