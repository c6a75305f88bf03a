/**
 * @module
 * Journal entries: NetBox's JournalEntrySerializer.validate() looks the assigned object up before
 * the model's clean(), refusing a missing one under non_field_errors:
 * `Invalid assigned_object: DCIM | site ID 999999`, when the request gives both the type and the
 * id; given one (an update), the model's clean() refuses it, in BaseModel's words. An existing
 * object of a type without journaling is refused by the model's clean().
 */
import type { ModelRules } from '../../../rest/index.ts';
import { appLabeledName } from '../../core/shared/objectTypeLabels.ts';

export const journalRules: ModelRules = {
  genericObjectMissing(item, target, id) {
    if (!('assigned_object_type' in item.input && 'assigned_object_id' in item.input)) return false;
    item.error('non_field_errors', `Invalid assigned_object: ${appLabeledName(target)} ID ${String(id)}`);
    return true;
  },
  // JournalEntry.clean(): the serializer takes any object type, the model only journaled ones.
  genericTypeRefused(item, target) {
    item.error('__all__', `Journaling is not supported for this object type (${appLabeledName(target)}).`);
  },
};
