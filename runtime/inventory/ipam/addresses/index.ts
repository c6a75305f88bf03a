/**
 * @module
 * ipam.ip-addresses: its computed values, method filters and model rules, and the count of an
 * interface's addresses (`interface_ipaddress_count`, the interface's `count_ipaddresses`),
 * registered through ipam's index.
 */
import type { AppRules } from '../../appRules.ts';
import { interfaceIpAddressCount, ipAddressFamily, ipAddressInterface, ipAddressVmInterface, vmInterfaceIpAddressCount } from './expressions.ts';
import * as filters from './filters.ts';
import { ipAddressRules } from './rules.ts';

export const addresses: AppRules = {
  expressions: {
    ip_address_family: ipAddressFamily,
    ip_address_interface: ipAddressInterface,
    interface_ipaddress_count: interfaceIpAddressCount,
    ip_address_vm_interface: ipAddressVmInterface,
    vm_interface_ipaddress_count: vmInterfaceIpAddressCount,
  },
  methods: {
    ip_address_parent: filters.ipAddressParent,
    ip_address_device: filters.ipAddressDevice,
    ip_address_assigned_to_interface: filters.ipAddressAssignedToInterface,
    ip_address_assigned: filters.ipAddressAssigned,
    ip_address_virtual_machine: filters.ipAddressVirtualMachine,
  },
  rules: { 'ipam.ip-addresses': ipAddressRules },
};
