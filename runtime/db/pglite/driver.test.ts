/**
 * The embedded driver's own promises: statements run off the server's thread, a statement past the
 * timeout fails with PostgreSQL's 57014 and takes its transaction with it while the last commit
 * survives, and a data directory has one process at a time (a lock left by a killed one is stale).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirectoryLockedError } from '../dataDirectoryLock.ts';
import { DatabaseError } from '../errors.ts';
import { seedDataDirectory } from '../embeddedImage.ts';
import { openPglite, type PgliteOptions } from './driver.ts';

const root = mkdtempSync(join(tmpdir(), 'nb-pglite-driver-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => join(root, `data-${++dirs}`);

/** Opens `dir` as a server does: a new directory starts as a copy of the cached migrated one (initdb takes seconds). */
const open = (dir: string, options: PgliteOptions = {}) => openPglite(dir, { ...options, prepare: (d) => void seedDataDirectory(d) });

const caught = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('the embedded driver', () => {
  it('ends a statement past the timeout with 57014, drops its transaction and keeps what was committed', async () => {
    const dir = freshDir();
    // Set up without a timeout: on a loaded machine even a first CREATE TABLE can take a second.
    const setup = await open(dir);
    await setup.query('CREATE TABLE kept (n int)');
    await setup.query('INSERT INTO kept VALUES (1)');
    await setup.close();
    const db = await open(dir, { statementTimeoutMs: 3000 });
    try {
      let ticks = 0;
      const ticking = setInterval(() => ticks++, 20);
      const slow = await caught(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO kept VALUES (2)');
          await tx.query('SELECT pg_sleep(120)');
        }),
      );
      clearInterval(ticking);
      expect(slow).toBeInstanceOf(DatabaseError);
      expect((slow as DatabaseError).code).toBe('57014');
      // The server's thread went on while the statement ran (PGlite ran it on its own thread).
      expect(ticks).toBeGreaterThan(5);
      // The next statement waits for the directory to open again, then sees the last commit only.
      expect(await db.query('SELECT n FROM kept ORDER BY n')).toEqual([{ n: 1 }]);
      await db.query('INSERT INTO kept VALUES (3)');
      expect(await db.query('SELECT n FROM kept ORDER BY n')).toEqual([{ n: 1 }, { n: 3 }]);
    } finally {
      await db.close();
    }
    // The statement alone waits out its 3 s timeout, and the directory then opens again.
  }, 30_000);

  it('refuses a second opener of a data directory, naming the process that holds it, until the first closes', async () => {
    const dir = freshDir();
    const first = await open(dir);
    const second = await caught(open(dir));
    expect(second).toBeInstanceOf(DataDirectoryLockedError);
    expect((second as Error).message).toContain(`in use by process ${process.pid}`);
    expect((second as Error).message).not.toContain('\n');
    await first.close();
    const again = await open(dir);
    expect(await again.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await again.close();
  });

  it('takes over at once a directory whose holder was killed (kill -9)', async () => {
    const dir = freshDir();
    const script = join(root, 'holder.mts');
    const driver = fileURLToPath(new URL('./driver.ts', import.meta.url));
    const seed = fileURLToPath(new URL('../embeddedImage.ts', import.meta.url));
    writeFileSync(script, `import { openPglite } from ${JSON.stringify(driver)};\nimport { seedDataDirectory } from ${JSON.stringify(seed)};\nawait openPglite(${JSON.stringify(dir)}, { prepare: (d) => void seedDataDirectory(d) });\nprocess.stdout.write('open\\n');\nsetInterval(() => {}, 1000);\n`);
    const holder = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve());
      holder.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
    });
    expect(await caught(open(dir))).toBeInstanceOf(DataDirectoryLockedError);
    const killed = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await killed;
    // Well within proper-lockfile's 10 s staleness: the owner's process is known to be gone.
    const db = await open(dir);
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await db.close();
  });
});
