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

/** Applies pending migrations from `dir`. Idempotent; safe to run from several processes at once. */
export async function migrate(db: Database, dir: string = DEFAULT_MIGRATIONS_DIR): Promise<MigrateResult> {
  const files = readMigrations(dir);
  const result: MigrateResult = { applied: [], skipped: [] };
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  for (const file of files) {
    const applied = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file.name]);
      if (done.length) return false;
      for (const statement of file.statements) {
        try {
          await tx.query(statement);
        } catch (error) {
          throw new MigrationError(file.name, statement, asDatabaseError(error) ?? error);
        }
      }
      await tx.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, now())', [file.name]);
      return true;
    });
    (applied ? result.applied : result.skipped).push(file.name);
  }
  return result;
}
