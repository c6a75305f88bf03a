// @ts-check
/**
 * @module
 * What dist/ is built from, and a stamp of it: the newest modification time and the number of
 * those files. `npm run build` writes the stamp into dist/; `npm start` (scripts/start.js) compares
 * it with the sources' to run the compiled server when it is current and build it again when not.
 * JavaScript, so that the start reads it without loading a TypeScript compiler.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders whose files the compiled server and bridge are made of (tests and test helpers excepted). */
const FOLDERS = ['runtime', 'generated', 'scripts/build'];
/** Single files that change what is built. */
const FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.ts'];

const isInput = (/** @type {string} */ name) => !/\.test\.ts$|\.e2e\.test\.ts$|\.py$|\.md$/.test(name);

/**
 * @param {string} root the repository
 * @returns {{ newest: number; files: number }}
 */
export function inputsStamp(root) {
  let newest = 0;
  let files = 0;
  const visit = (/** @type {string} */ path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      // runtime/testing holds test helpers only; nothing compiled imports it.
      if (path.endsWith(join('runtime', 'testing'))) return;
      for (const name of readdirSync(path)) visit(join(path, name));
      return;
    }
    if (!isInput(path)) return;
    files++;
    newest = Math.max(newest, stat.mtimeMs);
  };
  for (const folder of FOLDERS) visit(join(root, folder));
  for (const file of FILES) visit(join(root, file));
  return { newest, files };
}

/** Where the build leaves its stamp. */
export const STAMP = 'dist/inputs.json';
