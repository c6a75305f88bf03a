/**
 * @module
 * virtualization: virtual machine types — their rules, and the defaults a new VM takes from its type.
 */
import type { AppRules } from '../../appRules.ts';
import { virtualMachineCount, virtualMachineTypeRules } from './machineTypeRules.ts';

export { applyTypeDefaults } from './machineTypeRules.ts';

export const machineTypes: AppRules = {
  expressions: { vm_type_virtual_machine_count: virtualMachineCount },
  rules: { 'virtualization.virtual-machine-types': virtualMachineTypeRules },
};
