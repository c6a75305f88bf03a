import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runBridgeCli } from './cli.ts';
import { DEFAULT_TABLES_DIR } from './config/keys.ts';
import { DEMO_SPECS_DIR, tempDir } from '../testing/bridge.ts';
import { loadToolTable, SpecError } from './toolTable.ts';

const dirs: { remove(): void }[] = [];
afterEach(() => {
  dirs.splice(0).forEach((d) => d.remove());
  vi.restoreAllMocks();
});

function demoCopy(): string {
  const dir = tempDir('bridge-table-');
  dirs.push(dir);
  mkdirSync(join(dir.path, 'specs', 'demo'), { recursive: true });
  copyFileSync(join(DEMO_SPECS_DIR, 'demo', 'demo-openapi.yaml'), join(dir.path, 'specs', 'demo', 'demo-openapi.yaml'));
  return join(dir.path, 'specs');
}

describe('finding the tool table', () => {
  it('uses the generated table while it is current', async () => {
    const loaded = await loadToolTable({ specsDir: DEMO_SPECS_DIR, tablesDir: DEFAULT_TABLES_DIR, version: 'demo', maxActionsPerTool: 150 });
    expect(loaded.origin).toBe('generated');
    expect(loaded.table.modes['read-only'].length).toBeGreaterThan(0);
  });

  it('builds the same table in memory when the generated one does not fit', async () => {
    const generated = await loadToolTable({ specsDir: DEMO_SPECS_DIR, tablesDir: DEFAULT_TABLES_DIR, version: 'demo', maxActionsPerTool: 150 });
    const specs = demoCopy();
    const copy = await loadToolTable({ specsDir: specs, tablesDir: DEFAULT_TABLES_DIR, version: 'demo', maxActionsPerTool: 150 });
    // Same documents, so the generated table is current for the copy too.
    expect(copy.origin).toBe('generated');
    const cap = await loadToolTable({ specsDir: specs, tablesDir: DEFAULT_TABLES_DIR, version: 'demo', maxActionsPerTool: 2 });
    expect(cap).toMatchObject({ origin: 'built', reason: expect.stringMatching(/cut at max_actions_per_tool 150, the configuration asks for 2/) });
    for (const tool of cap.table.modes['read-write']) expect(tool.actions.length).toBeLessThanOrEqual(2);
    const none = await loadToolTable({ specsDir: specs, tablesDir: join(specs, 'nowhere'), version: 'demo', maxActionsPerTool: 150 });
    expect(none.origin).toBe('built');
    // Through JSON, as the generated table was read: the same data, key order aside.
    expect(JSON.parse(JSON.stringify(none.table))).toEqual(generated.table);
    const file = join(specs, 'demo', 'demo-openapi.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('summary: Recent alarms', 'summary: The latest alarms'));
    const edited = await loadToolTable({ specsDir: specs, tablesDir: DEFAULT_TABLES_DIR, version: 'demo', maxActionsPerTool: 150 });
    expect(edited).toMatchObject({ origin: 'built', reason: expect.stringMatching(/spec documents changed/) });
    expect(JSON.stringify(edited.table)).toContain('The latest alarms');
  });

  it('says what is wrong with a spec folder that has no valid document', async () => {
    const specs = demoCopy();
    writeFileSync(join(specs, 'demo', 'demo-openapi.yaml'), 'openapi: 3.0.3\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get:\n      responses: nope\n');
    const error = await loadToolTable({ specsDir: specs, tablesDir: DEFAULT_TABLES_DIR, version: 'demo', maxActionsPerTool: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpecError);
    expect((error as Error).message).toMatch(/has no usable OpenAPI document:\n .*demo-openapi\.yaml:6:18 E_SPEC .*responses must be object/);
    // Each problem once (a document that fails to load used to be listed twice).
    expect((error as Error).message.match(/E_SPEC/g)).toHaveLength(1);
    await expect(loadToolTable({ specsDir: specs, tablesDir: DEFAULT_TABLES_DIR, version: 'missing', maxActionsPerTool: 150 })).rejects.toThrow(/does not exist/);
  });
});

describe('command line', () => {
  it('exits 2 on bad usage or configuration, and lists tools with `tools`', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    expect(await runBridgeCli(['--no-such-flag'])).toBe(2);
    expect(await runBridgeCli(['frobnicate'])).toBe(2);
    const dir = tempDir('bridge-cli-');
    dirs.push(dir);
    const config = join(dir.path, 'bridge.yaml');
    writeFileSync(config, `sdwan:\n  specs_dir: ${DEMO_SPECS_DIR}\n  auto_fetch: false\n`);
    expect(await runBridgeCli(['--config', config, '--transport', 'carrier-pigeon', '--version', 'demo'])).toBe(2);
    expect(String(err.mock.calls.map((c) => c[0]).join(''))).toMatch(/transport\.mode: expected one of stdio, sse, streamable-http, got "carrier-pigeon" \(from --transport\)/);
    expect(await runBridgeCli(['tools', '--config', config, '--version', 'demo'])).toBe(0);
    const all = out.splice(0).join('').split('\n');
    expect(all[0]).toMatch(/^administration_user_and_group\t2\tread-only\tadministration\/user_and_group\t\d+$/);
    expect(all.filter(Boolean)).toHaveLength(7);
    expect(await runBridgeCli(['tools', '--config', config, '--version', 'demo', '--tools-include', 'monitoring', '--tools-include', '*/diagnostics', '--tools-max', '3', '--tools-description-max', '200'])).toBe(0);
    const capped = out.splice(0).join('').split('\n').filter(Boolean);
    expect(capped.map((l) => l.split('\t')[0])).toEqual(['monitoring_alarms_details', 'monitoring_bfd', 'sdwan_describe', 'monitoring_device_details', 'troubleshooting_tools_diagnostics']);
    expect(capped[3]).toMatch(/\tnot listed \(sdwan\.tools\.max_tools\)$/);
    expect(Number(capped[1].split('\t')[4])).toBeLessThanOrEqual(200);
    expect(await runBridgeCli(['tools', '--config', config, '--version', 'demo', '--tools-mode', 'discover'])).toBe(0);
    expect(out.splice(0).join('')).toMatch(/^sdwan_search\t-\t-\t\(bridge\)\t\d+\nsdwan_describe\t.*\nsdwan_call\t/);
    err.mockClear();
    expect(await runBridgeCli(['tools', '--config', config, '--version', 'demo', '--tools-exclude', 'monitring/bdf'])).toBe(2);
    expect(String(err.mock.calls.map((c) => c[0]).join(''))).toMatch(/sdwan\.tools\.exclude: "monitring\/bdf" matches no tool of spec demo \(from --tools-exclude\)/);
    expect(await runBridgeCli(['tools', '--config', config, '--version', 'nope'])).toBe(1);
  });
});
