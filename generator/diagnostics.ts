/**
 * @module
 * Generator diagnostics: errors are values with a code and a place, printed as
 * `file:line:col CODE message`. A run collects every diagnostic before deciding to stop.
 */

export interface Diagnostic {
  file: string;
  line: number;
  col: number;
  code: DiagnosticCode;
  message: string;
}

export type DiagnosticCode =
  | 'E_YAML'
  | 'E_MISSING_KEY'
  | 'E_UNKNOWN_KEY'
  | 'E_INVALID_VALUE'
  | 'E_UNKNOWN_TARGET'
  | 'E_UNKNOWN_CHOICES'
  | 'E_UNKNOWN_FIELD'
  | 'E_UNKNOWN_MIXIN'
  | 'E_DUPLICATE_PATH'
  | 'E_DUPLICATE_NAME'
  | 'E_APP_FOLDER'
  | 'E_SPEC'
  /** The migration history is not what was recorded (a file edited, missing, unknown or numbered twice). */
  | 'E_MIGRATION_HISTORY'
  /** A migration does not replay (a relation created twice, a column that does not exist, …). */
  | 'E_MIGRATION_REPLAY'
  /** The definitions' schema differs from what the migration history leads to. */
  | 'E_MIGRATION_NEEDED';

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col} ${d.code} ${d.message}`;
}

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.message.localeCompare(b.message));
}

/** Thrown by a stage that collected diagnostics; the CLI prints them all and exits 1. */
export class DiagnosticsError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(sortDiagnostics(diagnostics).map(formatDiagnostic).join('\n'));
  }
}
