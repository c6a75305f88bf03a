/**
 * @module
 * Rules of object permissions (`users.permissions`): each object type is an `app.model` name of
 * a served model, as NetBox's ContentTypeField (over its permission-capable types) accepts them.
 */
import type { ModelRules } from '../../rest/index.ts';
import { objectTypeNameError } from '../core/index.ts';

export const permissionRules: ModelRules = {
  async clean({ items, registry }) {
    for (const item of items) {
      if (!('object_types' in item.columns)) continue;
      const error = objectTypeNameError((item.columns.object_types as string[] | null) ?? [], (name) => registry.byObjectType.has(name));
      if (error) item.error('object_types', error);
    }
  },
};
