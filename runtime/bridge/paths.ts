/**
 * @module
 * Where the repository is, whether the bridge runs from its TypeScript sources (`runtime/bridge/`) or
 * compiled by `npm run build` (`dist/runtime/bridge/`): spec folders, generated tool tables and
 * package.json are read from the repository itself in both cases, never from a copy in dist/.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function repositoryRoot(): string {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const parent = dirname(root);
  return basename(root) === 'dist' && existsSync(join(parent, 'package.json')) && existsSync(join(parent, 'runtime')) ? parent : root;
}

export const REPOSITORY_ROOT = repositoryRoot();
