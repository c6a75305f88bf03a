/**
 * @module
 * What an elevation reads, in three statements: the rack (404 when it is not there or outside
 * the caller's view permission, as NetBox's restricted queryset answers), its mounted devices with
 * what a drawing shows of them (label, type, role and its colour, status, bays and the devices in
 * them, images), and its reservations.
 */
import type { Context } from 'hono';
import type { Queryable } from '../../../db/index.ts';
import { notFound, parseId, type OperationArgs } from '../../../rest/index.ts';
import type { MountedDevice, RackShape } from './units.ts';

export interface RackRow extends RackShape {
  id: number;
  name: string;
  siteId: number;
  locationId: number | null;
}

export interface ElevationDevice extends MountedDevice {
  name: string | null;
  /** NetBox's Device.label: the name, else `<virtual chassis>:<position>`, else null. */
  label: string | null;
  model: string;
  manufacturer: string;
  roleName: string;
  roleColor: string;
  status: string;
  assetTag: string | null;
  serial: string;
  description: string;
  deviceBayCount: number;
  childCount: number;
  frontImage: string | null;
  rearImage: string | null;
}

export interface Reservation {
  id: number;
  units: number[];
  description: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `table(key)` and `col(key, field)`: quoted names from the resource table. */
function namer(args: OperationArgs) {
  const { registry } = args.rest;
  return {
    table: (key: string) => quote(registry.resource(key).table),
    col: (key: string, field: string) => {
      const column = registry.field(registry.resource(key), field)?.column;
      if (!column) throw new Error(`${key}.${field} has no column`);
      return quote(column);
    },
  };
}

/** The rack the URL names, or 404. */
export async function loadRack(c: Context, args: OperationArgs, db: Queryable): Promise<RackRow> {
  const id = parseId(c.req.param('id'), args.resource);
  const { table, col } = namer(args);
  const k = 'dcim.racks';
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT id, ${col(k, 'name')} AS name, ${col(k, 'u_height')} AS u_height, ${col(k, 'starting_unit')} AS starting_unit, ${col(k, 'desc_units')} AS desc_units, ` +
      `${col(k, 'site')} AS site_id, ${col(k, 'location')} AS location_id FROM ${table(k)} WHERE id = $1`,
    [id],
  );
  if (!row || !(await args.rest.permitted(db, args.resource, [id], args.ctx, 'view')).has(id)) throw notFound(args.resource.model);
  return {
    id,
    name: String(row.name),
    uHeight: Number(row.u_height),
    startingUnit: Number(row.starting_unit),
    descUnits: row.desc_units === true,
    siteId: Number(row.site_id),
    locationId: row.location_id === null ? null : Number(row.location_id),
  };
}

/** The rack's devices with a position (all of them: the caller's view is decided apart). */
export async function loadDevices(args: OperationArgs, db: Queryable, rackId: number): Promise<ElevationDevice[]> {
  const { table, col } = namer(args);
  const [d, t, m, r, vc, bay] = ['dcim.devices', 'dcim.device-types', 'dcim.manufacturers', 'dcim.device-roles', 'dcim.virtual-chassis', 'dcim.device-bays'];
  const rows = await db.query<Record<string, unknown>>(
    `SELECT d.id, d.${col(d, 'name')} AS name, d.${col(d, 'position')} AS position, d.${col(d, 'face')} AS face, ` +
      `t.${col(t, 'u_height')} AS u_height, t.${col(t, 'is_full_depth')} AS full_depth, t.${col(t, 'model')} AS model, ` +
      `t.${col(t, 'front_image')} AS front_image, t.${col(t, 'rear_image')} AS rear_image, m.${col(m, 'name')} AS manufacturer, ` +
      `r.${col(r, 'name')} AS role_name, r.${col(r, 'color')} AS role_color, d.${col(d, 'status')} AS status, ` +
      `d.${col(d, 'asset_tag')} AS asset_tag, d.${col(d, 'serial')} AS serial, d.${col(d, 'description')} AS description, ` +
      `(SELECT concat(vc.${col(vc, 'name')}, ':', coalesce(d.${col(d, 'vc_position')}::text, 'None')) FROM ${table(vc)} vc WHERE vc.id = d.${col(d, 'virtual_chassis')}) AS chassis, ` +
      `(SELECT count(*) FROM ${table(bay)} b WHERE b.${col(bay, 'device')} = d.id) AS bays, ` +
      `(SELECT count(b.${col(bay, 'installed_device')}) FROM ${table(bay)} b WHERE b.${col(bay, 'device')} = d.id) AS children ` +
      `FROM ${table(d)} d JOIN ${table(t)} t ON t.id = d.${col(d, 'device_type')} JOIN ${table(m)} m ON m.id = t.${col(t, 'manufacturer')} ` +
      `JOIN ${table(r)} r ON r.id = d.${col(d, 'role')} ` +
      `WHERE d.${col(d, 'rack')} = $1 AND d.${col(d, 'position')} > 0 AND t.${col(t, 'u_height')} > 0 ORDER BY d.${col(d, 'name')}, d.id LIMIT 1000`,
    [rackId],
  );
  return rows.map((row) => {
    const name = row.name === null ? null : String(row.name);
    return {
      id: Number(row.id),
      position: Number(row.position),
      height: Number(row.u_height),
      face: String(row.face ?? ''),
      fullDepth: row.full_depth === true,
      name,
      label: name ? name : row.chassis === null ? null : String(row.chassis),
      model: String(row.model),
      manufacturer: String(row.manufacturer),
      roleName: String(row.role_name),
      roleColor: String(row.role_color ?? ''),
      status: args.rest.registry.choiceLabel('DeviceStatusChoices', row.status),
      assetTag: row.asset_tag === null ? null : String(row.asset_tag),
      serial: String(row.serial ?? ''),
      description: String(row.description ?? ''),
      deviceBayCount: Number(row.bays),
      childCount: Number(row.children),
      frontImage: row.front_image ? String(row.front_image) : null,
      rearImage: row.rear_image ? String(row.rear_image) : null,
    };
  });
}

/** The ids among `devices` the caller may view. */
export async function visibleDevices(args: OperationArgs, db: Queryable, devices: readonly ElevationDevice[]): Promise<Set<number>> {
  return args.rest.permitted(db, args.rest.registry.resource('dcim.devices'), devices.map((d) => d.id), args.ctx, 'view');
}

/** The rack's reservations in NetBox's order (created, id). */
export async function loadReservations(args: OperationArgs, db: Queryable, rackId: number): Promise<Reservation[]> {
  const { table, col } = namer(args);
  const k = 'dcim.rack-reservations';
  const rows = await db.query<{ id: number; units: number[]; description: string }>(
    `SELECT id, ${col(k, 'units')} AS units, ${col(k, 'description')} AS description FROM ${table(k)} WHERE ${col(k, 'rack')} = $1 ORDER BY ${col(k, 'created')}, id LIMIT 1000`,
    [rackId],
  );
  return rows.map((row) => ({ id: Number(row.id), units: (row.units ?? []).map(Number), description: String(row.description) }));
}
