/**
 * The generator on a real controller spec: ../shared/reference/sdwan/vmanage-2022-openapi.yaml
 * (2,682 operations, 278 tags), read in place through a symlinked temporary spec folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedSpecs, referenceAvailable, tempDir, VENDOR_SPEC } from '../../../runtime/testing/bridge.ts';
import { toolTableFiles } from '../../emit/mcp/emitToolTables.ts';
import { toolTableFromIR } from '../../emit/mcp/toolTable.ts';
import { loadSpecVersion, type LoadedSpecVersion } from '../../load/specs/readSpecFolders.ts';
import { bridgeFromSpecs } from './bridgeFromSpecs.ts';
import { buildBridgeVersion } from './buildBridge.ts';
import { MAX_TOOL_NAME } from './naming.ts';
import type { BridgeToolSetIR, BridgeVersionIR } from './types.ts';

const available = referenceAvailable(VENDOR_SPEC);

describe.runIf(available)('tool tables of the 2,682-operation controller spec', () => {
  const dir = tempDir();
  let specsDir: string;
  let loaded: LoadedSpecVersion;
  let ir: BridgeVersionIR;

  beforeAll(async () => {
    specsDir = linkedSpecs(dir.path, '20.9', [VENDOR_SPEC]);
    const result = await loadSpecVersion(`${specsDir}/20.9`);
    expect(result.diagnostics).toEqual([]);
    loaded = result.version!;
    const built = buildBridgeVersion(loaded);
    expect(built.diagnostics).toEqual([]);
    ir = built.ir!;
  }, 60_000);
  afterAll(() => dir.remove());

  const sets = (): [string, BridgeToolSetIR][] => [
    ['read-only', ir.readOnly],
    ['read-write', ir.readWrite],
  ];

  it('keeps the spec example of bodies it has no fields for, when short', () => {
    const alarms = ir.operations.find((op) => op.method === 'POST' && op.path === '/alarms')!;
    expect(alarms.body).toMatchObject({ shape: 'object', fields: [] });
    expect(alarms.body!.example).toEqual({
      query: { condition: 'AND', rules: [{ field: 'active', type: 'boolean', value: ['true'], operator: 'equal' }, { field: 'entry_time', type: 'date', value: ['10'], operator: 'last_n_hours' }] },
      fields: ['severity', 'component', 'message'],
    });
    const examples = ir.operations.filter((op) => op.body?.example !== undefined);
    expect(examples.length).toBeGreaterThan(500);
    for (const op of examples) expect(JSON.stringify(op.body!.example).length).toBeLessThanOrEqual(1500);
  });

  it('reads every operation', () => {
    expect(ir.operations).toHaveLength(2682);
    expect(ir.readWrite.operationCount).toBe(2682);
    expect(ir.readOnly.operationCount).toBe(ir.operations.filter((op) => op.readOnly).length);
    expect(ir.readOnly.operationCount).toBeGreaterThan(1500);
  });

  it('keeps every tool at or under 150 actions, and under a tighter cap too', () => {
    for (const [, set] of sets()) for (const tool of set.tools) expect(tool.actions.length, tool.name).toBeLessThanOrEqual(150);
    const tight = buildBridgeVersion(loaded, 40).ir!;
    for (const tool of [...tight.readOnly.tools, ...tight.readWrite.tools]) expect(tool.actions.length, tool.name).toBeLessThanOrEqual(40);
    expect(tight.readWrite.tools.length).toBeGreaterThan(ir.readWrite.tools.length);
  });

  it('names tools with at most 64 characters, uniquely, and actions uniquely within a tool', () => {
    for (const [mode, set] of sets()) {
      const names = set.tools.map((t) => t.name);
      expect(new Set(names).size, mode).toBe(names.length);
      for (const name of names) {
        expect(name.length, name).toBeLessThanOrEqual(MAX_TOOL_NAME);
        expect(name).toMatch(/^[a-z0-9_]+$/);
      }
      for (const tool of set.tools) expect(new Set(tool.actions.map((a) => a.name)).size, tool.name).toBe(tool.actions.length);
    }
    // The longest tag slug (68 characters) was shortened, not dropped.
    expect(ir.readWrite.tools.some((t) => t.tag === 'Configuration - Policy Data Prefix and FQDN All Types Of Lists Builder' && /_[0-9a-f]{8}$/.test(t.name))).toBe(true);
  });

  it('reaches every operation exactly once in each mode', () => {
    for (const [mode, set] of sets()) {
      const reached = set.tools.flatMap((t) => t.actions.map((a) => a.operation)).sort((a, b) => a - b);
      const expected = ir.operations.map((op, i) => ({ op, i })).filter(({ op }) => mode === 'read-write' || op.readOnly).map(({ i }) => i);
      expect(reached, mode).toEqual(expected);
    }
  });

  it('puts POST /statistics/bfd/doccount in monitoring_bfd as post_bfd_doccount', () => {
    for (const [, set] of sets()) {
      const tool = set.tools.find((t) => t.name === 'monitoring_bfd')!;
      const action = tool.actions.find((a) => a.name === 'post_bfd_doccount')!;
      expect(ir.operations[action.operation]).toMatchObject({ method: 'POST', path: '/statistics/bfd/doccount', readOnly: true });
    }
  });

  it('keeps tool and action names when the vendor renames every operationId', () => {
    const renamed: LoadedSpecVersion = JSON.parse(JSON.stringify(loaded));
    let n = 0;
    for (const item of Object.values(renamed.documents[0].api.paths ?? {}) as Record<string, { operationId?: string }>[]) {
      for (const op of Object.values(item)) if (op && typeof op === 'object' && op.operationId) op.operationId = `${op.operationId}_Renamed_${n++}`;
    }
    const again = buildBridgeVersion(renamed).ir!;
    const shape = (v: BridgeVersionIR) => v.readWrite.tools.flatMap((t) => t.actions.map((a) => `${t.name}.${a.name} ${v.operations[a.operation].method} ${v.operations[a.operation].path}`));
    expect(n).toBeGreaterThan(2600);
    expect(shape(again)).toEqual(shape(ir));
  });

  it('prints the same table twice, through either loading door', () => {
    const toolTableJson = (table: ReturnType<typeof toolTableFromIR>) => toolTableFiles(table).map((f) => f.contents).join('');
    const first = toolTableJson(toolTableFromIR(ir));
    const sync = bridgeFromSpecs(specsDir);
    expect(sync.diagnostics).toEqual([]);
    expect(toolTableJson(toolTableFromIR(sync.ir.versions[0]))).toBe(first);
    expect(toolTableJson(toolTableFromIR(buildBridgeVersion(loaded).ir!))).toBe(first);
  }, 60_000);
});
