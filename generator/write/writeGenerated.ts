/**
 * @module
 * The only stage that touches `generated/`: writes files whose contents changed, leaves identical
 * ones alone (so mtimes and watchers stay quiet), deletes orphans, and in check mode compares in
 * memory and reports what differs without writing anything.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { GeneratedFile } from '../emit/types.ts';

export interface WritePlan {
  missing: string[];
  changed: string[];
  orphaned: string[];
  unchanged: number;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** Compares the emitted files with what is on disk. */
export function planWrite(outDir: string, files: GeneratedFile[]): WritePlan {
  const plan: WritePlan = { missing: [], changed: [], orphaned: [], unchanged: 0 };
  const wanted = new Set(files.map((f) => f.path));
  for (const file of files) {
    const full = join(outDir, file.path);
    if (!existsSync(full)) plan.missing.push(file.path);
    else if (readFileSync(full, 'utf8') !== file.contents) plan.changed.push(file.path);
    else plan.unchanged++;
  }
  plan.orphaned = listFiles(outDir).filter((p) => !wanted.has(p));
  plan.missing.sort();
  plan.changed.sort();
  return plan;
}

/** Applies a plan: writes missing and changed files, deletes orphans and folders left empty. */
export function applyWrite(outDir: string, files: GeneratedFile[], plan: WritePlan): void {
  const toWrite = new Set([...plan.missing, ...plan.changed]);
  for (const file of files) {
    if (!toWrite.has(file.path)) continue;
    const full = join(outDir, file.path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, file.contents);
  }
  for (const orphan of plan.orphaned) {
    const full = join(outDir, orphan);
    rmSync(full);
    for (let dir = dirname(full); dir.startsWith(outDir) && dir !== outDir; dir = dirname(dir)) {
      if (readdirSync(dir).length) break;
      rmdirSync(dir);
    }
  }
}

export function describePlan(plan: WritePlan): string[] {
  return [
    ...plan.missing.map((p) => `missing:  generated/${p}`),
    ...plan.changed.map((p) => `changed:  generated/${p}`),
    ...plan.orphaned.map((p) => `orphaned: generated/${p}`),
  ];
}
