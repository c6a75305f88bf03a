/**
 * @module
 * `npm run migration [-- name]`: the next migration, from the schema the committed history leads
 * to (snapshot.json at the base revision) to the definitions' schema. Migrations on disk that the
 * base does not have are folded: dropped, their changes included in the one written, so trying
 * `max_length: 120` and back leaves nothing, and three tries at a field leave one migration.
 * Without git (or outside a work tree) every migration present counts as committed.
 *
 * The committed part must be intact (unchanged, numbered once), and a migration not written by
 * the generator is never folded away; otherwise nothing is written and the diagnostics say what
 * to restore.
 */
import { createHash } from 'node:crypto';
import { DiagnosticsError, type Diagnostic } from '../../diagnostics.ts';
import type { GeneratedFile } from '../../files.ts';
import type { InventoryIR } from '../../ir/types.ts';
import { HISTORY_FILE, MIGRATIONS_DIR, SNAPSHOT_FILE, parseJsonObject } from '../../load/readPreviousMigrations.ts';
import { diffSnapshots } from './diff.ts';
import { migrationContents } from './emitMigrations.ts';
import { checksum, serializeLock, snapshotChecksum, type LockEntry } from './historyLock.ts';
import { canonicalSnapshot, currentSnapshot, emptySnapshot, serializeSnapshot } from './snapshot.ts';
import { fileName, historyFilesOf, MIGRATION_COMMAND, verifyHistory, type HistoryFiles } from './verifyHistory.ts';

export interface MigrationRequest {
  /** Name after the number (`0008_<name>.sql`); a hash of the statements when absent. */
  name?: string;
  /** Git revision whose history counts as committed (HEAD when absent). */
  base?: string;
}

export interface WrittenMigration {
  /** The new history files (migrations, snapshot.json, history.json), replacing the old ones. */
  files: GeneratedFile[];
  /** The migration written, or null when the definitions' schema is the committed one. */
  written: string | null;
  /** Uncommitted migrations folded into `written` (or dropped when nothing is written). */
  folded: string[];
}

/** `name` as it may appear in a file name: lower case letters, digits and single underscores. */
export function migrationSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * The committed history: the migrations in the base revision (`base`, null without git), each
 * required to be on disk unchanged, with the base's snapshot and lock. A committed file the base
 * lock does not record (a hand-written migration) is adopted: the new lock records it.
 */
function committedHistory(disk: HistoryFiles, base: GeneratedFile[] | null, diagnostics: Diagnostic[]): HistoryFiles {
  if (base === null) return disk;
  const atBase = historyFilesOf(base);
  const onDisk = new Map(disk.migrations.map((m) => [fileName(m.path), m]));
  const committed: GeneratedFile[] = [];
  for (const file of atBase.migrations) {
    const current = onDisk.get(fileName(file.path));
    if (!current) diagnostics.push({ file: `generated/${file.path}`, line: 1, col: 1, code: 'E_MIGRATION_HISTORY', message: `${fileName(file.path)} is committed but missing; restore it (\`git checkout -- generated/${file.path}\`)` });
    else if (current.contents !== file.contents) diagnostics.push({ file: `generated/${file.path}`, line: 1, col: 1, code: 'E_MIGRATION_HISTORY', message: `${fileName(file.path)} is committed but was edited; migrations are history: restore it (\`git checkout -- generated/${file.path}\`) and change the definitions instead` });
    else committed.push(current);
  }
  return { migrations: committed, snapshot: atBase.snapshot, lock: atBase.lock };
}

export function writeMigration(ir: InventoryIR, disk: HistoryFiles, base: GeneratedFile[] | null, request: MigrationRequest, header: (name: string) => string): WrittenMigration {
  const diagnostics: Diagnostic[] = [];
  const start = committedHistory(disk, base, diagnostics);
  // Without git the lock on disk is checked; with git the base revision vouches for its files. A
  // history without history.json (from before the lock existed) is adopted as it stands.
  const lock = base === null ? start.lock : undefined;
  diagnostics.push(...verifyHistory({ ...start, lock }).diagnostics.filter((d) => lock || d.file !== `generated/${HISTORY_FILE}`));
  if (start.migrations.length && !start.snapshot) diagnostics.push({ file: `generated/${SNAPSHOT_FILE}`, line: 1, col: 1, code: 'E_MIGRATION_HISTORY', message: 'snapshot.json is missing (it records the schema the last migration leads to); restore it from version control' });
  if (diagnostics.length) throw new DiagnosticsError(diagnostics);

  const kept = new Set(start.migrations.map((m) => m.path));
  const uncommitted = disk.migrations.filter((m) => !kept.has(m.path));
  // Folding deletes: only what the generator wrote (its header's first line) may go.
  const generatedMark = header('0000_mark').split('\n')[0];
  for (const file of uncommitted.filter((m) => !m.contents.startsWith(generatedMark))) {
    diagnostics.push({ file: `generated/${file.path}`, line: 1, col: 1, code: 'E_MIGRATION_HISTORY', message: `${fileName(file.path)} is not committed and was not written by the generator, so it is not folded away; commit it first (\`${MIGRATION_COMMAND}\` then records it), or delete it` });
  }
  if (diagnostics.length) throw new DiagnosticsError(diagnostics);
  const folded = uncommitted.map((m) => fileName(m.path));
  const previous = start.snapshot ? parseJsonObject(start.snapshot, 'the migration snapshot') : emptySnapshot();
  const current = currentSnapshot(ir);
  const statements = canonicalSnapshot(previous) === canonicalSnapshot(current) ? [] : diffSnapshots(previous, current);

  const migrations = [...start.migrations];
  let written: string | null = null;
  if (statements.length) {
    const next = Math.max(0, ...migrations.map((m) => Number(fileName(m.path).slice(0, 4)))) + 1;
    const suffix = (request.name && migrationSlug(request.name)) || createHash('sha256').update(statements.join('\n')).digest('hex').slice(0, 8);
    const name = `${String(next).padStart(4, '0')}_${suffix}`;
    written = `${name}.sql`;
    migrations.push({ path: `${MIGRATIONS_DIR}/${written}`, contents: migrationContents(header(name), statements) });
  }
  const snapshot = statements.length ? current : previous;
  const snapshotText = !statements.length && start.snapshot ? start.snapshot.contents : serializeSnapshot(snapshot);
  const entries: LockEntry[] = migrations.map((m) => ({ file: fileName(m.path), sha256: checksum(m.contents), line: 0 }));
  const records = migrations.length ? [{ path: SNAPSHOT_FILE, contents: snapshotText }, { path: HISTORY_FILE, contents: serializeLock({ snapshot: snapshotChecksum(snapshot), migrations: entries }) }] : [];
  return { files: [...migrations, ...records], written, folded };
}
