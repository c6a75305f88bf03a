/**
 * @module
 * FHRP groups and their assignments to interfaces: displays, the counts and hops other models
 * show through them, and their method filters.
 */
import type { AppRules } from '../../appRules.ts';
import { fhrpGroupAssignmentDisplay, fhrpGroupDisplay } from './displays.ts';
import { interfaceFhrpGroupCount, ipAddressFhrpGroup, vmInterfaceFhrpGroupCount } from './expressions.ts';
import * as filters from './filters.ts';

export const fhrp: AppRules = {
  expressions: {
    fhrp_group: fhrpGroupDisplay,
    fhrp_group_assignment: fhrpGroupAssignmentDisplay,
    ip_address_fhrp_group: ipAddressFhrpGroup,
    interface_fhrp_group_count: interfaceFhrpGroupCount,
    vm_interface_fhrp_group_count: vmInterfaceFhrpGroupCount,
  },
  methods: {
    fhrp_group_related_ip: filters.fhrpGroupRelatedIp,
    fhrp_assignments_of_device: filters.fhrpAssignmentsOfDevice,
    fhrp_assignments_of_device_id: filters.fhrpAssignmentsOfDeviceId,
    fhrp_assignments_of_virtual_machine: filters.fhrpAssignmentsOfVirtualMachine,
    fhrp_assignments_of_virtual_machine_id: filters.fhrpAssignmentsOfVirtualMachineId,
  },
};
