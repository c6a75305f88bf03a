/**
 * @module
 * Rules of module types and modules (NetBox's ModuleType and Module clean()):
 * - a module type's weight needs its unit; an update merges the attributes given into the stored
 *   ones (NetBox's AttributesField), which must then satisfy the profile's JSON schema
 *   (jsonSchema.ts); without a profile, or with one without a schema, none are kept;
 * - a module sits in a bay of its own device, is not put into a disabled bay (one that was disabled
 *   while holding it keeps it), and not in a bay belonging to itself (directly or through modules
 *   installed in it).
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { deviceDisplaySql } from '../shared/displays.ts';
import { schemaError } from './jsonSchema.ts';
import { missingUnit } from '../shared/physical.ts';
import { blankToNull, rowsById, tableOf } from '../shared/rows.ts';

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

export const moduleTypeRules: ModelRules = {
  async clean(batch) {
    const profiles = await rowsById(batch.tx, tableOf(batch, 'dcim.module-type-profiles'), batch.items.map((i) => i.value('profile_id')), 't.schema');
    for (const item of batch.items) {
      const given = item.columns.attribute_data;
      if (!item.creating && isObject(given) && Object.keys(given).length && isObject(item.existing?.attribute_data)) {
        item.columns.attribute_data = { ...item.existing.attribute_data, ...given };
      }
      const unit = missingUnit(item);
      const schema = profiles.get(Number(item.value('profile_id')))?.schema;
      if (unit) item.error('__all__', unit);
      else if (isObject(schema) && Object.keys(schema).length) {
        const error = schemaError(item.value('attribute_data'), schema);
        if (error) item.error('__all__', `Invalid schema: ${error}`);
      } else item.columns.attribute_data = null;
    }
  },
};

async function cleanModules(batch: WriteBatch): Promise<void> {
  blankToNull(batch, 'asset_tag');
  const { tx, items } = batch;
  let n = 0;
  const tables = (key: string) => tableOf(batch, key);
  const bays = await rowsById(tx, tables('dcim.module-bays'), items.map((i) => i.value('module_bay_id')), 't.device_id, t.enabled');
  const devices = await rowsById(tx, tables('dcim.devices'), items.map((i) => i.value('device_id')), `${deviceDisplaySql('t', tables, () => `x${++n}`)} AS display`);
  const updated = items.filter((i) => !i.creating);
  const cyclic = new Set<number>();
  if (updated.length) {
    const rows = await tx.query<{ item: number }>(
      `WITH RECURSIVE chain(item, module, depth) AS (
         SELECT u.item, b.module_id, 0 FROM unnest($1::int[], $2::int[]) AS u(item, bay) JOIN ${tables('dcim.module-bays')} b ON b.id = u.bay
         UNION ALL
         SELECT c.item, b.module_id, c.depth + 1 FROM chain c JOIN ${tables('dcim.modules')} m ON m.id = c.module JOIN ${tables('dcim.module-bays')} b ON b.id = m.module_bay_id WHERE c.depth < 64
       ) SELECT DISTINCT item FROM chain WHERE module = item`,
      [updated.map((i) => i.id), updated.map((i) => i.value('module_bay_id'))],
    );
    for (const row of rows) cyclic.add(Number(row.item));
  }
  for (const item of items) {
    const bay = bays.get(Number(item.value('module_bay_id')));
    const device = devices.get(Number(item.value('device_id')));
    if (bay && Number(bay.device_id) !== Number(item.value('device_id'))) {
      item.error('__all__', `Module must be installed within a module bay belonging to the assigned device (${device?.display}).`);
    } else if (bay && bay.enabled === false && (item.creating || Number(item.existing!.module_bay_id) !== Number(item.value('module_bay_id')))) {
      // A module already in a bay that was disabled since may stay there.
      item.error('module_bay', 'Cannot install a module in a disabled module bay.');
    } else if (item.id !== null && cyclic.has(item.id)) {
      item.error('__all__', 'A module bay cannot belong to a module installed within it.');
    }
  }
}

export const moduleRules: ModelRules = { clean: cleanModules };
