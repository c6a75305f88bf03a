/**
 * @module
 * The generator pipeline: load → validate → IR → emit → (write | check). Each stage is a folder;
 * this file only strings them together. Nothing here writes: see write/.
 */
import { join } from 'node:path';
import { DiagnosticsError, type Diagnostic } from './diagnostics.ts';
import type { GeneratedFile } from './emit/types.ts';
import { buildInventory } from './ir/inventory/buildInventory.ts';
import type { InventoryIR } from './ir/types.ts';
import { readDefinitions } from './load/readDefinitions.ts';
import { parseYamlSource } from './load/yamlSource.ts';
import { loadTemplates, type Templates } from './templates.ts';
import { inventoryEmitters } from './emit/inventoryEmitters.ts';
import type { EmitContext, InventoryEmitter } from './emit/types.ts';
import { readPreviousMigrations } from './load/readPreviousMigrations.ts';
import { startBridgeFromSpecs, type PendingBridge } from './ir/bridge/bridgeFromSpecs.ts';
import type { BridgeIR } from './ir/bridge/types.ts';
import { emitToolTables } from './emit/mcp/emitToolTables.ts';

export interface ProjectPaths {
  root: string;
  definitions: string;
  templates: string;
  generated: string;
  specs: string;
}

export function projectPaths(root: string): ProjectPaths {
  return { root, definitions: join(root, 'definitions'), templates: join(root, 'templates'), generated: join(root, 'generated'), specs: join(root, 'specs') };
}

export interface ProjectIR {
  inventory: InventoryIR;
  /** MCP tool tables of the controller specs in specs/<version>/. */
  bridge: BridgeIR;
}

/** How inputs are read: afresh by default; generate --watch passes loaders that keep unchanged ones. */
export interface InputLoaders {
  parseYaml: typeof parseYamlSource;
  startBridge(paths: ProjectPaths): PendingBridge;
}

export const coldLoaders: InputLoaders = { parseYaml: parseYamlSource, startBridge: (paths) => startBridgeFromSpecs(paths.specs, paths.root) };

/** Loads and validates every input; throws DiagnosticsError with all problems found. */
export function buildProjectIR(paths: ProjectPaths, loaders: InputLoaders = coldLoaders): ProjectIR {
  const diagnostics: Diagnostic[] = [];
  // Parses specs/ in a worker while the definitions load.
  const bridge = loaders.startBridge(paths);
  const { definitions, diagnostics: loadDiagnostics } = readDefinitions(paths.definitions, paths.root, loaders.parseYaml);
  diagnostics.push(...loadDiagnostics);
  const { ir: inventory, diagnostics: irDiagnostics } = buildInventory(definitions);
  diagnostics.push(...irDiagnostics);
  const { ir: bridgeIR, diagnostics: bridgeDiagnostics } = bridge.finish();
  diagnostics.push(...bridgeDiagnostics);
  if (diagnostics.length) throw new DiagnosticsError(diagnostics);
  return { inventory, bridge: bridgeIR };
}

/** The emitters a run calls: every one by default; generate --watch wraps each to keep its output. */
export interface Emitters {
  inventory: readonly InventoryEmitter[];
  bridge: (ir: BridgeIR) => GeneratedFile[];
}

export const allEmitters: Emitters = { inventory: inventoryEmitters, bridge: emitToolTables };

/** Runs every emitter over the IR. Pure apart from reading templates and migration history. */
export function emitAll(paths: ProjectPaths, ir: ProjectIR, templates: Templates = loadTemplates(paths.templates), emitters: Emitters = allEmitters): GeneratedFile[] {
  const context: EmitContext = { templates, previousMigrations: readPreviousMigrations(paths.generated) };
  const files = [...emitters.inventory.flatMap((emit) => emit(ir.inventory, context)), ...emitters.bridge(ir.bridge)];
  const seen = new Set<string>();
  for (const f of files) {
    if (seen.has(f.path)) throw new Error(`two emitters wrote generated/${f.path}`);
    seen.add(f.path);
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** The two stages a generation run calls; a watch keeps one warm set across runs. */
export interface PipelineStages {
  buildProjectIR(paths: ProjectPaths): ProjectIR;
  emitAll(paths: ProjectPaths, ir: ProjectIR): GeneratedFile[];
}

/** Every input read and every output computed afresh: what a one-shot `npm run generate` uses. */
export const coldStages: PipelineStages = { buildProjectIR: (paths) => buildProjectIR(paths), emitAll: (paths, ir) => emitAll(paths, ir) };
