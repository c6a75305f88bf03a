/**
 * @module
 * Tags (extras.tags) and tag assignments: a tag assignment's display, the tags' method filters and rules.
 */
import type { AppRules } from '../../appRules.ts';
import { taggedItemDisplay } from './displays.ts';
import { tagForObjectType, taggedObjectType, taggedObjectTypeId } from './filters.ts';
import { tagRules } from './rules.ts';

export const tags: AppRules = {
  expressions: { tagged_item: taggedItemDisplay },
  methods: { tagged_object_type: taggedObjectType, tagged_object_type_id: taggedObjectTypeId, tag_for_object_type: tagForObjectType },
  rules: { 'extras.tags': tagRules },
};
