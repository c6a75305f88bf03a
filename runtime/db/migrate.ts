/**
 * @module
 * Migrate at boot: applies generated/inventory/migrations/NNNN_*.sql in order, each in its own
 * transaction, and records it in `schema_migrations`. Every transaction first takes a PostgreSQL
 * advisory lock and re-checks what is applied, so two servers booting against one database apply
 * each migration exactly once (the second waits, then finds nothing to do).
 */
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

/** The migration files of `dir`, in order. A missing directory holds no migrations. */
export function readMigrations(dir: string): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ name: f.replace(/\.sql$/, ''), statements: splitStatements(readFileSync(join(dir, f), 'utf8')) }));
}

export interface MigrateResult {
  /** Migrations applied by this call, in order. */
  applied: string[];
  /** Migrations found already applied. */
  skipped: string[];
}

/** Names of the applied migrations, or null when the bookkeeping table does not exist yet. */
async function appliedNames(db: Database): Promise<Set<string> | null> {
  const [table] = await db.query<{ exists: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`);
  if (!table?.exists) return null;
  return new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
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
  const done = await appliedNames(db);
  if (done && files.every((f) => done.has(f.name))) return { applied: [], skipped: files.map((f) => f.name) };
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
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
      await tx.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, now())', [file.name]);
      return true;
    }).catch(async (error: unknown) => {
      throw new MigrationError(file.name, await failingStatement(db, file), asDatabaseError(error) ?? error);
    });
    (applied ? result.applied : result.skipped).push(file.name);
  }
  return result;
}
