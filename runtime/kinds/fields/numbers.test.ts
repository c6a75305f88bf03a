/**
 * Numbers: `integer` (an integer column, `bigint` past PostgreSQL's integer) and `decimal`
 * (numeric with digits) — columns, DRF's IntegerField/DecimalField validation, schemas, serialisation.
 */
import { describe, expect, it } from 'vitest';
import { fakeCatalog, fakeOpenApiContext, fakeResource, fakeSerializeContext, fieldOf, parse } from '../../testing/kinds.ts';
import { decimal, integer } from './numbers.ts';

const asn = fakeResource('ipam.asns', [
  { name: 'asn', kind: 'integer', required: true, minValue: 1, maxValue: 4294967295 },
  { name: 'weight', kind: 'integer', default: 1000, minValue: 0, maxValue: 32767 },
  { name: 'count', kind: 'integer', nullable: true },
  { name: 'latitude', kind: 'decimal', nullable: true, digits: [8, 6], minValue: -90, maxValue: 90 },
  { name: 'ratio', kind: 'decimal', nullable: true, digits: [5, 2] },
  { name: 'broken', kind: 'decimal' },
]);
const catalog = fakeCatalog([asn]);
const api = fakeOpenApiContext(catalog);
const validate = (kind: typeof integer, name: string, value: unknown) => parse(kind.validators!(fieldOf(asn, name), catalog)[name], value);

describe('integer', () => {
  it('is an integer column, or bigint (number mode) when its bounds pass integer', () => {
    expect(integer.column(fieldOf(asn, 'weight'), catalog)).toEqual({ builder: 'integer', name: 'weight', args: null, modifiers: [{ kind: 'notNull' }], sqlType: 'integer' });
    expect(integer.column(fieldOf(asn, 'asn'), catalog)).toEqual({ builder: 'bigint', name: 'asn', args: { mode: 'number' }, modifiers: [{ kind: 'notNull' }], sqlType: 'bigint' });
    expect(integer.column(fieldOf(asn, 'count'), catalog)).toMatchObject({ builder: 'integer', modifiers: [] });
  });

  it('accepts integers and integer strings', () => {
    expect(validate(integer, 'weight', 100)).toEqual({ value: 100 });
    expect(validate(integer, 'weight', ' 100 ')).toEqual({ value: 100 });
    expect(validate(integer, 'asn', 4294967295)).toEqual({ value: 4294967295 });
    expect(validate(integer, 'count', null)).toEqual({ value: null });
  });

  it('refuses non-integers and values out of bounds with DRF\'s messages', () => {
    for (const bad of [1.5, '1.5', 'ten', '', true, [], {}, '1e3']) expect(validate(integer, 'weight', bad), JSON.stringify(bad)).toEqual({ errors: ['A valid integer is required.'] });
    expect(validate(integer, 'weight', -1)).toEqual({ errors: ['Ensure this value is greater than or equal to 0.'] });
    expect(validate(integer, 'weight', 32768)).toEqual({ errors: ['Ensure this value is less than or equal to 32767.'] });
    expect(validate(integer, 'asn', 0)).toEqual({ errors: ['Ensure this value is greater than or equal to 1.'] });
    expect(validate(integer, 'asn', 4294967296)).toEqual({ errors: ['Ensure this value is less than or equal to 4294967295.'] });
    expect(validate(integer, 'weight', null)).toEqual({ errors: ['This field may not be null.'] });
  });

  it("is bounded by PostgreSQL's integer when the definition gives no bounds", () => {
    expect(validate(integer, 'count', 2147483647)).toEqual({ value: 2147483647 });
    expect(validate(integer, 'count', 2147483648)).toEqual({ errors: ['Ensure this value is less than or equal to 2147483647.'] });
    expect(validate(integer, 'count', -2147483649)).toEqual({ errors: ['Ensure this value is greater than or equal to -2147483648.'] });
    expect(validate(integer, 'count', '99999999999999999999')).toEqual({ errors: ['A valid integer is required.'] });
  });

  it('has its bounds and int64 format in OpenAPI, the number filter, and serialises numbers', () => {
    expect(integer.response(fieldOf(asn, 'asn'), api)).toEqual({ type: 'integer', format: 'int64', minimum: 1, maximum: 4294967295 });
    expect(integer.request!(fieldOf(asn, 'weight'), api)).toEqual({ type: 'integer', minimum: 0, maximum: 32767 });
    expect(integer.response(fieldOf(asn, 'count'), api)).toEqual({ type: 'integer', nullable: true });
    expect(integer.filters!(fieldOf(asn, 'asn'), asn, catalog)).toEqual([{ name: 'asn', kind: 'number' }]);
    const ctx = fakeSerializeContext(catalog);
    expect(integer.serialize(fieldOf(asn, 'asn'), asn, { asn: '4294967295' }, ctx)).toBe(4294967295);
    expect(integer.serialize(fieldOf(asn, 'count'), asn, { count: null }, ctx)).toBeNull();
  });
});

describe('decimal', () => {
  it('is numeric(precision, scale), and a definition without digits is an error', () => {
    expect(decimal.column(fieldOf(asn, 'latitude'), catalog)).toEqual({ builder: 'numeric', name: 'latitude', args: { precision: 8, scale: 6 }, modifiers: [], sqlType: 'numeric' });
    expect(() => decimal.column(fieldOf(asn, 'broken'), catalog)).toThrow(/decimal field broken has no digits/);
  });

  it('accepts numbers and numeric strings within digits and bounds', () => {
    expect(validate(decimal, 'latitude', 45.5)).toEqual({ value: 45.5 });
    expect(validate(decimal, 'latitude', '-45.123456')).toEqual({ value: -45.123456 });
    expect(validate(decimal, 'ratio', '0.05')).toEqual({ value: 0.05 });
    expect(validate(decimal, 'latitude', null)).toEqual({ value: null });
  });

  it("refuses what DRF's DecimalField refuses", () => {
    for (const bad of ['abc', '', '1.2.3', true, [], '1e5']) expect(validate(decimal, 'latitude', bad), JSON.stringify(bad)).toEqual({ errors: ['A valid number is required.'] });
    expect(validate(decimal, 'latitude', '1.1234567')).toEqual({ errors: ['Ensure that there are no more than 6 decimal places.'] });
    expect(validate(decimal, 'latitude', 90.5)).toEqual({ errors: ['Ensure this value is less than or equal to 90.'] });
    expect(validate(decimal, 'latitude', -91)).toEqual({ errors: ['Ensure this value is greater than or equal to -90.'] });
    expect(validate(decimal, 'ratio', '123456')).toEqual({ errors: ['Ensure that there are no more than 5 digits in total.'] });
  });

  it("checks digits in DRF's order, including the digits before the point", () => {
    expect(validate(decimal, 'ratio', '1234.5')).toEqual({ errors: ['Ensure that there are no more than 3 digits before the decimal point.'] });
    expect(validate(decimal, 'ratio', '1234')).toEqual({ errors: ['Ensure that there are no more than 3 digits before the decimal point.'] });
    expect(validate(decimal, 'latitude', '12.1234567')).toEqual({ errors: ['Ensure that there are no more than 8 digits in total.'] });
  });

  it('is a JSON number in OpenAPI and in answers', () => {
    expect(decimal.response(fieldOf(asn, 'latitude'), api)).toEqual({ type: 'number', format: 'double', minimum: -90, maximum: 90, nullable: true });
    expect(decimal.filters!(fieldOf(asn, 'latitude'), asn, catalog)).toEqual([{ name: 'latitude', kind: 'decimal' }]);
    const ctx = fakeSerializeContext(catalog);
    expect(decimal.serialize(fieldOf(asn, 'latitude'), asn, { latitude: '45.500000' }, ctx)).toBe(45.5);
    expect(decimal.serialize(fieldOf(asn, 'latitude'), asn, { latitude: null }, ctx)).toBeNull();
  });
});
