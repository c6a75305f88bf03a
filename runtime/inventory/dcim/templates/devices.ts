/**
 * @module
 * A new device gets every component its device type's templates describe (Device.save() →
 * _instantiate_components()), for a whole bulk create at once; `{vc_position}` in a name or label
 * is the device's position in its virtual chassis. `{module}` stays as written on a device.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { instantiate, loadTemplateSets, type Owner } from './instantiate.ts';

async function afterSave(batch: WriteBatch): Promise<void> {
  const created = batch.items.filter((item) => item.creating);
  if (!created.length) return;
  const owners: Owner[] = created.map((item) => ({
    deviceId: item.id!,
    moduleId: null,
    typeId: Number(item.value('device_type_id')),
    scope: { vcPosition: item.value('virtual_chassis_id') !== null && item.value('vc_position') !== null ? Number(item.value('vc_position')) : null, positions: null },
    parentBay: null,
    adopt: false,
    replicate: true,
  }));
  const sets = await loadTemplateSets(batch, 'device_type', [...new Set(owners.map((o) => o.typeId))]);
  await instantiate(batch, 'device_type', owners, sets);
}

/** Instantiation on device creation, chained after the devices' own rules. */
export const deviceInstantiation: ModelRules = { afterSave };
