/**
 * @module
 * Every filter kind, by the name the table records. Adding a kind is adding a module and a line here.
 */
import { method } from './method.ts';
import { fkId, fkOther, fkSlug, m2mId, m2mSlug, tag, tagId, treeId, treeSlug } from './relations.ts';
import { boolean, date, datetime, decimal, number } from './scalar.ts';
import { char, choice, contentType, contentTypeId, mac, multichoice, uuid } from './text.ts';
import type { FilterKind } from './types.ts';

const all: FilterKind[] = [char, mac, uuid, contentType, contentTypeId, choice, multichoice, number, decimal, date, datetime, boolean, fkId, fkSlug, fkOther, m2mId, m2mSlug, treeId, treeSlug, tag, tagId, method];

export const filterKinds: ReadonlyMap<string, FilterKind> = new Map(all.map((kind) => [kind.name, kind]));

export function filterKind(name: string): FilterKind {
  const kind = filterKinds.get(name);
  if (!kind) throw new Error(`unknown filter kind "${name}"`);
  return kind;
}

export type * from './types.ts';
export { parseMethodValues } from './method.ts';
export { booleanValue, invalidChoice, isDate, isDecimal, isInteger } from './values.ts';
