/**
 * @module
 * Rules of custom links (`extras.custom-links`): the object types must be served models with the
 * `custom_links` feature (NetBox's ContentTypeField over ObjectType.objects.with_feature('custom_links'))
 * and not empty. The link text and URL are Jinja2 that NetBox renders only in its UI: CustomLink has
 * no clean() and the API renders neither, so nothing else is checked.
 */
import type { ModelRules } from '../../../rest/index.ts';
import { checkObjectTypeList, hasFeature } from '../../core/index.ts';

export const customLinkRules: ModelRules = {
  async clean({ items, resource, registry }) {
    const column = registry.field(resource, 'object_types')!.column!;
    const allowed = (name: string) => {
      const target = registry.byObjectType.get(name)?.resource;
      return !!target && hasFeature(target, 'custom_links');
    };
    for (const item of items) checkObjectTypeList(item, registry, column, allowed);
  },
};
