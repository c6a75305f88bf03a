/**
 * @module
 * One error type for PostgreSQL's errors from either driver. PGlite and postgres.js name the same
 * fields differently (`constraint` vs `constraint_name`); callers match on `code` (SQLSTATE, e.g.
 * `23505` unique_violation, `23503` foreign_key_violation) and `constraint`, which
 * generated/inventory/constraints.json maps to what the constraint protects.
 */

/** SQLSTATE codes the runtime reacts to. */
export const SqlState = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  notNullViolation: '23502',
  checkViolation: '23514',
  invalidRegularExpression: '2201B',
  /** query_canceled: statement_timeout (and the embedded driver's timeout) ended the statement. */
  queryCanceled: '57014',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

export class DatabaseError extends Error {
  override name = 'DatabaseError';
  /** SQLSTATE code (five characters). */
  readonly code: string;
  /** Name of the violated constraint or unique index, when PostgreSQL reports one. */
  readonly constraint: string | null;
  /** PostgreSQL's DETAIL line, e.g. `Key (slug)=(x) already exists.` */
  readonly detail: string | null;
  readonly table: string | null;
  readonly column: string | null;

  constructor(message: string, fields: { code: string; constraint?: string | null; detail?: string | null; table?: string | null; column?: string | null }, options?: { cause?: unknown }) {
    super(message, options);
    this.code = fields.code;
    this.constraint = fields.constraint ?? null;
    this.detail = fields.detail ?? null;
    this.table = fields.table ?? null;
    this.column = fields.column ?? null;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The DatabaseError behind `error` (a driver error, or one wrapped by Drizzle in `cause`), or null
 * when it is not an error reported by PostgreSQL (connection refused, a bug…).
 */
export function asDatabaseError(error: unknown): DatabaseError | null {
  return fromDriver(error, 5);
}

function fromDriver(error: unknown, maxDepth: number): DatabaseError | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < maxDepth; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseError) return e;
    const fields = e as Record<string, unknown>;
    const code = text(fields.code);
    // A SQLSTATE, not one of Node's system error codes (ECONNREFUSED, EPIPE…).
    if (!code || !/^([0-5][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/.test(code)) continue;
    return new DatabaseError(
      (e as Error).message,
      {
        code,
        constraint: text(fields.constraint) ?? text(fields.constraint_name),
        detail: text(fields.detail),
        table: text(fields.table) ?? text(fields.table_name),
        column: text(fields.column) ?? text(fields.column_name),
      },
      { cause: e },
    );
  }
  return null;
}

/**
 * Rethrows a driver's PostgreSQL error as DatabaseError, anything else as it is. Only the error
 * itself is looked at, not its causes: an error the caller wrapped (say, a MigrationError around a
 * DatabaseError) must come out of a transaction unchanged.
 */
export function rethrow(error: unknown): never {
  throw fromDriver(error, 1) ?? error;
}
