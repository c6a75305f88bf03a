import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { BridgeMode } from '../../contract/toolTable.ts';
import type { ToolsConfig } from '../config/keys.ts';
import { ConfigError } from '../config/loadConfig.ts';
import { ActionLookup } from '../dispatch/actionLookup.ts';
import { textResult } from '../dispatch/results.ts';
import { syntheticToolTable } from '../../testing/bridge.ts';
import { selectToolSet, serveTools } from './toolSet.ts';

const table = syntheticToolTable();
const sources = new Proxy({}, { get: (_, key) => `test ${String(key)}` }) as Record<string, string>;
const defaults: ToolsConfig = { mode: 'tools', include: [], exclude: [], max_tools: 0, description_max_chars: 0 };

function served(config: Partial<ToolsConfig> = {}, mode: BridgeMode = 'read-only') {
  const tools = { ...defaults, ...config };
  const { selection, readWriteCatalogue } = selectToolSet(table, mode, tools, sources);
  const lookup = new ActionLookup({ table, mode, tools: selection.catalogue });
  const calls: [string, unknown][] = [];
  const set = serveTools({
    table,
    mode,
    config: tools,
    selection,
    readWriteCatalogue,
    lookup,
    dispatch: async (tool, args) => {
      calls.push([tool, args]);
      return textResult({ called: tool }, false);
    },
  });
  return { set, calls };
}

const value = (r: CallToolResult) => JSON.parse((r.content[0] as { text: string }).text) as Record<string, unknown>;
const problems = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  return [];
};

describe('tool sets', () => {
  it('serve the table as it is by default', async () => {
    const { set, calls } = served();
    expect(set.tools.map((t) => t.name)).toEqual(table.modes['read-only'].map((t) => t.name));
    expect(set.tools[0]).toEqual({ name: table.modes['read-only'][0].name, title: table.modes['read-only'][0].title, description: table.modes['read-only'][0].description, inputSchema: table.modes['read-only'][0].inputSchema, annotations: { title: table.modes['read-only'][0].title, ...table.modes['read-only'][0].annotations } });
    expect(set.instructions.split('\n').slice(1)).toEqual([
      'Mode: read-only. 5 tools expose 7 operations that cannot change the controller; the bridge must be started with --read-write for the others.',
      'Each tool takes {"action": <name>, "params": {...}}: path, query and body fields all at the top level of params.',
    ]);
    await set.call('monitoring_bfd', { action: 'get_bfd' });
    expect(calls).toEqual([['monitoring_bfd', { action: 'get_bfd' }]]);
  });

  it('limit descriptions and add sdwan_describe for the full text', async () => {
    const { set } = served({ description_max_chars: 160 }, 'read-write');
    expect(set.tools.map((t) => t.name)).toContain('sdwan_describe');
    expect(set.tools.find((t) => t.name === 'sdwan_describe')!.description!.length).toBeLessThanOrEqual(160);
    let limited = 0;
    for (const t of set.tools.filter((x) => x.name !== 'sdwan_describe')) {
      const original = table.modes['read-write'].find((x) => x.name === t.name)!;
      expect(t.description!.length).toBeLessThanOrEqual(160);
      const cut = original.description.length > 160;
      limited += cut ? 1 : 0;
      expect((t.inputSchema.properties as { action: { description: string } }).action.description).toMatch(cut ? /sdwan_describe gives its parameters/ : /the tool description lists each/);
    }
    expect(limited).toBeGreaterThan(1);
    const full = value(await set.call('sdwan_describe', { tool: 'monitoring_device_details' }));
    expect(full).toEqual({ tool: 'monitoring_device_details', title: 'Monitoring / Device Details', description: table.modes['read-write'].find((t) => t.name === 'monitoring_device_details')!.description, actions: ['get_device_details_device', 'get_device_details_info'] });
    const action = value(await set.call('sdwan_describe', { tool: 'monitoring_device_details', action: 'get_device_details_info' }));
    expect(action).toMatchObject({ method: 'GET', path: '/device/{deviceId}/info', params: { required: ['deviceId'] } });
    expect((await set.call('sdwan_describe', { tool: 'nope' })).isError).toBe(true);
  });

  it('cap the listed tools, counting the tools the bridge adds', () => {
    const { set } = served({ max_tools: 3, description_max_chars: 200, include: ['monitoring', 'troubleshooting*'] });
    expect(set.tools.map((t) => t.name)).toEqual(['monitoring_bfd', 'monitoring_device_details', 'sdwan_describe']);
    expect(set.selection.dropped.map((t) => t.name)).toEqual(['troubleshooting_tools_diagnostics']);
    expect(set.instructions).toMatch(/1 more tools are not listed \(sdwan\.tools\.max_tools\)\./);
  });

  it('in discover mode serve three tools that search, describe and call the whole catalogue', async () => {
    const { set, calls } = served({ mode: 'discover', exclude: ['troubleshooting*'] });
    expect(set.tools.map((t) => t.name)).toEqual(['sdwan_search', 'sdwan_describe', 'sdwan_call']);
    expect(set.tools.find((t) => t.name === 'sdwan_call')!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    const found = value(await set.call('sdwan_search', { query: 'device details system ip' }));
    expect((found.results as { action: string }[])[0]).toEqual({ tool: 'monitoring_device_details', action: 'get_device_details_info', method: 'GET', path: '/device/{deviceId}/info', summary: 'Details of one device by system IP' });
    const profiles = value(await set.call('sdwan_search', { query: 'feature profile' }));
    expect((profiles.results as { action: string }[]).map((r) => r.action).sort()).toEqual(['get_feature_profile_mobility', 'get_feature_profile_sdwan']);
    expect(profiles).toMatchObject({ matches: 2, read_write_only_matches: 1 });
    const excluded = value(await set.call('sdwan_search', { query: 'log lines' }));
    expect(excluded).toMatchObject({ matches: 0, results: [] });
    const inArea = value(await set.call('sdwan_search', { query: 'bfd device', area: 'monitoring/bfd', limit: 1 }));
    expect(inArea.results).toEqual([expect.objectContaining({ tool: 'monitoring_bfd' })]);
    expect(inArea.matches).toBe(2);
    expect(value(await set.call('sdwan_search', { query: 'x', limit: 0 })).message).toMatch(/"limit" must be an integer from 1 to 50/);
    expect(value(await set.call('sdwan_search', { query: 'x', area: 'a b' })).message).toMatch(/"area" must be an area or area\/topic/);
    expect(value(await set.call('sdwan_search', {})).message).toMatch(/needs "query"/);

    await set.call('sdwan_call', { tool: 'monitoring_bfd', action: 'post_bfd_doccount', params: { query: {} } });
    expect(calls).toEqual([['monitoring_bfd', { action: 'post_bfd_doccount', params: { query: {} } }]]);
    expect(value(await set.call('sdwan_call', { tool: 'monitoring_bfd' })).message).toMatch(/needs "tool" and "action"/);
    expect(value(await set.call('sdwan_call', { tool: 'monitoring_bfd', action: 'get_bfd', deviceId: 1 })).message).toMatch(/Unexpected argument\(s\) deviceId/);
    const mutating = value(await set.call('sdwan_describe', { tool: 'configuration_feature_profile_sdwan', action: 'post_feature_profile_sdwan' }));
    expect(mutating.message).toMatch(/changes the controller, and this bridge runs read-only: restart the bridge with --read-write/);
    expect(set.instructions).toMatch(/Find operations with sdwan_search/);
  });

  it('in hybrid mode list the chosen tools and the discovery tools, which reach the dropped ones', async () => {
    const { set, calls } = served({ mode: 'hybrid', max_tools: 5, description_max_chars: 160 }, 'read-write');
    for (const t of set.tools) expect(t.description!.length, t.name).toBeLessThanOrEqual(160);
    expect(set.tools.map((t) => t.name)).toEqual(['administration_user', 'configuration_feature_profile_mobility', 'sdwan_search', 'sdwan_describe', 'sdwan_call']);
    expect(set.tools.find((t) => t.name === 'sdwan_call')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    await set.call('sdwan_call', { tool: 'troubleshooting_tools_diagnostics', action: 'get_diagnostics_log' });
    expect(calls[0][0]).toBe('troubleshooting_tools_diagnostics');
    expect(set.instructions).toMatch(/4 more tools are not listed \(sdwan\.tools\.max_tools\): sdwan_search finds their actions and sdwan_call calls them\./);
  });

  it('refuse patterns that match nothing, selections that leave nothing, and caps without room', () => {
    expect(problems(() => served({ include: ['monitring'] }))).toEqual([
      'sdwan.tools.include: "monitring" matches no tool of spec synthetic (from test sdwan.tools.include); its areas are administration, configuration, monitoring, troubleshooting_tools (`sdwan-bridge tools` without include or exclude lists every tool with its area/topic)',
    ]);
    // A pattern that matches a tool of the other mode is not a typo.
    expect(problems(() => served({ exclude: ['administration'] }))).toEqual([]);
    expect(problems(() => served({ include: ['administration'] }))[0]).toMatch(/^sdwan\.tools: include \["administration"\] and exclude \[\] leave no tool of spec synthetic in read-only mode/);
    expect(problems(() => served({ mode: 'discover', max_tools: 2 }))[0]).toMatch(/^sdwan\.tools\.max_tools: discover mode serves 3 tools \(sdwan_search, sdwan_describe, sdwan_call\), more than 2/);
    expect(problems(() => served({ mode: 'hybrid', max_tools: 3 }))[0]).toMatch(/^sdwan\.tools\.max_tools: 3 leaves no room for the table's tools besides sdwan_search, sdwan_describe, sdwan_call/);
    expect(problems(() => served({ max_tools: 1, description_max_chars: 300 }))[0]).toMatch(/^sdwan\.tools\.max_tools: 1 leaves no room/);
    expect(problems(() => served({ max_tools: 1 }))).toEqual([]);
    expect(served({ mode: 'discover', max_tools: 3 }).set.selection.dropped).toEqual([]);
  });
});
