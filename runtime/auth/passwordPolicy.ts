/**
 * @module
 * NetBox's password policy, its default AUTH_PASSWORD_VALIDATORS: Django's MinimumLengthValidator
 * with `min_length` 12, and NetBox's AlphanumericPasswordValidator (a numeral, an uppercase and a
 * lowercase letter). Django's validate_password runs every validator and reports each one's
 * message; the alphanumeric one stops at its first missing kind of character. Characters are
 * counted and classed as Python does: by code point, `isdigit` (decimal digits and Unicode's
 * other digits, such as `²` and `①`), `isupper` and `islower` (Unicode's Uppercase and Lowercase).
 */
import { randomString } from './tokens.ts';

export const MIN_PASSWORD_LENGTH = 12;

/** Python's str.isdigit for one character: Nd, plus the characters whose Numeric_Type is Digit (from Python's Unicode 14 data). */
const DIGIT = /[\p{Nd}\u00B2\u00B3\u00B9\u1369-\u1371\u19DA\u2070\u2074-\u2079\u2080-\u2089\u2460-\u2468\u2474-\u247C\u2488-\u2490\u24EA\u24F5-\u24FD\u24FF\u2776-\u277E\u2780-\u2788\u278A-\u2792\u{10A40}-\u{10A43}\u{10E60}-\u{10E68}\u{11052}-\u{1105A}\u{1F100}-\u{1F10A}]/u;
const UPPER = /\p{Uppercase}/u;
const LOWER = /\p{Lowercase}/u;

/** What the policy finds wrong with `password`, in NetBox's words and order; empty when it passes. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if ([...password].length < MIN_PASSWORD_LENGTH) problems.push(`This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (!DIGIT.test(password)) problems.push('Password must have at least one numeral.');
  else if (!UPPER.test(password)) problems.push('Password must have at least one uppercase letter.');
  else if (!LOWER.test(password)) problems.push('Password must have at least one lowercase letter.');
  return problems;
}

/** A random password of `length` letters and digits that the policy accepts (the first superuser's, when none is given). */
export function generatePassword(length = 20): string {
  for (;;) {
    const password = randomString(Math.max(length, MIN_PASSWORD_LENGTH));
    if (!passwordProblems(password).length) return password;
  }
}
