/**
 * @module
 * dcim's method filters (NetBox's `method=` filters):
 * - presence tests answered from the database: a device's `device_bays`, `module_bays`,
 *   `interfaces`, `has_virtual_device_context`, `virtual_chassis_member`, `local_context_data`,
 *   `has_primary_ip` (IPv4 or IPv6; a virtual device context's too) and `has_oob_ip`;
 * - the same test about what this server does not store (a device type's front and rear images):
 *   none can exist, so it answers as NetBox does when there are none — `true` matches nothing,
 *   `false` everything;
 * - a platform's `available_for_device_type`: platforms without a manufacturer, or the device
 *   type's manufacturer's.
 */
import type { MethodFilter } from '../../../rest/index.ts';
import { presence } from '../../presence.ts';

/** Rows of `target` point at the listed object through `column`. */
const hasRelated = (target: string, column: string) =>
  presence(({ alias, sql }) => {
    const a = sql.alias();
    return `EXISTS (SELECT 1 FROM ${sql.table(target)} ${a} WHERE ${a}.${column} = ${alias}.id)`;
  });

export const hasDeviceBays = hasRelated('dcim.device-bays', 'device_id');
export const hasModuleBays = hasRelated('dcim.module-bays', 'device_id');
export const hasInterfaces = hasRelated('dcim.interfaces', 'device_id');
export const hasVirtualDeviceContext = hasRelated('dcim.virtual-device-contexts', 'device_id');
export const virtualChassisMember = presence(({ alias }) => `${alias}.virtual_chassis_id IS NOT NULL`);
export const hasLocalContextData = presence(({ alias }) => `${alias}.local_context_data IS NOT NULL`);
export const hasPrimaryIp = presence(({ alias }) => `(${alias}.primary_ip4_id IS NOT NULL OR ${alias}.primary_ip6_id IS NOT NULL)`);
export const hasOobIp = presence(({ alias }) => `${alias}.oob_ip_id IS NOT NULL`);

/** Presence of something that cannot exist here. */
export const neverPresent = presence(() => 'false');

/** Platforms a device type may use: those of no manufacturer, or of the type's manufacturer. */
export const platformsForDeviceType: MethodFilter<number> = ({ value, alias, param, query, sql }) => {
  query.mustExist('manufacturer__device_types__id', [String(value)]);
  const a = sql.alias();
  return `(${alias}.manufacturer_id IS NULL OR ${alias}.manufacturer_id IN (SELECT ${a}.manufacturer_id FROM ${sql.table('dcim.device-types')} ${a} WHERE ${a}.id = ${param(value)}::int))`;
};
