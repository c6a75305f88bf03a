/**
 * Text filters (`char`, `mac`, `uuid`, `content_type`, choices, `content_type_id`): NetBox's
 * character lookups mapped to ops and negations, choice values checked against their set.
 */
import { describe, expect, it } from 'vitest';
import { FakeFilterQuery, fakeCatalog, fakeResource, fakeOpenApiContext } from '../../testing/kinds.ts';
import { char, CHAR_LOOKUPS, choice, contentType, contentTypeId, mac, multichoice, uuid } from './text.ts';
import type { FilterKind } from './types.ts';

const site = fakeResource('dcim.sites', [{ name: 'name', kind: 'string' }, { name: 'status', kind: 'choice', choices: 'Status' }, { name: 'family', kind: 'choice', choices: 'Family' }, { name: 'object_type', kind: 'string' }], {
  filters: [
    { name: 'name', kind: 'char' },
    { name: 'status', kind: 'multichoice', choices: 'Status' },
    { name: 'family', kind: 'choice', choices: 'Family' },
    { name: 'object_type_id', kind: 'content_type_id', path: 'object_type' },
  ],
});
const catalog = fakeCatalog([site], { Status: [['active', 'Active'], ['retired', 'Retired']], Family: [[4, 'IPv4'], [6, 'IPv6']] });
const filterOf = (name: string) => site.filters.find((f) => f.name === name)!;

function run(kind: FilterKind, name: string, lookup: string, values: string[], objectTypes: Record<number, string> = {}) {
  const q = new FakeFilterQuery(site, catalog, name, objectTypes);
  return { sql: kind.condition(filterOf(name), lookup, values, q), q };
}

describe('char', () => {
  it("expands to FILTER_CHAR_BASED_LOOKUP_MAP's lookups", () => {
    expect([...CHAR_LOOKUPS].sort()).toEqual(['empty', 'ic', 'ie', 'iew', 'iregex', 'isw', 'n', 'nic', 'nie', 'niew', 'nisw', 'regex'].sort());
    expect(filterOf('name').lookups).toEqual([...CHAR_LOOKUPS]);
    expect(char.textLookups).toEqual(['ic', 'nic', 'isw', 'nisw', 'iew', 'niew', 'ie', 'nie', 'regex', 'iregex']);
  });

  it('matches exact values as text, `n` excluding them', () => {
    expect(run(char, 'name', 'exact', ['a', 'b']).sql).toBe('W1[name in a,b cast=text]');
    expect(run(char, 'name', 'n', ['a']).sql).toBe('W1[name in a cast=text negate]');
  });

  it('maps each text lookup to its op, its `n…` form to the negation', () => {
    const cases: [string, string][] = [
      ['ic', 'icontains'], ['isw', 'istartswith'], ['iew', 'iendswith'], ['ie', 'iexact'], ['regex', 'regex'], ['iregex', 'iregex'],
    ];
    for (const [lookup, op] of cases) {
      expect(run(char, 'name', lookup, ['x']).sql, lookup).toBe(`W1[name ${op} x cast=text]`);
      if (!lookup.includes('regex')) expect(run(char, 'name', `n${lookup}`, ['x']).sql, `n${lookup}`).toBe(`W1[name ${op} x cast=text negate]`);
    }
  });

  it('`empty` is blank-or-null, and takes a boolean', () => {
    expect(run(char, 'name', 'empty', ['true']).sql).toBe('W1[name empty true]');
    expect(run(char, 'name', 'empty', ['false']).sql).toBe('W1[name empty true negate]');
    const { sql, q } = run(char, 'name', 'empty', ['x']);
    expect(sql).toBeNull();
    expect(q.errors).toEqual(['Select a valid choice. x is not one of the available choices.']);
  });

  it('reports a lookup it does not know', () => {
    const { sql, q } = run(char, 'name', 'contains', ['x']);
    expect(sql).toBeNull();
    expect(q.errors).toEqual(['Unsupported lookup "contains".']);
  });

  it('has a string schema', () => {
    expect(char.valueSchema(filterOf('name'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'string' });
  });
});

describe('the other text kinds', () => {
  it('mac reads exact values in any MAC spelling, as PostgreSQL prints macaddr', () => {
    expect(run(mac, 'name', 'exact', ['00-11-22-AA-BB-CC', 'nope']).sql).toBe('W1[name in 00:11:22:aa:bb:cc,nope cast=text]');
    expect(run(mac, 'name', 'n', ['0011.22aa.bbcc']).sql).toBe('W1[name in 00:11:22:aa:bb:cc cast=text negate]');
    expect(run(mac, 'name', 'ic', ['AA:BB']).sql).toBe('W1[name icontains AA:BB cast=text]');
  });

  it('mac takes the text lookups but empty; content_type only n; uuid none', () => {
    expect(mac.lookups).toEqual(CHAR_LOOKUPS.filter((l) => l !== 'empty'));
    expect(contentType.lookups).toEqual(['n']);
    expect(uuid.lookups).toEqual([]);
    expect(run(contentType, 'name', 'n', ['dcim.site']).sql).toBe('W1[name in dcim.site cast=text negate]');
  });
});

describe('choice and multichoice', () => {
  it('match values of the set, and refuse others with the invalid-choice message', () => {
    for (const kind of [choice, multichoice]) {
      expect(run(kind, 'status', 'exact', ['active', 'retired']).sql).toBe('W1[status in active,retired cast=text]');
      expect(run(kind, 'status', 'n', ['active']).sql).toBe('W1[status in active cast=text negate]');
      const { sql, q } = run(kind, 'status', 'exact', ['active', 'nope']);
      expect(sql).toBeNull();
      expect(q.errors).toEqual(['Select a valid choice. nope is not one of the available choices.']);
      expect(run(kind, 'status', 'n', ['gone']).q.errors).toEqual(['Select a valid choice. gone is not one of the available choices.']);
    }
  });

  it('compare numeric choices by their text, and do not check text lookups against the set', () => {
    expect(run(choice, 'family', 'exact', ['6']).sql).toBe('W1[family in 6 cast=text]');
    expect(run(multichoice, 'status', 'ic', ['tir']).sql).toBe('W1[status icontains tir cast=text]');
  });

  it('describe their values as the set (one shared component per set)', () => {
    expect(choice.valueSchema(filterOf('family'), site, fakeOpenApiContext(catalog))).toEqual({ $ref: `#/components/schemas/${filterOf('family').choices}` });
    expect(multichoice.valueSchema(filterOf('status'), site, fakeOpenApiContext(catalog))).toEqual({ $ref: `#/components/schemas/${filterOf('status').choices}` });
  });
});

describe('content_type_id', () => {
  it('maps ids to object types first; an unknown id or non-integer is an invalid choice', () => {
    const types = { 11: 'dcim.site', 12: 'tenancy.tenant' };
    expect(run(contentTypeId, 'object_type_id', 'exact', ['11', '12'], types).sql).toBe('W1[object_type in dcim.site,tenancy.tenant cast=text]');
    expect(run(contentTypeId, 'object_type_id', 'n', ['11'], types).sql).toBe('W1[object_type in dcim.site cast=text negate]');
    for (const bad of ['13', 'x', '11.0']) {
      const { sql, q } = run(contentTypeId, 'object_type_id', 'exact', [bad], types);
      expect(sql, bad).toBeNull();
      expect(q.errors, bad).toEqual([`Select a valid choice. ${bad} is not one of the available choices.`]);
    }
    expect(contentTypeId.lookups).toEqual(['n']);
  });
});
