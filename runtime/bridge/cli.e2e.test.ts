/**
 * End to end: the command line as a first-time user meets it, each run a process of its own. A start
 * that cannot listen, or a bad setting, says why in one line on stderr (no stack) and exits non-zero;
 * `--help` answers on stdout, exit 0, naming the program as it was started: the TypeScript entry through
 * `npm run bridge`, the compiled one (bin/sdwan-bridge.js, dist/bridge/sdwan-bridge.js) as
 * `sdwan-bridge`. The compiled entries are run when dist/ is there and newer than the sources (CI's
 * `npm ci` builds it); otherwise those tests are skipped and the run says so once. The runs go one at a time: started
 * together, the TypeScript ones compete for the two cores and each takes several times as long.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirements } from '../testing/environment.ts';
import { DEMO_SPECS_DIR, PROJECT_ROOT, tempDir } from '../testing/bridge.ts';

const TSX = pathToFileURL(join(PROJECT_ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const SOURCE = ['--import', TSX, join(PROJECT_ROOT, 'runtime/bridge/cli.ts')];
const BIN = [join(PROJECT_ROOT, 'bin/sdwan-bridge.js')];
const DIST = [join(PROJECT_ROOT, 'dist/bridge/sdwan-bridge.js')];
const STACK_LINE = /^\s+at /m;

// A dist/ built from older sources would test old code: those tests are skipped (and the run says so once).
const distSkip = requirements.compiled.available() ? null : 'dist/ is not current';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stderr's non-empty lines. */
  lines: string[];
}

const scratch = tempDir('bridge-cli-e2e-');

/**
 * Runs node with `args` in a scratch folder (no bridge.yaml or .env of the developer's), with only PATH
 * and HOME of the environment plus `env`: no CONTROLLER_ or BRIDGE_ variables, and no npm_lifecycle_event
 * unless a test sets it.
 */
function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: scratch.path, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? scratch.path, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A bridge that did start serves until stopped: end it so the test fails on its output, not a timeout.
    const timer = setTimeout(() => child.kill('SIGTERM'), 50_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, lines: stderr.split('\n').filter((l) => l.trim() !== '') });
    });
  });
}

/** A listener holding a loopback port, as `npm start` holds 8000. */
let holder: Server;
let taken: number;
beforeAll(async () => {
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  taken = (holder.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve));
  scratch.remove();
});

function expectOneLine(result: Run, pattern: RegExp, status: number): void {
  expect(result.stderr, 'no stack trace').not.toMatch(STACK_LINE);
  expect(result.lines, result.stderr).toHaveLength(1);
  expect(result.lines[0]).toMatch(pattern);
  expect(result.status).toBe(status);
  expect(result.stdout).toBe('');
}

const inUse = () => new RegExp(`^\\[bridge\\] ERROR: port ${taken} on 127\\.0\\.0\\.1 is in use; choose another with --port`);

describe('a start that cannot listen', () => {
  it('demo on a port in use: one line naming the address and what to do, exit 1', async () => {
    expectOneLine(await run([...SOURCE, 'demo', '--port', String(taken)]), inUse(), 1);
  }, 60_000);

  it('serve over HTTP+SSE on a port in use: the same line, before the spec is loaded', async () => {
    const config = join(scratch.path, 'sse.yaml');
    writeFileSync(
      config,
      `controller:\n  host: 127.0.0.1\n  protocol: http\n  username: demo\n  password: demo-password\nsdwan:\n  specs_dir: ${DEMO_SPECS_DIR}\n  active_version: demo\n  auto_fetch: false\ntransport:\n  mode: sse\n  port: ${taken}\n`,
    );
    expectOneLine(await run([...SOURCE, 'serve', '--config', config]), inUse(), 1);
  }, 60_000);

  it.skipIf(distSkip !== null)('the compiled bin on a port in use (streamable HTTP)', async () => {
    expectOneLine(await run([...BIN, 'demo', '--port', String(taken)]), inUse(), 1);
  }, 60_000);
});

describe('bad settings', () => {
  it('a --port that is not a number: one line, exit 2', async () => {
    expectOneLine(await run([...SOURCE, 'demo', '--port', 'eighty']), /^\[bridge\] ERROR: invalid configuration: transport\.port: expected an integer from 0 to 65535, got "eighty" \(from --port\)$/, 2);
  }, 60_000);

  it('a --port out of range: one line, exit 2', async () => {
    expectOneLine(await run([...SOURCE, 'demo', '--port', '70000']), /^\[bridge\] ERROR: invalid configuration: transport\.port: expected an integer from 0 to 65535, got "70000" \(from --port\)$/, 2);
  }, 60_000);

  it('an unknown flag: one line on stderr pointing at --help, exit 2', async () => {
    expectOneLine(await run([...SOURCE, '--prot', '8100'], { npm_lifecycle_event: 'bridge' }), /^\[bridge\] ERROR: Unknown option '--prot'.*\(`npm run bridge -- --help` lists the commands and flags\)$/, 2);
  }, 60_000);
});

describe('--help', () => {
  const expectUsage = (result: Run, program: string) => {
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(`usage: ${program} [serve|fetch|tools|demo] [flags]`);
    expect(result.stdout).toMatch(/--port N/);
  };

  it('from the sources through `npm run bridge`: stdout, exit 0, named `npm run bridge --`', async () => {
    expectUsage(await run([...SOURCE, '--help'], { npm_lifecycle_event: 'bridge' }), 'npm run bridge --');
  }, 60_000);

  it('-h from the sources run by hand names the command that runs them', async () => {
    expectUsage(await run([...SOURCE, '-h']), 'node --import tsx runtime/bridge/cli.ts');
  }, 60_000);

  // npm_lifecycle_event is set as if an npm script of some project ran the bin: the name stays the bin's.
  it.skipIf(distSkip !== null)('bin/sdwan-bridge.js names itself sdwan-bridge', async () => {
    expectUsage(await run([...BIN, '--help'], { npm_lifecycle_event: 'bridge' }), 'sdwan-bridge');
    expectUsage(await run([...BIN, '-h']), 'sdwan-bridge');
  }, 60_000);

  it.skipIf(distSkip !== null)('dist/bridge/sdwan-bridge.js names itself sdwan-bridge', async () => {
    expectUsage(await run([...DIST, '--help'], { npm_lifecycle_event: 'bridge' }), 'sdwan-bridge');
  }, 60_000);
});
