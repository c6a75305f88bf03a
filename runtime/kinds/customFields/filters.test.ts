import { describe, expect, it } from 'vitest';
import type { CustomFieldDef, CustomFieldType } from './definition.ts';
import { customFieldCondition, customFieldLookups, filterable } from './filters.ts';

const def = (type: CustomFieldType, filterLogic = 'loose'): CustomFieldDef => ({
  name: 'f', type, required: false, unique: false, default: null, validationMinimum: null, validationMaximum: null, validationRegex: '',
  choices: null, choiceSetName: null, relatedResource: null, filterLogic, searchWeight: 1000,
});

const condition = (d: CustomFieldDef, lookup: string, values: string[]) => {
  const params: unknown[] = [];
  const sql = customFieldCondition(d, { data: 't.cf', lookup, values, param: (v) => (params.push(v), `$${params.length}`) });
  return { sql, params };
};

describe('cf_ filters', () => {
  it('gives each type NetBox lookups', () => {
    expect(customFieldLookups(def('text'))).toEqual([]);
    expect(customFieldLookups(def('text', 'exact'))).toContain('isw');
    expect(customFieldLookups(def('integer'))).toEqual(['n', 'lte', 'lt', 'gte', 'gt', 'empty']);
    expect(customFieldLookups(def('multiobject'))).toEqual([]);
    expect(filterable(def('json'))).toBe(false);
    expect(filterable(def('integer', 'disabled'))).toBe(false);
  });

  it('matches loose text by containment and exact text exactly', () => {
    expect(condition(def('text'), 'exact', ['a_b'])).toEqual({ sql: `(t.cf ->> 'f') ILIKE $1`, params: ['%a\\_b%'] });
    expect(condition(def('text', 'exact'), 'exact', ['x', 'y']).sql).toBe(`((t.cf ->> 'f') = $1 OR (t.cf ->> 'f') = $2)`);
  });

  it('compares numbers only with numbers stored, and checks values', () => {
    expect(condition(def('integer'), 'gte', ['5']).sql).toBe(`(CASE WHEN jsonb_typeof((t.cf -> 'f')) = 'number' THEN (t.cf ->> 'f')::numeric END) >= $1::numeric`);
    expect(condition(def('integer'), 'exact', ['x']).sql).toEqual({ error: 'Enter a number.' });
    expect(condition(def('multiobject'), 'exact', ['3']).sql).toBe(`(t.cf -> 'f') @> jsonb_build_array($1::bigint)`);
  });
});
