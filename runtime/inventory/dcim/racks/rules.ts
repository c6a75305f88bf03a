/**
 * @module
 * Rules of rack types and racks (NetBox's RackType and Rack clean() and save()):
 * - units: a weight, outer dimensions and a maximum weight need theirs; an unused outer unit is
 *   dropped;
 * - a rack's location belongs to its site;
 * - a rack holding devices cannot shrink below its highest device, nor start numbering above its
 *   lowest one (the rack type's height and first unit count when it has one);
 * - a rack with a type takes the type's physical attributes, and changing a type updates them on
 *   every rack of the type.
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { fillNaturalNames } from '../shared/naturalOrdering.ts';
import { dropUnusedOuterUnit, missingUnit } from '../shared/physical.ts';
import { mountedDevices } from '../shared/rackSpace.ts';
import { blankToNull, rowsById, tableOf, units, type Row } from '../shared/rows.ts';

/** What a rack takes from its rack type (Rack.RACKTYPE_FIELDS). */
export const RACK_TYPE_COLUMNS = ['form_factor', 'width', 'u_height', 'starting_unit', 'desc_units', 'outer_width', 'outer_height', 'outer_depth', 'outer_unit', 'mounting_depth', 'weight', 'weight_unit', 'max_weight'];

async function cleanRackTypes(batch: WriteBatch): Promise<void> {
  for (const item of batch.items) {
    const unit = missingUnit(item, { rack: true });
    if (unit) item.error('__all__', unit);
  }
}

export const rackTypeRules: ModelRules = {
  clean: cleanRackTypes,
  async beforeSave(batch) {
    for (const item of batch.items) dropUnusedOuterUnit(item);
  },
  async afterSave(batch) {
    const ids = batch.items.filter((item) => !item.creating).map((item) => item.id!);
    if (!ids.length) return;
    const sets = RACK_TYPE_COLUMNS.map((c) => `${c} = rt.${c}`).join(', ');
    await batch.tx.query(`UPDATE ${tableOf(batch, 'dcim.racks')} r SET ${sets} FROM ${tableOf(batch, 'dcim.rack-types')} rt WHERE r.rack_type_id = rt.id AND rt.id = ANY($1::int[])`, [ids]);
  },
};

/** The devices of a rack being updated that limit its size: the highest and the lowest by position. */
function installedLimits(item: WriteItem, rackType: Row | undefined, mounted: Awaited<ReturnType<typeof mountedDevices>>): { field: string; message: string } | null {
  const mine = mounted.filter((m) => m.rack === item.id).sort((a, b) => a.position - b.position || a.id - b.id);
  if (!mine.length) return null;
  const height = Number(rackType ? rackType.u_height : item.value('u_height'));
  const start = Number(rackType ? rackType.starting_unit : item.value('starting_unit'));
  const top = mine[mine.length - 1];
  const minHeight = (top.position + top.height) / 2 - start;
  if (height < minHeight) return { field: rackType ? 'rack_type' : 'u_height', message: `Rack must be at least ${units(minHeight)}U tall to house currently installed devices.` };
  const lowest = mine[0];
  if (start > lowest.position / 2) return { field: rackType ? 'rack_type' : 'starting_unit', message: `Rack unit numbering must begin at ${units(lowest.position / 2)} or less to house currently installed devices.` };
  return null;
}

async function cleanRacks(batch: WriteBatch): Promise<void> {
  blankToNull(batch, 'asset_tag');
  const { tx, items } = batch;
  const locations = await rowsById(tx, tableOf(batch, 'dcim.locations'), items.map((i) => i.value('location_id')), 't.site_id');
  const sites = await rowsById(tx, tableOf(batch, 'dcim.sites'), items.map((i) => i.value('site_id')), 't.name');
  const rackTypes = await rowsById(tx, tableOf(batch, 'dcim.rack-types'), items.map((i) => i.value('rack_type_id')), 't.u_height, t.starting_unit');
  const updated = items.filter((i) => !i.creating).map((i) => i.id);
  const mounted = await mountedDevices(tx, { devices: tableOf(batch, 'dcim.devices'), deviceTypes: tableOf(batch, 'dcim.device-types') }, updated);
  for (const item of items) {
    const weight = missingUnit(item);
    const location = locations.get(Number(item.value('location_id')));
    const site = sites.get(Number(item.value('site_id')));
    if (weight) item.error('__all__', weight);
    else if (location && Number(location.site_id) !== Number(item.value('site_id'))) item.error('__all__', `Assigned location must belong to parent site (${site?.name}).`);
    else {
      const unit = missingUnit(item, { rack: true });
      if (unit) item.error('__all__', unit);
      else if (!item.creating) {
        const limit = installedLimits(item, rackTypes.get(Number(item.value('rack_type_id'))), mounted);
        if (limit) item.error(limit.field, limit.message);
      }
    }
  }
}

async function beforeSaveRacks(batch: WriteBatch): Promise<void> {
  const rackTypes = await rowsById(batch.tx, tableOf(batch, 'dcim.rack-types'), batch.items.map((i) => i.value('rack_type_id')), RACK_TYPE_COLUMNS.map((c) => `t.${c}`).join(', '));
  for (const item of batch.items) {
    const rackType = rackTypes.get(Number(item.value('rack_type_id')));
    if (rackType) for (const column of RACK_TYPE_COLUMNS) item.columns[column] = rackType[column];
    dropUnusedOuterUnit(item);
  }
  fillNaturalNames(batch);
}

export const rackRules: ModelRules = { clean: cleanRacks, beforeSave: beforeSaveRacks };
