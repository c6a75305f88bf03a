/**
 * @module
 * Start-up of `npm start` on the embedded database: time from launching the process until it has
 * answered an authenticated list request, on an empty data folder (first boot: the embedded
 * database is copied from the migrated one `npm ci` prepares, the superuser made) and again on the
 * same folder (restart),
 * with the process's peak resident memory (VmHWM) read from /proc when it is answered.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StartFigures {
  firstRequestMs: number;
  peakRssMb: number;
}

const TOKEN = '0123456789abcdef0123456789abcdef01234567';

function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

/** Launches the server as `npm start` does and waits for GET /api/dcim/sites/ to answer 200. */
async function startOnce(root: string, dataDir: string): Promise<StartFigures> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'runtime', 'server', 'main.ts'), '--port', String(port), '--data-dir', dataDir], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const answered = await fetch(`http://127.0.0.1:${port}/api/dcim/sites/`, { headers: { Authorization: `Token ${TOKEN}` } }).then((r) => r.status, () => 0);
      if (answered === 200) return { firstRequestMs: performance.now() - started, peakRssMb: peakRssMb(child.pid!) };
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function measureStartup(root: string): Promise<{ firstBoot: StartFigures; restart: StartFigures }> {
  // As after `npm ci`, whose postinstall builds the migrated embedded database new ones start from.
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'warmEmbeddedImage.ts')], { cwd: root, stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'nb-start-'));
  try {
    const firstBoot = await startOnce(root, dataDir);
    const restart = await startOnce(root, dataDir);
    return { firstBoot, restart };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
