import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { referenceAvailable, VENDOR_SPEC } from '../../testing/bridge.ts';
import { applyQuery, OPERATORS, parseDate, type Row } from './statisticsQuery.ts';

const NOW = Date.UTC(2026, 4, 10, 12, 0);
const HOUR = 3_600_000;
const FIELDS = ['entry_time', 'system_ip', 'latency', 'state'];
const rows: Row[] = [
  { entry_time: NOW - 5 * HOUR, system_ip: '10.0.0.11', latency: 9, state: 'up' },
  { entry_time: NOW - 2 * HOUR, system_ip: '10.0.0.12', latency: 40, state: 'down' },
  { entry_time: NOW - 30 * 60_000, system_ip: '10.0.0.11', latency: 100, state: 'up' },
];
const select = (query: unknown) => applyQuery(rows, query, FIELDS, NOW).map((r) => r.latency);
const rule = (field: string, operator: string, value: unknown[], type = 'string') => ({ field, type, value, operator });

describe('statistics queries', () => {
  it('supports every operator the vendor spec uses', () => {
    expect(select({ condition: 'AND', rules: [rule('system_ip', 'in', ['10.0.0.11', '10.0.0.99'])] })).toEqual([9, 100]);
    expect(select({ rules: [rule('state', 'equal', ['down'])] })).toEqual([40]);
    expect(select({ rules: [rule('state', 'not_equal', ['down'])] })).toEqual([9, 100]);
    expect(select({ rules: [rule('latency', 'greater', ['10'], 'long')] })).toEqual([40, 100]);
    expect(select({ rules: [rule('latency', 'less', ['40'], 'long')] })).toEqual([9]);
    expect(select({ rules: [rule('latency', 'between', ['9', '40'], 'long')] })).toEqual([9, 40]);
    expect(select({ rules: [rule('entry_time', 'last_n_hours', ['1'], 'date')] })).toEqual([100]);
    expect(select({ rules: [rule('entry_time', 'last_n_hours', ['3'], 'date')] })).toEqual([40, 100]);
    const from = new Date(NOW - 3 * HOUR).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
    expect(select({ rules: [rule('entry_time', 'between', [from, String(NOW)], 'date')] })).toEqual([40, 100]);
    expect(select({ rules: [rule('entry_time', 'greater', [new Date(NOW - HOUR).toISOString()], 'date')] })).toEqual([100]);
  });

  it('takes a lone rule as the query, nested groups, and OR', () => {
    expect(select(rule('latency', 'greater', ['50'], 'long'))).toEqual([100]);
    expect(select({ condition: 'OR', rules: [rule('latency', 'less', ['10'], 'long'), { condition: 'AND', rules: [rule('state', 'equal', ['down']), rule('system_ip', 'in', ['10.0.0.12'])] }] })).toEqual([9, 40]);
    expect(select(undefined)).toEqual([9, 40, 100]);
  });

  it('refuses what the controller refuses, saying why', () => {
    expect(() => select({ rules: [rule('latency', 'like', ['1'])] })).toThrow(/unknown operator "like"; the operators are in, equal, greater, less, between, last_n_hours, not_equal/);
    expect(() => select({ rules: [rule('color', 'in', ['x'])] })).toThrow(/unknown field "color"; the fields are entry_time, system_ip, latency, state/);
    expect(() => select({ rules: [rule('latency', 'between', ['1'], 'long')] })).toThrow(/between on latency needs 2 values, got 1/);
    expect(() => select({ rules: [rule('entry_time', 'last_n_hours', ['soon'], 'date')] })).toThrow(/positive number of hours/);
    expect(() => select({ rules: [rule('entry_time', 'greater', ['yesterday'], 'date')] })).toThrow(/cannot read "yesterday" as a date/);
    expect(() => select({ condition: 'XOR', rules: [] })).toThrow(/condition must be AND or OR/);
    expect(() => select([1])).toThrow(/query must be an object/);
    expect(parseDate('2020-05-10T01:00:00 UTC')).toBe(Date.UTC(2020, 4, 10, 1));
    expect(parseDate('1589072400000')).toBe(1589072400000);
  });

  it.runIf(referenceAvailable(VENDOR_SPEC))('knows every operator named in the vendor spec', () => {
    const used = new Set([...readFileSync(VENDOR_SPEC, 'utf8').matchAll(/\boperator\\?"?:\s*\\?"?([a-z_]+)/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual(['between', 'equal', 'greater', 'in', 'last_n_hours', 'less']);
    for (const operator of used) expect(OPERATORS).toContain(operator);
  });
});
