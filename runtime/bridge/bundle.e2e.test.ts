/**
 * End to end: the bridge bundled as `npm run build` bundles it (scripts/build/bundleBridge.ts, here
 * straight from the TypeScript sources into a scratch folder under dist/), started as a process:
 * it serves the demo over stdio, calls the controller (undici, CommonJS, loaded on demand from a
 * chunk), searches in hybrid mode, and builds a tool table in memory (the spec loader's worker).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleBridge } from '../../scripts/build/bundleBridge.ts';
import { DEMO_SPECS_DIR, PROJECT_ROOT, tempDir } from '../testing/bridge.ts';

const outdir = join(PROJECT_ROOT, 'dist', `.bundle-test-${process.pid}`);
const entry = join(outdir, 'sdwan-bridge.js');
const scratch = tempDir('bridge-bundle-');

beforeAll(async () => {
  mkdirSync(outdir, { recursive: true });
  await bundleBridge(join(PROJECT_ROOT, 'runtime', 'bridge', 'cli.ts'), outdir);
}, 60_000);
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  scratch.remove();
});

describe('the bundled bridge', () => {
  it('serves the demo over stdio, calls the controller and searches', async () => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(CONTROLLER_|BRIDGE_)/.test(k)) env[k] = v;
    const transport = new StdioClientTransport({ command: process.execPath, args: [entry, 'demo', '--transport', 'stdio', '--tools-mode', 'hybrid'], env, cwd: scratch.path, stderr: 'pipe' });
    let stderr = '';
    transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'e2e', version: '1' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('monitoring_bfd');
      expect(tools.map((t) => t.name).slice(-3)).toEqual(['sdwan_search', 'sdwan_describe', 'sdwan_call']);
      const count = await client.callTool({ name: 'monitoring_bfd', arguments: { action: 'post_bfd_doccount', params: {} } });
      expect(count.structuredContent).toEqual({ data: [{ count: 500 }] });
      const found = await client.callTool({ name: 'sdwan_search', arguments: { query: 'device counters' } });
      expect(JSON.stringify(found.structuredContent)).toContain('get_device_details_counters');
    } finally {
      await client.close();
    }
    expect(stderr).toMatch(/\[bridge\] spec demo: 7 tools, 17 actions \(read-only\) from generated\/bridge\/demo\/$/m);
  }, 30_000);

  it('builds a tool table in memory when there is no generated one', () => {
    const config = join(scratch.path, 'stale.yaml');
    writeFileSync(config, `sdwan:\n  specs_dir: ${DEMO_SPECS_DIR}\n  tables_dir: ${join(scratch.path, 'no-tables')}\n  active_version: demo\n  auto_fetch: false\n`);
    const run = spawnSync(process.execPath, [entry, 'tools', '--config', config], { cwd: scratch.path, encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(run.stderr).toMatch(/built in memory in \d+ ms because there is no generated table/);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').filter(Boolean)).toHaveLength(7);
  }, 30_000);
});
