/**
 * @module
 * DeviceType's rules (NetBox's DeviceType.clean()), first failing check per object:
 * - a weight needs its unit;
 * - the height is a multiple of 0.5U;
 * - growing the height of a type in use must leave every mounted device of the type room in its
 *   rack (the other devices measured as they are stored); shrinking it to 0U is refused while
 *   any is mounted;
 * - a child type (installed in device bays) is 0U.
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { deviceDisplaySql, rackDisplaySql } from '../shared/displays.ts';
import { missingUnit } from '../shared/physical.ts';
import { fits, mountedDevices, rackSize, type Mounted, type RackSize } from '../shared/rackSpace.ts';
import { halfUnits, numberOf, tableOf, units } from '../shared/rows.ts';

/** A mounted device of a type being changed, with what a message quotes. */
interface Mount {
  id: number;
  deviceType: number;
  rack: RackSize;
  position: number;
  face: string;
  display: string;
  rackDisplay: string;
}

/** Mounted devices of `types`, and every device mounted in their racks: two queries. */
async function mountsOf(batch: WriteBatch, types: number[]): Promise<{ mounts: Mount[]; occupants: Mounted[] }> {
  if (!types.length) return { mounts: [], occupants: [] };
  let n = 0;
  const tables = (key: string) => tableOf(batch, key);
  const rows = await batch.tx.query<Record<string, unknown>>(
    `SELECT d.id, d.device_type_id, d.rack_id, d.position, d.face, ${deviceDisplaySql('d', tables, () => `x${++n}`)} AS display,
            r.u_height, r.starting_unit, ${rackDisplaySql('r')} AS rack_display
       FROM ${tables('dcim.devices')} d JOIN ${tables('dcim.racks')} r ON r.id = d.rack_id
      WHERE d.device_type_id = ANY($1::int[]) AND d.position IS NOT NULL ORDER BY d.id`,
    [types],
  );
  const mounts = rows.map((r) => ({
    id: Number(r.id),
    deviceType: Number(r.device_type_id),
    rack: rackSize({ id: r.rack_id, u_height: r.u_height, starting_unit: r.starting_unit }),
    position: halfUnits(r.position),
    face: String(r.face ?? ''),
    display: String(r.display),
    rackDisplay: String(r.rack_display),
  }));
  const occupants = await mountedDevices(batch.tx, { devices: tables('dcim.devices'), deviceTypes: tables('dcim.device-types') }, mounts.map((m) => m.rack.id));
  return { mounts, occupants };
}

function heightError(item: WriteItem, mounts: Mount[], occupants: Mounted[]): string | null {
  const height = numberOf(item.value('u_height')) ?? 0;
  const before = numberOf(item.existing?.u_height) ?? 0;
  const mine = mounts.filter((m) => m.deviceType === item.id);
  if (height > before) {
    const face = (mount: Mount) => (item.value('is_full_depth') === true ? null : mount.face);
    const blocked = mine.find((m) => !fits(m.rack, occupants.filter((o) => o.id !== m.id), m.position, halfUnits(height), face(m)));
    if (blocked) return `Device ${blocked.display} in rack ${blocked.rackDisplay} does not have sufficient space to accommodate a height of ${units(height)}U`;
  } else if (before > 0 && height === 0 && mine.length) {
    // NetBox's link, its misspelt parameter included.
    const url = `/dcim/devices/?manufactuer_id=${item.value('manufacturer_id')}&device_type_id=${item.id}`;
    return `Unable to set 0U height: Found <a href="${url}">${mine.length} instances</a> already mounted within racks.`;
  }
  return null;
}

async function clean(batch: WriteBatch): Promise<void> {
  const resized = batch.items.filter((item) => !item.creating && numberOf(item.value('u_height')) !== numberOf(item.existing?.u_height));
  const { mounts, occupants } = await mountsOf(batch, resized.map((item) => item.id!));
  for (const item of batch.items) {
    const unit = missingUnit(item);
    if (unit) {
      item.error('__all__', unit);
      continue;
    }
    const height = numberOf(item.value('u_height')) ?? 0;
    if (halfUnits(height) !== height * 2) {
      item.error('u_height', 'U height must be in increments of 0.5 rack units.');
      continue;
    }
    const error = item.creating ? null : heightError(item, mounts, occupants);
    if (error) item.error('u_height', error);
    else if (height && item.value('subdevice_role') === 'child') item.error('u_height', 'Child device types must be 0U.');
  }
}

export const deviceTypeRules: ModelRules = { clean };
