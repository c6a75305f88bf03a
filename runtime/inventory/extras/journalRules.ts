/**
 * @module
 * Journal entries: NetBox's JournalEntrySerializer.validate() looks the assigned object up before
 * the model's clean(), refusing a missing one under non_field_errors:
 * `Invalid assigned_object: DCIM | site ID 999999`.
 */
import type { ModelRules } from '../../rest/index.ts';
import { appLabeledName } from '../core/objectTypeLabels.ts';

export const journalRules: ModelRules = {
  genericObjectMissing(item, target, id) {
    item.error('non_field_errors', `Invalid assigned_object: ${appLabeledName(target)} ID ${String(id)}`);
  },
};
