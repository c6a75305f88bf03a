/**
 * @module
 * Where NetBox's reference folder is, when it is anywhere: `--reference DIR`, else
 * `NETBOX_REFERENCE`, else `../shared/reference/netbox-4.6/` beside the repository — or beside
 * the main checkout, for a git worktree elsewhere (its `.git` file names the main one's). CI's
 * clean clone has none, and checks against the checked-in extract.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { REFERENCE_FILES } from './extract/buildExtract.ts';

const BESIDE = join('..', 'shared', 'reference', 'netbox-4.6');

/** Candidate folders, in order; the first holding every reference file is the reference. */
export function referenceCandidates(root: string, given: string | undefined, env: string | undefined): string[] {
  if (given) return [resolve(given)];
  if (env) return [resolve(env)];
  const candidates = [resolve(root, BESIDE)];
  const dotGit = join(root, '.git');
  if (existsSync(dotGit) && statSync(dotGit).isFile()) {
    // A worktree: `gitdir: <main>/.git/worktrees/<name>`.
    const gitdir = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
    if (gitdir) candidates.push(resolve(dirname(dirname(dirname(resolve(root, gitdir)))), BESIDE));
  }
  return candidates;
}

export function findReference(candidates: string[]): string | undefined {
  return candidates.find((dir) => REFERENCE_FILES.every((f) => existsSync(join(dir, f))));
}
