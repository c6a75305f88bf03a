/**
 * @module
 * Related objects as NetBox's writable nested fields take them: a primary key, an int-like
 * string, or a dictionary of attributes resolved later (runtime/rest/write/resolve.ts).
 */
import { fail, field, notAList, ok, pythonType } from './field.ts';

export type RelationRef = number | Record<string, unknown>;

export const relation = (o: { nullable?: boolean } = {}) =>
  field<RelationRef>(o.nullable ?? false, (value) => {
    if (typeof value === 'number' && Number.isInteger(value)) return ok(value);
    if (typeof value === 'string' && /^\d+$/.test(value)) return ok(Number(value));
    if (value && typeof value === 'object' && !Array.isArray(value)) return ok(value as Record<string, unknown>);
    return fail(`Related objects must be referenced by numeric ID or by dictionary of attributes. Received an unrecognized value: ${String(value)}`);
  });

/** A list of slugs (DRF's SlugRelatedField with many=True). */
export const slugList = () =>
  field<string[]>(false, (value) => {
    if (!Array.isArray(value)) return notAList(value);
    const slugs: string[] = [];
    for (const item of value) {
      if (typeof item === 'string' || typeof item === 'number') slugs.push(String(item));
      else return fail('Invalid value.');
    }
    return ok(slugs);
  });

export const relationList = () =>
  field<RelationRef[]>(false, (value) => {
    if (!Array.isArray(value)) return notAList(value);
    const refs: RelationRef[] = [];
    for (const item of value) {
      if (typeof item === 'number' && Number.isInteger(item)) refs.push(item);
      else if (typeof item === 'string' && /^\d+$/.test(item)) refs.push(Number(item));
      else if (item && typeof item === 'object' && !Array.isArray(item)) refs.push(item as Record<string, unknown>);
      else return fail(`Incorrect type. Expected pk value, received ${typeof item === 'string' ? 'str' : typeof item}.`);
    }
    return ok(refs);
  });
