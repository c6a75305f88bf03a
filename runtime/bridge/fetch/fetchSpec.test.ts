/** Auto-fetch against a fake developer site on loopback: nothing here reaches the internet. */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBridge } from '../bridge.ts';
import { runBridgeCli } from '../cli.ts';
import { memoryLogger } from '../logger.ts';
import { startControllerSimulator, type ControllerSimulator } from '../simulator/controllerSimulator.ts';
import { simulatorSettings, tempDir } from '../../testing/bridge.ts';
import { loadToolTable, SpecError } from '../toolTable.ts';
import { FetchError, fetchControllerSpec, type FetchSpecOptions } from './fetchSpec.ts';
import { findFragmentBase, findFragments, stitchFragments } from './stitchSpec.ts';

const UUID = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
const FAST = { maxAttempts: 3, statuses: [429, 500, 502, 503, 504], backoffBase: 0.001, backoffCap: 0.002, retryMutating: false };

const op = (method: string, path: string, operationId: string, tag: string, extra: Record<string, unknown> = {}) => ({
  type: 'api',
  title: operationId,
  meta: { openapi: '3.1.0', info: { title: 'x', version: '1' }, servers: [{ url: '/dataservice' }] },
  spec: { method, path, operationId, tags: [tag], responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Device' } } } } }, ...extra },
});

const FRAGMENTS: Record<string, unknown> = {
  'apis/list-devices.json': op('get', '/device', 'listDevices', 'Monitoring - Device Details'),
  'apis/device-info.json': op('get', '/device/{deviceId}/info', 'getDeviceInfo', 'Monitoring - Device Details', { parameters: [{ name: 'deviceId', in: 'path', required: true, schema: { type: 'string' } }] }),
  'apis/bfd-doccount.json': op('post', '/statistics/bfd/doccount', 'getCountPost', 'Monitoring - BFD', { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { query: { type: 'object' } } } } } } }),
  'apis/create-list.json': op('post', '/template/policy/list/site', 'createPolicyList', 'Configuration - Policy Site List Builder'),
  'models/Device.json': { type: 'model', spec: { type: 'object', properties: { deviceId: { type: 'string' } } } },
};

let site: Server;
let base: string;
let flaky = 0;
const served: string[] = [];

function page(version: string, withBucket: boolean): string {
  const entries = Object.keys(FRAGMENTS).map((name) => `{title: "${name}", content: "./${UUID}/${name}"}`);
  const bucket = withBucket ? `<link rel="preload" href="${base}/media/fake-api-guide-${version}/docs/${UUID}/apis/list-devices.json">` : '';
  return `<!doctype html><html><head>${bucket}</head><body><script>window.webJson = {items: [${entries.join(', ')}]};</script></body></html>`;
}

beforeAll(async () => {
  site = createServer((req, res) => {
    const url = req.url ?? '/';
    served.push(url);
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(body);
    };
    if (url === '/docs/sdwan/20-99/') return send(200, page('20-99', true), 'text/html');
    if (url === '/docs/sdwan/20-98/') return send(200, page('20-98', false), 'text/html');
    if (url === '/docs/sdwan/20-97/') return send(200, page('20-97', true), 'text/html');
    if (url === '/docs/sdwan/20-96/') return send(200, '<html>nothing here</html>', 'text/html');
    const m = /^\/(?:media\/fake-api-guide-(20-\d\d)|fallback\/(20-\d\d))\/docs\/([^/]+)\/(.+)$/.exec(url);
    if (m && m[3] === UUID && FRAGMENTS[m[4]]) {
      if (m[4] === 'apis/device-info.json' && flaky-- > 0) return send(503, '{}');
      // 20.97's model is missing, so the stitched document has a broken $ref.
      if ((m[1] ?? m[2]) === '20-97' && m[4].startsWith('models/')) return send(200, JSON.stringify({ type: 'other' }));
      return send(200, JSON.stringify(FRAGMENTS[m[4]]));
    }
    send(404, '{"error": "not found"}');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => site.close(() => r())));

function options(specsDir: string, version: string, extra: Partial<FetchSpecOptions> = {}): FetchSpecOptions {
  return { version, specsDir, siteUrl: `${base}/docs/sdwan`, fragmentBase: `${base}/fallback/{slug}/docs`, concurrency: 3, timeout: 30, log: memoryLogger(), policy: FAST, ...extra };
}

describe('finding and stitching fragments', () => {
  it('reads fragment references and the media bucket from the page', () => {
    const html = page('20-99', true);
    expect(findFragments(html)).toHaveLength(5);
    expect(findFragments(html)[0]).toEqual({ uuid: UUID, kind: 'apis', rest: 'list-devices.json' });
    expect(findFragmentBase(html, '20-99')).toBe(`${base}/media/fake-api-guide-20-99/docs`);
    expect(findFragmentBase(html, '20-18')).toBeNull();
    expect(findFragments(`content: "./${UUID}/apis/../../etc/passwd"`)).toEqual([]);
  });

  it('stitches operations and models into one sorted document, first one wins', () => {
    const ref = (rest: string) => ({ uuid: UUID, kind: 'apis' as const, rest });
    const result = stitchFragments('20.99', [
      { ref: ref('b'), fragment: op('post', '/b', 'b', 'T - B') },
      { ref: ref('a'), fragment: op('get', '/a', 'a', 'T - A') },
      { ref: ref('a2'), fragment: op('get', '/a', 'a2', 'T - A') },
      { ref: ref('junk'), fragment: { type: 'api' } },
    ], []);
    expect(Object.keys(result.document.paths as object)).toEqual(['/a', '/b']);
    expect(result.operations).toBe(2);
    expect(result.warnings).toEqual(['skipped apis/a2: GET /a came in an earlier fragment', 'skipped apis/junk: not an operation fragment (no spec.method and spec.path)']);
    expect((result.document.tags as { name: string }[]).map((t) => t.name)).toEqual(['T - B', 'T - A']);
  });
});

describe('fetching a controller spec', () => {
  it('fetches, retries a failing fragment, validates and writes specs/<version>/openapi.json', async () => {
    const dir = tempDir();
    try {
      flaky = 1;
      const log = memoryLogger();
      const result = await fetchControllerSpec(options(join(dir.path, 'specs'), '20.99', { log }));
      expect(result).toMatchObject({ operations: 4, schemas: 1, file: join(dir.path, 'specs', '20.99', 'openapi.json') });
      expect(readdirSync(join(dir.path, 'specs'))).toEqual(['20.99']);
      const doc = JSON.parse(readFileSync(result.file, 'utf8'));
      expect(Object.keys(doc.paths)).toEqual(['/device', '/device/{deviceId}/info', '/statistics/bfd/doccount', '/template/policy/list/site']);
      expect(log.lines.join('\n')).toMatch(/fetch 20\.99: 5\/5 fragments/);
      expect(served.filter((u) => u.endsWith('device-info.json')).length).toBeGreaterThanOrEqual(2);
      const table = await loadToolTable({ specsDir: join(dir.path, 'specs'), tablesDir: join(dir.path, 'none'), version: '20.99', maxActionsPerTool: 150 });
      expect(table.origin).toBe('built');
      expect(table.table.modes['read-only'].map((t) => t.name)).toEqual(['monitoring_bfd', 'monitoring_device_details']);
      await expect(fetchControllerSpec(options(join(dir.path, 'specs'), '20.99'))).rejects.toThrow(/already exists; pass --force/);
      await fetchControllerSpec(options(join(dir.path, 'specs'), '20.99', { force: true }));
      expect(readdirSync(join(dir.path, 'specs'))).toEqual(['20.99']);
    } finally {
      dir.remove();
    }
  });

  it('falls back to the configured fragment base when the page names no bucket', async () => {
    const dir = tempDir();
    try {
      const result = await fetchControllerSpec(options(join(dir.path, 'specs'), '20.98'));
      expect(result.operations).toBe(4);
      expect(served.some((u) => u.startsWith('/fallback/20-98/docs/'))).toBe(true);
    } finally {
      dir.remove();
    }
  });

  it('fails clearly, leaving nothing behind, for an unknown version, an empty page or an invalid document', async () => {
    const dir = tempDir();
    try {
      const specs = join(dir.path, 'specs');
      await expect(fetchControllerSpec(options(specs, '20.42'))).rejects.toThrow(/no API documentation page for 20\.42: .*answered HTTP 404/);
      await expect(fetchControllerSpec(options(specs, '20.96'))).rejects.toThrow(/lists no API fragments/);
      const invalid = await fetchControllerSpec(options(specs, '20.97')).catch((e: unknown) => e);
      expect(invalid).toBeInstanceOf(FetchError);
      expect((invalid as Error).message).toMatch(/stitched document for 20\.97 is not valid OpenAPI: .*Device/);
      expect(existsSync(specs) ? readdirSync(specs) : []).toEqual([]);
    } finally {
      dir.remove();
    }
  });
});

describe('auto-fetch at start-up and the fetch command', () => {
  let sim: ControllerSimulator;
  beforeAll(async () => {
    sim = await startControllerSimulator();
  });
  afterAll(() => sim.close());

  it('fetches a missing active_version before serving when auto_fetch is on', async () => {
    const dir = tempDir();
    try {
      const log = memoryLogger();
      const settings = simulatorSettings(sim, {
        'sdwan.specs_dir': join(dir.path, 'specs'),
        'sdwan.active_version': '20.99',
        'sdwan.auto_fetch': true,
        'sdwan.fetch.site_url': `${base}/docs/sdwan`,
        'sdwan.fetch.fragment_base': `${base}/fallback/{slug}/docs`,
      });
      const bridge = await openBridge({ settings, log, warmLogin: false, hooks: { sleep: async () => undefined } });
      expect(bridge.served.tools.map((t) => t.name)).toEqual(['monitoring_bfd', 'monitoring_device_details']);
      expect(log.lines.join('\n')).toMatch(/no spec folder for 20\.99 .*fetching it[\s\S]*wrote .*openapi\.json[\s\S]*built in memory/);
      await bridge.close();
      const off = simulatorSettings(sim, { 'sdwan.specs_dir': join(dir.path, 'specs'), 'sdwan.active_version': '20.98', 'sdwan.auto_fetch': false });
      const error = await openBridge({ settings: off, log, warmLogin: false }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SpecError);
      expect((error as Error).message).toMatch(/no spec folder for version 20\.98 .*sdwan-bridge fetch --version 20\.98/);
    } finally {
      dir.remove();
    }
  });

  it('fetches on demand with `bridge fetch --version V`', async () => {
    const dir = tempDir();
    try {
      mkdirSync(join(dir.path, 'specs'));
      const config = join(dir.path, 'bridge.yaml');
      writeFileSync(config, `sdwan:\n  specs_dir: ${join(dir.path, 'specs')}\n  fetch:\n    site_url: ${base}/docs/sdwan\n    fragment_base: ${base}/fallback/{slug}/docs\n`);
      expect(await runBridgeCli(['fetch', '--version', '20.99', '--config', config])).toBe(0);
      expect(existsSync(join(dir.path, 'specs', '20.99', 'openapi.json'))).toBe(true);
      expect(await runBridgeCli(['fetch', '--version', '20.99', '--config', config])).toBe(1);
      expect(await runBridgeCli(['fetch', '--version', '../x', '--config', config])).toBe(2);
    } finally {
      dir.remove();
    }
  });
});
