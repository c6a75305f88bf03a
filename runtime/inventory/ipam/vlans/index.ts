/**
 * @module
 * VLAN groups and VLANs: the groups' computed totals, scope and VID filters, rules and available
 * VLANs; the VLANs' availability filters (at a site or site group, on a device or virtual machine:
 * availableOn.ts), the interfaces carrying them, and rules.
 */
import type { AppRules } from '../../appRules.ts';
import { vlanGroupAvailableVlans, vlanGroupCreateAvailableVlans } from './availableVlans.ts';
import { vlanGroupTotalVlanIds, vlanGroupUtilization } from './expressions.ts';
import { vlanAvailableOnDevice, vlanAvailableOnVirtualMachine, vlanInterface, vlanVmInterface } from './availableOn.ts';
import { vlanAvailableAtSite, vlanAvailableAtSiteGroup, vlanGroupContainsVid, vlanGroupScope } from './filters.ts';
import { vlanGroupRules } from './vlanGroupRules.ts';
import { vlanRules } from './vlanRules.ts';

export const vlans: AppRules = {
  expressions: { vlan_group_total_vlan_ids: vlanGroupTotalVlanIds, vlan_group_utilization: vlanGroupUtilization },
  methods: {
    vlan_group_scope: vlanGroupScope,
    vlan_group_contains_vid: vlanGroupContainsVid,
    vlan_available_at_site: vlanAvailableAtSite,
    vlan_available_at_site_group: vlanAvailableAtSiteGroup,
    vlan_available_on_device: vlanAvailableOnDevice,
    vlan_available_on_virtualmachine: vlanAvailableOnVirtualMachine,
    vlan_interface: vlanInterface,
    vlan_vminterface: vlanVmInterface,
  },
  rules: { 'ipam.vlan-groups': vlanGroupRules, 'ipam.vlans': vlanRules },
  operations: { 'vlan-group-available-vlans': vlanGroupAvailableVlans, 'vlan-group-create-available-vlans': vlanGroupCreateAvailableVlans },
};
