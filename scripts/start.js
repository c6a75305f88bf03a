#!/usr/bin/env node
// @ts-check
/**
 * @module
 * `npm start`: runs the compiled, bundled server (dist/server/netbox-inventory.js), which starts without a
 * TypeScript loader, when dist/ is current; when a source changed since it was built, builds it
 * again first (`npm run build`), and should that fail (a type error mid-edit), runs the sources
 * through tsx instead. JavaScript, so that deciding costs milliseconds.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inputsStamp, STAMP } from './build/inputs.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @returns {boolean} */
function current() {
  try {
    const built = JSON.parse(readFileSync(join(root, STAMP), 'utf8'));
    const now = inputsStamp(root);
    return built.newest === now.newest && built.files === now.files;
  } catch {
    return false;
  }
}

/** Runs `args` with this Node; whether it succeeded. */
const node = (/** @type {string[]} */ args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status === 0;

if (!current()) {
  process.stderr.write('npm start: the sources changed since dist/ was built; building it (npm run build)…\n');
  if (!node(['--import', 'tsx', join(root, 'scripts', 'build.ts')])) {
    process.stderr.write('npm start: the build failed (above); starting from the sources instead\n');
    process.exit(spawnSync(process.execPath, ['--import', 'tsx', join(root, 'runtime', 'server', 'main.ts'), ...process.argv.slice(2)], { stdio: 'inherit' }).status ?? 1);
  }
}
await import(pathToFileURL(join(root, 'dist', 'server', 'netbox-inventory.js')).href);
