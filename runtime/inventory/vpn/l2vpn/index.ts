/**
 * @module
 * L2VPNs and their terminations: displays, the object a termination names by kind (the hops of
 * its filters) and the termination an interface, VM interface or VLAN has (their
 * `l2vpn_termination`), the site and region filters, and the termination rules.
 */
import type { AppRules } from '../../appRules.ts';
import { assignedOf, terminationOf } from '../shared/assigned.ts';
import { l2vpnDisplay, l2vpnTerminationDisplay } from './displays.ts';
import { l2vpnTerminationRegion, l2vpnTerminationSite } from './filters.ts';
import { l2vpnTerminationRules } from './terminationRules.ts';

const TERMINATIONS = 'vpn.l2vpn-terminations';

export const l2vpn: AppRules = {
  expressions: {
    l2vpn: l2vpnDisplay,
    l2vpn_termination: l2vpnTerminationDisplay,
    l2vpn_termination_interface: assignedOf(TERMINATIONS, 'assigned_object', 'dcim.interfaces'),
    l2vpn_termination_vm_interface: assignedOf(TERMINATIONS, 'assigned_object', 'virtualization.interfaces'),
    l2vpn_termination_vlan: assignedOf(TERMINATIONS, 'assigned_object', 'ipam.vlans'),
    interface_l2vpn_termination: terminationOf(TERMINATIONS, 'assigned_object', 'dcim.interfaces'),
    vm_interface_l2vpn_termination: terminationOf(TERMINATIONS, 'assigned_object', 'virtualization.interfaces'),
    vlan_l2vpn_termination: terminationOf(TERMINATIONS, 'assigned_object', 'ipam.vlans'),
  },
  methods: {
    l2vpn_termination_site: l2vpnTerminationSite,
    l2vpn_termination_region: l2vpnTerminationRegion,
  },
  rules: { 'vpn.l2vpn-terminations': l2vpnTerminationRules },
};
