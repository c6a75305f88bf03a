/**
 * Numeric, date and boolean filters: django-filter's value checks and messages, and the lookups
 * (`n lt lte gt gte empty`) mapped to the path compiler's ops.
 */
import { describe, expect, it } from 'vitest';
import { FakeFilterQuery, fakeCatalog, fakeResource, fakeOpenApiContext } from '../../testing/kinds.ts';
import { boolean, date, datetime, decimal, number, NUMBER_LOOKUPS } from './scalar.ts';
import type { FilterKind } from './types.ts';

const site = fakeResource(
  'dcim.sites',
  [{ name: 'asn', kind: 'integer' }, { name: 'latitude', kind: 'decimal', digits: [8, 6] }, { name: 'created', kind: 'datetime' }, { name: 'born', kind: 'date' }, { name: 'active', kind: 'boolean' }],
  {
    filters: [
      { name: 'id', kind: 'number' },
      { name: 'asn', kind: 'number' },
      { name: 'lat', kind: 'number', path: 'latitude' },
      { name: 'latitude', kind: 'decimal' },
      { name: 'created', kind: 'datetime' },
      { name: 'born', kind: 'date' },
      { name: 'active', kind: 'boolean' },
    ],
  },
);
const catalog = fakeCatalog([site]);
const filterOf = (name: string) => site.filters.find((f) => f.name === name)!;

function run(kind: FilterKind, name: string, lookup: string, values: string[]) {
  const q = new FakeFilterQuery(site, catalog, name);
  const sql = kind.condition(filterOf(name), lookup, values, q);
  return { sql, q };
}

describe('number', () => {
  it("expands to NetBox's numeric lookups", () => {
    expect(NUMBER_LOOKUPS).toEqual(['n', 'lte', 'lt', 'gte', 'gt', 'empty']);
    expect(filterOf('asn').lookups).toEqual([...NUMBER_LOOKUPS]);
  });

  it('matches any of the values, compared as numeric (no value too large, none rounded)', () => {
    const { sql, q } = run(number, 'asn', 'exact', ['65000', ' 99999999999999999999999 ']);
    expect(sql).toBe('W1[asn in 65000,99999999999999999999999 cast=numeric]');
    expect(q.errors).toEqual([]);
  });

  it('maps comparisons to ops and `n` to a negation', () => {
    expect(run(number, 'asn', 'gt', ['5']).sql).toBe('W1[asn gt 5 cast=numeric]');
    expect(run(number, 'asn', 'lte', ['5']).sql).toBe('W1[asn lte 5 cast=numeric]');
    expect(run(number, 'asn', 'lt', ['5']).sql).toBe('W1[asn lt 5 cast=numeric]');
    expect(run(number, 'asn', 'gte', ['5', '7']).sql).toBe('W1[asn gte 5,7 cast=numeric]');
    expect(run(number, 'asn', 'n', ['5']).sql).toBe('W1[asn in 5 cast=numeric negate]');
  });

  it('`empty` is null-ness, and takes a boolean', () => {
    expect(run(number, 'asn', 'empty', ['true']).sql).toBe('W1[asn isnull true]');
    expect(run(number, 'asn', 'empty', ['0']).sql).toBe('W1[asn isnull true negate]');
    const { sql, q } = run(number, 'asn', 'empty', ['maybe']);
    expect(sql).toBeNull();
    expect(q.errors).toEqual(['Select a valid choice. maybe is not one of the available choices.']);
  });

  it('refuses a value that is not an integer with "Enter a number."', () => {
    for (const bad of ['x', '1.5', '1e3', '', '0x10']) {
      const { sql, q } = run(number, 'asn', 'exact', ['1', bad]);
      expect(sql, bad).toBeNull();
      expect(q.errors, bad).toEqual(['Enter a number.']);
      expect(q.wheres).toEqual([]);
    }
  });

  it('describes its values as integers, or numbers on a decimal field', () => {
    expect(number.valueSchema(filterOf('asn'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'integer' });
    expect(number.valueSchema(filterOf('lat'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'number' });
  });
});

describe('decimal', () => {
  it('takes decimal text, refusing anything else with "Enter a number."', () => {
    expect(run(decimal, 'latitude', 'gte', ['-10.5', '1e2', '.5']).sql).toBe('W1[latitude gte -10.5,1e2,.5 cast=numeric]');
    const { sql, q } = run(decimal, 'latitude', 'exact', ['ten']);
    expect(sql).toBeNull();
    expect(q.errors).toEqual(['Enter a number.']);
    expect(decimal.valueSchema(filterOf('latitude'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'number' });
  });
});

describe('date and datetime', () => {
  it('take ISO dates and date-times, cast as date and timestamptz', () => {
    expect(run(date, 'born', 'lt', ['2024-02-29']).sql).toBe('W1[born lt 2024-02-29 cast=date]');
    expect(run(datetime, 'created', 'gte', ['2024-01-01T10:00:00Z']).sql).toBe('W1[created gte 2024-01-01T10:00:00Z cast=timestamptz]');
    expect(run(datetime, 'created', 'exact', ['2024-01-01']).sql).toBe('W1[created in 2024-01-01 cast=timestamptz]');
    expect(datetime.valueSchema(filterOf('created'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'string', format: 'date-time' });
    expect(date.valueSchema(filterOf('born'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'string', format: 'date' });
  });

  it("refuse other text with Django's messages", () => {
    for (const bad of ['2023-02-29', '2024-13-01', 'yesterday', '2024-01-01T10:00']) {
      const { sql, q } = run(date, 'born', 'exact', [bad]);
      expect(sql, bad).toBeNull();
      expect(q.errors, bad).toEqual(['Enter a valid date.']);
    }
    for (const bad of ['2024-02-30T10:00', '2024-01-01T24:00', 'now', '2024-01-01T10:00+15:00']) {
      const { sql, q } = run(datetime, 'created', 'gt', [bad]);
      expect(sql, bad).toBeNull();
      expect(q.errors, bad).toEqual(['Enter a valid date/time.']);
    }
  });
});

describe('boolean', () => {
  it("takes django-filter's spellings and no lookups", () => {
    expect(boolean.lookups).toEqual([]);
    expect(run(boolean, 'active', 'exact', ['true']).sql).toBe('W1[active exact true cast=boolean]');
    expect(run(boolean, 'active', 'exact', ['False']).sql).toBe('W1[active exact false cast=boolean]');
    expect(run(boolean, 'active', 'exact', ['1']).q.wheres[0].values).toEqual([true]);
    const { sql, q } = run(boolean, 'active', 'exact', ['yes']);
    expect(sql).toBeNull();
    expect(q.errors).toEqual(['Select a valid choice. yes is not one of the available choices.']);
    expect(boolean.valueSchema(filterOf('active'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'boolean' });
  });
});
