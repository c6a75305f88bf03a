/**
 * @module
 * Rules every cabled device component shares (NetBox's ComponentModel and CabledObjectModel
 * clean() and save()): its device is fixed once it exists (the field's `create_only`); it is not
 * marked connected while a cable is attached; `_name` follows its name (natural ordering).
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { fillNaturalNames } from '../shared/naturalOrdering.ts';

/**
 * CabledObjectModel.clean(): the cable fields are read-only, so only `mark_connected` can disagree
 * with them. Refuses the item and says so when it is marked connected with a cable attached.
 */
export function refuseMarkedWithCable(item: WriteItem): boolean {
  if (item.value('mark_connected') !== true || item.value('cable_id') === null || item.value('cable_id') === undefined) return false;
  item.error('mark_connected', 'Cannot mark as connected with a cable attached.');
  return true;
}

export function cleanCabled(batch: WriteBatch): void {
  for (const item of batch.items) refuseMarkedWithCable(item);
}

export const componentRules: ModelRules = {
  async clean(batch) {
    cleanCabled(batch);
  },
  async beforeSave(batch: WriteBatch) {
    fillNaturalNames(batch);
  },
};
