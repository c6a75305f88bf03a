/**
 * @module
 * PostgreSQL errors that reach the API are the client's fault, not the server's: a unique index
 * hit by a concurrent write, a bad regular expression in a `__regex` filter, a number out of range.
 * They become NetBox-shaped 400/409 answers; anything else stays a 500.
 */
import { constraints } from '../../generated/inventory/schema/constraints.ts';
import { asDatabaseError, SqlState } from '../db/index.ts';
import { ApiError, badRequest, conflict } from './errors.ts';
import type { Registry } from './registry.ts';

/** Client-side data errors (SQLSTATE class 22): invalid regex, bad text representation, overflow… */
const DATA_EXCEPTION = /^22/;

export function apiErrorFromDatabase(error: unknown, registry: Registry): ApiError | null {
  const db = asDatabaseError(error);
  if (!db) return null;
  const meaning = db.constraint ? constraints[db.constraint] : undefined;
  if (db.code === SqlState.uniqueViolation) {
    const unique = meaning?.kind === 'unique' && meaning.resource && meaning.unique !== null ? registry.get(meaning.resource).resource.unique[meaning.unique] : undefined;
    return badRequest(unique ? { [unique.errorField]: [unique.message] } : { __all__: ['An object with these values already exists.'] });
  }
  if (db.code === SqlState.foreignKeyViolation) {
    // "update or delete on table …" is a delete blocked by a dependent; otherwise a write named a vanished object.
    if (/^update or delete/.test(db.message)) return conflict('Unable to delete object. Dependent objects were found.');
    const field = meaning?.kind === 'foreign_key' ? meaning.field : null;
    return badRequest({ [field ?? '__all__']: ['Related object not found.'] });
  }
  if (DATA_EXCEPTION.test(db.code)) return badRequest({ detail: db.message });
  return null;
}
