/**
 * @module
 * Unique constraints with the error messages NetBox answers with: DRF's UniqueValidator message
 * under the field for `unique: true`, Django's "X with this A and B already exists." under
 * `__all__` for multi-column constraints, or the definition's own message.
 */
import type { FieldDefinition, UniqueDefinition } from '../../validate/definitionSchema.ts';
import type { FieldIR, UniqueIR } from '../types.ts';
import { capitalize } from '../naming.ts';

export function buildUniques(fields: [string, FieldDefinition][], builtFields: FieldIR[], constraints: UniqueDefinition[], verbose: string): UniqueIR[] {
  const label = (name: string) => builtFields.find((f) => f.name === name)?.label ?? name;
  const single: UniqueIR[] = fields
    .filter(([, def]) => def.unique)
    .map(([name]) => ({ fields: [name], whereNull: [], caseInsensitive: false, message: `${verbose} with this ${label(name).toLowerCase()} already exists.`, errorField: name }));
  const multi = constraints.map((c): UniqueIR => {
    const fallback = `${capitalize(verbose)} with this ${c.fields.map(label).join(' and ')} already exists.`;
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
