/**
 * @module
 * extras: display formats (journal entries, tag assignments), the filters and rules of tags, and the rules of config templates and journal entries.
 */
import type { AppRules } from '../appRules.ts';
import { configTemplateRules } from './configTemplateRules.ts';
import { journalDisplay, taggedItemDisplay } from './displays.ts';
import { journalRules } from './journalRules.ts';
import { tagForObjectType, taggedObjectType, taggedObjectTypeId } from './tagFilters.ts';
import { tagRules } from './tagRules.ts';

export const extras: AppRules = {
  expressions: { journal: journalDisplay, tagged_item: taggedItemDisplay },
  methods: { tagged_object_type: taggedObjectType, tagged_object_type_id: taggedObjectTypeId, tag_for_object_type: tagForObjectType },
  rules: { 'extras.tags': tagRules, 'extras.config-templates': configTemplateRules, 'extras.journal-entries': journalRules },
};
