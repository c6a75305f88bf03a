/**
 * @module
 * Rules of object permissions (`users.permissions`): each object type is an `app.model` name of
 * a served model, as NetBox's ContentTypeField (over its permission-capable types) accepts them;
 * constraints must apply to every one of them. NetBox stores a constraint naming a missing field
 * and fails when it is used; this server refuses it when it is written:
 * `{"constraints": ["Invalid filter for dcim.site: …"]}`.
 */
import type { ModelRules } from '../../rest/index.ts';
import { objectTypeNameError } from '../core/index.ts';

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
