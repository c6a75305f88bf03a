/**
 * @module
 * A new device gets every component its device type's templates describe (Device.save() →
 * _instantiate_components()), for a whole bulk create at once; `{vc_position}` in a name or label
 * is the device's position in its virtual chassis (names it makes equal abort the request).
 * `{module}` stays as written on a device.
 */
import { ApiError, type ModelRules, type WriteBatch } from '../../../rest/index.ts';
import { componentName, instantiate, loadTemplateSets, type Owner, type TemplateSet } from './instantiate.ts';

/**
 * _check_duplicate_component_names(): two templates of one kind that resolve to one name on a
 * device (`{vc_position}` beside a literal name) abort the request, as NetBox's AbortRequest does
 * (400 with `detail`), before anything is written.
 */
function refuseDuplicates(sets: TemplateSet[], owners: Owner[]): void {
  for (const set of sets) {
    for (const owner of owners) {
      const names = set.rows.filter((row) => Number(row.device_type_id) === owner.typeId).map((row) => componentName(set, row, owner));
      const duplicates = [...new Set(names.filter((name, i) => names.indexOf(name) !== i))];
      if (duplicates.length) throw new ApiError(400, { detail: `Component name conflict after resolving {vc_position}: ${duplicates.join(', ')}` });
    }
  }
}

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
  refuseDuplicates(sets, owners);
  await instantiate(batch, 'device_type', owners, sets);
}

/** Instantiation on device creation, chained after the devices' own rules. */
export const deviceInstantiation: ModelRules = { afterSave };
