/**
 * @module
 * Golden test of the whole pipeline: generator/testdata/small/definitions/ runs through every
 * emitter that emitAll knows, and each emitted file must equal its copy in
 * generator/testdata/small/golden/ (stored as `<path>.golden`, so that golden TypeScript is not
 * type-checked or imported in place). Migration history starts empty, so the golden is a pure
 * function of the definitions and the templates.
 *
 * After an intended change to an emitter or template, rewrite the golden files and review the diff:
 *   UPDATE_GOLDEN=1 npx vitest run generator/pipeline.test.ts
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from './emit/types.ts';
import { buildProjectIR, emitAll, projectPaths, type ProjectPaths } from './pipeline.ts';
import { repositoryRoot } from './testdata/definitionSet.ts';

const small = join(repositoryRoot, 'generator/testdata/small');
const goldenDir = join(small, 'golden');
const SUFFIX = '.golden';
const noHistory = mkdtempSync(join(tmpdir(), 'golden-history-'));
const paths: ProjectPaths = { ...projectPaths(small), templates: join(repositoryRoot, 'templates'), generated: join(noHistory, 'generated') };
afterAll(() => rmSync(noHistory, { recursive: true, force: true }));

function emitSmall(): GeneratedFile[] {
  return emitAll(paths, buildProjectIR(paths));
}

function listGolden(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

describe('golden output of generator/testdata/small', () => {
  const files = emitSmall();

  if (process.env.UPDATE_GOLDEN === '1') {
    rmSync(goldenDir, { recursive: true, force: true });
    for (const file of files) {
      const full = join(goldenDir, file.path + SUFFIX);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, file.contents);
    }
    console.error(`UPDATE_GOLDEN=1: wrote ${files.length} golden files to ${relative(repositoryRoot, goldenDir)}/`);
  }

  it('emits at least the resource table', () => {
    expect(files.map((f) => f.path)).toContain('inventory/resources.json');
  });

  it('emits exactly the files of the golden folder', () => {
    const expected = listGolden(goldenDir).map((p) => p.slice(0, -SUFFIX.length));
    expect(files.map((f) => f.path)).toEqual(expected);
  });

  it.each(files.map((f) => [f.path, f] as const))('%s equals its golden copy', (_path, file) => {
    const golden = join(goldenDir, file.path + SUFFIX);
    expect(existsSync(golden), `no golden copy of ${file.path}; run UPDATE_GOLDEN=1 npx vitest run generator/pipeline.test.ts`).toBe(true);
    expect(file.contents).toBe(readFileSync(golden, 'utf8'));
  });

  it('emits the same bytes on a second run', () => {
    expect(emitSmall()).toEqual(files);
  });

  it('emits LF line endings, a trailing newline, and no timestamps', () => {
    for (const file of files) {
      expect(file.contents, file.path).not.toContain('\r');
      expect(file.contents.endsWith('\n'), file.path).toBe(true);
      expect(file.contents, file.path).not.toMatch(/\b20\d\d-\d\d-\d\dT\d\d:\d\d/);
    }
  });
});
