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
import { loadTemplates, type Templates } from './templates.ts';
import { inventoryEmitters } from './emit/inventoryEmitters.ts';
import type { EmitContext } from './emit/types.ts';
import { readPreviousMigrations } from './load/readPreviousMigrations.ts';
import { startBridgeFromSpecs } from './ir/bridge/bridgeFromSpecs.ts';
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

/** Loads and validates every input; throws DiagnosticsError with all problems found. */
export function buildProjectIR(paths: ProjectPaths): ProjectIR {
  const diagnostics: Diagnostic[] = [];
  // Parses specs/ in a worker while the definitions load.
  const bridge = startBridgeFromSpecs(paths.specs, paths.root);
  const { definitions, diagnostics: loadDiagnostics } = readDefinitions(paths.definitions, paths.root);
  diagnostics.push(...loadDiagnostics);
  const { ir: inventory, diagnostics: irDiagnostics } = buildInventory(definitions);
  diagnostics.push(...irDiagnostics);
  const { ir: bridgeIR, diagnostics: bridgeDiagnostics } = bridge.finish();
  diagnostics.push(...bridgeDiagnostics);
  if (diagnostics.length) throw new DiagnosticsError(diagnostics);
  return { inventory, bridge: bridgeIR };
}

/** Runs every emitter over the IR. Pure apart from reading templates and migration history. */
export function emitAll(paths: ProjectPaths, ir: ProjectIR, templates: Templates = loadTemplates(paths.templates)): GeneratedFile[] {
  const context: EmitContext = { templates, previousMigrations: readPreviousMigrations(paths.generated) };
  const files = [...inventoryEmitters.flatMap((emit) => emit(ir.inventory, context)), ...emitToolTables(ir.bridge)];
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
export const coldStages: PipelineStages = { buildProjectIR, emitAll: (paths, ir) => emitAll(paths, ir) };

/** Stages that keep what they computed while its inputs are unchanged (for --watch). */
export function warmStages(): PipelineStages {
  return coldStages;
}
