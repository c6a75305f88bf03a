/** Tool calls through the dispatcher against the simulated controller, with the generated demo table. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBridge, type Bridge } from '../bridge.ts';
import { memoryLogger } from '../logger.ts';
import { startControllerSimulator, type ControllerSimulator } from '../simulator/controllerSimulator.ts';
import { simulatorSettings } from '../../testing/bridge.ts';
import { REDACTED, type DebugRecord } from './debugCapture.ts';

let sim: ControllerSimulator;
const opened: Bridge[] = [];
const logs = memoryLogger();
const results: CallToolResult[] = [];
const sleeps: number[] = [];

async function bridge(overrides: Record<string, unknown> = {}, flags: Parameters<typeof simulatorSettings>[2] = {}): Promise<Bridge> {
  const b = await openBridge({ settings: simulatorSettings(sim, overrides, flags), log: logs, warmLogin: false, hooks: { sleep: async (ms) => void sleeps.push(ms) } });
  opened.push(b);
  return b;
}

async function call(b: Bridge, tool: string, action: string, params?: unknown): Promise<CallToolResult & { value: unknown }> {
  const result = await b.dispatcher.call(tool, { action, ...(params === undefined ? {} : { params }) });
  results.push(result);
  const text = (result.content[0] as { text: string }).text;
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // a plain-text result
  }
  return { ...result, value };
}

function debugLines(): DebugRecord[] {
  return logs.lines.filter((l) => l.startsWith('[dispatcher][debug] ')).map((l) => JSON.parse(l.slice('[dispatcher][debug] '.length)) as DebugRecord);
}

beforeAll(async () => {
  sim = await startControllerSimulator();
});
afterEach(() => {
  sim.clearFaults();
  sleeps.length = 0;
});
afterAll(async () => {
  for (const b of opened) await b.close();
  await sim.close();
});

describe('dispatching tool calls', () => {
  it('returns the controller answer as text and structured content', async () => {
    const b = await bridge();
    const r = await call(b, 'monitoring_bfd', 'post_bfd_doccount', { query: { condition: 'AND', rules: [{ field: 'state', value: ['up'], operator: 'in' }] } });
    expect(r.isError).toBeUndefined();
    expect(r.value).toEqual({ data: [{ count: 252 }] });
    expect(r.structuredContent).toEqual({ data: [{ count: 252 }] });
    const sent = sim.stats.requests.at(-1)!;
    expect(JSON.parse(sent.body)).toEqual({ query: { condition: 'AND', rules: [{ field: 'state', value: ['up'], operator: 'in' }] } });
    expect(sent.headers['content-type']).toBe('application/json');
  });

  it('passes statistics queries with the operators real ones use (last_n_hours, between) to the controller', async () => {
    const b = await bridge();
    const since = (hours: number) => call(b, 'monitoring_bfd', 'post_bfd_doccount', { query: { condition: 'AND', rules: [{ field: 'entry_time', type: 'date', value: [String(hours)], operator: 'last_n_hours' }] } });
    const count = async (hours: number) => ((await since(hours)).value as { data: { count: number }[] }).data[0].count;
    expect(await count(24)).toBe(500);
    const lastHour = await count(1);
    expect(lastHour).toBeGreaterThan(0);
    expect(lastHour).toBeLessThan(100);
    const between = await call(b, 'monitoring_bfd', 'post_bfd', { query: { rules: [{ field: 'latency', type: 'long', value: ['10', '12'], operator: 'between' }] }, size: 500 });
    const latencies = (between.value as { data: { latency: number }[] }).data.map((r) => r.latency);
    expect(latencies.length).toBeGreaterThan(0);
    expect(latencies.every((l) => l >= 10 && l <= 12)).toBe(true);
  });

  it('answers unknown tools, actions and misplaced arguments with clear errors', async () => {
    const b = await bridge();
    const unknownTool = await b.dispatcher.call('nope_tool', { action: 'x' });
    expect(unknownTool.isError).toBe(true);
    expect((unknownTool.content[0] as { text: string }).text).toMatch(/Unknown tool 'nope_tool'/);
    const r = await call(b, 'monitoring_bfd', 'delete_everything');
    expect(r.isError).toBe(true);
    expect((r.value as { message: string }).message).toBe("Unknown action 'delete_everything' for tool 'monitoring_bfd'. Valid actions: get_bfd, get_bfd_fields, post_bfd, post_bfd_aggregation, post_bfd_doccount.");
    const missing = await b.dispatcher.call('monitoring_bfd', {});
    expect((missing.structuredContent as { message: string }).message).toMatch(/needs "action": one of get_bfd/);
    const stray = await b.dispatcher.call('monitoring_bfd', { action: 'get_bfd', deviceId: '1' });
    expect((stray.structuredContent as { message: string }).message).toMatch(/Unexpected argument\(s\) deviceId: put parameters inside "params"/);
    const rw = await call(b, 'configuration_policy_site_list_builder', 'post_policy_site_list_builder_site', { name: 'x', entries: [] });
    expect((rw.value as { message: string }).message).toBe(
      "Action 'post_policy_site_list_builder_site' (POST /template/policy/list/site) changes the controller, and this bridge runs read-only: restart the bridge with --read-write (config sdwan.read_write: true, env BRIDGE_READ_WRITE=1) to call it.",
    );
    const sent = sim.stats.calls['POST /template/policy/list/site'];
    expect(sent).toBeUndefined();
  });

  it('passes the controller error body through, with a hint for statistics errors', async () => {
    const b = await bridge();
    const notFound = await call(b, 'monitoring_device_details', 'get_device_details_info', { deviceId: '9.9.9.9' });
    expect(notFound.isError).toBe(true);
    expect(notFound.value).toEqual({
      error: true,
      message: 'HTTP 404 from the controller for GET /device/9.9.9.9/info: No device with system IP 9.9.9.9',
      status_code: 404,
      body: { error: { message: 'No device with system IP 9.9.9.9', code: 'DEVICE0001', details: '' } },
    });
    const bad = await call(b, 'monitoring_bfd', 'post_bfd', { query: { condition: 'XOR', rules: [] } });
    expect(bad.value).toMatchObject({ status_code: 500, body: { error: { code: 'REST0001' } }, hint: expect.stringMatching(/check params\.query/) });
    const rawGet = await call(b, 'monitoring_bfd', 'get_bfd', { query: '{"condition":"AND"}' });
    expect((rawGet.value as { hint: string }).hint).toMatch(/use the POST action/);
  });

  it('retries GETs on 503 with bounded backoff, and does not retry POST by default', async () => {
    const b = await bridge({ 'controller.retries.backoff_base': 0.5, 'controller.retries.backoff_cap': 8 });
    await call(b, 'monitoring_device_details', 'get_device_details_device');
    const before = sim.stats.calls['GET /device'];
    sim.fail({ method: 'GET', path: '/device', status: 503, times: 2 });
    const r = await call(b, 'monitoring_device_details', 'get_device_details_device');
    expect(r.isError).toBeUndefined();
    expect(sim.stats.calls['GET /device'] - before).toBe(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(sleeps[0]).toBeLessThanOrEqual(500);
    expect(sleeps[1]).toBeGreaterThanOrEqual(500);
    expect(sleeps[1]).toBeLessThanOrEqual(1000);

    const posts = sim.stats.calls['POST /statistics/bfd/doccount'] ?? 0;
    sim.fail({ method: 'POST', path: '/statistics/bfd/doccount', status: 503, times: 1 });
    const post = await call(b, 'monitoring_bfd', 'post_bfd_doccount', {});
    expect(post.isError).toBe(true);
    expect((post.value as { status_code: number }).status_code).toBe(503);
    expect(sim.stats.calls['POST /statistics/bfd/doccount'] - posts).toBe(1);

    sim.fail({ method: 'GET', path: '/device', status: 503, times: 5 });
    const exhausted = await call(b, 'monitoring_device_details', 'get_device_details_device');
    expect((exhausted.value as { message: string }).message).toBe('HTTP 503 from the controller for GET /device after 3 attempts: Injected failure 503');
  });

  it('retries POST when retry_mutating is on, and retries timeouts and resets', async () => {
    const b = await bridge({ 'controller.retries.retry_mutating': true, 'controller.timeout': 0.15 });
    const posts = sim.stats.calls['POST /statistics/bfd/doccount'] ?? 0;
    sim.fail({ method: 'POST', path: '/statistics/bfd/doccount', status: 502, times: 1 });
    expect((await call(b, 'monitoring_bfd', 'post_bfd_doccount', {})).isError).toBeUndefined();
    expect(sim.stats.calls['POST /statistics/bfd/doccount'] - posts).toBe(2);
    sim.fail({ method: 'GET', path: '/alarms/count', delayMs: 400, times: 1 });
    expect((await call(b, 'monitoring_alarms_details', 'get_alarms_details_count')).isError).toBeUndefined();
    sim.fail({ method: 'GET', path: '/alarms/count', reset: true, times: 1 });
    expect((await call(b, 'monitoring_alarms_details', 'get_alarms_details_count')).isError).toBeUndefined();
    sim.fail({ method: 'GET', path: '/alarms/count', delayMs: 400, times: 3 });
    const timedOut = await call(b, 'monitoring_alarms_details', 'get_alarms_details_count');
    expect((timedOut.value as { message: string }).message).toBe('Request failed: GET /alarms/count: no answer within 0.15 s (3 attempts)');
  });

  it('reports a failed login as a result, without the password', async () => {
    const b = await bridge({ 'controller.password': 'not-the-password' }, { debug: true });
    const r = await call(b, 'monitoring_device_details', 'get_device_details_device');
    expect(r.isError).toBe(true);
    expect((r.value as { message: string }).message).toMatch(/^Login to the controller failed: the controller rejected the login/);
    expect(JSON.stringify(r)).not.toContain('not-the-password');
    expect((r.value as { debug: DebugRecord }).debug.request_error).toMatch(/rejected the login/);
  });
});

describe('debug capture', () => {
  it('captures failed calls only by default: attached to the result and logged on stderr', async () => {
    const b = await bridge({}, { debug: true });
    const ok = await call(b, 'monitoring_device_details', 'get_device_details_device');
    expect(ok.value).not.toHaveProperty('debug');
    logs.lines.length = 0;
    const failed = await call(b, 'monitoring_device_details', 'get_device_details_info', { deviceId: '1.2.3.4' });
    const record = (failed.value as { debug: DebugRecord }).debug;
    expect(record).toMatchObject({
      tool: 'monitoring_device_details',
      action: 'get_device_details_info',
      operation_id: 'getDeviceInfo',
      request: { method: 'GET', path: '/device/1.2.3.4/info', url: `${sim.url}/dataservice/device/1.2.3.4/info`, query_params: {}, body: null, headers: { Authorization: REDACTED, 'X-XSRF-TOKEN': REDACTED } },
      response: { status_code: 404, error_code: 'DEVICE0001', body: { error: { code: 'DEVICE0001' } } },
    });
    expect(record.timing_ms).toBeGreaterThan(0);
    expect(debugLines()).toEqual([record]);
  });

  it('with capture all, attaches records to object results and logs list and string results on stderr only', async () => {
    const b = await bridge({}, { debugAllCalls: true });
    logs.lines.length = 0;
    const object = await call(b, 'monitoring_alarms_details', 'get_alarms_details_count');
    expect((object.value as { debug: DebugRecord }).debug.response!.status_code).toBe(200);
    const list = await call(b, 'monitoring_bfd', 'get_bfd_fields');
    expect(Array.isArray(list.value)).toBe(true);
    expect(list.structuredContent).toBeUndefined();
    const text = await call(b, 'troubleshooting_tools_diagnostics', 'get_diagnostics_log', { deviceId: '10.0.0.11', lines: 3 });
    expect(typeof text.value).toBe('string');
    expect(text.value as string).toMatch(/^2025-01-01T00:00:00Z edge-sfo-1 bfd/);
    expect(debugLines().map((d) => d.action)).toEqual(['get_alarms_details_count', 'get_bfd_fields', 'get_diagnostics_log']);
  });

  it('truncates captured bodies over about 20 KB, never the result', async () => {
    const b = await bridge({}, { debugAllCalls: true });
    const r = await call(b, 'monitoring_bfd', 'post_bfd', { size: 500 });
    const value = r.value as { data: unknown[]; debug: DebugRecord };
    expect(value.data).toHaveLength(500);
    expect(value.debug.response!.body).toMatchObject({ _truncated: true, _original_chars: expect.any(Number), preview: expect.any(String) });
    expect((value.debug.response!.body as { _original_chars: number })._original_chars).toBeGreaterThan(20_000);
    expect((value.debug.response!.body as { preview: string }).preview.length).toBe(20_000);
  });

  it('redacts secrets in the debug copy only; no credential reaches stderr or results', async () => {
    const b = await bridge({}, { debugAllCalls: true, readWrite: true });
    const created = await call(b, 'administration_user_and_group', 'post_user_and_group_user', { userName: 'ops', password: 'Sup3r-Secret-pw', group: ['operator'] });
    const debug = (created.value as { debug: DebugRecord }).debug;
    expect(debug.request.body).toEqual({ userName: 'ops', password: REDACTED, group: ['operator'] });
    const list = await call(b, 'configuration_policy_site_list_builder', 'post_policy_site_list_builder_site', { name: 'lab', entries: [{ siteId: '7', sessionId: 'visible-in-result' }] });
    const id = (list.value as { listId: string }).listId;
    const fetched = await call(b, 'configuration_policy_site_list_builder', 'get_policy_site_list_builder_site_by_id', { id });
    const value = fetched.value as { entries: { sessionId: string }[]; debug: DebugRecord };
    expect(value.entries[0].sessionId).toBe('visible-in-result');
    expect((value.debug.response!.body as { entries: { sessionId: string }[] }).entries[0].sessionId).toBe(REDACTED);

    const secrets = [...sim.issuedSecrets(), sim.credentials.password, 'Sup3r-Secret-pw'];
    const everything = [...logs.lines, ...results.map((r) => JSON.stringify(r))].join('\n');
    for (const secret of secrets) expect(everything.includes(secret), 'a credential leaked').toBe(false);
  });

  it('keeps credentials when redaction is off, after a warning', async () => {
    logs.lines.length = 0;
    const b = await bridge({}, { debugAllCalls: true, debugNoRedact: true });
    expect(logs.lines.join('\n')).toMatch(/WARNING: debug redaction is OFF/);
    const r = await call(b, 'monitoring_alarms_details', 'get_alarms_details_count');
    const headers = (r.value as { debug: DebugRecord }).debug.request.headers;
    expect(headers.Authorization).toMatch(/^Bearer /);
    expect(sim.issuedSecrets()).toContain((headers.Authorization as string).slice('Bearer '.length));
  });
});
