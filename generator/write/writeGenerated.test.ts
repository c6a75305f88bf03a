/**
 * @module
 * The write stage: plans are computed in memory, identical files are left alone (mtime kept),
 * changed and missing files are written, orphans and the folders they leave empty are deleted.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyWrite, describePlan, planWrite } from './writeGenerated.ts';

let out: string;
const put = (path: string, contents: string) => {
  mkdirSync(dirname(join(out, path)), { recursive: true });
  writeFileSync(join(out, path), contents);
};
const read = (path: string) => readFileSync(join(out, path), 'utf8');
const past = new Date('2020-01-01T00:00:00Z');

beforeEach(() => {
  out = join(mkdtempSync(join(tmpdir(), 'write-test-')), 'generated');
});
afterEach(() => rmSync(dirname(out), { recursive: true, force: true }));

describe('planWrite', () => {
  it('plans every file as missing when generated/ does not exist yet', () => {
    const plan = planWrite(out, [{ path: 'b/x.ts', contents: 'x' }, { path: 'a.ts', contents: 'a' }]);
    expect(plan).toEqual({ missing: ['a.ts', 'b/x.ts'], changed: [], orphaned: [], unchanged: 0 });
  });

  it('sorts files into missing, changed, orphaned and unchanged', () => {
    put('same.ts', 'same\n');
    put('inventory/changed.ts', 'old\n');
    put('inventory/old/orphan.sql', '--\n');
    const plan = planWrite(out, [
      { path: 'same.ts', contents: 'same\n' },
      { path: 'inventory/changed.ts', contents: 'new\n' },
      { path: 'inventory/new.ts', contents: 'n\n' },
    ]);
    expect(plan).toEqual({ missing: ['inventory/new.ts'], changed: ['inventory/changed.ts'], orphaned: ['inventory/old/orphan.sql'], unchanged: 1 });
    expect(describePlan(plan)).toEqual(['missing:  generated/inventory/new.ts', 'changed:  generated/inventory/changed.ts', 'orphaned: generated/inventory/old/orphan.sql']);
  });

  it('treats a line-ending difference as a change', () => {
    put('a.ts', 'x\r\n');
    expect(planWrite(out, [{ path: 'a.ts', contents: 'x\n' }]).changed).toEqual(['a.ts']);
  });
});

describe('applyWrite', () => {
  it('writes missing and changed files, keeps unchanged ones untouched, deletes orphans and emptied folders', () => {
    put('same.ts', 'same\n');
    put('changed.ts', 'old\n');
    put('deep/er/orphan.ts', 'gone\n');
    put('deep/kept.ts', 'kept\n');
    utimesSync(join(out, 'same.ts'), past, past);
    const files = [
      { path: 'same.ts', contents: 'same\n' },
      { path: 'changed.ts', contents: 'new\n' },
      { path: 'deep/kept.ts', contents: 'kept\n' },
      { path: 'fresh/dir/new.ts', contents: 'fresh\n' },
    ];
    applyWrite(out, files, planWrite(out, files));
    expect(read('changed.ts')).toBe('new\n');
    expect(read('fresh/dir/new.ts')).toBe('fresh\n');
    expect(statSync(join(out, 'same.ts')).mtime).toEqual(past);
    expect(existsSync(join(out, 'deep/er'))).toBe(false);
    expect(read('deep/kept.ts')).toBe('kept\n');
    expect(planWrite(out, files)).toEqual({ missing: [], changed: [], orphaned: [], unchanged: 4 });
  });

  it('removes every orphan folder up to, but not including, generated/ itself', () => {
    put('only/one/file.ts', 'x');
    applyWrite(out, [], planWrite(out, []));
    expect(existsSync(out)).toBe(true);
    expect(existsSync(join(out, 'only'))).toBe(false);
  });
});
