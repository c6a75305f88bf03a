import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../runtime/testing/bridge.ts';
import { formatDiagnostic } from '../../diagnostics.ts';
import { bridgeFromSpecs } from '../../ir/bridge/bridgeFromSpecs.ts';
import { loadSpecVersion } from './readSpecFolders.ts';

const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

function specs(files: Record<string, string>): string {
  const dir = tempDir('bridge-specs-');
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir.path, 'specs', path, '..'), { recursive: true });
    writeFileSync(join(dir.path, 'specs', path), text);
  }
  return join(dir.path, 'specs');
}

const DEVICES_YAML = `openapi: 3.0.3
info: { title: One, version: '1' }
paths:
  /device:
    get:
      tags: [Monitoring - Device Details]
      operationId: listDevices
      responses: { '200': { description: ok } }
`;

const ALARMS_JSON = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Two', version: '1' },
  paths: {
    '/alarms': {
      post: {
        tags: ['Monitoring - Alarms'],
        operationId: 'markViewed',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Mark' } } } },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  components: { schemas: { Mark: { type: 'object', required: ['uuid'], properties: { uuid: { type: 'array', items: { type: 'string' } } } } } },
});

describe('spec folders', () => {
  it('merges every document of a version folder, following $refs into the body fields', () => {
    const { ir, diagnostics } = bridgeFromSpecs(specs({ '20.18/a-devices.yaml': DEVICES_YAML, '20.18/b-alarms.json': ALARMS_JSON, 'demo-x/only.yaml': DEVICES_YAML }));
    expect(diagnostics).toEqual([]);
    expect(ir.versions.map((v) => v.version)).toEqual(['20.18', 'demo-x']);
    const v = ir.versions[0];
    expect(v.sources.map((s) => s.file)).toEqual(['a-devices.yaml', 'b-alarms.json']);
    expect(v.operations.map((op) => `${op.method} ${op.path} ${op.action}`)).toEqual(['POST /alarms post_alarms', 'GET /device get_device_details_device']);
    expect(v.operations[0].body).toEqual({ contentType: 'application/json', required: false, shape: 'object', fields: [{ name: 'uuid', type: 'array', required: true, description: '' }] });
    expect(v.readOnly.tools.map((t) => t.name)).toEqual(['monitoring_device_details']);
    expect(v.readWrite.tools.map((t) => t.name)).toEqual(['monitoring_alarms', 'monitoring_device_details']);
  });

  it('points at the offending line of an invalid document', () => {
    const broken = DEVICES_YAML.replace("      responses: { '200': { description: ok } }\n", '      responses: 12\n');
    const { diagnostics } = bridgeFromSpecs(specs({ '20.18/bad.yaml': broken }));
    expect(diagnostics.length).toBeGreaterThan(0);
    const line = formatDiagnostic(diagnostics[0]);
    expect(line).toMatch(/bad\.yaml:8:\d+ E_SPEC .*responses/);
  });

  it('reports a broken $ref where it is written', () => {
    const broken = ALARMS_JSON.replace('#/components/schemas/Mark', '#/components/schemas/Missing');
    const { diagnostics } = bridgeFromSpecs(specs({ 'v1/x.json': broken }));
    expect(diagnostics.map(formatDiagnostic).join('\n')).toMatch(/x\.json:1:\d+ E_SPEC .*Missing/);
  });

  it('rejects a folder with no document, a Swagger 2.0 document, a bad folder name, and a duplicated operation', () => {
    const dir = specs({
      'empty/README.txt': 'no spec here',
      'old/swagger.yaml': "swagger: '2.0'\ninfo: { title: x, version: '1' }\npaths: {}\n",
      'dup/a.yaml': DEVICES_YAML,
      'dup/b.yaml': DEVICES_YAML,
      'bad name/a.yaml': DEVICES_YAML,
    });
    const messages = bridgeFromSpecs(dir).diagnostics.map(formatDiagnostic).join('\n');
    expect(messages).toMatch(/empty:1:1 E_SPEC no OpenAPI document/);
    expect(messages).toMatch(/swagger\.yaml:1:1 E_SPEC Swagger 2\.0 documents are not supported/);
    expect(messages).toMatch(/b\.yaml:1:1 E_SPEC GET \/device is also defined in a\.yaml/);
    expect(messages).toMatch(/bad name:1:1 E_SPEC spec folder name "bad name"/);
  });

  it('loads the same version asynchronously for the bridge', async () => {
    const dir = specs({ '20.18/a.yaml': DEVICES_YAML });
    const { version, diagnostics } = await loadSpecVersion(join(dir, '20.18'));
    expect(diagnostics).toEqual([]);
    expect(version!.documents[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await loadSpecVersion(join(dir, 'nope'))).diagnostics[0].message).toBe('spec folder does not exist');
    const garbage = specs({ '1/a.yaml': 'openapi: [' });
    const bad = await loadSpecVersion(join(garbage, '1'));
    expect(bad.version).toBeUndefined();
    expect(bad.diagnostics[0].code).toBe('E_SPEC');
  });
});
