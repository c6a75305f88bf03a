/**
 * @module
 * SQL expressions of custom fields and choice sets: a field's `display` (its label, else its name
 * with `_` as spaces and the first letter capitalised, as CustomField.__str__), its `data_type`
 * (NetBox's get_data_type: integer, decimal, boolean, object, array or string) and a choice set's `choices_count`.
 */
import type { SqlExpression } from '../../../rest/index.ts';
import { baseChoices } from './baseChoices.ts';

export const customFieldDisplay: SqlExpression = (alias) =>
  `(CASE WHEN ${alias}.label <> '' THEN ${alias}.label ELSE upper(left(replace(${alias}.name, '_', ' '), 1)) || lower(substr(replace(${alias}.name, '_', ' '), 2)) END)`;

export const customFieldDataType: SqlExpression = (alias) =>
  `(CASE ${alias}.type WHEN 'integer' THEN 'integer' WHEN 'decimal' THEN 'decimal' WHEN 'boolean' THEN 'boolean' WHEN 'json' THEN 'object' ` +
  `WHEN 'multiselect' THEN 'array' WHEN 'object' THEN 'object' WHEN 'multiobject' THEN 'array' ELSE 'string' END)`;

export const choiceSetChoicesCount: SqlExpression = (alias) => {
  const bases = ['IATA', 'ISO_3166', 'UN_LOCODE'].map((name) => `WHEN '${name}' THEN ${baseChoices(name).length}`).join(' ');
  return `((CASE ${alias}.base_choices ${bases} ELSE 0 END) + (CASE WHEN jsonb_typeof(${alias}.extra_choices) = 'array' THEN jsonb_array_length(${alias}.extra_choices) ELSE 0 END))`;
};
