/**
 * @module
 * The migration history as committed at a git revision (HEAD, or `--base <ref>`), read with the
 * git CLI. `npm run migration` folds every migration that is not in it into the one it writes, so
 * iterating on a field leaves one migration and reverting the definitions leaves none.
 */
import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import { DiagnosticsError } from '../diagnostics.ts';
import type { GeneratedFile } from '../files.ts';
import { HISTORY_FILE, MIGRATIONS_DIR } from './readPreviousMigrations.ts';

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  } catch {
    return null;
  }
}

/**
 * The history files (paths relative to generated/) at `ref`; an empty list in a repository with
 * no commit yet; null outside a git work tree, where nothing counts as uncommitted. An explicit
 * `--base` that git does not know is an error.
 */
export function readHistoryAtRef(root: string, generatedDir: string, ref: string | undefined): GeneratedFile[] | null {
  if (git(root, ['rev-parse', '--is-inside-work-tree'])?.trim() !== 'true') {
    if (ref) throw baseError(`--base ${ref}: ${root} is not in a git work tree`);
    return null;
  }
  const revision = ref ?? 'HEAD';
  if (git(root, ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`]) === null) {
    if (ref) throw baseError(`--base ${ref}: git knows no such commit`);
    return [];
  }
  const prefix = relative(root, generatedDir).split('\\').join('/');
  const listed = git(root, ['ls-tree', '--name-only', revision, '--', `${prefix}/${MIGRATIONS_DIR}/`]) ?? '';
  return listed
    .split('\n')
    .filter(Boolean)
    .map((path) => path.slice(path.lastIndexOf('/') + 1))
    .map((name) => `${MIGRATIONS_DIR}/${name}`)
    .map((path) => ({ path, contents: git(root, ['show', `${revision}:./${prefix}/${path}`]) ?? '' }));
}

function baseError(message: string): DiagnosticsError {
  return new DiagnosticsError([{ file: `generated/${HISTORY_FILE}`, line: 1, col: 1, code: 'E_MIGRATION_HISTORY', message }]);
}
