import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiagnosticsError } from '../diagnostics.ts';
import { readPreviousMigrations } from './readPreviousMigrations.ts';

describe('readPreviousMigrations', () => {
  const dirs: string[] = [];
  const generatedDir = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'nb-generated-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'inventory/migrations'), { recursive: true });
    for (const [name, contents] of Object.entries(files)) writeFileSync(join(dir, 'inventory/migrations', name), contents);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('reads nothing before the first generate', () => {
    expect(readPreviousMigrations(join(tmpdir(), 'nb-does-not-exist'))).toEqual({ migrations: [], snapshot: null, records: [], schema: null });
  });

  it('reads numbered migrations in order, the snapshot and the lock as they are', () => {
    const dir = generatedDir({ '0002_b.sql': 'B', '0001_a.sql': 'A', 'notes.txt': 'x', 'snapshot.json': '{"version":"7"}', 'history.json': '{}' });
    expect(readPreviousMigrations(dir)).toEqual({
      migrations: [
        { path: 'inventory/migrations/0001_a.sql', contents: 'A' },
        { path: 'inventory/migrations/0002_b.sql', contents: 'B' },
      ],
      snapshot: { version: '7' },
      records: [
        { path: 'inventory/migrations/snapshot.json', contents: '{"version":"7"}' },
        { path: 'inventory/migrations/history.json', contents: '{}' },
      ],
      schema: null,
    });
  });

  it('reports a corrupt snapshot as a positioned diagnostic', () => {
    const dir = generatedDir({ '0001_a.sql': 'A', 'snapshot.json': '{\n  "version": "7",\n  oops\n}' });
    let error: unknown;
    try {
      readPreviousMigrations(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DiagnosticsError);
    expect((error as DiagnosticsError).message).toMatch(/^generated\/inventory\/migrations\/snapshot\.json:3:3 E_INVALID_VALUE the migration snapshot is not valid JSON/);
  });

  it('refuses a snapshot that is not an object', () => {
    const dir = generatedDir({ 'snapshot.json': '[1, 2]' });
    expect(() => readPreviousMigrations(dir)).toThrow(/snapshot\.json:1:1 E_INVALID_VALUE .*expected a JSON object/);
  });
});
