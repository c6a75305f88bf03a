/**
 * @module
 * dcim interfaces and MAC addresses: their computed values (SQL expressions), method filters and
 * model rules; a VM interface's `mac_address` (its primary MAC address's) is computed here too,
 * and primaryMac.ts's check is BaseInterface's, which VM interfaces share.
 */
import type { AppRules } from '../../appRules.ts';
import * as e from './expressions.ts';
import * as f from './filters.ts';
import { interfaceRules } from './interfaceRules.ts';
import * as mac from './macAddresses.ts';

export const interfaces: AppRules = {
  expressions: {
    interface_mac_address: e.primaryMacAddress('dcim.interfaces'),
    vm_interface_mac_address: e.primaryMacAddress('virtualization.interfaces'),
    interface_link_peers: e.linkPeers,
    interface_link_peers_type: e.linkPeersType,
    interface_occupied: e.occupied,
    mac_address: mac.macAddressDisplay,
    mac_address_interface: mac.assignedInterface('dcim.interfaces'),
    mac_address_vm_interface: mac.assignedInterface('virtualization.interfaces'),
  },
  methods: {
    interface_cabled: f.cabled,
    interface_occupied: f.occupied,
    interface_kind: f.kind,
    interface_vlan_id: f.vlanId,
    interface_vlan: f.vlanVid,
    interface_vc_member: f.vcMember,
    interface_vc_member_id: f.vcMemberId,
    interface_vc_master: f.vcMaster,
    interface_vc_master_id: f.vcMasterId,
    interface_primary_mac: f.primaryMac,
    mac_assigned: mac.assigned,
    mac_primary: mac.primary,
    mac_device: mac.device,
    mac_device_id: mac.deviceId,
    mac_virtual_machine: mac.virtualMachine,
    mac_virtual_machine_id: mac.virtualMachineId,
  },
  rules: {
    'dcim.interfaces': interfaceRules,
    'dcim.mac-addresses': mac.macAddressRules,
  },
};

export { primaryMacError, primaryMacsOf, type PrimaryMac } from './primaryMac.ts';
