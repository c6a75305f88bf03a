/**
 * @module
 * Migrate at boot: applies generated/inventory/migrations/NNNN_*.sql in order, each in its own
 * transaction, and records it in `schema_migrations`. Every transaction first takes a PostgreSQL
 * advisory lock and re-checks what is applied, so two servers booting against one database apply
 * each migration exactly once (the second waits, then finds nothing to do).
 *
 * Migrations are history: each applied one is recorded with the sha256 of its file, and a boot
 * refuses a history it cannot apply faithfully — an applied migration whose file changed or is
 * gone, or two files with one number — with a one-line MigrationHistoryError naming the file,
 * rather than applying on top of it and failing half-way ("relation … already exists").
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asDatabaseError } from './errors.ts';
import type { Database } from './types.ts';

/** Where `npm run generate` writes the inventory migrations. */
export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL('../../generated/inventory/migrations/', import.meta.url));

/** Arbitrary constant shared by every process that migrates this schema. */
const MIGRATION_LOCK = 7_305_142_001;

const BREAKPOINT = /^--> statement-breakpoint[ \t]*$/m;

export interface MigrationFile {
  /** File name without `.sql`, e.g. `0001_c2161d5a`. */
  name: string;
  statements: string[];
  /** sha256 of the file's text, as generated/inventory/migrations/history.json records it. */
  checksum: string;
}

/** The migration files are not a history this database can take; the message names the file and the fix. */
export class MigrationHistoryError extends Error {
  override name = 'MigrationHistoryError';
}

export class MigrationError extends Error {
  override name = 'MigrationError';
  constructor(
    readonly migration: string,
    readonly statement: string,
    cause: unknown,
  ) {
    super(`migration ${migration} failed: ${(cause as Error)?.message ?? String(cause)}\n  in: ${statement.length > 200 ? `${statement.slice(0, 200)}…` : statement}`, { cause });
  }
}

/** Splits a migration file into statements on `--> statement-breakpoint` lines, dropping comment-only pieces. */
export function splitStatements(sql: string): string[] {
  return sql
    .split(BREAKPOINT)
    .map((piece) => piece.trim())
    .filter((piece) => piece.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('--')));
}

/** The migration files of `dir`, in order. A missing directory holds no migrations; two files with one number are refused. */
export function readMigrations(dir: string): MigrationFile[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  for (let i = 1; i < files.length; i++) {
    if (files[i].slice(0, 4) === files[i - 1].slice(0, 4)) {
      throw new MigrationHistoryError(`two migrations are numbered ${files[i].slice(0, 4)} (${files[i - 1]}, ${files[i]}) in ${dir}; delete the one history.json does not record (\`npm run generate -- --check\` names it)`);
    }
  }
  return files.map((f) => {
    const text = readFileSync(join(dir, f), 'utf8');
    return { name: f.replace(/\.sql$/, ''), statements: splitStatements(text), checksum: createHash('sha256').update(text).digest('hex') };
  });
}

export interface MigrateResult {
  /** Migrations applied by this call, in order. */
  applied: string[];
  /** Migrations found already applied. */
  skipped: string[];
}

/**
 * Applied migrations and their recorded checksums (null for one applied before checksums were
 * recorded), or null when the bookkeeping table does not exist yet.
 */
async function appliedMigrations(db: Pick<Database, 'query'>): Promise<Map<string, string | null> | null> {
  const [table] = await db.query<{ exists: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`);
  if (!table?.exists) return null;
  // SELECT *: a database migrated before the checksum column existed has no such column yet.
  const rows = await db.query<{ name: string; checksum?: string | null }>('SELECT * FROM schema_migrations');
  return new Map(rows.map((r) => [r.name, r.checksum ?? null]));
}

/** Refuses applied migrations whose file is gone or no longer the text that was applied. */
function verifyApplied(files: MigrationFile[], applied: Map<string, string | null>, dir: string): void {
  const byName = new Map(files.map((f) => [f.name, f]));
  for (const [name, checksum] of applied) {
    const file = byName.get(name);
    if (!file) throw new MigrationHistoryError(`migration ${name}.sql was applied to this database but is missing from ${dir}; restore it from version control`);
    if (checksum !== null && checksum !== file.checksum) {
      throw new MigrationHistoryError(`migration ${name}.sql was edited after it was applied to this database (its checksum changed); migrations are history: restore the file (git checkout) and write a new migration for the change`);
    }
  }
}

/** Replays a failed migration statement by statement, in a transaction rolled back, to name the one that fails. */
async function failingStatement(db: Database, file: MigrationFile): Promise<string> {
  let failing = file.statements[0] ?? '';
  await db
    .transaction(async (tx) => {
      for (const statement of file.statements) {
        failing = statement;
        await tx.query(statement);
      }
      throw new Error('rollback');
    })
    .catch(() => {});
  return failing;
}

/** Applies pending migrations from `dir`. Idempotent; safe to run from several processes at once. */
export async function migrate(db: Database, dir: string = DEFAULT_MIGRATIONS_DIR): Promise<MigrateResult> {
  const files = readMigrations(dir);
  const result: MigrateResult = { applied: [], skipped: [] };
  // The usual boot: everything applied already, which one query tells without taking any lock.
  const done = await appliedMigrations(db);
  if (done) verifyApplied(files, done, dir);
  if (done && files.every((f) => done.get(f.name) === f.checksum)) return { applied: [], skipped: files.map((f) => f.name) };
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), checksum text)');
    await tx.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
    // Migrations applied before checksums were recorded: their files as they are now become the record.
    const applied = await appliedMigrations(tx);
    if (applied) verifyApplied(files, applied, dir);
    for (const file of files) if (applied?.get(file.name) === null) await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1', [file.name, file.checksum]);
  });
  for (const file of files) {
    const applied = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file.name]);
      if (done.length) return false;
      // A migration may rebuild a large table: the statement timeout that bounds requests does not apply.
      await tx.query('SET LOCAL statement_timeout = 0');
      // One round trip for the whole file; should it fail, the failing statement is found below.
      if (tx.script) await tx.script(file.statements.join('\n'));
      else for (const statement of file.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name, applied_at, checksum) VALUES ($1, now(), $2)', [file.name, file.checksum]);
      return true;
    }).catch(async (error: unknown) => {
      if (error instanceof MigrationHistoryError) throw error;
      throw new MigrationError(file.name, await failingStatement(db, file), asDatabaseError(error) ?? error);
    });
    (applied ? result.applied : result.skipped).push(file.name);
  }
  return result;
}
