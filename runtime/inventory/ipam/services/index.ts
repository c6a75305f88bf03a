/**
 * @module
 * ipam services and service templates: their display, rules and method filters.
 */
import type { AppRules } from '../../appRules.ts';
import { serviceDisplay } from './displays.ts';
import { servicePort, servicesOfDevice, servicesOfDeviceId, servicesOfFhrpGroup, servicesOfFhrpGroupId, servicesOfVirtualMachine, servicesOfVirtualMachineId } from './filters.ts';
import { serviceRules, serviceTemplateRules } from './serviceRules.ts';

export const services: AppRules = {
  expressions: { service: serviceDisplay },
  methods: {
    service_port: servicePort,
    services_of_device: servicesOfDevice,
    services_of_device_id: servicesOfDeviceId,
    services_of_virtual_machine: servicesOfVirtualMachine,
    services_of_virtual_machine_id: servicesOfVirtualMachineId,
    services_of_fhrp_group: servicesOfFhrpGroup,
    services_of_fhrp_group_id: servicesOfFhrpGroupId,
  },
  rules: {
    'ipam.services': serviceRules,
    'ipam.service-templates': serviceTemplateRules,
  },
};
