/**
 * @module
 * Emits `generated/inventory/migrations/`: the existing numbered SQL files unchanged, plus — when
 * the schema the definitions describe differs from the recorded `snapshot.json` — one new
 * `NNNN_<hash>.sql` with the statements between them and the new snapshot. A run over unchanged
 * definitions emits exactly what is on disk.
 *
 * Statements in a file are separated by `--> statement-breakpoint` lines (drizzle's convention);
 * runtime/db's migrator splits on them and runs each statement on its own.
 */
import { createHash } from 'node:crypto';
import { DiagnosticsError } from '../../diagnostics.ts';
import type { InventoryIR } from '../../ir/types.ts';
import { FINGERPRINT_FILE, MIGRATIONS_DIR, SNAPSHOT_FILE } from '../../load/readPreviousMigrations.ts';
import { buildTableSpecs } from '../drizzle/tables.ts';
import type { EmitContext } from '../types.ts';
import type { GeneratedFile } from '../types.ts';
import { diffSnapshots } from './diff.ts';
import { canonicalSnapshot, currentSnapshot, emptySnapshot, serializeSnapshot, specsFingerprint, type Snapshot } from './snapshot.ts';

export const STATEMENT_BREAKPOINT = '--> statement-breakpoint';

function historyError(message: string): DiagnosticsError {
  return new DiagnosticsError([{ file: `generated/${SNAPSHOT_FILE}`, line: 1, col: 1, code: 'E_INVALID_VALUE', message }]);
}

function migrationNumber(path: string): number {
  return Number(/(\d{4})_[^/]*\.sql$/.exec(path)?.[1] ?? 0);
}

/** The text of a migration file: header, then statements separated by breakpoint lines. */
export function migrationContents(header: string, statements: readonly string[]): string {
  return `${header}\n${statements.join(`\n${STATEMENT_BREAKPOINT}\n`)}\n`;
}

export function emitMigrations(ir: InventoryIR, { templates, previousMigrations }: EmitContext): GeneratedFile[] {
  const { migrations, snapshot: recorded } = previousMigrations;
  if (migrations.length && recorded === null) {
    throw historyError(`${migrations.length} migration(s) exist but the snapshot is missing; restore it from version control (it records the schema the last migration leads to)`);
  }
  if (!migrations.length && recorded !== null) {
    throw historyError('a snapshot exists but no migration does; restore the migrations from version control, or delete the snapshot to start the history over');
  }
  const files: GeneratedFile[] = migrations.map((m) => ({ path: m.path, contents: m.contents }));
  const specs = buildTableSpecs(ir);
  const fingerprint = { path: FINGERPRINT_FILE, contents: `${specsFingerprint(specs)}\n` };
  // Same specs as last time: the snapshot cannot differ, so drizzle-kit need not even be loaded.
  if (recorded !== null && previousMigrations.fingerprint === fingerprint.contents.trim()) {
    return [...files, { path: SNAPSHOT_FILE, contents: serializeSnapshot(recorded) }, fingerprint];
  }
  const current = currentSnapshot(ir, specs);
  if (recorded !== null && canonicalSnapshot(recorded) === canonicalSnapshot(current)) {
    return [...files, { path: SNAPSHOT_FILE, contents: serializeSnapshot(recorded) }, fingerprint];
  }
  const statements = diffSnapshots((recorded as Snapshot | null) ?? emptySnapshot(), current);
  if (statements.length) {
    const next = Math.max(0, ...migrations.map((m) => migrationNumber(m.path))) + 1;
    const hash = createHash('sha256').update(statements.join('\n')).digest('hex').slice(0, 8);
    const name = `${String(next).padStart(4, '0')}_${hash}`;
    files.push({ path: `${MIGRATIONS_DIR}/${name}.sql`, contents: migrationContents(templates['sql-header']({ name }), statements) });
  }
  return [...files, { path: SNAPSHOT_FILE, contents: serializeSnapshot(current) }, fingerprint];
}
