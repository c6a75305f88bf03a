/**
 * @module
 * dcim's method filters (NetBox's `method=` filters):
 * - presence tests answered from the database: a device's `device_bays`, `module_bays`,
 *   `interfaces`, `has_virtual_device_context`, `virtual_chassis_member`, `local_context_data`,
 *   `has_primary_ip` (IPv4 or IPv6; a virtual device context's too) and `has_oob_ip`;
 * - the same tests and counts about objects this server does not serve (console ports,
 *   component templates, images): none can exist, so they answer as
 *   NetBox does when there are none — `true` matches nothing, `false` everything, a count is 0,
 *   a text filter through them matches nothing unless negated;
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

const COMPARE: Record<string, (count: number, value: number) => boolean> = {
  exact: (c, v) => c === v,
  lt: (c, v) => c < v,
  lte: (c, v) => c <= v,
  gt: (c, v) => c > v,
  gte: (c, v) => c >= v,
};

/** A count of objects that cannot exist here (`value: integer`): always 0, compared as NetBox's number filters compare. */
export const zeroCount: MethodFilter<number | boolean> = ({ lookup, value, parsed }) => {
  if (lookup === 'empty') return value ? 'false' : 'true';
  if (lookup === 'n') return parsed.includes(0) ? 'false' : 'true';
  const compare = COMPARE[lookup] ?? COMPARE.exact;
  return parsed.some((number) => compare(0, number as number)) ? 'true' : 'false';
};

/** A text filter through objects that cannot exist here (a device's `mac_address`): only negations match. */
export const unmatchedText: MethodFilter = ({ lookup }) => (lookup.startsWith('n') ? 'true' : 'false');

/** Platforms a device type may use: those of no manufacturer, or of the type's manufacturer. */
export const platformsForDeviceType: MethodFilter<number> = ({ value, alias, param, query, sql }) => {
  query.mustExist('manufacturer__device_types__id', [String(value)]);
  const a = sql.alias();
  return `(${alias}.manufacturer_id IS NULL OR ${alias}.manufacturer_id IN (SELECT ${a}.manufacturer_id FROM ${sql.table('dcim.device-types')} ${a} WHERE ${a}.id = ${param(value)}::int))`;
};
