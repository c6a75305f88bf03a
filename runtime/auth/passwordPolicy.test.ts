import { describe, expect, it } from 'vitest';
import { generatePassword, passwordProblems } from './passwordPolicy.ts';

const SHORT = 'This password is too short. It must contain at least 12 characters.';

describe('passwordProblems', () => {
  it("reports Django's length rule and NetBox's first missing kind of character, in that order", () => {
    expect(passwordProblems('a')).toEqual([SHORT, 'Password must have at least one numeral.']);
    expect(passwordProblems('Ab1')).toEqual([SHORT]);
    expect(passwordProblems('abcdefghijk1')).toEqual(['Password must have at least one uppercase letter.']);
    expect(passwordProblems('ABCDEFGHIJK1')).toEqual(['Password must have at least one lowercase letter.']);
    // The alphanumeric validator stops at the first kind it misses.
    expect(passwordProblems('no-digits-or-capitals')).toEqual(['Password must have at least one numeral.']);
    expect(passwordProblems('Admin-password-1')).toEqual([]);
  });

  it('counts code points and classes characters as Python does', () => {
    // Eleven characters, one of them outside the BMP (two UTF-16 units): still too short.
    expect(passwordProblems('Abcdefghij😀')).toEqual([SHORT, 'Password must have at least one numeral.']);
    expect(passwordProblems('Abcdefghij1😀')).toEqual([]);
    // Python's isdigit counts superscripts and circled digits; isupper/islower any script's cased letters.
    expect(passwordProblems('Passwort-hoch²')).toEqual([]);
    expect(passwordProblems('ÉCOLE-①-école')).toEqual([]);
    expect(passwordProblems('ΠΑΡΟΛΗ-12345-ω')).toEqual([]);
    expect(passwordProblems('٣٣٣٣٣٣٣٣٣٣٣٣Aa')).toEqual([]);
  });
});

describe('generatePassword', () => {
  it('always satisfies the policy', () => {
    for (let i = 0; i < 500; i++) {
      const password = generatePassword();
      expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(passwordProblems(password)).toEqual([]);
    }
  });
});
