/**
 * End to end: every tool-set option and the discovery modes through the SDK's real Client, over stdio
 * (the bridge spawned as a process, options given as flags and environment variables) and over
 * streamable HTTP (options in the configuration), against the simulated controller serving specs/demo/.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { openBridge, serveBridge, type RunningBridge } from './bridge.ts';
import { memoryLogger } from './logger.ts';
import { startControllerSimulator, type ControllerSimulator } from './simulator/controllerSimulator.ts';
import { DEMO_SPECS_DIR, PROJECT_ROOT, simulatorSettings, tempDir } from '../testing/bridge.ts';

let sim: ControllerSimulator;
const dir = tempDir('bridge-toolsets-');
beforeAll(async () => {
  sim = await startControllerSimulator();
});
afterAll(async () => {
  await sim.close();
  dir.remove();
});

/** A tool-set configuration, as config keys (HTTP) and as flags or environment (stdio). */
interface ToolSetCase {
  keys: Record<string, unknown>;
  flags: string[];
  env: Record<string, string>;
}

interface Connected {
  client: Client;
  stderr: () => string;
  close(): Promise<void>;
}

async function connect(transport: 'stdio' | 'streamable-http', c: ToolSetCase): Promise<Connected> {
  if (transport === 'stdio') {
    const config = join(dir.path, `stdio-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(config, `controller:\n  host: 127.0.0.1\n  port: ${sim.port}\n  protocol: http\nsdwan:\n  specs_dir: ${DEMO_SPECS_DIR}\n  active_version: demo\n  auto_fetch: false\n`);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(CONTROLLER_|BRIDGE_)/.test(k)) env[k] = v;
    const stdio = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', pathToFileURL(join(PROJECT_ROOT, 'node_modules/tsx/dist/loader.mjs')).href, join(PROJECT_ROOT, 'runtime/bridge/cli.ts'), '--config', config, ...c.flags],
      env: { ...env, ...c.env, CONTROLLER_USERNAME: sim.credentials.username, CONTROLLER_PASSWORD: sim.credentials.password },
      cwd: dir.path,
      stderr: 'pipe',
    });
    let stderr = '';
    stdio.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'e2e', version: '1' });
    await client.connect(stdio);
    return { client, stderr: () => stderr, close: () => client.close() };
  }
  const log = memoryLogger();
  const running: RunningBridge = await serveBridge({ settings: simulatorSettings(sim, { 'transport.mode': 'streamable-http', 'transport.port': 0, ...c.keys }, c.keys['sdwan.read_write'] ? { readWrite: true } : {}), log, warmLogin: false });
  const client = new Client({ name: 'e2e', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(running.url!)));
  return {
    client,
    stderr: () => log.lines.join('\n'),
    close: async () => {
      await client.close();
      await running.close();
    },
  };
}

const value = (r: unknown) => JSON.parse(((r as CallToolResult).content[0] as { text: string }).text) as Record<string, unknown>;

describe.each(['stdio', 'streamable-http'] as const)('tool sets over %s', (transport) => {
  it('include, exclude, a cap and description limits: the listed tools, the full text on request, and what is left out', async () => {
    const c = await connect(transport, {
      keys: { 'sdwan.tools.include': ['monitoring', 'troubleshooting*', 'configuration/policy_*'], 'sdwan.tools.exclude': ['monitoring/alarms_*'], 'sdwan.tools.max_tools': 4, 'sdwan.tools.description_max_chars': 200 },
      flags: ['--tools-include', 'monitoring', '--tools-include', 'troubleshooting*,configuration/policy_*', '--tools-max', '4', '--tools-description-max', '200'],
      env: { BRIDGE_TOOLS_EXCLUDE: 'monitoring/alarms_*' },
    });
    try {
      const { tools } = await c.client.listTools();
      // Ranked by include pattern, then name; the cap counts sdwan_describe.
      expect(tools.map((t) => t.name)).toEqual(['monitoring_bfd', 'monitoring_device_details', 'troubleshooting_tools_diagnostics', 'sdwan_describe']);
      for (const t of tools) expect(t.description!.length).toBeLessThanOrEqual(200);
      const bfd = tools.find((t) => t.name === 'monitoring_bfd')!;
      expect(bfd.description).toMatch(/sdwan_describe \{"tool": "monitoring_bfd", "action": <name>\}/);
      const full = value(await c.client.callTool({ name: 'sdwan_describe', arguments: { tool: 'monitoring_bfd' } }));
      expect(full.description as string).toContain('- post_bfd_doccount: POST /statistics/bfd/doccount');
      const action = value(await c.client.callTool({ name: 'sdwan_describe', arguments: { tool: 'monitoring_device_details', action: 'get_device_details_info' } }));
      expect(action).toMatchObject({ method: 'GET', path: '/device/{deviceId}/info', params: { type: 'object', required: ['deviceId'] } });

      const count = await c.client.callTool({ name: 'monitoring_bfd', arguments: { action: 'post_bfd_doccount', params: { query: { rules: [{ field: 'state', value: ['up'], operator: 'in' }] } } } });
      expect(count.structuredContent).toEqual({ data: [{ count: 252 }] });
      // Over the cap but in the catalogue: not listed, still callable by name.
      const capped = await c.client.callTool({ name: 'configuration_policy_site_list_builder', arguments: { action: 'get_policy_site_list_builder_site' } });
      expect(capped.isError).toBeFalsy();
      const excluded = await c.client.callTool({ name: 'monitoring_alarms_details', arguments: { action: 'get_alarms_details_count' } });
      expect(value(excluded).message).toMatch(/is not part of this bridge's tool set/);
      const mutating = await c.client.callTool({ name: 'configuration_policy_site_list_builder', arguments: { action: 'post_policy_site_list_builder_site', params: { name: 'x', entries: [] } } });
      expect(value(mutating).message).toMatch(/changes the controller, and this bridge runs read-only: restart the bridge with --read-write \(config sdwan\.read_write: true, env BRIDGE_READ_WRITE=1\)/);
      expect(c.stderr()).toMatch(/sdwan\.tools\.max_tools 4: 1 tools not listed \(lowest rank last\): configuration_policy_site_list_builder/);
    } finally {
      await c.close();
    }
  }, 30_000);

  it('discover mode: three tools reach every action by search, describe and call', async () => {
    const c = await connect(transport, { keys: { 'sdwan.tools.mode': 'discover' }, flags: ['--tools-mode', 'discover'], env: {} });
    try {
      const { tools } = await c.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['sdwan_search', 'sdwan_describe', 'sdwan_call']);
      const found = value(await c.client.callTool({ name: 'sdwan_search', arguments: { query: 'count bfd statistics', limit: 3 } }));
      expect((found.results as { tool: string; action: string }[])[0]).toMatchObject({ tool: 'monitoring_bfd', action: 'post_bfd_doccount', method: 'POST' });
      expect(found.read_write_only_matches).toBeUndefined();
      const lists = value(await c.client.callTool({ name: 'sdwan_search', arguments: { query: 'site list' } }));
      expect(lists.read_write_only_matches).toBe(3);
      const schema = value(await c.client.callTool({ name: 'sdwan_describe', arguments: { tool: 'monitoring_bfd', action: 'post_bfd_doccount' } }));
      expect(Object.keys((schema.params as { properties: object }).properties)).toEqual(['query', 'size', 'sort']);
      const counted = await c.client.callTool({ name: 'sdwan_call', arguments: { tool: 'monitoring_bfd', action: 'post_bfd_doccount', params: { query: { rules: [{ field: 'entry_time', type: 'date', value: ['24'], operator: 'last_n_hours' }] } } } });
      expect(counted.structuredContent).toEqual({ data: [{ count: 500 }] });
      const refused = await c.client.callTool({ name: 'sdwan_call', arguments: { tool: 'configuration_policy_site_list_builder', action: 'delete_policy_site_list_builder_site', params: { id: 'x' } } });
      expect(value(refused).message).toMatch(/changes the controller, and this bridge runs read-only: restart the bridge with --read-write/);
    } finally {
      await c.close();
    }
  }, 30_000);

  it('hybrid mode, read-write: listed tools plus the discovery tools, which call the ones over the cap', async () => {
    const c = await connect(transport, { keys: { 'sdwan.tools.mode': 'hybrid', 'sdwan.tools.max_tools': 5, 'sdwan.read_write': true }, flags: ['--tools-mode', 'hybrid', '--tools-max', '5'], env: { BRIDGE_READ_WRITE: '1' } });
    try {
      const { tools } = await c.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['administration_user_and_group', 'configuration_policy_site_list_builder', 'sdwan_search', 'sdwan_describe', 'sdwan_call']);
      expect(tools.find((t) => t.name === 'sdwan_call')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      const created = await c.client.callTool({ name: 'configuration_policy_site_list_builder', arguments: { action: 'post_policy_site_list_builder_site', params: { name: 'e2e', entries: [{ siteId: '7' }] } } });
      expect(created.structuredContent).toMatchObject({ listId: expect.any(String) });
      const viewed = await c.client.callTool({ name: 'sdwan_call', arguments: { tool: 'monitoring_alarms_details', action: 'post_alarms_details_markviewed', params: { uuid: ['a1a2a3a4-0000-4000-8000-000000000001'] } } });
      expect(viewed.structuredContent).toEqual({ marked: 1 });
    } finally {
      await c.close();
    }
  }, 30_000);
});

describe('the warm login', () => {
  it('waits until the client has its tool list, then logs in before the first call', async () => {
    const bridge = await openBridge({ settings: simulatorSettings(sim), log: memoryLogger() });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'e2e', version: '1' });
    try {
      const before = sim.stats.logins;
      await Promise.all([client.connect(clientSide), bridge.createServer().connect(serverSide)]);
      await new Promise((r) => setTimeout(r, 50));
      expect(sim.stats.logins).toBe(before);
      await client.listTools();
      // Well before the one-second fallback.
      for (let waited = 0; sim.stats.logins === before && waited < 500; waited += 10) await new Promise((r) => setTimeout(r, 10));
      expect(sim.stats.logins).toBe(before + 1);
    } finally {
      await client.close();
      await bridge.close();
    }
  });
});
