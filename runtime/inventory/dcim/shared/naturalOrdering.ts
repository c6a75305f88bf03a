/**
 * @module
 * NetBox's natural ordering of names (`_name`, its NaturalOrderingField): every run of digits is
 * padded to eight places, so `router10` sorts after `router9` under plain text ordering. The
 * value lives in a hidden column, filled before each write, that the default ordering names.
 */
import type { WriteBatch } from '../../../rest/index.ts';

const INTEGER_PLACES = 8;

/** NetBox's naturalize(): digits padded to eight places, the result cut at `maxLength`. */
export function naturalize(value: string | null | undefined, maxLength = 100): string | null {
  if (value === null || value === undefined) return null;
  if (value === '') return '';
  const padded = value.split(/(\d+)/).map((segment) => (/^\d+$/.test(segment) ? segment.padStart(INTEGER_PLACES, '0') : segment)).join('');
  return padded.slice(0, maxLength);
}

/** Before a write: `_name` follows `name` on every object created or renamed. */
export function fillNaturalNames(batch: WriteBatch): void {
  for (const item of batch.items) {
    if (item.creating || 'name' in item.columns) item.columns._name = naturalize(item.value('name') as string | null);
  }
}

/** The rules of a model whose only rule is its natural ordering. */
export const naturalOrderingRules = {
  async beforeSave(batch: WriteBatch): Promise<void> {
    fillNaturalNames(batch);
  },
};
