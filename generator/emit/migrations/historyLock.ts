/**
 * @module
 * `history.json`, the lock of the migration history: every migration file, in order, with the
 * sha256 of its text, and the checksum of the snapshot the last one leads to. A migration is
 * history once committed: `--check` and the server refuse a file that is not recorded here, a
 * recorded file that is gone, and one whose text no longer matches its checksum.
 *
 * One migration a line, so that a diagnostic about an entry can point at it.
 */
import { createHash } from 'node:crypto';
import { DiagnosticsError } from '../../diagnostics.ts';
import type { GeneratedFile } from '../../files.ts';
import { HISTORY_FILE, parseJsonObject } from '../../load/readPreviousMigrations.ts';
import { canonicalSnapshot } from './snapshot.ts';

export interface LockEntry {
  /** File name, e.g. `0001_c2161d5a.sql`. */
  file: string;
  sha256: string;
  /** Line of the entry in history.json (0 for an entry not read from a file). */
  line: number;
}

export interface HistoryLock {
  /** Checksum of the canonical snapshot the history leads to. */
  snapshot: string;
  migrations: LockEntry[];
}

export const checksum = (text: string): string => createHash('sha256').update(text).digest('hex');

export const snapshotChecksum = (snapshot: unknown): string => checksum(canonicalSnapshot(snapshot));

export function serializeLock(lock: HistoryLock): string {
  const entries = lock.migrations.map((m) => `    { "file": ${JSON.stringify(m.file)}, "sha256": "${m.sha256}" }`);
  return [
    '{',
    '  "about": "The migration history: written by `npm run migration`, checked by `npm run generate -- --check` and by the server. Do not edit.",',
    `  "snapshot": "${lock.snapshot}",`,
    `  "migrations": [${entries.length ? `\n${entries.join(',\n')}\n  ` : ''}]`,
    '}',
    '',
  ].join('\n');
}

export function parseLock(file: GeneratedFile): HistoryLock {
  const json = parseJsonObject(file, 'the migration history');
  const invalid = (message: string) =>
    new DiagnosticsError([{ file: `generated/${HISTORY_FILE}`, line: 1, col: 1, code: 'E_MIGRATION_HISTORY', message: `${message}; restore history.json from version control` }]);
  if (typeof json.snapshot !== 'string' || !Array.isArray(json.migrations)) throw invalid('expected "snapshot" (a checksum) and "migrations" (a list)');
  const lines = file.contents.split('\n');
  const migrations = json.migrations.map((entry: unknown) => {
    const { file: name, sha256 } = (entry ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || typeof sha256 !== 'string') throw invalid('every migration entry needs "file" and "sha256"');
    const line = lines.findIndex((l) => l.includes(JSON.stringify(name))) + 1;
    return { file: name, sha256, line };
  });
  return { snapshot: json.snapshot, migrations };
}
