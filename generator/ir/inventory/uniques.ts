/**
 * @module
 * Unique constraints with the error messages NetBox answers with: DRF's UniqueValidator message
 * under the field for `unique: true`, Django's "X with this A and B already exists." under
 * `__all__` for multi-column constraints, or the definition's own message.
 */
import type { FieldDefinition, UniqueDefinition } from '../../validate/definitionSchema.ts';
import type { UniqueEntry as UniqueIR } from '../../../runtime/contract/index.ts';
import type { FieldIR } from '../types.ts';
import { capitalize } from '../naming.ts';

/**
 * The field's verbose name as Django keeps it: a label is the verbose name with its first letter
 * capitalised, so undo that, except for a leading acronym (`ASN`, `IPs`), which Django never lowers.
 */
function verboseFieldName(label: string): string {
  const firstWord = label.split(' ')[0];
  return firstWord.length > 1 && firstWord.slice(0, 2) === firstWord.slice(0, 2).toUpperCase() ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** Django's get_text_list(items, "and"): "A", "A and B", "A, B and C". */
export function textList(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function buildUniques(fields: [string, FieldDefinition][], builtFields: FieldIR[], constraints: UniqueDefinition[], verbose: string): UniqueIR[] {
  const label = (name: string) => builtFields.find((f) => f.name === name)?.label ?? name;
  const single: UniqueIR[] = fields
    .filter(([, def]) => def.unique)
    .map(([name]) => ({ fields: [name], whereNull: [], caseInsensitive: false, message: `${verbose} with this ${verboseFieldName(label(name))} already exists.`, errorField: name }));
  const multi = constraints.map((c): UniqueIR => {
    const fallback = `${capitalize(verbose)} with this ${textList(c.fields.map(label))} already exists.`;
    return {
      fields: c.fields,
      whereNull: c.where_null ?? [],
      caseInsensitive: c.case_insensitive ?? false,
      message: (c.message ?? fallback).replace(/\{verbose_name\}/g, verbose),
      errorField: '__all__',
    };
  });
  return [...single, ...multi];
}
