/**
 * @module
 * Rules of tags (`extras.tags`): a tag's object types are `app.model` names of served models that
 * can be tagged, as NetBox's ContentTypeField (over the types with the tags feature) accepts them.
 */
import type { ModelRules } from '../../../rest/index.ts';
import { objectTypeNameError } from '../../core/index.ts';

export const tagRules: ModelRules = {
  async clean({ items, registry }) {
    const taggable = (name: string) => registry.byObjectType.get(name)?.resource.fields.some((f) => f.kind === 'tags') ?? false;
    for (const item of items) {
      if (!('object_types' in item.columns)) continue;
      const error = objectTypeNameError((item.columns.object_types as string[] | null) ?? [], taggable);
      if (error) item.error('object_types', error);
    }
  },
};
