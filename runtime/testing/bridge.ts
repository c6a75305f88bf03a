/**
 * @module
 * Helpers shared by the bridge's tests and benchmark: settings that point at a simulated controller,
 * throwaway spec folders, and the reference vendor specs (read from ../shared/reference/sdwan or
 * SDWAN_REFERENCE_DIR, never copied into the project).
 */
import { existsSync, mkdtempSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOOL_TABLE_FORMAT, type TableOperation, type ToolTable } from '../contract/toolTable.ts';
import { loadBridgeConfig, type BridgeSettings, type CliFlags } from '../bridge/config/loadConfig.ts';
import { sdwanReferenceDir } from './environment.ts';
import { REPOSITORY_ROOT } from '../bridge/paths.ts';
import type { ControllerSimulator } from '../bridge/simulator/controllerSimulator.ts';

export const PROJECT_ROOT = REPOSITORY_ROOT;
export const DEMO_SPECS_DIR = join(PROJECT_ROOT, 'specs');
const REFERENCE = sdwanReferenceDir();
/** The full 2022 controller spec (2,682 operations). */
export const VENDOR_SPEC = join(REFERENCE, 'vmanage-2022-openapi.yaml');
/** 167 operations of it, seven tags. */
export const VENDOR_SUBSET = join(REFERENCE, 'vmanage-subset-7tags.json');

export function tempDir(prefix = 'bridge-test-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A specs folder in `dir` whose `version` folder links to the given documents (no copies). */
export function linkedSpecs(dir: string, version: string, files: string[]): string {
  const specsDir = join(dir, 'specs');
  mkdirSync(join(specsDir, version), { recursive: true });
  for (const file of files) symlinkSync(file, join(specsDir, version, file.split('/').pop()!));
  return specsDir;
}

/** Whether a reference document is there; a run without them says once what to set (runtime/testing/globalSetup.ts). */
export function referenceAvailable(file: string): boolean {
  return existsSync(file);
}

/** Settings for a bridge talking to `sim` over plain HTTP, with fast retries unless told otherwise. */
export function simulatorSettings(sim: ControllerSimulator, overrides: Record<string, unknown> = {}, flags: CliFlags = {}): BridgeSettings {
  return loadBridgeConfig({
    flags,
    env: {},
    cwd: PROJECT_ROOT,
    ignoreDefaultFile: true,
    overridesSource: 'test',
    overrides: {
      'controller.host': sim.host,
      'controller.port': sim.port,
      'controller.protocol': 'http',
      'controller.username': sim.credentials.username,
      'controller.password': sim.credentials.password,
      'controller.timeout': 2,
      'controller.retries.backoff_base': 0.001,
      'controller.retries.backoff_cap': 0.004,
      'sdwan.active_version': 'demo',
      'sdwan.specs_dir': DEMO_SPECS_DIR,
      'sdwan.auto_fetch': false,
      ...overrides,
    },
  });
}

type OpSpec = { method: TableOperation['method']; path: string; action: string; summary: string; readOnly?: boolean; params?: TableOperation['params']; body?: TableOperation['body'] };

/**
 * A small hand-made tool table for unit tests of tool sets and lookups: two areas with several topics,
 * a tag split in two tools (`configuration_feature_profile_sdwan`, `_mobility`), and a tag whose
 * actions all change the controller (`administration_user`, read-write mode only).
 */
export function syntheticToolTable(): ToolTable {
  const tags: Record<string, { tools: Record<string, OpSpec[]> }> = {
    'Monitoring - BFD': {
      tools: {
        monitoring_bfd: [
          { method: 'GET', path: '/statistics/bfd', action: 'get_bfd', summary: 'Raw BFD statistics' },
          { method: 'POST', path: '/statistics/bfd/doccount', action: 'post_bfd_doccount', summary: 'Count BFD statistics matching a query' },
        ],
      },
    },
    'Monitoring - Device Details': {
      tools: {
        monitoring_device_details: [
          { method: 'GET', path: '/device', action: 'get_device_details_device', summary: 'List devices' },
          { method: 'GET', path: '/device/{deviceId}/info', action: 'get_device_details_info', summary: 'Details of one device by system IP', params: [{ name: 'deviceId', in: 'path', required: true, type: 'string', items: null, enum: null, default: null, description: 'System IP' }] },
        ],
      },
    },
    'Configuration - Feature Profile': {
      tools: {
        configuration_feature_profile_sdwan: [
          { method: 'GET', path: '/v1/feature-profile/sdwan', action: 'get_feature_profile_sdwan', summary: 'SD-WAN feature profiles' },
          { method: 'POST', path: '/v1/feature-profile/sdwan', action: 'post_feature_profile_sdwan', summary: 'Create an SD-WAN feature profile', readOnly: false, body: { contentType: 'application/json', required: true, shape: 'object', fields: [{ name: 'name', type: 'string', required: true, description: 'Profile name' }] } },
        ],
        configuration_feature_profile_mobility: [{ method: 'GET', path: '/v1/feature-profile/mobility', action: 'get_feature_profile_mobility', summary: 'Mobility feature profiles' }],
      },
    },
    'Administration - User': {
      tools: {
        administration_user: [
          { method: 'POST', path: '/admin/user', action: 'post_user', summary: 'Create a user', readOnly: false },
          { method: 'DELETE', path: '/admin/user/{userName}', action: 'delete_user', summary: 'Delete a user', readOnly: false, params: [{ name: 'userName', in: 'path', required: true, type: 'string', items: null, enum: null, default: null, description: '' }] },
        ],
      },
    },
    'Troubleshooting Tools - Diagnostics': {
      tools: { troubleshooting_tools_diagnostics: [{ method: 'GET', path: '/device/tools/log', action: 'get_diagnostics_log', summary: 'Recent log lines of a device' }] },
    },
  };
  const operations: TableOperation[] = [];
  const modes: ToolTable['modes'] = { 'read-only': [], 'read-write': [] };
  for (const [tag, { tools }] of Object.entries(tags)) {
    const [section, subtag] = tag.split(' - ');
    for (const [name, specs] of Object.entries(tools)) {
      const indexed = specs.map((spec) => {
        operations.push({ operationId: spec.action, method: spec.method, path: spec.path, tag, summary: spec.summary, deprecated: false, readOnly: spec.readOnly ?? true, params: spec.params ?? [], body: spec.body ?? null, action: spec.action, source: 'synthetic.yaml' });
        return { spec, index: operations.length - 1 };
      });
      for (const mode of ['read-only', 'read-write'] as const) {
        const actions = indexed.filter((i) => mode === 'read-write' || (i.spec.readOnly ?? true)).map((i) => ({ name: i.spec.action, operation: i.index, summary: i.spec.summary }));
        if (!actions.length) continue;
        const readOnly = actions.every((a) => operations[a.operation].readOnly);
        modes[mode].push({
          name,
          title: `${section} / ${subtag}`,
          tag,
          area: section.toLowerCase().replace(/[^a-z0-9]+/g, '_'),
          topic: subtag.toLowerCase().replace(/[^a-z0-9]+/g, '_'),
          description: `${section} / ${subtag}: ${actions.length} actions (${mode} mode).\n\nActions:\n${actions.map((a) => `- ${a.name}: ${operations[a.operation].method} ${operations[a.operation].path} — ${operations[a.operation].summary}`).join('\n')}`,
          annotations: { readOnlyHint: readOnly, destructiveHint: !readOnly, idempotentHint: false, openWorldHint: false },
          inputSchema: {
            type: 'object',
            properties: {
              action: { type: 'string', enum: actions.map((a) => a.name), description: 'The operation to call; the tool description lists each with its parameters.' },
              params: { type: 'object', description: 'Path, query and body fields of the action, all at the top level.', additionalProperties: true },
            },
            required: ['action'],
            additionalProperties: false,
          },
          actions,
        });
      }
    }
  }
  for (const mode of ['read-only', 'read-write'] as const) modes[mode].sort((a, b) => a.name.localeCompare(b.name));
  return { format: TOOL_TABLE_FORMAT, generated: 'by hand, for tests', version: 'synthetic', title: 'Synthetic API', apiVersion: '1', sources: [], maxActionsPerTool: 150, operations, modes };
}
