/**
 * @module
 * Start-up of the server on the embedded database: time from launching the process until it has
 * answered an authenticated list request, on an empty data folder (first boot: the embedded
 * database is copied from the migrated one `npm ci` prepares, the superuser made) and again on the
 * same folder (restart), with the process's peak resident memory (VmHWM) read from /proc when it is
 * answered. Measured as users start it — `npm start` (npm, then scripts/start.js running the
 * compiled entry) — and for the compiled entry alone (`node dist/server/netbox-inventory.js`), against
 * `node -e 0` in the same run.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../runtime/testing/serverProcess.ts';
import { inputsStamp, STAMP } from '../build/inputs.js';

export interface StartFigures {
  firstRequestMs: number;
  peakRssMb: number;
}

const TOKEN = '0123456789abcdef0123456789abcdef01234567';

/** The server's own process: npm's child when started through npm. */
function serverPid(launched: number): number {
  const children = (pid: number): number[] => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  let pid = launched;
  for (let next = children(pid); next.length; next = children(pid)) pid = next[0];
  return pid;
}

function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

/** Launches `command` and waits for GET /api/dcim/sites/ to answer 200; stops its whole process group. */
async function startOnce(root: string, command: string[], dataDir: string): Promise<StartFigures> {
  const port = await freePort();
  const started = performance.now();
  let stderr = '';
  const child = spawn(command[0], [...command.slice(1), '--port', String(port), '--data-dir', dataDir], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN },
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: npm does not pass a signal on to the server it started.
    detached: true,
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}: ${stderr.trim()}`);
      const answered = await fetch(`http://127.0.0.1:${port}/api/dcim/sites/`, { headers: { Authorization: `Token ${TOKEN}` } }).then((r) => r.status, () => 0);
      if (answered === 200) return { firstRequestMs: performance.now() - started, peakRssMb: peakRssMb(serverPid(child.pid!)) };
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    const exited = child.exitCode === null ? new Promise((r) => child.once('exit', r)) : Promise.resolve();
    // The group may be gone already (a start that failed): nothing left to stop then.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
    await exited;
    // The group's last member (the server under npm) lets the data directory go before the next start.
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface StartupFigures {
  nodeMs: number;
  npmStart: { firstBoot: StartFigures; restart: StartFigures };
  compiledRestart: StartFigures;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureStartup(root: string): Promise<StartupFigures> {
  // As after `npm ci`: the migrated embedded database new ones start from, and a current dist/.
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'warmEmbeddedImage.ts')], { cwd: root, stdio: 'ignore' });
  const stamp = (() => {
    try {
      return readFileSync(join(root, STAMP), 'utf8');
    } catch {
      return '';
    }
  })();
  if (stamp.trim() !== JSON.stringify(inputsStamp(root))) execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'ignore' });
  const nodeMs = median(Array.from({ length: 5 }, () => {
    const t = performance.now();
    execFileSync(process.execPath, ['-e', '0']);
    return performance.now() - t;
  }));
  const dataDir = mkdtempSync(join(tmpdir(), 'nb-start-'));
  try {
    const npmStart = ['npm', 'start', '--'];
    const firstBoot = await startOnce(root, npmStart, dataDir);
    const restarts: StartFigures[] = [];
    const compiled: StartFigures[] = [];
    for (let i = 0; i < 3; i++) {
      restarts.push(await startOnce(root, npmStart, dataDir));
      compiled.push(await startOnce(root, [process.execPath, join(root, 'dist', 'server', 'netbox-inventory.js')], dataDir));
    }
    const pick = (figures: StartFigures[]) => figures.find((f) => f.firstRequestMs === median(figures.map((x) => x.firstRequestMs)))!;
    return { nodeMs, npmStart: { firstBoot, restart: pick(restarts) }, compiledRestart: pick(compiled) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
