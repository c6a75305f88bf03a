/**
 * @module
 * The server's log (stderr). It never carries a secret: a database error is logged by its code,
 * table, column and constraint with PostgreSQL's message, never with the failing statement's
 * parameters (which hold password hashes, token digests and everything else a client sent), and
 * quoted input values in PostgreSQL's messages are elided.
 */
import { asDatabaseError } from '../db/index.ts';

/** `invalid input syntax for type integer: "x"` → `…: "…"`: such messages quote client input. */
function withoutQuotedValues(message: string): string {
  return message.replace(/: "(?:[^"\\]|\\.)*"/g, ': "…"');
}

/** One line describing an unexpected error, safe to log. */
export function describeError(error: unknown): string {
  const db = asDatabaseError(error);
  if (db) {
    const where = [db.table && `table ${db.table}`, db.column && `column ${db.column}`, db.constraint && `constraint ${db.constraint}`].filter(Boolean).join(', ');
    return `DatabaseError ${db.code}: ${withoutQuotedValues(db.message)}${where ? ` (${where})` : ''}`;
  }
  if (error instanceof Error) {
    // The stack's first line repeats the message; the frames carry no data.
    const frames = (error.stack ?? '').split('\n').slice(1, 6).join('\n');
    return `${error.name}: ${error.message}${frames ? `\n${frames}` : ''}`;
  }
  return `non-error thrown: ${typeof error}`;
}

export function logUnhandled(requestId: string, method: string, path: string, error: unknown): void {
  process.stderr.write(`[server] ${method} ${path} failed (request ${requestId}): ${describeError(error)}\n`);
}
