/**
 * @module
 * Values of dcim objects computed in SQL rather than stored:
 * - counts NetBox keeps in counter columns (a device type's `device_count`, a virtual chassis'
 *   `member_count`), computed so that they can also be filtered and ordered;
 * - a device's `parent_device` (the device whose device bay holds it) (its `config_context` is
 *   extras/configContexts/'s);
 * - a module bay's `installed_module`, and the `_occupied` flag of device and module bays
 *   (disabled, or holding something);
 * - the `primary_ip` of a device or virtual device context: its IPv6 one when it has one, else
 *   its IPv4 one (NetBox's PREFER_IPV4 setting is False by default).
 */
import type { SqlExpression } from '../../../rest/index.ts';

/** How many `target` rows point at this one through `column`. */
const countOf =
  (target: string, column: string): SqlExpression =>
  (t, sql) => {
    const a = sql.alias();
    return `(SELECT count(*) FROM ${sql.table(target)} ${a} WHERE ${a}.${column} = ${t}.id)::int`;
  };

export const counts: Record<string, SqlExpression> = {
  device_type_device_count: countOf('dcim.devices', 'device_type_id'),
  rack_type_rack_count: countOf('dcim.racks', 'rack_type_id'),
  module_type_module_count: countOf('dcim.modules', 'module_type_id'),
  virtual_chassis_member_count: countOf('dcim.devices', 'virtual_chassis_id'),
  device_device_bay_count: countOf('dcim.device-bays', 'device_id'),
  device_module_bay_count: countOf('dcim.module-bays', 'device_id'),
  device_interface_count: countOf('dcim.interfaces', 'device_id'),
};

/** The id of the device owning the bay this device is installed in (a device sits in one bay at most). */
export const parentDevice: SqlExpression = (t, sql) => {
  const a = sql.alias();
  return `(SELECT ${a}.device_id FROM ${sql.table('dcim.device-bays')} ${a} WHERE ${a}.installed_device_id = ${t}.id)`;
};

/** The id of the module installed in this bay (a module occupies one bay). */
export const installedModule: SqlExpression = (t, sql) => {
  const a = sql.alias();
  return `(SELECT ${a}.id FROM ${sql.table('dcim.modules')} ${a} WHERE ${a}.module_bay_id = ${t}.id)`;
};

export const deviceBayOccupied: SqlExpression = (t) => `(NOT ${t}.enabled OR ${t}.installed_device_id IS NOT NULL)`;

export const moduleBayOccupied: SqlExpression = (t, sql) => {
  const a = sql.alias();
  return `(NOT ${t}.enabled OR EXISTS (SELECT 1 FROM ${sql.table('dcim.modules')} ${a} WHERE ${a}.module_bay_id = ${t}.id))`;
};

export const primaryIp: SqlExpression = (t) => `coalesce(${t}.primary_ip6_id, ${t}.primary_ip4_id)`;
