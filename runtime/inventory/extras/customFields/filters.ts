/**
 * @module
 * Method filters of custom fields and choice sets:
 * - `related_object_type_ids` (a field's `related_object_type_id`): object type ids (stable hashes
 *   of `app.model`, runtime/kinds/objectTypes.ts) turned back into names;
 * - `choice_set_has_choice` (a set's `choice`): sets offering any of the values among their extra choices;
 * - `choice_set_has_color` (a set's `choice_colors`): sets whose colour map uses any of the colours.
 */
import { invalidChoice, isInteger } from '../../../kinds/index.ts';
import type { MethodFilter } from '../../../rest/index.ts';

export const relatedObjectTypeIds: MethodFilter = ({ lookup, values, alias, param, query, sql }) => {
  const names: string[] = [];
  for (const value of values) {
    const name = isInteger(value) ? query.objectTypeById(Number(value)) : undefined;
    if (!name) return query.error(invalidChoice(value));
    names.push(name);
  }
  const condition = `${sql.column(query.listed.key, 'related_object_type', alias)} = ANY(${param(names)}::text[])`;
  return lookup === 'n' ? `NOT coalesce(${condition}, false)` : condition;
};

export const choiceSetHasChoice: MethodFilter = ({ values, alias, param }) =>
  `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${alias}.extra_choices) = 'array' THEN ${alias}.extra_choices ELSE '[]'::jsonb END) c(pair) WHERE c.pair ->> 0 = ANY(${param(values)}::text[]))`;

export const choiceSetHasColor: MethodFilter = ({ values, alias, param }) =>
  `EXISTS (SELECT 1 FROM jsonb_each_text(CASE WHEN jsonb_typeof(${alias}.choice_colors) = 'object' THEN ${alias}.choice_colors ELSE '{}'::jsonb END) c(k, v) WHERE c.v = ANY(${param(values)}::text[]))`;
