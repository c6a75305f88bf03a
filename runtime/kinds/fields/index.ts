/**
 * @module
 * Every field kind, by the name definitions use (`type:`) and the table records (`kind`). Adding
 * a kind is adding a module and a line here.
 */
import { integerList, integerRanges, ipNetworkList, stringList } from './arrays.ts';
import { choice } from './choice.ts';
import { genericFk, objectType } from './generic.ts';
import { image } from './image.ts';
import { count, customFields, depth, display, displayUrl, id, url } from './meta.ts';
import { cidr, inet, mac } from './network.ts';
import { decimal, integer } from './numbers.ts';
import { fk, m2m, relatedList, reverse } from './relations.ts';
import { objectList } from './objects.ts';
import { positionMappings } from './positionMappings.ts';
import { boolean, date, datetime, json, password } from './scalars.ts';
import { tags } from './tags.ts';
import { color, email, slug, string, text, timezone } from './text.ts';
import type { FieldKind } from './types.ts';

const all: FieldKind[] = [
  id, url, displayUrl, display, string, text, slug, email, color, timezone, password, integer, decimal, boolean, datetime, date, json,
  stringList, integerList, ipNetworkList, integerRanges, choice, fk, m2m, reverse, objectType, genericFk, tags, customFields, count, depth,
  inet, cidr, mac, relatedList, objectList, positionMappings, image,
];

export const fieldKinds: ReadonlyMap<string, FieldKind> = new Map(all.map((kind) => [kind.name, kind]));

export function fieldKind(name: string): FieldKind {
  const kind = fieldKinds.get(name);
  if (!kind) throw new Error(`unknown field kind "${name}"`);
  return kind;
}

export type * from './types.ts';
export { choiceValueSchema } from './choice.ts';
export { NOT_A_FILE, uploadKey } from './image.ts';
export { customFieldsField } from './meta.ts';
export { relationAttribute } from './relations.ts';
export { isoTimestamp } from './scalars.ts';
