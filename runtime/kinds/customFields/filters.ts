/**
 * @module
 * `cf_<name>` filters, as NetBox's `CustomField.to_filter` makes them for each type, with the
 * lookups `get_additional_lookups` adds to filters whose lookup is exact:
 *
 * | type | filter | lookups |
 * |---|---|---|
 * | text, longtext, url | loose: icontains; exact: exact | exact logic only: char lookups |
 * | select | exact | char lookups |
 * | integer, decimal, date, datetime, object | exact (ids for object) | `n lt lte gt gte empty` |
 * | boolean | exact | none |
 * | multiselect, multiobject | contains | none |
 * | json | none | |
 *
 * A field whose filter logic is `disabled` has no filter. Several values of one parameter are OR'd.
 */
import { CHAR_LOOKUPS } from '../filters/text.ts';
import { booleanValue, invalidChoice, isDate, isDecimal, isInteger } from '../filters/values.ts';
import { NUMBER_LOOKUPS } from '../filters/scalar.ts';
import type { CustomFieldDef } from './definition.ts';
import { sqlString } from '../sqlText.ts';

/** The lookups `cf_<name>__<lookup>` accepts besides the plain parameter. */
export function customFieldLookups(def: CustomFieldDef): readonly string[] {
  switch (def.type) {
    case 'text':
    case 'longtext':
    case 'url':
      return def.filterLogic === 'exact' ? CHAR_LOOKUPS : [];
    case 'select':
      return CHAR_LOOKUPS;
    case 'integer':
    case 'decimal':
    case 'date':
    case 'datetime':
    case 'object':
      return NUMBER_LOOKUPS;
    default:
      return [];
  }
}

/** Whether the field has a filter at all. */
export const filterable = (def: CustomFieldDef) => def.filterLogic !== 'disabled' && def.type !== 'json';

export interface CustomFieldFilterArgs {
  /** SQL of the row's `custom_field_data`. */
  data: string;
  lookup: string;
  values: string[];
  param(value: unknown): string;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const anyOf = (parts: string[]) => (parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`);
const not = (condition: string) => `NOT coalesce(${condition}, false)`;

const CHAR_OPS: Record<string, { negate: boolean; sql: (text: string, p: (v: unknown) => string, v: string) => string }> = {
  exact: { negate: false, sql: (t, p, v) => `${t} = ${p(v)}` },
  n: { negate: true, sql: (t, p, v) => `${t} = ${p(v)}` },
  ic: { negate: false, sql: (t, p, v) => `${t} ILIKE ${p(`%${escapeLike(v)}%`)}` },
  nic: { negate: true, sql: (t, p, v) => `${t} ILIKE ${p(`%${escapeLike(v)}%`)}` },
  isw: { negate: false, sql: (t, p, v) => `${t} ILIKE ${p(`${escapeLike(v)}%`)}` },
  nisw: { negate: true, sql: (t, p, v) => `${t} ILIKE ${p(`${escapeLike(v)}%`)}` },
  iew: { negate: false, sql: (t, p, v) => `${t} ILIKE ${p(`%${escapeLike(v)}`)}` },
  niew: { negate: true, sql: (t, p, v) => `${t} ILIKE ${p(`%${escapeLike(v)}`)}` },
  ie: { negate: false, sql: (t, p, v) => `upper(${t}) = upper(${p(v)})` },
  nie: { negate: true, sql: (t, p, v) => `upper(${t}) = upper(${p(v)})` },
  regex: { negate: false, sql: (t, p, v) => `${t} ~ ${p(v)}` },
  iregex: { negate: false, sql: (t, p, v) => `${t} ~* ${p(v)}` },
};

const COMPARE: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

/** The condition of `cf_<name>[__lookup]=values`, or `{ error }` with django-filter's message. */
export function customFieldCondition(def: CustomFieldDef, args: CustomFieldFilterArgs): string | { error: string } {
  const { data, lookup, values, param } = args;
  const json = `(${data} -> ${sqlString(def.name)})`;
  const text = `(${data} ->> ${sqlString(def.name)})`;
  const unset = `(${json} IS NULL OR ${json} = 'null'::jsonb)`;
  if (lookup === 'empty') {
    const empty = booleanValue(values[0]);
    if (empty === null) return { error: invalidChoice(values[0]) };
    const isEmpty = ['text', 'longtext', 'url', 'select'].includes(def.type) ? `(${unset} OR ${text} = '')` : unset;
    return empty ? isEmpty : not(isEmpty);
  }
  switch (def.type) {
    case 'text':
    case 'longtext':
    case 'url':
    case 'select': {
      const op = def.filterLogic === 'loose' && def.type !== 'select' && lookup === 'exact' ? CHAR_OPS.ic : CHAR_OPS[lookup];
      if (!op) return { error: `Unknown lookup ${lookup}.` };
      const condition = anyOf(values.map((v) => op.sql(text, param, v)));
      return op.negate ? not(condition) : condition;
    }
    case 'boolean': {
      const value = booleanValue(values[0]);
      if (value === null) return { error: invalidChoice(values[0]) };
      return `${json} = ${value ? `'true'` : `'false'`}::jsonb`;
    }
    case 'multiselect':
      return anyOf(values.map((v) => `${json} @> jsonb_build_array(${param(v)}::text)`));
    case 'multiobject': {
      if (!values.every(isInteger)) return { error: 'Enter a number.' };
      return anyOf(values.map((v) => `${json} @> jsonb_build_array(${param(v.trim())}::bigint)`));
    }
    default: {
      // integer, decimal, object: numbers; date and datetime: ISO text, compared as dates.
      const dateOnly = def.type === 'date';
      const isTime = def.type === 'date' || def.type === 'datetime';
      const valid = isTime ? (v: string) => isDate(v, dateOnly) : def.type === 'decimal' ? isDecimal : isInteger;
      if (!values.every(valid)) return { error: isTime ? (dateOnly ? 'Enter a valid date.' : 'Enter a valid date/time.') : 'Enter a number.' };
      const cast = isTime ? (dateOnly ? 'date' : 'timestamptz') : 'numeric';
      // A stored value of another form (written before the field's type changed) matches nothing instead of failing the query.
      const stored = isTime
        ? `(CASE WHEN jsonb_typeof(${json}) = 'string' AND ${text} ~ '^\\d{4}-\\d{2}-\\d{2}' THEN ${text}::${cast} END)`
        : `(CASE WHEN jsonb_typeof(${json}) = 'number' THEN ${text}::numeric END)`;
      const compare = COMPARE[lookup] ?? '=';
      const condition = anyOf(values.map((v) => `${stored} ${compare} ${param(v.trim())}::${cast}`));
      return lookup === 'n' ? not(condition) : condition;
    }
  }
}

/** The `?q=` condition of a field (search weight above 0, a value that reads as text). */
export function customFieldSearch(def: CustomFieldDef, data: string, pattern: string): string | null {
  if (def.searchWeight <= 0 || def.type === 'object' || def.type === 'multiobject' || def.type === 'boolean') return null;
  return `(${data} ->> ${sqlString(def.name)}) ILIKE ${pattern}`;
}

export const escapeSearch = escapeLike;
