/**
 * @module
 * Devices and what belongs to them: device types, virtual chassis, device and module bays,
 * virtual device contexts — their displays, computed values, method filters (platforms' and
 * those about objects not served yet among them) and rules.
 */
import type { AppRules } from '../../appRules.ts';
import { naturalOrderingRules } from '../shared/naturalOrdering.ts';
import { componentDisplay, deviceDisplay } from '../shared/displays.ts';
import { deviceBayRules, moduleBayRules } from './bayRules.ts';
import { deviceRules } from './deviceRules.ts';
import { deviceTypeRules } from './deviceTypeRules.ts';
import { counts, deviceBayOccupied, installedModule, moduleBayOccupied, parentDevice, primaryIp } from './expressions.ts';
import * as filters from './filters.ts';
import { contextAddressRules } from './primaryIps.ts';
import { virtualChassisRules } from './virtualChassisRules.ts';
import { chainRules, deviceInstantiation } from '../templates/index.ts';

export const devices: AppRules = {
  expressions: {
    device: deviceDisplay,
    component: componentDisplay,
    ...counts,
    parent_device: parentDevice,
    module_bay_installed_module: installedModule,
    device_bay_occupied: deviceBayOccupied,
    module_bay_occupied: moduleBayOccupied,
    primary_ip: primaryIp,
  },
  methods: {
    never_present: filters.neverPresent,
    has_device_bays: filters.hasDeviceBays,
    has_module_bays: filters.hasModuleBays,
    has_interfaces: filters.hasInterfaces,
    has_primary_ip: filters.hasPrimaryIp,
    has_oob_ip: filters.hasOobIp,
    has_virtual_device_context: filters.hasVirtualDeviceContext,
    virtual_chassis_member: filters.virtualChassisMember,
    has_local_context_data: filters.hasLocalContextData,
    platforms_for_device_type: filters.platformsForDeviceType,
  },
  rules: {
    'dcim.device-types': deviceTypeRules,
    // A created device also gets its type's components (templates/).
    'dcim.devices': chainRules(deviceRules, deviceInstantiation),
    'dcim.virtual-chassis': virtualChassisRules,
    'dcim.device-bays': deviceBayRules,
    'dcim.module-bays': moduleBayRules,
    'dcim.virtual-device-contexts': { ...naturalOrderingRules, ...contextAddressRules },
  },
};
