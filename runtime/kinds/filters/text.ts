/**
 * @module
 * Text filters: `char` (any text field), `mac`, `uuid`, `content_type` (`app.model`) and the
 * choice filters, which also check exact values against their choice set. Lookups: NetBox's
 * FILTER_CHAR_BASED_LOOKUP_MAP (`n ic nic isw nisw iew niew ie nie empty regex iregex`).
 */
import type { Filter } from '../../contract/index.ts';
import { canonicalMac, canonicalUuid } from '../validation/index.ts';
import type { FilterKind, FilterQuery, Op } from './types.ts';
import { booleanValue, invalidChoice } from './values.ts';

export const CHAR_LOOKUPS = ['n', 'ic', 'nic', 'iew', 'niew', 'isw', 'nisw', 'ie', 'nie', 'empty', 'regex', 'iregex'] as const;
const TEXT_OPS: Record<string, Op> = { ic: 'icontains', isw: 'istartswith', iew: 'iendswith', ie: 'iexact', regex: 'regex', iregex: 'iregex' };
const TEXT_LOOKUPS = ['ic', 'nic', 'isw', 'nisw', 'iew', 'niew', 'ie', 'nie', 'regex', 'iregex'];

/** `__empty=true|false`: the value is (or is not) blank or null. */
export function emptyCondition(filter: Filter, values: string[], q: FilterQuery): string | null {
  const empty = booleanValue(values[0]);
  if (empty === null) return q.error(invalidChoice(values[0]));
  return q.where(filter.path, 'empty', [true], { negate: !empty });
}

/** The condition of a text lookup: exact values (`in`), or a text op over any of the values. */
export function textCondition(filter: Filter, lookup: string, values: string[], q: FilterQuery): string | null {
  if (lookup === 'empty') return emptyCondition(filter, values, q);
  if (lookup === 'exact' || lookup === 'n') return q.where(filter.path, 'in', values, { cast: 'text', negate: lookup === 'n' });
  const negate = lookup.startsWith('n') && lookup.slice(1) in TEXT_OPS;
  const op = TEXT_OPS[negate ? lookup.slice(1) : lookup];
  if (!op) return q.error(`Unsupported lookup "${lookup}".`);
  return q.where(filter.path, op, values, { cast: 'text', negate });
}

function textKind(name: string): FilterKind {
  return { name, lookups: CHAR_LOOKUPS, textLookups: TEXT_LOOKUPS, valueSchema: () => ({ type: 'string' }), condition: textCondition };
}

export const char = textKind('char');
/**
 * NetBox's MAC filters take the text lookups but `empty`. An exact value is a MAC address in any
 * spelling (`00-11-22-AA-BB-CC`), as Django's MACAddressField reads it, compared as PostgreSQL
 * prints `macaddr`; the other lookups work on that text.
 */
export const mac: FilterKind = {
  ...textKind('mac'),
  lookups: CHAR_LOOKUPS.filter((l) => l !== 'empty'),
  condition(filter, lookup, values, q) {
    const exact = lookup === 'exact' || lookup === 'n';
    return textCondition(filter, lookup, exact ? values.map((value) => canonicalMac(value) ?? value) : values, q);
  },
};
/** A generic relation's type: NetBox keeps only `n` on a content-type key (a few lists declare more). */
export const contentType: FilterKind = { ...textKind('content_type'), lookups: ['n'] };
/** A UUID (a request id): a value that is none is Django's 400, not an empty list. */
export const uuid: FilterKind = {
  ...textKind('uuid'),
  lookups: [],
  condition(filter, lookup, values, q) {
    const uuids = values.map(canonicalUuid);
    if (uuids.some((uuid) => uuid === null)) return q.error('Enter a valid UUID.');
    return textCondition(filter, lookup, uuids as string[], q);
  },
};

/** A choice filter (`status`): exact and negated values must be values of the set. */
function choiceKind(name: string): FilterKind {
  return {
    name,
    lookups: CHAR_LOOKUPS,
    textLookups: TEXT_LOOKUPS,
    valueSchema: (filter, _resource, ctx) => ctx.choiceValues(filter.choices!),
    condition(filter, lookup, values, q) {
      if (lookup === 'exact' || lookup === 'n') {
        const allowed = new Set(q.choiceSet(filter.choices!).map(([value]) => String(value)));
        const bad = values.find((value) => !allowed.has(value));
        if (bad !== undefined) return q.error(invalidChoice(bad));
      }
      return textCondition(filter, lookup, values, q);
    },
  };
}

export const choice = choiceKind('choice');
export const multichoice = choiceKind('multichoice');

/**
 * A content type by id (`assigned_object_type_id`, `object_type_id`): object types are stored as
 * `app.model`, so ids are mapped to types first (ids are stable hashes of the type: objectTypeId).
 */
export const contentTypeId: FilterKind = {
  name: 'content_type_id',
  lookups: ['n'],
  valueSchema: () => ({ type: 'integer' }),
  condition(filter, lookup, values, q) {
    const types: string[] = [];
    for (const value of values) {
      const type = q.objectTypeById(Number(value));
      if (!/^\d+$/.test(value.trim()) || !type) return q.error(invalidChoice(value));
      types.push(type);
    }
    return q.where(filter.path, 'in', types, { cast: 'text', negate: lookup === 'n' });
  },
};
