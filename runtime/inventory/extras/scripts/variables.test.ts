/**
 * Script variables checked as NetBox's form fields check them: required fields, lengths, regex,
 * integer bounds, choices, object existence and the IP fields, each with Django's message, and
 * defaults applied.
 */
import { describe, expect, it } from 'vitest';
import { validate, type ScriptSpec, type VariableSpec } from './variables.ts';

const spec = (vars: Record<string, VariableSpec>): ScriptSpec => ({ vars, job_timeout: 300, scheduling_enabled: true });
const none = (_model: string, _ids: number[]) => new Set<number>();
const errorsOf = (vars: Record<string, VariableSpec>, data: Record<string, unknown>, exists = none) => {
  const result = validate(spec(vars), data, exists);
  return 'errors' in result ? result.errors : result.data;
};

describe('script variables', () => {
  it('requires values unless told otherwise, and applies defaults', () => {
    expect(errorsOf({ a: { type: 'StringVar' }, b: { type: 'IntegerVar', required: false }, c: { type: 'StringVar', default: 'x' }, d: { type: 'BooleanVar' } }, {})).toEqual({ a: ['This field is required.'] });
    expect(errorsOf({ b: { type: 'IntegerVar', required: false }, c: { type: 'StringVar', default: 'x' }, d: { type: 'BooleanVar' } }, { extra: [1] })).toEqual({ extra: [1], b: null, c: 'x', d: false });
  });

  it('checks strings and integers with Django\'s messages', () => {
    expect(errorsOf({ s: { type: 'StringVar', min_length: 3, regex: '^[a-z]+$' } }, { s: 'A' })).toEqual({ s: ['Ensure this value has at least 3 characters (it has 1).', 'Invalid value. Must match regex: ^[a-z]+$'] });
    expect(errorsOf({ n: { type: 'IntegerVar', min_value: 2 } }, { n: 1 })).toEqual({ n: ['Ensure this value is greater than or equal to 2.'] });
    expect(errorsOf({ n: { type: 'IntegerVar' } }, { n: '1.5' })).toEqual({ n: ['Enter a whole number.'] });
    expect(errorsOf({ n: { type: 'IntegerVar' } }, { n: ' 7 ' })).toEqual({ n: 7 });
  });

  it('checks choices and objects', () => {
    const choices: [string, string][] = [['r', 'Red'], ['g', 'Green']];
    expect(errorsOf({ c: { type: 'ChoiceVar', choices } }, { c: 'b' })).toEqual({ c: ['Select a valid choice. b is not one of the available choices.'] });
    expect(errorsOf({ m: { type: 'MultiChoiceVar', choices } }, { m: 'r' })).toEqual({ m: ['Enter a list of values.'] });
    expect(errorsOf({ m: { type: 'MultiChoiceVar', choices } }, { m: ['r', 'g'] })).toEqual({ m: ['r', 'g'] });
    const exists = (_model: string, ids: number[]) => new Set(ids.filter((id) => id < 10));
    expect(errorsOf({ o: { type: 'ObjectVar', model: 'dcim.site' } }, { o: 12 }, exists)).toEqual({ o: ['Select a valid choice. That choice is not one of the available choices.'] });
    expect(errorsOf({ o: { type: 'MultiObjectVar', model: 'dcim.site' } }, { o: [1, 11] }, exists)).toEqual({ o: ['Select a valid choice. 11 is not one of the available choices.'] });
    expect(errorsOf({ o: { type: 'ObjectVar', model: 'dcim.site' } }, { o: '3' }, exists)).toEqual({ o: 3 });
  });

  it('checks addresses and networks as NetBox\'s IP fields do', () => {
    expect(errorsOf({ a: { type: 'IPAddressVar' } }, { a: '10.0.0.1/24' })).toEqual({ a: ['Invalid IPv4/IPv6 address format: 10.0.0.1/24'] });
    expect(errorsOf({ a: { type: 'IPAddressWithMaskVar' } }, { a: '10.0.0.1' })).toEqual({ a: ['CIDR mask (e.g. /24) is required.'] });
    expect(errorsOf({ a: { type: 'IPAddressWithMaskVar' } }, { a: '10.0.0.1/33' })).toEqual({ a: ['Please specify a valid IPv4 or IPv6 address.'] });
    expect(errorsOf({ p: { type: 'IPNetworkVar' } }, { p: '10.0.0.1/24' })).toEqual({ p: ['10.0.0.1/24 is not a valid prefix. Did you mean 10.0.0.0/24?'] });
    expect(errorsOf({ p: { type: 'IPNetworkVar', max_prefix_length: 24 } }, { p: '10.0.0.0/25' })).toEqual({ p: ['The prefix length must be less than or equal to 24.'] });
    expect(errorsOf({ p: { type: 'IPNetworkVar' } }, { p: '2001:db8::/32' })).toEqual({ p: '2001:db8::/32' });
    expect(errorsOf({ p: { type: 'IPNetworkVar' } }, { p: '2001:db8::1/32' })).toEqual({ p: ['2001:db8::1/32 is not a valid prefix. Did you mean 2001:db8::1/32?'] });
  });
});
