/**
 * @module
 * virtualization: virtual machines, their interfaces and virtual disks — model rules, their
 * counts (SQL expressions), and the method filters their definitions name. (An interface's MAC
 * addresses are dcim's: runtime/inventory/dcim/interfaces/.)
 */
import type { AppRules } from '../../appRules.ts';
import { clusterAllocatedDisk, clusterAllocatedMemory, clusterAllocatedVcpus, vmInterfaceCount, vmVirtualDiskCount } from './expressions.ts';
import { nameIexact, vlanId, vlanVid } from './filters.ts';
import { virtualDiskRules } from './virtualDisks.ts';
import { virtualMachineRules } from './virtualMachines.ts';
import { vmInterfaceRules } from './vmInterfaces.ts';

export const machines: AppRules = {
  expressions: {
    vm_interface_count: vmInterfaceCount,
    vm_virtual_disk_count: vmVirtualDiskCount,
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
