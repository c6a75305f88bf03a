/**
 * @module
 * One process per embedded data directory. PGlite has no postmaster to refuse a second opener:
 * two servers on one directory would both write, hand out the same ids and lose one another's
 * rows. The lock is proper-lockfile's (an atomic mkdir of `server.lock`, kept fresh by updating
 * its mtime, stale 10 s after its owner stops), and beside it `server.owner` says who holds it,
 * so that a second server can say which process to stop, and so that a lock left by a process
 * that was killed (`kill -9`) on this host is known to be stale at once, not 10 s later.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import lockfile from 'proper-lockfile';

/** The lock's directory and its owner's note, inside the data directory. */
export const LOCK_NAME = 'server.lock';
export const OWNER_NAME = 'server.owner';

export interface DataDirectoryLock {
  /** Gives the directory up (on close; also done by proper-lockfile when the process exits). */
  release(): Promise<void>;
}

interface Owner {
  pid: number;
  hostname: string;
  since: string;
  command: string;
}

/** A second server on a data directory in use; its message is one line saying which process holds it. */
export class DataDirectoryLockedError extends Error {
  override name = 'DataDirectoryLockedError';
}

function readOwner(dataDir: string): Owner | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, OWNER_NAME), 'utf8')) as Owner;
  } catch {
    return null;
  }
}

/** Whether `pid` names a running process on this host (EPERM: running, but someone else's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock whose owner was on this host and is gone: its process was killed before it could let go. */
function abandoned(owner: Owner | null): boolean {
  return !!owner && owner.hostname === hostname() && owner.pid !== process.pid && !running(owner.pid);
}

const take = (dataDir: string) =>
  lockfile.lock(dataDir, {
    lockfilePath: join(dataDir, LOCK_NAME),
    realpath: false,
    stale: 10_000,
    // The lock is ours until released; should its updates fail (the directory removed under us), say so.
    onCompromised: (error) => process.stderr.write(`the lock on the data directory ${dataDir} was lost (${error.message}): another server may open it now\n`),
  });

/** Locks `dataDir` for this process, or throws DataDirectoryLockedError naming the process that holds it. */
export async function lockDataDirectory(dataDir: string): Promise<DataDirectoryLock> {
  let release: () => Promise<void>;
  try {
    release = await take(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = readOwner(dataDir);
    if (!abandoned(owner)) {
      const who = owner ? `process ${owner.pid} on ${owner.hostname} (${owner.command}, since ${owner.since})` : 'another process';
      throw new DataDirectoryLockedError(`the data directory ${dataDir} is in use by ${who}: stop it, or use another --data-dir`);
    }
    rmSync(join(dataDir, LOCK_NAME), { recursive: true, force: true });
    release = await take(dataDir);
  }
  const owner: Owner = { pid: process.pid, hostname: hostname(), since: new Date().toISOString(), command: basename(process.argv[1] ?? process.argv0) };
  writeFileSync(join(dataDir, OWNER_NAME), `${JSON.stringify(owner)}\n`);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      rmSync(join(dataDir, OWNER_NAME), { force: true });
      await release().catch(() => undefined);
    },
  };
}
