/**
 * @module
 * The one way this project writes a value or a name into SQL text, for the few places where a
 * bind parameter cannot go (`json_build_object` keys, CASE labels, table and column names, SQL
 * built once and cached). Everything a request brings is still passed as a parameter ($1, $2…).
 *
 * It lives in runtime/kinds/ because the layers rule lets kinds import only the contract and
 * kinds, while runtime/rest/, runtime/inventory/ and generator/ may all import kinds' face.
 *
 * - Quotes are doubled (`'` in strings, `"` in names), as the SQL standard writes them.
 * - A string with a backslash is written as an escape string, `E'…'` with the backslashes doubled:
 *   the same value whether the server's standard_conforming_strings is on (PostgreSQL's default,
 *   where a backslash in `'…'` is an ordinary character) or off (where `'…\'` would escape the
 *   closing quote and let the rest of the text out). Without a backslash it is a plain `'…'`.
 * - NUL (U+0000) cannot be part of PostgreSQL text nor of the statement (the protocol ends a
 *   statement at its first NUL): a string or name holding one throws a RangeError instead of
 *   producing SQL that would be cut short. An empty name, and a number that is not finite, throw too.
 * - Everything else — newlines, `$$`, `--`, `;`, `/*`, any Unicode — is ordinary text inside quotes.
 */

function refuseNul(text: string, what: string): void {
  if (text.includes('\0')) throw new RangeError(`a SQL ${what} cannot contain a NUL character: ${JSON.stringify(text)}`);
}

/** A SQL string literal of `text`: `it's` → `'it''s'`, `a\b` → `E'a\\b'`. */
export function sqlString(text: string): string {
  refuseNul(text, 'string');
  const quoted = text.replaceAll("'", "''");
  return text.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/** A quoted SQL identifier (table, column, alias): `my "t"` → `"my ""t"""`, case kept as given. */
export function sqlIdentifier(name: string): string {
  refuseNul(name, 'identifier');
  if (!name) throw new RangeError('a SQL identifier cannot be empty');
  return `"${name.replaceAll('"', '""')}"`;
}

/** A SQL literal of a string (sqlString) or a finite number (written as is: `42`, `-1.5`). */
export function sqlLiteral(value: string | number): string {
  if (typeof value === 'string') return sqlString(value);
  if (!Number.isFinite(value)) throw new RangeError(`a SQL number literal must be finite, not ${value}`);
  return String(value);
}
