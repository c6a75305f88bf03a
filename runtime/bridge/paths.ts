/**
 * @module
 * Where the repository is, whether the bridge runs from its TypeScript sources (`runtime/bridge/`),
 * compiled by tsc (`dist/runtime/bridge/`) or bundled (`dist/bridge/`): the nearest folder above this
 * module that holds both package.json and tsconfig.json (dist/ has a package.json of its own, no
 * tsconfig.json). Spec folders, generated tool tables and the version are read from there, never from
 * copies in dist/.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function repositoryRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'tsconfig.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`the bridge at ${start} is not inside the netbox-codegen repository (no package.json with tsconfig.json above it)`);
  }
}

export const REPOSITORY_ROOT = repositoryRoot();
