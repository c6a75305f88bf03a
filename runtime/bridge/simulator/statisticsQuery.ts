/**
 * @module
 * The controller's statistics query DSL as the simulated controller applies it to rows:
 * `{condition: "AND"|"OR", rules: [...]}`, where a rule is `{field, type, value: [...], operator}` or
 * a nested group, or a lone rule given as the whole query (both forms appear in the vendor spec).
 * Operators are the ones the vendor spec's examples use — `in`, `equal`, `greater`, `less`, `between`
 * (two values, inclusive) and `last_n_hours` (one value, counted back from the controller's clock) —
 * plus `not_equal`. `type: date` values are epoch milliseconds or dates such as
 * `2020-05-10T01:00:00 UTC`; number types (`long`, `int`, `double`, `number`) compare as numbers;
 * anything else compares as numbers when both sides are, otherwise as text. Anything malformed is a
 * QueryError, which the controller answers with its 500 `REST0001`.
 */

import { STATISTICS_OPERATORS } from '../statisticsDsl.ts';

export type Row = Record<string, string | number>;

export class QueryError extends Error {}

/** The vendor spec's operators, and `not_equal`. */
export const OPERATORS = [...STATISTICS_OPERATORS, 'not_equal'] as const;
const NUMBER_TYPES = new Set(['long', 'int', 'integer', 'double', 'float', 'number']);

/** `2020-05-10T01:00:00 UTC`, ISO 8601, or epoch milliseconds (number or digits). */
export function parseDate(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Number(text);
  const time = Date.parse(text.replace(/\s+UTC$/i, 'Z').replace(' ', 'T'));
  if (Number.isNaN(time)) throw new QueryError(`cannot read ${JSON.stringify(value)} as a date (epoch milliseconds or e.g. "2020-05-10T01:00:00 UTC")`);
  return time;
}

type Test = (row: Row) => boolean;

interface Rule {
  field?: unknown;
  type?: unknown;
  value?: unknown;
  operator?: unknown;
}

function compareAs(type: unknown): (a: unknown, b: unknown) => number {
  if (type === 'date') return (a, b) => parseDate(a) - parseDate(b);
  if (typeof type === 'string' && NUMBER_TYPES.has(type)) {
    return (a, b) => {
      const [x, y] = [Number(a), Number(b)];
      if (Number.isNaN(x) || Number.isNaN(y)) throw new QueryError(`cannot compare ${JSON.stringify(a)} and ${JSON.stringify(b)} as numbers`);
      return x - y;
    };
  }
  return (a, b) => {
    const [x, y] = [Number(a), Number(b)];
    if (String(a).trim() !== '' && String(b).trim() !== '' && !Number.isNaN(x) && !Number.isNaN(y)) return x - y;
    return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  };
}

function ruleTest(rule: Rule, fields: readonly string[], now: number): Test {
  if (typeof rule.field !== 'string' || !fields.includes(rule.field)) throw new QueryError(`unknown field ${JSON.stringify(rule.field)}; the fields are ${fields.join(', ')}`);
  const field = rule.field;
  const values = Array.isArray(rule.value) ? rule.value : rule.value === undefined ? [] : [rule.value];
  const compare = compareAs(rule.type);
  const need = (n: number) => {
    if (values.length < n) throw new QueryError(`operator ${rule.operator} on ${field} needs ${n} value${n === 1 ? '' : 's'}, got ${values.length}`);
  };
  const operator = rule.operator ?? 'in';
  switch (operator) {
    case 'in':
    case 'equal':
      need(1);
      return (r) => values.some((v) => compare(r[field], v) === 0);
    case 'not_equal':
      need(1);
      return (r) => values.every((v) => compare(r[field], v) !== 0);
    case 'greater':
      need(1);
      return (r) => compare(r[field], values[0]) > 0;
    case 'less':
      need(1);
      return (r) => compare(r[field], values[0]) < 0;
    case 'between': {
      need(2);
      return (r) => compare(r[field], values[0]) >= 0 && compare(r[field], values[1]) <= 0;
    }
    case 'last_n_hours': {
      need(1);
      const hours = Number(values[0]);
      if (!Number.isFinite(hours) || hours <= 0) throw new QueryError(`last_n_hours needs a positive number of hours, got ${JSON.stringify(values[0])}`);
      const since = now - hours * 3_600_000;
      return (r) => parseDate(r[field]) >= since;
    }
    default:
      throw new QueryError(`unknown operator ${JSON.stringify(operator)}; the operators are ${OPERATORS.join(', ')}`);
  }
}

function groupTest(query: Record<string, unknown>, fields: readonly string[], now: number): Test {
  if ('field' in query) return ruleTest(query as Rule, fields, now);
  const { condition = 'AND', rules } = query;
  if (condition !== 'AND' && condition !== 'OR') throw new QueryError(`condition must be AND or OR, got ${JSON.stringify(condition)}`);
  if (!Array.isArray(rules)) throw new QueryError('rules must be an array');
  const tests = rules.map((rule: unknown) => {
    if (!rule || typeof rule !== 'object' || Array.isArray(rule)) throw new QueryError('each rule must be an object');
    return groupTest(rule as Record<string, unknown>, fields, now);
  });
  return condition === 'AND' ? (r) => tests.every((t) => t(r)) : (r) => tests.some((t) => t(r));
}

/** The rows the query selects; `now` is the controller's clock (for `last_n_hours`). */
export function applyQuery(rows: Row[], query: unknown, fields: readonly string[], now: number): Row[] {
  if (query === undefined || query === null) return rows;
  if (typeof query !== 'object' || Array.isArray(query)) throw new QueryError('query must be an object {condition, rules}');
  const test = groupTest(query as Record<string, unknown>, fields, now);
  return rows.filter(test);
}
