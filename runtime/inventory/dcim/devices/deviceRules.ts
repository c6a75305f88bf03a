/**
 * @module
 * Device's rules (NetBox's Device.clean() and save()). clean(), first failing check per object:
 * the rack in the site, the location in the site, the rack in the location; no face or position
 * without a rack; positions in half units and with a face; no position for a 0U type; no face or
 * position for a child type; free units for the type's height (on its face, or both faces when
 * full depth); the primary and out-of-band addresses on the device (primaryIps.ts); the
 * platform's manufacturer is the type's; a cluster scoped to a site or location
 * is the device's site and location; a virtual chassis member has a
 * position; a chassis' master stays in it. Devices of one request are placed in order, so two
 * of them cannot take the same units.
 * The local context data, when given, is a JSON object.
 * save(): a new device inherits its type's airflow and default platform; a racked device takes
 * the rack's location; `_name` follows the name; child devices (in this device's bays) follow
 * its site, location and rack.
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { rackDisplaySql } from '../shared/displays.ts';
import { fillNaturalNames } from '../shared/naturalOrdering.ts';
import { addressesOf, deviceAddressError, refuseSharedAddresses, type AddressRow } from './primaryIps.ts';
import { fits, mountedDevices, rackSize, type Mounted } from '../shared/rackSpace.ts';
import { blankToNull, halfUnits, numberOf, rowsById, tableOf, truthy, units, type Row } from '../shared/rows.ts';

interface Related {
  racks: Map<number, Row>;
  locations: Map<number, Row>;
  sites: Map<number, Row>;
  types: Map<number, Row>;
  platforms: Map<number, Row>;
  clusters: Map<number, Row>;
  addresses: Map<number, AddressRow>;
  mastered: Map<number, Row>;
  mounted: Mounted[];
}

/** Everything the checks read, one query per table for the whole batch. */
async function related(batch: WriteBatch): Promise<Related> {
  const { tx, items } = batch;
  const col = (c: string) => items.map((i) => i.value(c));
  const tables = (key: string) => tableOf(batch, key);
  const racks = await rowsById(tx, tables('dcim.racks'), col('rack_id'), `t.site_id, t.location_id, t.u_height, t.starting_unit, ${rackDisplaySql('t')} AS display`);
  const locations = await rowsById(tx, tables('dcim.locations'), col('location_id'), 't.site_id, t.name');
  const sites = await rowsById(tx, tables('dcim.sites'), col('site_id'), 't.name');
  const manufacturer = `LEFT JOIN ${tables('dcim.manufacturers')} m ON m.id = t.manufacturer_id`;
  const types = await rowsById(tx, tables('dcim.device-types'), col('device_type_id'), 't.model, t.u_height, t.is_full_depth, t.subdevice_role, t.manufacturer_id, m.name AS manufacturer', manufacturer);
  const platforms = await rowsById(tx, tables('dcim.platforms'), col('platform_id'), 't.manufacturer_id, m.name AS manufacturer', manufacturer);
  const scope = `LEFT JOIN ${tables('dcim.sites')} s ON s.id = t._site_id LEFT JOIN ${tables('dcim.locations')} l ON l.id = t._location_id`;
  const clusters = await rowsById(tx, tables('virtualization.clusters'), col('cluster_id'), 't._site_id, t._location_id, s.name AS site, l.name AS location', scope);
  const addresses = await addressesOf(batch, ['primary_ip4_id', 'primary_ip6_id', 'oob_ip_id']);
  const updated = items.filter((i) => !i.creating).map((i) => i.id);
  const mastered = new Map<number, Row>();
  if (updated.length) {
    const rows = await tx.query<Row>(`SELECT id, name, master_id FROM ${tables('dcim.virtual-chassis')} WHERE master_id = ANY($1::int[])`, [updated]);
    for (const row of rows) mastered.set(Number(row.master_id), row);
  }
  const mounted = await mountedDevices(tx, { devices: tables('dcim.devices'), deviceTypes: tables('dcim.device-types') }, col('rack_id'));
  return { racks, locations, sites, types, platforms, clusters, addresses, mastered, mounted };
}

/** Python's truthiness of a JSON value: not null, false, 0, "", [] or {}. */
const jsonTruthy = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value && typeof value === 'object' ? Object.keys(value).length > 0 : !!value);

/** The first of Device.clean()'s checks that fails: the field and NetBox's message. */
function firstError(item: WriteItem, r: Related, placed: Mounted[]): [string, string] | null {
  // ConfigContextModel's check comes first (its clean() runs before Device's own checks).
  const local = item.value('local_context_data');
  if (jsonTruthy(local) && (typeof local !== 'object' || Array.isArray(local))) return ['local_context_data', 'JSON data must be in object form. Example: {"foo": 123}'];
  const get = (map: Map<number, Row>, column: string) => map.get(Number(item.value(column)));
  const rack = get(r.racks, 'rack_id');
  const location = get(r.locations, 'location_id');
  const site = get(r.sites, 'site_id');
  const type = get(r.types, 'device_type_id');
  const siteId = Number(item.value('site_id'));
  if (rack && Number(rack.site_id) !== siteId) return ['rack', `Rack ${rack.display} does not belong to site ${site?.name}.`];
  if (location && Number(location.site_id) !== siteId) return ['location', `Location ${location.name} does not belong to site ${site?.name}.`];
  if (rack && location && Number(rack.location_id) !== Number(item.value('location_id'))) return ['rack', `Rack ${rack.display} does not belong to location ${location.name}.`];
  const face = String(item.value('face') ?? '');
  const position = numberOf(item.value('position'));
  if (!rack) {
    if (face) return ['face', 'Cannot select a rack face without assigning a rack.'];
    if (position) return ['position', 'Cannot select a rack position without assigning a rack.'];
  }
  if (position && halfUnits(position) !== position * 2) return ['position', 'Position must be in increments of 0.5 rack units.'];
  if (position && !face) return ['face', 'Must specify rack face when defining rack position.'];
  const height = numberOf(type?.u_height) ?? 0;
  if (position && type && height === 0) return ['position', `A 0U device type (${type.model}) cannot be assigned to a rack position.`];
  if (rack && type) {
    const child = type.subdevice_role === 'child';
    if (child && face) return ['face', 'Child device types cannot be assigned to a rack face. This is an attribute of the parent device.'];
    if (child && position) return ['position', 'Child device types cannot be assigned to a rack position. This is an attribute of the parent device.'];
    const others = [...r.mounted, ...placed].filter((o) => o.id !== item.id);
    if (position && !fits(rackSize(rack), others, halfUnits(position), halfUnits(height), type.is_full_depth ? null : face)) {
      return ['position', `U${units(position)} is already occupied or does not have sufficient space to accommodate this device type: ${type.model} (${units(height)}U)`];
    }
  }
  const address = deviceAddressError(item, r.addresses);
  if (address) return address;
  const platform = get(r.platforms, 'platform_id');
  if (type && platform && platform.manufacturer_id !== null && Number(platform.manufacturer_id) !== Number(type.manufacturer_id)) {
    return ['platform', `The assigned platform is limited to ${platform.manufacturer} device types, but this device's type belongs to ${type.manufacturer}.`];
  }
  // A cluster's cached site and location (its scope's), when it has them, are the device's.
  const cluster = get(r.clusters, 'cluster_id');
  if (cluster && cluster._site_id !== null && Number(cluster._site_id) !== siteId) return ['cluster', `The assigned cluster belongs to a different site (${cluster.site})`];
  if (cluster && cluster._location_id !== null && Number(cluster._location_id) !== Number(item.value('location_id'))) {
    return ['cluster', `The assigned cluster belongs to a different location (${cluster.location})`];
  }
  if (item.value('virtual_chassis_id') !== null && item.value('vc_position') === null) return ['vc_position', 'A device assigned to a virtual chassis must have its position defined.'];
  const chassis = item.id === null ? undefined : r.mastered.get(item.id);
  if (chassis && Number(chassis.id) !== Number(item.value('virtual_chassis_id'))) {
    return ['virtual_chassis', `Device cannot be removed from virtual chassis ${chassis.name} because it is currently designated as its master.`];
  }
  return null;
}

async function clean(batch: WriteBatch): Promise<void> {
  blankToNull(batch, 'asset_tag');
  const r = await related(batch);
  // Devices written earlier in the request occupy their units for the later ones (NetBox saves them in turn).
  const placed: Mounted[] = [];
  for (const item of batch.items) {
    const position = numberOf(item.value('position'));
    // The model field's own bound (the serializer accepts 0.5).
    if (position !== null && position < 1) item.error('position', 'Ensure this value is greater than or equal to 1.');
    const error = firstError(item, r, placed);
    if (error) item.error(...error);
    const type = r.types.get(Number(item.value('device_type_id')));
    if (position !== null && item.value('rack_id') !== null && type) {
      const id = item.id ?? -1 - item.index;
      r.mounted = r.mounted.filter((m) => m.id !== id);
      placed.push({ id, rack: Number(item.value('rack_id')), position: halfUnits(position), height: halfUnits(type.u_height), face: String(item.value('face') ?? ''), fullDepth: type.is_full_depth === true });
    }
  }
  await refuseSharedAddresses(batch, [['primary_ip4', 'Primary IPv4'], ['primary_ip6', 'Primary IPv6'], ['oob_ip', 'Out-of-band IP']]);
}

async function beforeSave(batch: WriteBatch): Promise<void> {
  const { tx, items } = batch;
  const racks = await rowsById(tx, tableOf(batch, 'dcim.racks'), items.map((i) => i.value('rack_id')), 't.location_id');
  const types = await rowsById(tx, tableOf(batch, 'dcim.device-types'), items.filter((i) => i.creating).map((i) => i.value('device_type_id')), 't.airflow, t.default_platform_id');
  for (const item of items) {
    const type = types.get(Number(item.value('device_type_id')));
    if (item.creating && type) {
      if (!truthy(item.value('airflow'))) item.columns.airflow = type.airflow ?? '';
      if (item.value('platform_id') === null) item.columns.platform_id = type.default_platform_id;
    }
    const rack = racks.get(Number(item.value('rack_id')));
    if (rack?.location_id !== null && rack?.location_id !== undefined) item.columns.location_id = rack.location_id;
  }
  fillNaturalNames(batch);
}

/** Devices installed in these devices' bays (and theirs, down the tree) take their site, location and rack. */
async function afterSave(batch: WriteBatch): Promise<void> {
  const [devices, bays] = [tableOf(batch, 'dcim.devices'), tableOf(batch, 'dcim.device-bays')];
  let parents = batch.items.filter((i) => !i.creating).map((i) => i.id!);
  for (let depth = 0; parents.length && depth < 32; depth++) {
    const rows = await batch.tx.query<{ id: number }>(
      `UPDATE ${devices} c SET site_id = p.site_id, location_id = p.location_id, rack_id = p.rack_id, last_updated = now()
         FROM ${bays} b JOIN ${devices} p ON p.id = b.device_id
        WHERE b.installed_device_id = c.id AND p.id = ANY($1::int[])
          AND (c.site_id, c.location_id, c.rack_id) IS DISTINCT FROM (p.site_id, p.location_id, p.rack_id)
        RETURNING c.id`,
      [parents],
    );
    parents = rows.map((row) => Number(row.id));
  }
}

export const deviceRules: ModelRules = { clean, beforeSave, afterSave };
