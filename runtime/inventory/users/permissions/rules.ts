/**
 * @module
 * Rules of object permissions (`users.permissions`): each object type is an `app.model` name of
 * a served model, as NetBox's ContentTypeField (over its permission-capable types) accepts them;
 * `actions` may not be empty (the model's ArrayField is not `blank`, so NetBox's full_clean refuses
 * an empty list, on create and update: DRF's list field itself would take it); constraints must
 * apply to every one of them. NetBox stores a constraint naming a missing field
 * and fails when it is used; this server refuses it when it is written:
 * `{"constraints": ["Invalid filter for dcim.site: …"]}`.
 */
import type { ModelRules } from '../../../rest/index.ts';
import { objectTypeNameError } from '../../core/index.ts';

export const permissionRules: ModelRules = {
  async clean({ items, registry, constraintError }) {
    for (const item of items) {
      const types = (item.value('object_types') as string[] | null) ?? [];
      if ('object_types' in item.columns) {
        const error = objectTypeNameError(types, (name) => registry.byObjectType.has(name));
        if (error) {
          item.error('object_types', error);
          continue;
        }
      }
      // full_clean checks the object as it will be saved, so a stored empty list is refused too.
      const actions = item.value('actions');
      if (Array.isArray(actions) && !actions.length) item.error('actions', 'This field cannot be blank.');
      if (!('object_types' in item.columns) && !('constraints' in item.columns)) continue;
      const constraints = item.value('constraints');
      if (constraints !== null && constraints !== undefined && typeof constraints !== 'object') {
        item.error('constraints', 'Constraints must be a dictionary of lookups or a list of them.');
        continue;
      }
      for (const type of types) {
        const error = constraintError(type, constraints);
        if (error) {
          item.error('constraints', `Invalid filter for ${type}: ${error}`);
          break;
        }
      }
    }
  },
};
