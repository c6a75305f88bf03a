import { describe, expect, it } from 'vitest';
import { fnmatchPattern, ignoreRules } from './ignoreRules.ts';

describe('fnmatch patterns (Python fnmatchcase)', () => {
  const cases: [string, string, boolean][] = [
    ['*.txt', 'a.txt', true],
    ['*.txt', 'dir/a.txt', true], // `*` crosses `/`
    ['*.txt', 'a.TXT', false], // case-sensitive
    ['?.j2', 'a.j2', true],
    ['?.j2', 'ab.j2', false],
    ['[ab].j2', 'b.j2', true],
    ['[!ab].j2', 'b.j2', false],
    ['[!ab].j2', 'c.j2', true],
    ['[a-c]x', 'bx', true],
    ['[]]x', ']x', true],
    ['[x', '[x', true], // an unclosed bracket is literal
    ['a.b', 'aXb', false], // `.` is literal
    ['(a|b)', '(a|b)', true],
    ['templates/*', 'templates/x/y.j2', true],
  ];
  for (const [pattern, name, expected] of cases) {
    it(`${pattern} ${expected ? 'matches' : 'does not match'} ${name}`, () => expect(fnmatchPattern(pattern).test(name)).toBe(expected));
  }
});

describe('ignore rules (DataSource._ignore)', () => {
  it('skips dot files, and paths or names matching a rule', () => {
    const ignored = ignoreRules('*.bak\nsecret/*\r\nREADME.md');
    expect(ignored('.gitignore')).toBe(true);
    expect(ignored('dir/.hidden')).toBe(true);
    expect(ignored('x/y.bak')).toBe(true);
    expect(ignored('secret/key.txt')).toBe(true);
    expect(ignored('docs/README.md')).toBe(true); // by its name
    expect(ignored('templates/leaf.j2')).toBe(false);
    expect(ignoreRules('')('a.txt')).toBe(false);
  });
});
