import { describe, expect, it } from 'vitest';
import { validationPattern } from './patterns.ts';

const matches = (pattern: string, value: string) => {
  const compiled = validationPattern(pattern);
  if ('error' in compiled) throw new Error(compiled.error);
  return compiled.matches(value);
};

describe('validationPattern', () => {
  it('matches at the start only, as re.match', () => {
    expect(matches('\\d+', '12x')).toBe(true);
    expect(matches('\\d+', 'x12')).toBe(false);
    expect(matches('a|b', 'b...')).toBe(true);
    expect(matches('^[a-z]+$', 'abc')).toBe(true);
    expect(matches('^[a-z]+$', 'abC')).toBe(false);
    expect(matches('(?i)abc', 'ABC')).toBe(true);
  });

  it('answers a catastrophic pattern for backtracking engines at once', () => {
    expect(matches('(a+)+$', `${'a'.repeat(40)}!`)).toBe(false);
    expect(matches('(.*a){20}', 'a'.repeat(10_000))).toBe(true);
  });

  it('refuses what RE2 cannot run, saying why', () => {
    expect(validationPattern('(a)\\1')).toEqual({ error: 'invalid escape sequence: `\\1`' });
    expect(validationPattern('(?=a)b')).toEqual({ error: 'invalid or unsupported Perl syntax: `(?=`' });
    expect(validationPattern('(?<!a)b')).toHaveProperty('error');
    expect(validationPattern('a*+')).toHaveProperty('error');
    // Not balanced by the anchoring group wrapped around it.
    expect(validationPattern('a)|(b')).toEqual({ error: 'unexpected ): `a)|(b`' });
  });

  it('compiles each pattern once', () => {
    expect(validationPattern('x+')).toBe(validationPattern('x+'));
  });
});
