/**
 * End to end: the SDK's real Client over stdio (the bridge spawned as a process), streamable HTTP and
 * SSE, against simulated controllers on loopback speaking the JWT and the session login flows, serving
 * a real controller spec (the 7-tag subset of the vendor's, read in place from ../shared).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBridge, type RunningBridge } from './bridge.ts';
import { memoryLogger } from './logger.ts';
import { startControllerSimulator, type ControllerSimulator } from './simulator/controllerSimulator.ts';
import { DEMO_SPECS_DIR, linkedSpecs, PROJECT_ROOT, referenceAvailable, simulatorSettings, tempDir, VENDOR_SUBSET } from '../testing/bridge.ts';

const TOKEN = 'e2e-bearer-token-0123456789abcdef';
const useVendor = referenceAvailable(VENDOR_SUBSET);

const dir = tempDir('bridge-e2e-');
const specsDir = useVendor ? linkedSpecs(dir.path, '20.9', [VENDOR_SUBSET]) : DEMO_SPECS_DIR;
const version = useVendor ? '20.9' : 'demo';
const sims: Record<'jwt' | 'session', ControllerSimulator> = {} as never;

beforeAll(async () => {
  sims.jwt = await startControllerSimulator({ authFlow: 'jwt', echoUnknown: true });
  sims.session = await startControllerSimulator({ authFlow: 'session', echoUnknown: true });
});
afterAll(async () => {
  await Promise.all(Object.values(sims).map((s) => s.close()));
  dir.remove();
});

function secretsOf(sim: ControllerSimulator): string[] {
  return [...sim.issuedSecrets(), sim.credentials.password, TOKEN];
}

/** Lists the tools and calls two actions (one answered by the demo API, one echoed), then once more after the session expired. */
async function exercise(client: Client, sim: ControllerSimulator, flow: 'jwt' | 'session'): Promise<string[]> {
  const texts: string[] = [];
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  expect(names).toContain('monitoring_bfd');
  const bfd = tools.find((t) => t.name === 'monitoring_bfd')!;
  expect((bfd.inputSchema.properties as { action: { enum: string[] } }).action.enum).toContain('post_bfd_doccount');
  expect(bfd.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  for (const t of tools) expect(t.name.length).toBeLessThanOrEqual(64);

  const count = await client.callTool({ name: 'monitoring_bfd', arguments: { action: 'post_bfd_doccount', params: { query: { condition: 'AND', rules: [{ field: 'state', value: ['up'], operator: 'in' }] } } } });
  texts.push(JSON.stringify(count));
  expect(count.isError).toBeFalsy();
  expect(count.structuredContent).toMatchObject({ data: [{ count: 252 }] });
  const sent = sim.stats.requests.at(-1)!;
  if (flow === 'jwt') expect(sent.headers.authorization).toMatch(/^Bearer /);
  else expect(sent.headers.cookie).toMatch(/^JSESSIONID=/);
  expect(sent.headers['x-xsrf-token']).toBeTruthy();

  if (useVendor) {
    const role = await client.callTool({ name: 'administration_user_and_group', arguments: { action: 'get_user_and_group_role', params: {} } });
    texts.push(JSON.stringify(role));
    expect(role.structuredContent).toMatchObject({ echo: { method: 'GET', path: '/admin/user/role', query: {}, body: null } });
  }
  const logins = sim.stats.logins;
  sim.expireSessions();
  const again = await client.callTool({ name: 'monitoring_bfd', arguments: { action: 'post_bfd_doccount', params: {} } });
  texts.push(JSON.stringify(again));
  expect(again.isError).toBeFalsy();
  expect(sim.stats.logins).toBe(logins + 1);

  const bad = await client.callTool({ name: 'monitoring_bfd', arguments: { action: 'no_such_action' } });
  texts.push(JSON.stringify(bad));
  expect(bad.isError).toBe(true);
  return texts;
}

describe.each(['jwt', 'session'] as const)('%s login flow', (flow) => {
  it('serves over stdio to a spawned bridge, writing only JSON-RPC on stdout', async () => {
    const sim = sims[flow];
    const config = join(dir.path, `stdio-${flow}.yaml`);
    writeFileSync(
      config,
      [
        'controller:',
        `  host: 127.0.0.1`,
        `  port: ${sim.port}`,
        '  protocol: http',
        `  use_jwt: ${flow === 'jwt'}`,
        '  retries: { backoff_base: 0.01, backoff_cap: 0.05 }',
        'sdwan:',
        `  specs_dir: ${specsDir}`,
        `  active_version: "${version}"`,
        '  auto_fetch: false',
        '',
      ].join('\n'),
    );
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(CONTROLLER_|BRIDGE_)/.test(k)) env[k] = v;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', pathToFileURL(join(PROJECT_ROOT, 'node_modules/tsx/dist/loader.mjs')).href, join(PROJECT_ROOT, 'runtime/bridge/cli.ts'), '--config', config, '--debug-all-calls'],
      env: { ...env, CONTROLLER_USERNAME: sim.credentials.username, CONTROLLER_PASSWORD: sim.credentials.password },
      cwd: dir.path,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'e2e', version: '1' });
    const protocolErrors: Error[] = [];
    client.onerror = (e) => protocolErrors.push(e);
    await client.connect(transport);
    const logouts = sim.stats.logouts;
    const texts = await exercise(client, sim, flow);
    await client.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(protocolErrors).toEqual([]);
    expect(stderr).toMatch(new RegExp(`\\[bridge\\] spec ${version.replace('.', '\\.')}: \\d+ tools`));
    expect(stderr).toContain('[dispatcher][debug] ');
    expect(sim.stats.logouts).toBe(logouts + 1);
    const all = `${stderr}\n${texts.join('\n')}`;
    for (const secret of secretsOf(sim)) expect(all.includes(secret), 'a credential leaked').toBe(false);
  }, 30_000);

  for (const mode of ['streamable-http', 'sse'] as const) {
    it(`serves over ${mode} with bearer auth`, async () => {
      const sim = sims[flow];
      const log = memoryLogger();
      const settings = simulatorSettings(
        sim,
        {
          'controller.use_jwt': flow === 'jwt',
          'sdwan.specs_dir': specsDir,
          'sdwan.active_version': version,
          'transport.mode': mode,
          'transport.port': 0,
          'transport.auth.type': 'bearer',
          'transport.auth.token': TOKEN,
        },
        { debug: true },
      );
      const running: RunningBridge = await serveBridge({ settings, log, warmLogin: false });
      try {
        const url = new URL(running.url!);
        const unauthenticated = await fetch(url, { method: mode === 'sse' ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: mode === 'sse' ? undefined : '{}' });
        expect(unauthenticated.status).toBe(401);
        expect(unauthenticated.headers.get('www-authenticate')).toBe('Bearer realm="sdwan-bridge"');
        const wrong = await fetch(url, { headers: { authorization: 'Bearer nope' } });
        expect(wrong.status).toBe(401);
        expect(wrong.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
        expect(await wrong.json()).toEqual({ error: 'invalid token' });

        const headers = { Authorization: `Bearer ${TOKEN}` };
        const transport: Transport =
          mode === 'sse' ? new SSEClientTransport(url, { requestInit: { headers }, eventSourceInit: { fetch: (u, init) => fetch(u, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }) } }) : new StreamableHTTPClientTransport(url, { requestInit: { headers } });
        const client = new Client({ name: 'e2e', version: '1' });
        await client.connect(transport);
        const texts = await exercise(client, sim, flow);
        await client.close();
        const all = `${log.lines.join('\n')}\n${texts.join('\n')}`;
        expect(log.lines.join('\n')).toMatch(/rejected (GET|POST) \/(mcp|sse) .*: invalid token/);
        for (const secret of secretsOf(sim)) expect(all.includes(secret), 'a credential leaked').toBe(false);
      } finally {
        const logouts = sim.stats.logouts;
        await running.close();
        expect(sim.stats.logouts).toBe(logouts + 1);
      }
    }, 30_000);
  }
});

describe('bind safety of the HTTP transports', () => {
  it('demotes 0.0.0.0 without auth to 127.0.0.1 with a warning, unless --insecure-allow-public', async () => {
    const log = memoryLogger();
    const demoted = await serveBridge({ settings: simulatorSettings(sims.jwt, { 'transport.mode': 'streamable-http', 'transport.host': '0.0.0.0', 'transport.port': 0 }), log, warmLogin: false });
    try {
      expect(demoted.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(log.lines.join('\n')).toMatch(/WARNING: refusing to bind 0\.0\.0\.0 with transport\.auth\.type none: listening on 127\.0\.0\.1 instead/);
    } finally {
      await demoted.close();
    }
    const forced = await serveBridge({
      settings: simulatorSettings(sims.jwt, { 'transport.mode': 'sse', 'transport.host': '0.0.0.0', 'transport.port': 0 }, { insecureAllowPublic: true }),
      log,
      warmLogin: false,
    });
    try {
      expect(forced.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/sse$/);
      const client = new Client({ name: 'e2e', version: '1' });
      await client.connect(new SSEClientTransport(new URL(forced.url!.replace('0.0.0.0', '127.0.0.1'))));
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      await client.close();
    } finally {
      await forced.close();
    }
  });
});
