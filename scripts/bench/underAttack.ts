/**
 * @module
 * `/api/status/` while the server is attacked: its latency (p50, p99) with nothing else running
 * (the baseline), then while three clients, each over and over, send a custom-field value that a
 * backtracking regex engine would take exponential time on (`(a+)+$`), a permissions-matrix import
 * of 2 MB, and a PATCH that waits on a row lock until the statement timeout ends it — one of each
 * in flight at any time — and, with `withLargest`, a fourth sending the largest file import/
 * accepts (1 MB, parsed and answered with its 36,000 unknown groups). The server is the compiled entry in a process of its own,
 * on a scratch PostgreSQL database, so that the attacks and the probe share nothing but the server.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import postgres from 'postgres';
import { freePort } from '../../runtime/testing/serverProcess.ts';
import { scratchDatabase } from './scratchDatabase.ts';

const TOKEN = '0123456789abcdef0123456789abcdef01234567';
const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' };

export interface AttackFigures {
  quietP50Ms: number;
  quietP99Ms: number;
  attackedP50Ms: number;
  attackedP99Ms: number;
  probes: number;
  /** What the attacks got back, by kind and status. */
  answers: Record<string, Record<number, number>>;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/** Matrix import text of about `bytes`: groups with no cells (each unknown, so skipped, not written). */
function importText(bytes: number): string {
  const lines = ['version: 1', 'actions: [view]', 'groups:'];
  for (let i = 0, size = 30; size < bytes; i++) {
    const line = `  attacker-group-${i}: {}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

export async function measureUnderAttack(root: string, adminUrl: string, durationMs: number, withLargest = false): Promise<AttackFigures> {
  const scratch = await scratchDatabase(adminUrl, `nb_bench_attack_${process.pid}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'dist', 'server', 'netbox-inventory.js'), '--port', String(port)], {
    env: { ...process.env, DATABASE_URL: scratch.url, STATEMENT_TIMEOUT: '3', SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN },
    stdio: 'ignore',
  });
  const locker = postgres(scratch.url, { max: 2, onnotice: () => {} });
  try {
    for (let up = false; !up; ) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      up = (await fetch(`${base}/api/status/`, { headers }).then((r) => r.status, () => 0)) === 200;
      if (!up) await new Promise((r) => setTimeout(r, 50));
    }
    const post = async (path: string, body: unknown) => (await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json() as Promise<{ id: number }>;
    const site = await post('/api/dcim/sites/', { name: 'Attacked', slug: 'attacked' });
    const manufacturer = await post('/api/dcim/manufacturers/', { name: 'M', slug: 'm' });
    const type = await post('/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'T', slug: 't' });
    const role = await post('/api/dcim/device-roles/', { name: 'R', slug: 'r' });
    const device = (n: number) => post('/api/dcim/devices/', { name: `d${n}`, site: site.id, device_type: type.id, role: role.id });
    const [target, locked] = await Promise.all([device(1), device(2)]);
    await post('/api/extras/custom-fields/', { name: 'b18', type: 'text', object_types: ['dcim.device'], validation_regex: '(a+)+$' });

    const probe = async () => {
      const started = performance.now();
      const response = await fetch(`${base}/api/status/`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`/api/status/ answered ${response.status}`);
      return performance.now() - started;
    };
    const quiet: number[] = [];
    for (let i = 0; i < 300; i++) quiet.push(await probe());

    const answers: Record<string, Record<number, number>> = {};
    const count = (kind: string, status: number) => ((answers[kind] ??= {})[status] = (answers[kind][status] ?? 0) + 1);
    const until = performance.now() + durationMs;
    const repeat = (kind: string, send: () => Promise<Response>) => async () => {
      while (performance.now() < until) {
        const response = await send();
        await response.arrayBuffer();
        count(kind, response.status);
      }
    };
    const evil = `${'a'.repeat(40)}!`;
    const redos = repeat('custom field (a+)+$', () => fetch(`${base}/api/dcim/devices/${target.id}/`, { method: 'PATCH', headers, body: JSON.stringify({ custom_fields: { b18: evil } }) }));
    const big = JSON.stringify({ yaml: importText(2_000_000) });
    const largest = JSON.stringify({ yaml: importText(1_000_000) });
    const imports = (body: string) => repeat(`import ${(body.length / 1e6).toFixed(1)} MB`, () => fetch(`${base}/api/plugins/permissions-matrix/import/`, { method: 'POST', headers, body }));
    // A row lock held from outside: each PATCH of that device waits in its statement until the timeout ends it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    const holding = locker.begin(async (tx) => {
      await tx`SELECT id FROM dcim_device WHERE id = ${locked.id} FOR UPDATE`;
      taken();
      await held;
    });
    await lockTaken;
    const slow = repeat('PATCH waiting on a lock', () => fetch(`${base}/api/dcim/devices/${locked.id}/`, { method: 'PATCH', headers, body: JSON.stringify({ description: 'blocked' }) }));
    const attacked: number[] = [];
    const probing = (async () => {
      while (performance.now() < until) {
        attacked.push(await probe());
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    // One of each in flight at any time, as the target reads; the largest file import/ accepts as well when asked.
    await Promise.all([redos(), imports(big)(), slow(), ...(withLargest ? [imports(largest)()] : []), probing]);
    release();
    await holding;
    return {
      quietP50Ms: percentile(quiet, 50),
      quietP99Ms: percentile(quiet, 99),
      attackedP50Ms: percentile(attacked, 50),
      attackedP99Ms: percentile(attacked, 99),
      probes: attacked.length,
      answers,
    };
  } finally {
    await locker.end({ timeout: 1 });
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    await scratch.drop();
  }
}
