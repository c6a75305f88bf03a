/** NetBox's extras/tests/test_conditions.py, case by case, and the messages EventRule.clean() shows. */
import { describe, expect, it } from 'vitest';
import { Condition, ConditionSet, conditionsError, evalConditions, InvalidCondition, ValueError } from './conditions.ts';

describe('Condition', () => {
  it('an undefined attribute is InvalidCondition', () => {
    const c = new Condition('x', 1, 'eq');
    expect(c.eval({ x: 1 })).toBe(true);
    expect(() => c.eval({})).toThrow(InvalidCondition);
  });
  it('refuses an unknown operator, an unsupported value type and an operator the type does not take', () => {
    expect(() => new Condition('x', 1, 'blah')).toThrow('Unknown operator: blah. Must be one of: eq, gt, gte, lt, lte, in, contains, regex');
    expect(() => new Condition('x', {}, 'eq')).toThrow("Unsupported value type: <class 'dict'>");
    expect(() => new Condition('x', 'foo', 'gt')).toThrow("Invalid type for gt operation: <class 'str'>");
    expect(() => new Condition('x', 123, 'in')).toThrow("Invalid type for in operation: <class 'int'>");
    expect(() => new Condition('x', 1.5, 'regex')).toThrow("Invalid type for regex operation: <class 'float'>");
  });
  it('follows nested attributes', () => {
    const c = new Condition('x.y.z', 1);
    expect(c.op).toBe('eq');
    expect(c.eval({ x: { y: { z: 1 } } })).toBe(true);
    expect(c.eval({ x: { y: { z: 2 } } })).toBe(false);
    expect(() => c.eval({ x: { y: null } })).toThrow(InvalidCondition);
    expect(() => c.eval({ x: { y: { a: 1 } } })).toThrow(InvalidCondition);
  });
  it('follows a path through a list item by item', () => {
    const c = new Condition('tags.slug', 'core', 'contains');
    expect(c.eval({ tags: [{ slug: 'edge' }, { slug: 'core' }] })).toBe(true);
    expect(c.eval({ tags: [] })).toBe(false);
  });
  it('eq, negated, and Python equality', () => {
    expect(new Condition('x', 1, 'eq').eval({ x: 1 })).toBe(true);
    expect(new Condition('x', 1, 'eq').eval({ x: 2 })).toBe(false);
    expect(new Condition('x', 1, 'eq', true).eval({ x: 1 })).toBe(false);
    expect(new Condition('x', 1, 'eq', true).eval({ x: 2 })).toBe(true);
    expect(new Condition('x', 1, 'eq').eval({ x: true })).toBe(true);
    expect(new Condition('x', [1, 'a'], 'eq').eval({ x: [1.0, 'a'] })).toBe(true);
  });
  it('gt, gte, lt, lte, with a string as InvalidCondition', () => {
    const gt = new Condition('x', 1, 'gt');
    expect([gt.eval({ x: 2 }), gt.eval({ x: 1 })]).toEqual([true, false]);
    const gte = new Condition('x', 1, 'gte');
    expect([gte.eval({ x: 2 }), gte.eval({ x: 1 }), gte.eval({ x: 0 })]).toEqual([true, true, false]);
    const lt = new Condition('x', 2, 'lt');
    expect([lt.eval({ x: 1 }), lt.eval({ x: 2 })]).toEqual([true, false]);
    const lte = new Condition('x', 2, 'lte');
    expect([lte.eval({ x: 1 }), lte.eval({ x: 2 }), lte.eval({ x: 3 })]).toEqual([true, true, false]);
    for (const c of [gt, gte, lt, lte]) expect(() => c.eval({ x: 'foo' })).toThrow(InvalidCondition);
  });
  it('in and contains, negated', () => {
    expect(new Condition('x', [1, 2, 3], 'in').eval({ x: 1 })).toBe(true);
    expect(new Condition('x', [1, 2, 3], 'in').eval({ x: 9 })).toBe(false);
    expect(new Condition('x', [1, 2, 3], 'in', true).eval({ x: 1 })).toBe(false);
    expect(new Condition('x', [1, 2, 3], 'in', true).eval({ x: 9 })).toBe(true);
    const contains = new Condition('x', 1, 'contains');
    expect(contains.eval({ x: [1, 2, 3] })).toBe(true);
    expect(contains.eval({ x: [2, 3, 4] })).toBe(false);
    expect(() => contains.eval({ x: 123 })).toThrow(InvalidCondition);
    expect(new Condition('x', 1, 'contains', true).eval({ x: [1, 2, 3] })).toBe(false);
    expect(new Condition('x', 1, 'contains', true).eval({ x: [2, 3, 4] })).toBe(true);
    expect(new Condition('x', 'bc', 'contains').eval({ x: 'abcd' })).toBe(true);
  });
  it('regex matches at the start (re.match), negated, in linear time', () => {
    const c = new Condition('x', '[a-z]+', 'regex');
    expect(c.eval({ x: 'abc' })).toBe(true);
    expect(c.eval({ x: '123' })).toBe(false);
    expect(c.eval({ x: '1abc' })).toBe(false);
    expect(new Condition('x', '[a-z]+', 'regex', true).eval({ x: 'abc' })).toBe(false);
    expect(new Condition('x', '[a-z]+', 'regex', true).eval({ x: '123' })).toBe(true);
    const started = Date.now();
    expect(new Condition('x', '(a+)+$', 'regex').eval({ x: 'a'.repeat(5000) + '!' })).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(() => new Condition('x', '(?=a)', 'regex').eval({ x: 'a' })).toThrow(InvalidCondition);
  });
});

describe('ConditionSet', () => {
  it('refuses an empty set, an invalid logic and a non-dictionary', () => {
    expect(() => new ConditionSet({})).toThrow(ValueError);
    expect(() => new ConditionSet({ foo: [] })).toThrow("Invalid logic type: must be 'AND' or 'OR'. Please check documentation.");
    expect(() => new ConditionSet([])).toThrow("Ruleset must be a dictionary, not <class 'list'>.");
    expect(() => new ConditionSet({ foo: 'status.value', value: 'active' })).toThrow('Incorrect key(s) informed. Please check documentation.');
  });
  it('a null value, negated', () => {
    const cs = new ConditionSet({ and: [{ attr: 'a', value: null, op: 'eq', negate: true }] });
    expect(cs.eval({ a: null })).toBe(false);
    expect(cs.eval({ a: 'string' })).toBe(true);
    expect(cs.eval({ a: { key: 'value' } })).toBe(true);
  });
  it('and / or, single and multiple depths, mixed', () => {
    const and1 = new ConditionSet({ and: [{ attr: 'a', value: 1, op: 'eq' }, { attr: 'b', value: 1, op: 'eq', negate: true }] });
    expect([and1.eval({ a: 1, b: 2 }), and1.eval({ a: 1, b: 1 })]).toEqual([true, false]);
    const or1 = new ConditionSet({ or: [{ attr: 'a', value: 1, op: 'eq' }, { attr: 'b', value: 1, op: 'eq' }] });
    expect([or1.eval({ a: 1, b: 2 }), or1.eval({ a: 2, b: 1 }), or1.eval({ a: 2, b: 2 })]).toEqual([true, true, false]);
    const bc = (logic: 'and' | 'or') => ({ [logic]: [{ attr: 'b', value: 2, op: 'eq' }, { attr: 'c', value: 3, op: 'eq' }] });
    const andDeep = new ConditionSet({ and: [{ attr: 'a', value: 1, op: 'eq' }, bc('and')] });
    expect([{ a: 1, b: 2, c: 3 }, { a: 9, b: 2, c: 3 }, { a: 1, b: 9, c: 3 }, { a: 1, b: 2, c: 9 }].map((d) => andDeep.eval(d))).toEqual([true, false, false, false]);
    const orDeep = new ConditionSet({ or: [{ attr: 'a', value: 1, op: 'eq' }, bc('or')] });
    expect([{ a: 1, b: 9, c: 9 }, { a: 9, b: 2, c: 9 }, { a: 9, b: 9, c: 3 }, { a: 9, b: 9, c: 9 }].map((d) => orDeep.eval(d))).toEqual([true, true, true, false]);
    const mixedAnd = new ConditionSet({ and: [{ attr: 'a', value: 1, op: 'eq' }, bc('or')] });
    expect([{ a: 1, b: 2, c: 9 }, { a: 1, b: 9, c: 3 }, { a: 1, b: 9, c: 9 }, { a: 9, b: 2, c: 3 }].map((d) => mixedAnd.eval(d))).toEqual([true, true, false, false]);
    const mixedOr = new ConditionSet({ or: [{ attr: 'a', value: 1, op: 'eq' }, bc('and')] });
    expect([{ a: 1, b: 9, c: 9 }, { a: 9, b: 2, c: 3 }, { a: 1, b: 2, c: 9 }, { a: 9, b: 2, c: 9 }, { a: 9, b: 9, c: 3 }].map((d) => mixedOr.eval(d))).toEqual([true, true, true, false, false]);
  });
  it('event rule conditions without a logic operator, with `in` and `negate` (a site as the API shows it)', () => {
    const site = { id: 1, name: 'Site 1', status: { value: 'active', label: 'Active' } };
    expect(evalConditions({ attr: 'status.value', value: 'active' }, site)).toBe(true);
    expect(evalConditions({ attr: 'status.value', value: ['planned', 'staging'], op: 'in' }, site)).toBe(false);
    expect(evalConditions({ attr: 'status.value', value: ['planned', 'staging'], op: 'in', negate: true }, site)).toBe(true);
  });
  it('an incorrect key is refused when written; a failed evaluation is false; no conditions match', () => {
    expect(conditionsError({ foo: 'status.value', value: 'active' })).toBe('Incorrect key(s) informed. Please check documentation.');
    expect(conditionsError(null)).toBeNull();
    expect(conditionsError({})).toBeNull();
    expect(evalConditions({ attr: 'missing', value: 1 }, { x: 1 })).toBe(false);
    expect(evalConditions(null, { x: 1 })).toBe(true);
  });
});
