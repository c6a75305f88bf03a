/**
 * @module
 * Checks the migration files against their lock (history.json) without running them: each file
 * recorded, each recorded file present and unchanged, no number used twice, the snapshot the one
 * recorded. Every problem is a diagnostic on the file concerned with the command that fixes it.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { GeneratedFile } from '../../files.ts';
import { HISTORY_FILE, MIGRATIONS_DIR, MIGRATION_NAME, SNAPSHOT_FILE, parseJsonObject } from '../../load/readPreviousMigrations.ts';
import { checksum, parseLock, snapshotChecksum, type HistoryLock } from './historyLock.ts';

export const MIGRATION_COMMAND = 'npm run migration';

/** The history among generated files: migrations in name order, snapshot and lock. */
export interface HistoryFiles {
  migrations: GeneratedFile[];
  snapshot?: GeneratedFile;
  lock?: GeneratedFile;
}

export function historyFilesOf(files: readonly GeneratedFile[]): HistoryFiles {
  const inDir = (f: GeneratedFile) => f.path.startsWith(`${MIGRATIONS_DIR}/`) && !f.path.slice(MIGRATIONS_DIR.length + 1).includes('/');
  return {
    migrations: files.filter((f) => inDir(f) && MIGRATION_NAME.test(fileName(f.path))).sort((a, b) => a.path.localeCompare(b.path)),
    snapshot: files.find((f) => f.path === SNAPSHOT_FILE),
    lock: files.find((f) => f.path === HISTORY_FILE),
  };
}

export const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const numberOf = (path: string) => fileName(path).slice(0, 4);
const at = (path: string, message: string, line = 1, code: Diagnostic['code'] = 'E_MIGRATION_HISTORY'): Diagnostic => ({ file: `generated/${path}`, line, col: 1, code, message });

export function verifyHistory(history: HistoryFiles): { diagnostics: Diagnostic[]; lock: HistoryLock | null } {
  const diagnostics: Diagnostic[] = [];
  const byNumber = new Map<string, string[]>();
  for (const m of history.migrations) byNumber.set(numberOf(m.path), [...(byNumber.get(numberOf(m.path)) ?? []), fileName(m.path)]);
  for (const names of byNumber.values()) {
    if (names.length < 2) continue;
    for (const name of names) {
      const others = names.filter((n) => n !== name).join(', ');
      diagnostics.push(at(`${MIGRATIONS_DIR}/${name}`, `migration number ${name.slice(0, 4)} is used twice (also ${others}); delete the file history.json does not record, or run \`${MIGRATION_COMMAND}\` to fold the uncommitted ones into one`));
    }
  }
  if (!history.lock) {
    if (history.migrations.length || history.snapshot) diagnostics.push(at(HISTORY_FILE, `the migration history has no history.json; restore it from version control, or run \`${MIGRATION_COMMAND}\` to record the migrations present as the history`));
    return { diagnostics, lock: null };
  }
  const lock = parseLock(history.lock);
  const onDisk = new Map(history.migrations.map((m) => [fileName(m.path), m]));
  const recorded = new Set(lock.migrations.map((e) => e.file));
  for (const entry of lock.migrations) {
    const file = onDisk.get(entry.file);
    if (!file) diagnostics.push(at(HISTORY_FILE, `history.json records ${entry.file}, which does not exist; restore it from version control (\`git checkout -- generated/${MIGRATIONS_DIR}/${entry.file}\`)`, entry.line));
    else if (checksum(file.contents) !== entry.sha256) {
      diagnostics.push(at(file.path, `${entry.file} was edited after it was recorded (its sha256 no longer matches history.json); migrations are history: restore it (\`git checkout -- generated/${file.path}\`) and change the definitions instead, then run \`${MIGRATION_COMMAND}\``));
    }
  }
  for (const [name, file] of onDisk) {
    if (!recorded.has(name)) diagnostics.push(at(file.path, `${name} is not recorded in history.json (left over from an undone change, or added by hand); delete it, or run \`${MIGRATION_COMMAND}\` to fold it into the next migration`));
  }
  const order = lock.migrations.map((e) => e.file);
  if (order.join('\n') !== [...order].sort().join('\n')) diagnostics.push(at(HISTORY_FILE, 'history.json lists its migrations out of order; restore it from version control'));
  if (!history.snapshot) {
    if (lock.migrations.length) diagnostics.push(at(SNAPSHOT_FILE, `snapshot.json is missing (it records the schema the last migration leads to); restore it from version control`));
  } else if (snapshotChecksum(parseJsonObject(history.snapshot, 'the migration snapshot')) !== lock.snapshot) {
    diagnostics.push(at(history.snapshot.path, `snapshot.json is not the schema history.json records; restore it from version control (\`git checkout -- generated/${SNAPSHOT_FILE}\`)`));
  }
  return { diagnostics, lock };
}
