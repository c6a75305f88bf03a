/**
 * @module
 * The `validation_regex` of text, long text and URL custom fields, run by re2js (a port of RE2).
 * Patterns come from users and are matched against values from any writer on the server's only
 * thread: a backtracking engine (JavaScript's RegExp, Python's `re`) takes exponential time on
 * patterns such as `(a+)+$`, while RE2 matches in time linear in the value's length. The price is
 * RE2's syntax: no backreferences, lookaround assertions, possessive quantifiers or atomic groups
 * (definitions/README.md, "Custom fields"). The meaning of NetBox's `re.match` is kept: the pattern
 * must match at the start of the value, not necessarily up to its end.
 */
import { RE2JS } from 're2js';

/** A compiled pattern, or why RE2 cannot run it. */
export type ValidationPattern = { readonly matches: (value: string) => boolean } | { readonly error: string };

/** Patterns are few (one per field) but a bound keeps a long-running server's memory flat. */
const CACHE_LIMIT = 500;
const cache = new Map<string, ValidationPattern>();

/** The pattern compiled once per distinct text and kept. */
export function validationPattern(pattern: string): ValidationPattern {
  let found = cache.get(pattern);
  if (!found) {
    found = compile(pattern);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(pattern, found);
  }
  return found;
}

function compile(pattern: string): ValidationPattern {
  try {
    // Compiled alone first: inside the anchoring group a stray `)` could balance (`a)|(b`) and pass.
    RE2JS.compile(pattern);
    // `^` without the multi-line flag is the start of the value (`re.match`); `test` needs no
    // capture groups, so it runs on RE2's DFA.
    const anchored = RE2JS.compile(`^(?:${pattern})`);
    return { matches: (value) => anchored.test(value) };
  } catch (error) {
    // Anything the engine throws (syntax, program too large) is a pattern it cannot run, never a 500.
    const message = error instanceof Error ? error.message : String(error);
    return { error: message.replace(/^error parsing regexp: /, '') };
  }
}

/** Why a definition's pattern is refused (under `validation_regex`). */
export const unsupportedPattern = (pattern: string, reason: string) =>
  `${pattern} is not a valid regular expression in RE2 syntax (${reason}). Custom field values are matched by a ` +
  'linear-time RE2 engine, which has no backreferences or lookaround assertions, so that no pattern can stall the server.';

/** Why a value is refused when its field's stored pattern cannot run (written before the check, e.g. in SQL). */
export const uncheckablePattern = (pattern: string, reason: string) =>
  `Value must match regex '${pattern}', which cannot be checked: it is not valid RE2 syntax (${reason}). Correct the custom field's validation regex.`;
