/**
 * @module
 * Custom fields and their choice sets: where the engine reads definitions from, the rules that keep
 * stored values in step with them, their expressions and filters, and the `choices/` operation.
 */
import type { AppRules } from '../../appRules.ts';
import { customFieldChoices } from './choicesOperation.ts';
import { choiceSetChoicesCount, customFieldDataType, customFieldDisplay } from './expressions.ts';
import { choiceSetHasChoice, choiceSetHasColor, relatedObjectTypeIds } from './filters.ts';
import { choiceSetRules, customFieldRules } from './rules.ts';
import { customFieldSource } from './source.ts';

export const customFields: AppRules = {
  customFields: customFieldSource,
  expressions: { custom_field: customFieldDisplay, custom_field_data_type: customFieldDataType, choice_set_choices_count: choiceSetChoicesCount },
  methods: { related_object_type_ids: relatedObjectTypeIds, choice_set_has_choice: choiceSetHasChoice, choice_set_has_color: choiceSetHasColor },
  rules: { 'extras.custom-fields': customFieldRules, 'extras.custom-field-choice-sets': choiceSetRules },
  operations: { 'custom-field-choices': customFieldChoices },
};
