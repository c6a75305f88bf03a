/**
 * @module
 * What a CLI run does about migrations once every file is emitted:
 * - `--check`: verify the history against history.json and replay it against schema.sql; any
 *   problem is a DiagnosticsError (the CLI prints it, writes nothing and exits 1);
 * - a plain generate: say on one line when a migration is needed (it never writes one), and on
 *   another when the history is not the recorded one;
 * - `--migration [name]`: replace the history with the one that ends in the new migration.
 */
import { DiagnosticsError } from '../../diagnostics.ts';
import type { GeneratedFile } from '../../files.ts';
import type { InventoryIR } from '../../ir/types.ts';
import { SCHEMA_FILE } from '../../load/readPreviousMigrations.ts';
import { readHistoryAtRef } from '../../load/readPreviousMigrationsGit.ts';
import { loadTemplates } from '../../templates.ts';
import { schemaHeader } from './emitMigrations.ts';
import { parseLock } from './historyLock.ts';
import { replayDiagnostics } from './replayHistory.ts';
import { historyFilesOf, MIGRATION_COMMAND, verifyHistory, type HistoryFiles } from './verifyHistory.ts';
import { writeMigration, type MigrationRequest } from './writeMigration.ts';

export type { MigrationRequest } from './writeMigration.ts';

/** The project folders this step reads (a subset of pipeline.ts's ProjectPaths). */
export interface MigrationPaths {
  root: string;
  generated: string;
  templates: string;
}

/** Throws a DiagnosticsError for every way the history is not the recorded, replayable one. */
export function checkMigrations(files: readonly GeneratedFile[]): void {
  const history = historyFilesOf(files);
  const { diagnostics } = verifyHistory(history);
  diagnostics.push(...replayDiagnostics(history, files.find((f) => f.path === SCHEMA_FILE)));
  if (diagnostics.length) throw new DiagnosticsError(diagnostics);
}

/** Whether the definitions' schema (recorded in schema.sql) is not the one history.json ends at. */
export function migrationNeeded(history: HistoryFiles, schema: GeneratedFile | undefined): boolean {
  const wanted = schemaHeader(schema?.contents)?.snapshot;
  if (!history.lock) return history.migrations.length > 0 || (schema?.contents.includes('CREATE TABLE') ?? false);
  return wanted !== parseLock(history.lock).snapshot;
}

export function settleMigrations(paths: MigrationPaths, ir: InventoryIR, files: GeneratedFile[], mode: 'write' | 'check', request: MigrationRequest | undefined, log: (line: string) => void): GeneratedFile[] {
  if (mode === 'check') {
    checkMigrations(files);
    return files;
  }
  const history = historyFilesOf(files);
  if (!request) {
    if (migrationNeeded(history, files.find((f) => f.path === SCHEMA_FILE))) log(`migration needed: the definitions' schema differs from what generated/inventory/migrations/ leads to; \`${MIGRATION_COMMAND} [-- name]\` writes it`);
    // The lock check alone (no replay) is cheap enough for every run; --check says the rest.
    const problems = verifyHistory(history).diagnostics.length;
    if (problems) log(`the migration history has ${problems} problem(s) that \`npm run generate -- --check\` lists with their fixes`);
    return files;
  }
  const base = readHistoryAtRef(paths.root, paths.generated, request.base);
  const templates = loadTemplates(paths.templates);
  const result = writeMigration(ir, history, base, request, (name) => templates['sql-header']({ name }));
  const old = new Set([...history.migrations, history.snapshot, history.lock].filter(Boolean).map((f) => f!.path));
  const folded = result.folded.length ? ` (folded ${result.folded.join(', ')})` : '';
  log(result.written ? `wrote migration generated/inventory/migrations/${result.written}${folded}` : `no migration needed: the definitions' schema is the one the committed history leads to${folded}`);
  return [...files.filter((f) => !old.has(f.path)), ...result.files].sort((a, b) => a.path.localeCompare(b.path));
}
