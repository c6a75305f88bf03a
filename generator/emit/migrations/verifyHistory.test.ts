/**
 * The lock check on hand-made histories: each way a history can differ from history.json is one
 * diagnostic on the file concerned, naming the fix.
 */
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../diagnostics.ts';
import { HISTORY_FILE, SNAPSHOT_FILE } from '../../load/readPreviousMigrations.ts';
import { checksum, serializeLock, snapshotChecksum } from './historyLock.ts';
import { historyFilesOf, verifyHistory } from './verifyHistory.ts';

const snapshot = { version: '7', tables: { 'public.a': { name: 'a' } } };
const a = { path: 'inventory/migrations/0001_a.sql', contents: 'CREATE TABLE a (x int);\n' };
const b = { path: 'inventory/migrations/0002_b.sql', contents: 'ALTER TABLE a ADD COLUMN y int;\n' };
const lockOf = (files: { path: string; contents: string }[], snap: unknown = snapshot) => ({
  path: HISTORY_FILE,
  contents: serializeLock({ snapshot: snapshotChecksum(snap), migrations: files.map((f) => ({ file: f.path.split('/').at(-1)!, sha256: checksum(f.contents), line: 0 })) }),
});
const snapshotFile = { path: SNAPSHOT_FILE, contents: JSON.stringify(snapshot) };
const verify = (files: { path: string; contents: string }[]) => verifyHistory(historyFilesOf(files)).diagnostics.map(formatDiagnostic);

describe('verifyHistory', () => {
  it('accepts the recorded history, and an empty one', () => {
    expect(verify([a, b, snapshotFile, lockOf([a, b])])).toEqual([]);
    expect(verify([])).toEqual([]);
  });

  it('accepts a snapshot whose keys only moved, and refuses one that is not the recorded schema', () => {
    const reordered = { path: SNAPSHOT_FILE, contents: JSON.stringify({ tables: snapshot.tables, version: '7' }) };
    expect(verify([a, reordered, lockOf([a])])).toEqual([]);
    const replaced = { path: SNAPSHOT_FILE, contents: JSON.stringify({ ...snapshot, tables: {} }) };
    expect(verify([a, replaced, lockOf([a])])).toEqual([
      'generated/inventory/migrations/snapshot.json:1:1 E_MIGRATION_HISTORY snapshot.json is not the schema history.json records; restore it from version control (`git checkout -- generated/inventory/migrations/snapshot.json`)',
    ]);
  });

  it('asks for history.json when migrations exist without it, and for the snapshot when it is gone', () => {
    expect(verify([a, snapshotFile])).toEqual([
      'generated/inventory/migrations/history.json:1:1 E_MIGRATION_HISTORY the migration history has no history.json; restore it from version control, or run `npm run migration` to record the migrations present as the history',
    ]);
    expect(verify([a, lockOf([a])])).toEqual([
      'generated/inventory/migrations/snapshot.json:1:1 E_MIGRATION_HISTORY snapshot.json is missing (it records the schema the last migration leads to); restore it from version control',
    ]);
  });

  it('points at the history.json line of a recorded migration that is gone', () => {
    expect(verify([b, snapshotFile, lockOf([a, b])])).toEqual([
      'generated/inventory/migrations/history.json:5:1 E_MIGRATION_HISTORY history.json records 0001_a.sql, which does not exist; restore it from version control (`git checkout -- generated/inventory/migrations/0001_a.sql`)',
    ]);
  });
});
