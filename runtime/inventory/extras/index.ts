/**
 * @module
 * extras: display formats, the filters and rules of tags, and the rules of config templates.
 */
import type { AppRules } from '../appRules.ts';
import { configTemplateRules } from './configTemplateRules.ts';
import { journalDisplay } from './displays.ts';
import { tagForObjectType, taggedObjectType, taggedObjectTypeId } from './tagFilters.ts';
import { tagRules } from './tagRules.ts';

export const extras: AppRules = {
  expressions: { journal: journalDisplay },
  methods: { tagged_object_type: taggedObjectType, tagged_object_type_id: taggedObjectTypeId, tag_for_object_type: tagForObjectType },
  rules: { 'extras.tags': tagRules, 'extras.config-templates': configTemplateRules },
};
