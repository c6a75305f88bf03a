/**
 * @module
 * PostgreSQL errors that reach the API are the client's fault, not the server's: a unique index
 * hit by a concurrent write, a value PostgreSQL refuses. They become NetBox-shaped 400/409
 * answers, never PostgreSQL's own text (which may quote stored values); anything else stays a
 * 500. Input is validated before it reaches SQL, so these are a safety net, not the mechanism.
 */
import { asDatabaseError, SqlState } from '../db/index.ts';
import { ApiError, badRequest, conflict, type FieldErrors } from './errors.ts';
import type { Registry } from './registry.ts';

/** Client-side data errors (SQLSTATE class 22): invalid text, numbers out of range, bad regular expressions… */
const DATA_EXCEPTION = /^22/;

/** What a failed write means for the object being written, as field errors; null when it is no client error. */
export function fieldErrorsFromDatabase(error: unknown, registry: Registry): FieldErrors | null {
  const db = asDatabaseError(error);
  if (!db) return null;
  const meaning = db.constraint ? registry.constraints[db.constraint] : undefined;
  if (db.code === SqlState.uniqueViolation) {
    const unique = meaning?.kind === 'unique' && meaning.resource && meaning.unique !== null ? registry.get(meaning.resource).resource.unique[meaning.unique] : undefined;
    return unique ? { [unique.errorField]: [unique.message] } : { __all__: ['An object with these values already exists.'] };
  }
  if (db.code === SqlState.foreignKeyViolation && !/^update or delete/.test(db.message)) {
    const field = meaning?.kind === 'foreign_key' ? meaning.field : null;
    return { [field ?? '__all__']: ['Related object not found.'] };
  }
  if (db.code === SqlState.notNullViolation) {
    const field = db.table && db.column ? fieldOfColumn(registry, db.table, db.column) : null;
    return { [field ?? '__all__']: ['This field may not be null.'] };
  }
  if (DATA_EXCEPTION.test(db.code)) return { non_field_errors: ['A value in the request cannot be stored.'] };
  return null;
}

function fieldOfColumn(registry: Registry, table: string, column: string): string | null {
  const resource = registry.resources.find((r) => r.table === table);
  return resource?.fields.find((f) => f.column === column)?.name ?? null;
}

/**
 * A statement past the server's statement timeout (STATEMENT_TIMEOUT) was cancelled, and its
 * transaction with it: nothing was written. The server is busy, not broken, so 503 as a proxy in
 * front of NetBox would answer a request that outlived its timeout, never 500.
 */
export function statementTimedOut(): ApiError {
  return new ApiError(503, { detail: 'The request took longer than the server allows a database statement and was cancelled; nothing was written. Narrow it (filters, a smaller limit) or try again later.' }, { 'Retry-After': '5' });
}

export function apiErrorFromDatabase(error: unknown, registry: Registry): ApiError | null {
  const db = asDatabaseError(error);
  if (!db) return null;
  if (db.code === SqlState.queryCanceled) return statementTimedOut();
  // "update or delete on table …" is a delete blocked by a dependent that appeared concurrently.
  if (db.code === SqlState.foreignKeyViolation && /^update or delete/.test(db.message)) return conflict('Unable to delete object. Dependent objects were found.');
  const fields = fieldErrorsFromDatabase(error, registry);
  return fields ? badRequest(fields) : null;
}
