/**
 * @module
 * Migrations are history, not a pure function of today's definitions: a new migration is the
 * difference between the last recorded schema snapshot and the current one. This reads that history
 * (the checked-in SQL files and the snapshot) so the migrations emitter can extend it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticsError } from '../diagnostics.ts';
import type { GeneratedFile } from '../files.ts';

export const MIGRATIONS_DIR = 'inventory/migrations';
export const SNAPSHOT_FILE = `${MIGRATIONS_DIR}/snapshot.json`;
/** Fingerprint of the table specs the snapshot was computed from (lets a run skip drizzle-kit). */
export const FINGERPRINT_FILE = `${MIGRATIONS_DIR}/snapshot.sha256`;

export interface MigrationHistory {
  /** Existing `NNNN_name.sql` files, in order. */
  migrations: GeneratedFile[];
  /** The schema snapshot the last migration leads to, or null before the first. */
  snapshot: unknown;
  /** Fingerprint of the specs behind `snapshot`, or null when not recorded. */
  fingerprint?: string | null;
}

export function readPreviousMigrations(generatedDir: string): MigrationHistory {
  const dir = join(generatedDir, MIGRATIONS_DIR);
  if (!existsSync(dir)) return { migrations: [], snapshot: null, fingerprint: null };
  const migrations = readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ path: `${MIGRATIONS_DIR}/${f}`, contents: readFileSync(join(dir, f), 'utf8') }));
  const snapshotPath = join(generatedDir, SNAPSHOT_FILE);
  const fingerprintPath = join(generatedDir, FINGERPRINT_FILE);
  const fingerprint = existsSync(fingerprintPath) ? readFileSync(fingerprintPath, 'utf8').trim() : null;
  return { migrations, snapshot: existsSync(snapshotPath) ? readSnapshot(snapshotPath) : null, fingerprint };
}

function readSnapshot(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  try {
    const snapshot: unknown = JSON.parse(text);
    if (snapshot && typeof snapshot === 'object' && !Array.isArray(snapshot)) return snapshot;
    throw new SyntaxError('expected a JSON object');
  } catch (error) {
    // JSON.parse reports a character offset; turn it into the line and column editors show.
    const offset = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? 0);
    const before = text.slice(0, offset).split('\n');
    throw new DiagnosticsError([
      { file: `generated/${SNAPSHOT_FILE}`, line: before.length, col: before[before.length - 1].length + 1, code: 'E_INVALID_VALUE', message: `the migration snapshot is not valid JSON (${(error as Error).message}); restore it from version control` },
    ]);
  }
}
