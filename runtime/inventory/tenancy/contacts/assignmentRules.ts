/**
 * @module
 * ContactAssignment.clean(): NetBox's serializer takes any object type; the model refuses one
 * without contacts (ContactsMixin), once BaseModel.clean() has found the object:
 * `Contacts cannot be assigned to this object type (Tenancy | contact role).`
 */
import type { ModelRules } from '../../../rest/index.ts';
import { appLabeledName } from '../../core/shared/objectTypeLabels.ts';

export const contactAssignmentRules: ModelRules = {
  genericTypeRefused(item, target) {
    item.error('__all__', `Contacts cannot be assigned to this object type (${appLabeledName(target)}).`);
  },
};
