/**
 * Filter value checks as django-filter's form fields make them; and the filter kind registry.
 */
import { describe, expect, it } from 'vitest';
import { filterKind, filterKinds } from './index.ts';
import { booleanValue, invalidChoice, isDate, isDecimal, isInteger } from './values.ts';

describe('values', () => {
  it('isInteger takes optional sign and surrounding blanks, digits only', () => {
    for (const ok of ['0', '-5', '+5', ' 42 ', '99999999999999999999999']) expect(isInteger(ok), ok).toBe(true);
    for (const bad of ['', '1.0', '1e3', 'x', '--1', '1 2']) expect(isInteger(bad), bad).toBe(false);
  });

  it('isDecimal takes what Python\'s Decimal takes (in plain or exponent form)', () => {
    for (const ok of ['1', '-1.5', '.5', '5.', '1e3', '1.5E-2', ' 2 ']) expect(isDecimal(ok), ok).toBe(true);
    for (const bad of ['', '.', 'e3', '1e', 'NaN', 'Infinity', '1,5']) expect(isDecimal(bad), bad).toBe(false);
  });

  it('isDate checks real days (leap years included), times and offsets', () => {
    expect(isDate('2024-02-29', true)).toBe(true);
    expect(isDate('2023-02-29', true)).toBe(false);
    expect(isDate('2000-02-29', true)).toBe(true);
    expect(isDate('1900-02-29', true)).toBe(false);
    expect(isDate('0000-01-01', true)).toBe(false);
    expect(isDate('2024-04-31', true)).toBe(false);
    expect(isDate('2024-01-01T10:00', true)).toBe(false);
    for (const ok of ['2024-01-01', '2024-01-01T10:00', '2024-01-01 10:00:59', '2024-01-01T10:00:00.123456Z', '2024-01-01T10:00+02:00', '2024-01-01T10:00-0530']) expect(isDate(ok, false), ok).toBe(true);
    for (const bad of ['2024-01-01T24:00', '2024-01-01T10:60', '2024-01-01T10:00:60', '2024-01-01T10:00+15:00', '2024-01-01T10', '2024-1-1']) expect(isDate(bad, false), bad).toBe(false);
  });

  it("booleanValue takes django-filter's spellings only", () => {
    expect(['true', 'True', '1'].map(booleanValue)).toEqual([true, true, true]);
    expect(['false', 'False', '0'].map(booleanValue)).toEqual([false, false, false]);
    expect(['yes', 'TRUE', ''].map(booleanValue)).toEqual([null, null, null]);
  });

  it("invalidChoice is Django's message", () => {
    expect(invalidChoice('x')).toBe('Select a valid choice. x is not one of the available choices.');
  });
});

describe('filter kinds', () => {
  it('are found by name; an unknown one is an error naming it', () => {
    expect(filterKinds.size).toBe(22);
    for (const [name, kind] of filterKinds) expect(kind.name).toBe(name);
    expect(filterKind('tag').name).toBe('tag');
    expect(() => filterKind('nope')).toThrow('unknown filter kind "nope"');
  });
});
