/**
 * @module
 * Helpers shared by the bridge's tests and benchmark: settings that point at a simulated controller,
 * throwaway spec folders, and the reference vendor specs (read from ../shared, never copied into the
 * project).
 */
import { existsSync, mkdtempSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBridgeConfig, type BridgeSettings, type CliFlags } from './config/loadConfig.ts';
import type { ControllerSimulator } from './simulator/controllerSimulator.ts';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEMO_SPECS_DIR = join(PROJECT_ROOT, 'specs');
const REFERENCE = resolve(PROJECT_ROOT, '../shared/reference/sdwan');
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
