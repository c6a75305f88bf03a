/**
 * @module
 * Characters a custom field value cannot hold. Values are stored in a `jsonb` column, which
 * refuses U+0000 and UTF-16 surrogates that are not part of a pair; caught here, the refusal names
 * the field (`Invalid value for custom field 'x': …`) instead of surfacing as a database error that
 * names nothing. The messages are DRF's (ProhibitNullCharactersValidator and
 * ProhibitSurrogateCharactersValidator, which its CharField runs in that order).
 */
import { NULL_CHARACTERS } from '../validation/index.ts';

const surrogate = (code: number) => `Surrogate characters are not allowed: U+${code.toString(16).toUpperCase()}.`;

/** The message for one string, or null when it can be stored. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NULL_CHARACTERS;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    else return surrogate(code);
  }
  return null;
}

/**
 * The message for the first string inside a value (a string, or any key or string within a JSON
 * list or object) that cannot be stored, or null. Iterative: request bodies are depth-limited anyway.
 */
export function unstorableText(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return problem;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    } else if (v && typeof v === 'object') {
      for (const [key, inner] of Object.entries(v).reverse()) stack.push(inner, key);
    }
  }
  return null;
}
