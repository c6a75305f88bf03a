/**
 * @module
 * NetBox's event rule conditions (extras/conditions.py): a condition `{attr, value, op, negate}`
 * or a set `{"and": [...]}` / `{"or": [...]}` of conditions and sets, compiled once (a bad one is
 * refused with NetBox's ValueError text, which EventRule.clean() shows under `conditions`) and
 * evaluated against an object's data as Python does it: dotted paths through dicts and lists,
 * Python's equality (`1 == 1.0 == True`), comparisons that refuse mixed types, and `regex` as
 * `re.match` (anchored at the start) — run by re2js, so a pattern takes time linear in the text.
 *
 * An evaluation that Python would stop with InvalidCondition (a missing key, a type the operator
 * cannot take) makes the whole set false, as EventRule.eval_conditions() does. Where NetBox
 * would fail with an uncaught error instead (a path through a string, a pattern Python cannot
 * compile, a set's key `AND` in capitals), the set is false too.
 */
import { RE2JS } from 're2js';
import { pythonType } from '../../../kinds/index.ts';

export const OPERATORS = ['eq', 'gt', 'gte', 'lt', 'lte', 'in', 'contains', 'regex'] as const;
export type Operator = (typeof OPERATORS)[number];

type PyType = 'str' | 'bool' | 'int' | 'float' | 'list' | 'NoneType' | 'dict';

/** The operators each type of `value` takes (Condition.TYPES). */
const TYPES: Partial<Record<PyType, readonly Operator[]>> = {
  str: ['eq', 'contains', 'regex'],
  bool: ['eq', 'contains'],
  int: ['eq', 'gt', 'gte', 'lt', 'lte', 'contains'],
  float: ['eq', 'gt', 'gte', 'lt', 'lte', 'contains'],
  list: ['eq', 'in', 'contains'],
  NoneType: ['eq'],
};

/** The Python type a JSON value parses to. */
const pyType = (value: unknown) => pythonType(value) as PyType;

/** Raised where Python raises InvalidCondition (or a TypeError it would turn into one). */
export class InvalidCondition extends Error {}

/** Python's `==` on JSON values. */
export function pyEquals(a: unknown, b: unknown): boolean {
  const numeric = (v: unknown) => typeof v === 'number' || typeof v === 'boolean';
  if (numeric(a) && numeric(b)) return Number(a) === Number(b);
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => pyEquals(x, b[i]));
  if (typeof a === 'object' && typeof b === 'object') {
    const [ka, kb] = [Object.keys(a as object), Object.keys(b as object)];
    return ka.length === kb.length && ka.every((k) => k in (b as object) && pyEquals((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

/** Python's ordering of a data value against a number (`value > 1`): a TypeError unless numeric. */
function compare(data: unknown, value: number): number {
  if (typeof data !== 'number' && typeof data !== 'boolean') throw new InvalidCondition(`'<' not supported between instances of '${pyType(data)}' and '${pyType(value)}'`);
  return Number(data) - value;
}

/** Python's `needle in haystack`. */
function contains(haystack: unknown, needle: unknown): boolean {
  if (typeof haystack === 'string') {
    if (typeof needle !== 'string') throw new InvalidCondition(`'in <string>' requires string as left operand, not ${pyType(needle)}`);
    return haystack.includes(needle);
  }
  if (Array.isArray(haystack)) return haystack.some((item) => pyEquals(item, needle));
  if (haystack && typeof haystack === 'object') {
    if (Array.isArray(needle)) throw new InvalidCondition(`unhashable type: 'list'`);
    return typeof needle === 'string' && Object.hasOwn(haystack, needle);
  }
  throw new InvalidCondition(`argument of type '${pyType(haystack)}' is not iterable`);
}

const patterns = new Map<string, RE2JS | Error>();

/** `re.match(pattern, text)`: anchored at the start, not the end. */
function matchesAtStart(pattern: string, text: unknown): boolean {
  if (typeof text !== 'string') throw new InvalidCondition(`expected string or bytes-like object, got '${pyType(text)}'`);
  let compiled = patterns.get(pattern);
  if (!compiled) {
    try {
      compiled = RE2JS.compile(pattern);
    } catch (error) {
      compiled = error as Error;
    }
    if (patterns.size > 1000) patterns.clear();
    patterns.set(pattern, compiled);
  }
  if (compiled instanceof Error) throw new InvalidCondition(`Invalid pattern: ${compiled.message}`);
  return compiled.matcher(text).lookingAt();
}

export interface Evaluable {
  eval(data: unknown): boolean;
}

export class Condition implements Evaluable {
  readonly op: Operator;
  constructor(
    readonly attr: string,
    readonly value: unknown,
    op: unknown = 'eq',
    readonly negate: unknown = false,
  ) {
    if (typeof op !== 'string' || !(OPERATORS as readonly string[]).includes(op)) throw new ValueError(`Unknown operator: ${String(op)}. Must be one of: ${OPERATORS.join(', ')}`);
    const type = pyType(value);
    const ops = TYPES[type];
    if (!ops) throw new ValueError(`Unsupported value type: <class '${type}'>`);
    if (!ops.includes(op as Operator)) throw new ValueError(`Invalid type for ${op} operation: <class '${type}'>`);
    this.op = op as Operator;
  }

  /** The value at the dotted path: through a list, the key of each item. */
  private lookup(data: unknown): unknown {
    const get = (obj: unknown, key: string): unknown => {
      if (Array.isArray(obj)) return obj.map((item) => get1(item, key));
      return get1(obj, key);
    };
    const get1 = (obj: unknown, key: string): unknown => {
      const target = obj || {};
      if (typeof target !== 'object' || Array.isArray(target)) throw new InvalidCondition(`Invalid key path: ${this.attr}`);
      if (!Object.hasOwn(target, key)) throw new InvalidCondition(`Invalid key path: ${this.attr}`);
      return (target as Record<string, unknown>)[key];
    };
    return this.attr.split('.').reduce(get, data);
  }

  eval(data: unknown): boolean {
    const found = this.lookup(data);
    const value = this.value;
    let result: boolean;
    switch (this.op) {
      case 'eq':
        result = pyEquals(found, value);
        break;
      case 'gt':
        result = compare(found, value as number) > 0;
        break;
      case 'gte':
        result = compare(found, value as number) >= 0;
        break;
      case 'lt':
        result = compare(found, value as number) < 0;
        break;
      case 'lte':
        result = compare(found, value as number) <= 0;
        break;
      case 'in':
        result = contains(value, found);
        break;
      case 'contains':
        result = contains(found, value);
        break;
      case 'regex':
        result = matchesAtStart(value as string, found);
        break;
    }
    return this.negate ? !result : result;
  }
}

/** NetBox's ValueError: the text EventRule.clean() shows. */
export class ValueError extends Error {}

const isRuleset = (data: unknown): boolean => !!data && typeof data === 'object' && !Array.isArray(data) && Object.keys(data).length === 1 && ['and', 'or'].includes(Object.keys(data)[0]);

const INCORRECT_KEYS = 'Incorrect key(s) informed. Please check documentation.';

/** `Condition(**rule)`: keyword arguments other than attr, value, op and negate are Python's TypeError. */
function condition(rule: unknown): Condition {
  if (!rule || typeof rule !== 'object' || Array.isArray(rule)) throw new ValueError(INCORRECT_KEYS);
  const keys = Object.keys(rule);
  const r = rule as Record<string, unknown>;
  if (!keys.every((k) => ['attr', 'value', 'op', 'negate'].includes(k)) || !('attr' in r) || !('value' in r)) throw new ValueError(INCORRECT_KEYS);
  if (typeof r.attr !== 'string') throw new ValueError(INCORRECT_KEYS);
  return new Condition(r.attr, r.value, 'op' in r ? r.op : 'eq', r.negate ?? false);
}

export class ConditionSet implements Evaluable {
  readonly logic: 'and' | 'or' | null;
  readonly conditions: Evaluable[];

  constructor(ruleset: unknown) {
    if (!ruleset || typeof ruleset !== 'object' || Array.isArray(ruleset)) throw new ValueError(`Ruleset must be a dictionary, not <class '${pyType(ruleset)}'>.`);
    const keys = Object.keys(ruleset);
    if (keys.length === 1) {
      const logic = keys[0].toLowerCase();
      if (logic !== 'and' && logic !== 'or') throw new ValueError("Invalid logic type: must be 'AND' or 'OR'. Please check documentation.");
      this.logic = logic;
      const rules = (ruleset as Record<string, unknown>)[keys[0]];
      if (!Array.isArray(rules)) throw new ValueError(INCORRECT_KEYS);
      this.conditions = rules.map((rule) => (isRuleset(rule) ? new ConditionSet(rule) : condition(rule)));
    } else {
      this.logic = null;
      this.conditions = [condition(ruleset)];
    }
  }

  /** Whether `data` meets the set; InvalidCondition when Python would raise it. */
  eval(data: unknown): boolean {
    return this.logic === 'or' ? this.conditions.some((c) => c.eval(data)) : this.conditions.every((c) => c.eval(data));
  }
}

/** Why `conditions` cannot be compiled (the text under `conditions`), or null. Empty conditions are not checked, as NetBox's `if self.conditions`. */
export function conditionsError(conditions: unknown): string | null {
  if (!truthy(conditions)) return null;
  try {
    new ConditionSet(conditions);
    return null;
  } catch (error) {
    if (error instanceof ValueError) return error.message;
    throw error;
  }
}

/** Python's truth of a JSON value. */
function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** EventRule.eval_conditions(): true without conditions; false when they do not hold or cannot be evaluated. */
export function evalConditions(conditions: unknown, data: unknown): boolean {
  if (!truthy(conditions)) return true;
  try {
    return new ConditionSet(conditions).eval(data);
  } catch {
    return false;
  }
}
