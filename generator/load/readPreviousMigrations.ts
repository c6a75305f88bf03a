/**
 * @module
 * Migrations are history, not a pure function of today's definitions: the numbered SQL files,
 * `snapshot.json` (the schema the last one leads to) and `history.json` (each file's checksum) are
 * written only by `npm run migration` and otherwise carried over as they are. This reads that
 * history, and the previous `schema.sql`, whose recorded fingerprint lets a run skip drizzle-kit.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticsError } from '../diagnostics.ts';
import type { GeneratedFile } from '../files.ts';

export const MIGRATIONS_DIR = 'inventory/migrations';
export const SNAPSHOT_FILE = `${MIGRATIONS_DIR}/snapshot.json`;
/** The lock of the history: every migration file in order with its checksum. */
export const HISTORY_FILE = `${MIGRATIONS_DIR}/history.json`;
/** The whole schema the definitions describe, as one script (derived, not history). */
export const SCHEMA_FILE = 'inventory/schema.sql';
/** A migration file name, as the server reads them (runtime/db/migrate.ts). */
export const MIGRATION_NAME = /^\d{4}_.+\.sql$/;

export interface MigrationHistory {
  /** Existing `NNNN_name.sql` files, in name order (the order the server applies them). */
  migrations: GeneratedFile[];
  /** The schema snapshot the last migration leads to, or null before the first. */
  snapshot: unknown;
  /** `snapshot.json` and `history.json` as on disk, when present. */
  records?: GeneratedFile[];
  /** The previous `schema.sql`, or null. */
  schema?: string | null;
}

export function readPreviousMigrations(generatedDir: string): MigrationHistory {
  const dir = join(generatedDir, MIGRATIONS_DIR);
  const schemaPath = join(generatedDir, SCHEMA_FILE);
  const schema = existsSync(schemaPath) ? readFileSync(schemaPath, 'utf8') : null;
  if (!existsSync(dir)) return { migrations: [], snapshot: null, records: [], schema };
  const read = (path: string): GeneratedFile => ({ path, contents: readFileSync(join(generatedDir, path), 'utf8') });
  const migrations = readdirSync(dir)
    .filter((f) => MIGRATION_NAME.test(f))
    .sort()
    .map((f) => read(`${MIGRATIONS_DIR}/${f}`));
  const records = [SNAPSHOT_FILE, HISTORY_FILE].filter((p) => existsSync(join(generatedDir, p))).map(read);
  const snapshotFile = records.find((f) => f.path === SNAPSHOT_FILE);
  return { migrations, snapshot: snapshotFile ? parseJsonObject(snapshotFile, 'the migration snapshot') : null, records, schema };
}

/** Parses a JSON object file, reporting bad JSON at its line and column. */
export function parseJsonObject(file: GeneratedFile, what: string): Record<string, unknown> {
  const text = file.contents;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    throw new SyntaxError('expected a JSON object');
  } catch (error) {
    // JSON.parse reports a character offset; turn it into the line and column editors show.
    const offset = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? 0);
    const before = text.slice(0, offset).split('\n');
    throw new DiagnosticsError([
      { file: `generated/${file.path}`, line: before.length, col: before[before.length - 1].length + 1, code: 'E_INVALID_VALUE', message: `${what} is not valid JSON (${(error as Error).message}); restore it from version control` },
    ]);
  }
}
