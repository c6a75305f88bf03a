/**
 * @module
 * Migrations are history, not a pure function of today's definitions: a new migration is the
 * difference between the last recorded schema snapshot and the current one. This reads that history
 * (the checked-in SQL files and the snapshot) so the migrations emitter can extend it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedFile } from '../emit/types.ts';

export const MIGRATIONS_DIR = 'inventory/migrations';
export const SNAPSHOT_FILE = `${MIGRATIONS_DIR}/snapshot.json`;

export interface MigrationHistory {
  /** Existing `NNNN_name.sql` files, in order. */
  migrations: GeneratedFile[];
  /** The schema snapshot the last migration leads to, or null before the first. */
  snapshot: unknown;
}

export function readPreviousMigrations(generatedDir: string): MigrationHistory {
  const dir = join(generatedDir, MIGRATIONS_DIR);
  if (!existsSync(dir)) return { migrations: [], snapshot: null };
  const migrations = readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ path: `${MIGRATIONS_DIR}/${f}`, contents: readFileSync(join(dir, f), 'utf8') }));
  const snapshotPath = join(generatedDir, SNAPSHOT_FILE);
  const snapshot = existsSync(snapshotPath) ? JSON.parse(readFileSync(snapshotPath, 'utf8')) : null;
  return { migrations, snapshot };
}
