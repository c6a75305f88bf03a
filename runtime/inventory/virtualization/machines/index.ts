/**
 * @module
 * virtualization: virtual machines, their interfaces and virtual disks — model rules, their
 * counts and the interfaces' MAC address (SQL expressions), and the method filters their
 * definitions name.
 */
import type { AppRules } from '../../appRules.ts';
import { clusterAllocatedDisk, clusterAllocatedMemory, clusterAllocatedVcpus, vmInterfaceCount, vmInterfaceMacAddress, vmVirtualDiskCount } from './expressions.ts';
import { nameIexact, vlanId, vlanVid } from './filters.ts';
import { virtualDiskRules } from './virtualDisks.ts';
import { virtualMachineRules } from './virtualMachines.ts';
import { vmInterfaceRules } from './vmInterfaces.ts';

export const machines: AppRules = {
  expressions: {
    vm_interface_count: vmInterfaceCount,
    vm_virtual_disk_count: vmVirtualDiskCount,
    vm_interface_mac_address: vmInterfaceMacAddress,
    cluster_allocated_vcpus: clusterAllocatedVcpus,
    cluster_allocated_memory: clusterAllocatedMemory,
    cluster_allocated_disk: clusterAllocatedDisk,
  },
  methods: { name_iexact: nameIexact, vm_interface_vlan_vid: vlanVid, vm_interface_vlan_id: vlanId },
  rules: {
    'virtualization.virtual-machines': virtualMachineRules,
    'virtualization.interfaces': vmInterfaceRules,
    'virtualization.virtual-disks': virtualDiskRules,
  },
};
