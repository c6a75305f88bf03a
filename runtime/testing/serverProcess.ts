/**
 * @module
 * The inventory server as its users run it: `runtime/server/main.ts` in a process of its own, for
 * tests of what only a whole process shows (start-up errors and exit codes, the data directory's
 * lock, several servers on one database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../server/main.ts', import.meta.url));

/** A superuser whose API token the tests know, made by the first start of a server (bootstrap). */
export const SUPERUSER_TOKEN = '0123456789abcdef0123456789abcdef01234567';
export const SUPERUSER_ENV = { SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'Admin-password-1', SUPERUSER_API_TOKEN: SUPERUSER_TOKEN };
/** Headers of a JSON request as that superuser. */
export const SUPERUSER_HEADERS = { Authorization: `Token ${SUPERUSER_TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' };

/** A port nothing listens on (yet). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

export interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
}

function collect(child: ChildProcess): Promise<Exited> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** The server's entry: the TypeScript sources (through tsx) unless a test names a compiled one. */
function launch(args: string[], env: Record<string, string>, entry = MAIN): ChildProcess {
  // DEBUG is the server's own switch for stacks: a developer's shell must not change what a test sees.
  const { DEBUG: _debug, ...inherited } = process.env;
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  return spawn(process.execPath, [...loader, entry, ...args], { env: { ...inherited, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs the server with `args` until it exits by itself (a start that fails); killed after `timeoutMs`. */
export async function runUntilExit(args: string[], env: Record<string, string> = {}, timeoutMs = 60_000): Promise<Exited> {
  const child = launch(args, env);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    return await collect(child);
  } finally {
    clearTimeout(timer);
  }
}

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** What it wrote so far and its exit, once it has exited. */
  exited: Promise<Exited>;
  /** SIGTERM, then the exit. */
  stop(): Promise<Exited>;
}

/**
 * Starts the server on a free port and waits until GET `probePath` answers (any status below 500),
 * or rejects with what it wrote if it exits first.
 */
export async function startServerProcess(args: string[], env: Record<string, string> = {}, probePath = '/api/', entry?: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = launch(['--port', String(port), ...args], env, entry);
  const exited = collect(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  let gone: Exited | null = null;
  void exited.then((e) => (gone = e));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (gone) throw new Error(`the server exited with ${(gone as Exited).code}: ${(gone as Exited).stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not answer within 120 s');
    }
    const status = await fetch(`${baseUrl}${probePath}`).then((r) => r.status, () => 0);
    if (status > 0 && status < 500) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    baseUrl,
    pid: child.pid!,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
