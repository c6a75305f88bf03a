/**
 * @module
 * Rack space, as NetBox's Rack.get_available_units() decides it, in half units: a rack has units
 * `starting_unit` … `starting_unit + u_height - 0.5`; a mounted device (position set) takes the
 * units from its position up to its height, on its face, or on both faces when it is full depth.
 * A device fits at a position when every unit it needs exists and is free on its face (on both
 * faces when it is itself full depth).
 */
import type { Queryable } from '../../../db/index.ts';
import { halfUnits, idsOf } from './rows.ts';

export interface RackSize {
  id: number;
  /** First unit, in half units. */
  start: number;
  /** Number of half units. */
  height: number;
}

export interface Mounted {
  id: number;
  rack: number;
  position: number;
  height: number;
  face: string;
  fullDepth: boolean;
}

export const rackSize = (row: Record<string, unknown>): RackSize => ({ id: Number(row.id), start: halfUnits(row.starting_unit), height: halfUnits(row.u_height) });

/** Devices mounted (with a position) in `racks`, with their type's height and depth: one query. */
export async function mountedDevices(tx: Queryable, tables: { devices: string; deviceTypes: string }, racks: unknown[]): Promise<Mounted[]> {
  const ids = idsOf(racks);
  if (!ids.length) return [];
  const rows = await tx.query<{ id: number; rack_id: number; position: string; face: string | null; u_height: string; is_full_depth: boolean }>(
    `SELECT d.id, d.rack_id, d.position, d.face, dt.u_height, dt.is_full_depth FROM ${tables.devices} d JOIN ${tables.deviceTypes} dt ON dt.id = d.device_type_id WHERE d.rack_id = ANY($1::int[]) AND d.position >= 1`,
    [ids],
  );
  return rows.map((r) => ({ id: Number(r.id), rack: Number(r.rack_id), position: halfUnits(r.position), height: halfUnits(r.u_height), face: r.face ?? '', fullDepth: r.is_full_depth }));
}

/**
 * Whether a device `height` half units tall fits at `position` in `rack` among `others` (devices
 * other than itself); `face` null means both faces (a full-depth device).
 */
export function fits(rack: RackSize, others: readonly Mounted[], position: number, height: number, face: string | null): boolean {
  const end = rack.start + rack.height;
  if (position < rack.start || position >= end || position + height > end) return false;
  return !others.some(
    (o) => o.rack === rack.id && o.height > 0 && (face === null || o.face === face || o.fullDepth) && position < o.position + o.height && o.position < position + height,
  );
}
