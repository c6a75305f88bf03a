import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SPECS_DIR, PROJECT_ROOT } from '../../../runtime/testing/bridge.ts';
import { bridgeFromSpecs } from '../../ir/bridge/bridgeFromSpecs.ts';
import { TOOL_TABLE_FILES, type ToolTable } from '../../../runtime/contract/toolTable.ts';
import { emitToolTables, toolTableDir } from './emitToolTables.ts';
import { canonicalJson, recordsJson } from './toolTable.ts';

describe('MCP tool-table emitter', () => {
  const { ir, diagnostics } = bridgeFromSpecs(DEMO_SPECS_DIR, PROJECT_ROOT);
  const files = emitToolTables(ir);
  const part = (file: string) => files.find((f) => f.path === `${toolTableDir('demo')}/${file}`)!;
  const read = <T>(file: string) => JSON.parse(part(file).contents) as T;
  const table: ToolTable = {
    ...read<Omit<ToolTable, 'operations' | 'modes'>>(TOOL_TABLE_FILES.header),
    operations: read(TOOL_TABLE_FILES.operations),
    modes: { 'read-only': read(TOOL_TABLE_FILES['read-only']), 'read-write': read(TOOL_TABLE_FILES['read-write']) },
  };

  it('emits the checked-in demo table byte for byte (golden files), one file per part', () => {
    expect(diagnostics).toEqual([]);
    expect(files.map((f) => f.path)).toEqual(['table.json', 'operations.json', 'read-only.json', 'read-write.json'].map((f) => `bridge/demo/${f}`));
    for (const f of files) expect(f.contents, f.path).toBe(readFileSync(join(PROJECT_ROOT, 'generated', f.path), 'utf8'));
    expect(emitToolTables(bridgeFromSpecs(DEMO_SPECS_DIR, PROJECT_ROOT).ir)).toEqual(files);
    expect(Object.keys(read(TOOL_TABLE_FILES.header)).sort()).toEqual(['apiVersion', 'format', 'generated', 'maxActionsPerTool', 'sources', 'title', 'version']);
  });

  it('prints canonical JSON: sorted keys, LF, trailing newline, one record per line in the parts', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe('{\n  "a": {\n    "c": null,\n    "d": [\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n');
    expect(recordsJson([{ b: 1, a: { d: 2, c: 3 } }, { z: [] }])).toBe('[\n  {"a":{"c":3,"d":2},"b":1},\n  {"z":[]}\n]\n');
    expect(recordsJson([])).toBe('[]\n');
    for (const f of files) {
      expect(f.contents.endsWith('\n')).toBe(true);
      expect(f.contents).not.toMatch(/\r/);
    }
    expect(part(TOOL_TABLE_FILES.operations).contents.split('\n').filter((l) => l.startsWith('  {"action":'))).toHaveLength(table.operations.length);
    expect(part(TOOL_TABLE_FILES['read-only']).contents.split('\n').filter((l) => l.startsWith('  {"actions":'))).toHaveLength(table.modes['read-only'].length);
  });

  it('gives each tool an input schema whose action enum is exactly its actions', () => {
    for (const mode of ['read-only', 'read-write'] as const) {
      for (const tool of table.modes[mode]) {
        expect(tool.inputSchema.properties.action.enum).toEqual(tool.actions.map((a) => a.name));
        expect(tool.inputSchema.required).toEqual(['action']);
        expect(tool.inputSchema.properties.params.type).toBe('object');
        for (const a of tool.actions) {
          expect(tool.description).toContain(`- ${a.name}: ${table.operations[a.operation].method} ${table.operations[a.operation].path}`);
          // Each action carries its summary (cut to 80): limited descriptions need no operation.
          const summary = table.operations[a.operation].summary;
          expect(a.summary).toBe(summary.length <= 80 ? summary : `${summary.slice(0, 79).trimEnd()}…`);
        }
      }
    }
  });

  it('records per action the operation id, method, path, parameters and read-only flag', () => {
    const bfd = table.modes['read-only'].find((t) => t.name === 'monitoring_bfd')!;
    const doccount = table.operations[bfd.actions.find((a) => a.name === 'post_bfd_doccount')!.operation];
    expect(doccount).toMatchObject({ operationId: 'getBfdCountPost', method: 'POST', path: '/statistics/bfd/doccount', readOnly: true });
    expect(doccount.body!.fields.map((f) => f.name)).toEqual(['query', 'size', 'sort']);
    expect(bfd.description).toContain('A statistics query goes at the top level too');
    const info = table.operations.find((op) => op.operationId === 'getDeviceInfo')!;
    expect(info.params).toEqual([{ name: 'deviceId', in: 'path', required: true, type: 'string', items: null, enum: null, default: null, description: 'System IP of the device, e.g. 10.0.0.11' }]);
    expect(table.sources).toEqual([{ file: 'demo-openapi.yaml', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
  });

  it('exposes in read-only mode only operations that cannot change the controller', () => {
    const ro = table.modes['read-only'].flatMap((t) => t.actions.map((a) => table.operations[a.operation]));
    expect(ro.every((op) => op.readOnly && (op.method === 'GET' || op.path.startsWith('/statistics')))).toBe(true);
    expect(ro.map((op) => op.operationId)).not.toContain('createPolicyList');
    const rw = table.modes['read-write'].flatMap((t) => t.actions);
    expect(rw).toHaveLength(table.operations.length);
    const lists = table.modes['read-write'].find((t) => t.name === 'configuration_policy_site_list_builder')!;
    expect(lists.annotations).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false });
    expect(table.modes['read-only'].every((t) => t.annotations.readOnlyHint)).toBe(true);
  });
});
