/**
 * @module
 * Rules of device bays and module bays (NetBox's DeviceBay and ModuleBay clean() and save()).
 * A bay's device is fixed once it exists (the field's `create_only`). Device bays, first failing
 * check per object: the device's type is a parent type; no device goes into a disabled bay; a
 * device is not installed in itself, nor in two bays. Module bays: a bay cannot belong to a
 * module installed within it; a bay of a module hangs, in the tree, under the bay holding that
 * module.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { componentDisplaySql } from '../shared/displays.ts';
import { fillNaturalNames, naturalOrderingRules } from '../shared/naturalOrdering.ts';
import { idsOf, rowsById, tableOf } from '../shared/rows.ts';

async function cleanDeviceBays(batch: WriteBatch): Promise<void> {
  const { tx, items } = batch;
  const devices = await rowsById(tx, tableOf(batch, 'dcim.devices'), items.map((i) => i.value('device_id')), 'dt.model, dt.subdevice_role', `JOIN ${tableOf(batch, 'dcim.device-types')} dt ON dt.id = t.device_type_id`);
  const installed = idsOf(items.map((i) => i.value('installed_device_id')));
  const holding = installed.length
    ? await tx.query<{ id: number; installed_device_id: number; display: string }>(`SELECT b.id, b.installed_device_id, ${componentDisplaySql('b')} AS display FROM ${tableOf(batch, 'dcim.device-bays')} b WHERE b.installed_device_id = ANY($1::int[]) ORDER BY b.id`, [installed])
    : [];
  for (const item of items) {
    const device = devices.get(Number(item.value('device_id')));
    const child = item.value('installed_device_id');
    if (device && device.subdevice_role !== 'parent') {
      item.error('__all__', `This type of device (${device.model}) does not support device bays.`);
    } else if (child !== null && item.value('enabled') === false && (item.creating || Number(item.existing?.installed_device_id) !== Number(child))) {
      item.error('installed_device', 'Cannot install a device in a disabled device bay.');
    } else if (child !== null && Number(child) === Number(item.value('device_id'))) {
      item.error('__all__', 'Cannot install a device into itself.');
    } else if (child !== null) {
      const bay = holding.find((b) => Number(b.installed_device_id) === Number(child));
      if (bay && Number(bay.id) !== item.id) item.error('installed_device', `Cannot install the specified device; device is already installed in ${bay.display}.`);
    }
  }
}

export const deviceBayRules: ModelRules = { clean: cleanDeviceBays, ...naturalOrderingRules };

/** Module bays whose module sits, directly or further up, in the bay itself: one recursive query. */
async function cleanModuleBays(batch: WriteBatch): Promise<void> {
  const checked = batch.items.filter((item) => !item.creating && item.value('module_id') !== null);
  if (!checked.length) return;
  const [modules, bays] = [tableOf(batch, 'dcim.modules'), tableOf(batch, 'dcim.module-bays')];
  const rows = await batch.tx.query<{ item: number }>(
    `WITH RECURSIVE chain(item, bay, module, depth) AS (
       SELECT u.item, m.module_bay_id, m.id, 0 FROM unnest($1::int[], $2::int[]) AS u(item, module) JOIN ${modules} m ON m.id = u.module
       UNION ALL
       SELECT c.item, m.module_bay_id, m.id, c.depth + 1 FROM chain c JOIN ${bays} b ON b.id = c.bay JOIN ${modules} m ON m.id = b.module_id WHERE c.depth < 64
     ) SELECT DISTINCT item FROM chain WHERE bay = item`,
    [checked.map((item) => item.id), checked.map((item) => item.value('module_id'))],
  );
  const cyclic = new Set(rows.map((r) => Number(r.item)));
  for (const item of checked) if (cyclic.has(item.id!)) item.error('__all__', 'A module bay cannot belong to a module installed within it.');
}

export const moduleBayRules: ModelRules = {
  clean: cleanModuleBays,
  async beforeSave(batch) {
    const modules = await rowsById(batch.tx, tableOf(batch, 'dcim.modules'), batch.items.map((i) => i.value('module_id')), 't.module_bay_id');
    for (const item of batch.items) item.columns.parent_id = modules.get(Number(item.value('module_id')))?.module_bay_id ?? null;
    fillNaturalNames(batch);
  },
};
