/**
 * @module
 * dcim: display formats and computed values (SQL expressions), method filters and the model
 * rules of locations, devices, racks, their types and their components.
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { deviceBayRules, moduleBayRules } from './bays.ts';
import { scopeMoveRules } from './cachedScope.ts';
import { counts, deviceBayOccupied, deviceConfigContext, installedModule, moduleBayOccupied, parentDevice, primaryIp } from './computed.ts';
import { deviceRules } from './devices.ts';
import { deviceTypeRules } from './deviceTypes.ts';
import { inventoryItems } from './inventoryItems/index.ts';
import { power } from './power/index.ts';
import { locationRules } from './locations.ts';
import { componentDisplay, deviceDisplay, rackDisplay } from './displays.ts';
import * as filters from './methodFilters.ts';
import { moduleRules, moduleTypeRules } from './modules.ts';
import { naturalOrderingRules } from './naturalOrdering.ts';
import { contextAddressRules } from './primaryIps.ts';
import { rackRules, rackTypeRules } from './racks.ts';
import { virtualChassisRules } from './virtualChassis.ts';

const dcimOwn: AppRules = {
  expressions: {
    device: deviceDisplay,
    rack: rackDisplay,
    component: componentDisplay,
    ...counts,
    parent_device: parentDevice,
    device_config_context: deviceConfigContext,
    module_bay_installed_module: installedModule,
    device_bay_occupied: deviceBayOccupied,
    module_bay_occupied: moduleBayOccupied,
    primary_ip: primaryIp,
  },
  methods: {
    zero_count: filters.zeroCount,
    never_present: filters.neverPresent,
    unmatched_text: filters.unmatchedText,
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
    'dcim.rack-types': rackTypeRules,
    'dcim.racks': rackRules,
    'dcim.devices': deviceRules,
    'dcim.virtual-chassis': virtualChassisRules,
    'dcim.device-bays': deviceBayRules,
    'dcim.module-bays': moduleBayRules,
    'dcim.module-types': moduleTypeRules,
    'dcim.modules': moduleRules,
    'dcim.virtual-device-contexts': { ...naturalOrderingRules, ...contextAddressRules },
    'dcim.sites': scopeMoveRules['dcim.sites'],
    'dcim.locations': { ...scopeMoveRules['dcim.locations'], ...locationRules },
  },
};

export const dcim: AppRules = mergeRules({ dcimOwn, power, inventoryItems });

export { cachedScopeRules, fillCachedScope } from './cachedScope.ts';
