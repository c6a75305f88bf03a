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
import { inventoryEmitters, type EmitContext } from './emit/inventoryEmitters.ts';
import { readPreviousMigrations } from './load/readPreviousMigrations.ts';

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
}

/** Loads and validates every input; throws DiagnosticsError with all problems found. */
export function buildProjectIR(paths: ProjectPaths): ProjectIR {
  const diagnostics: Diagnostic[] = [];
  const { definitions, diagnostics: loadDiagnostics } = readDefinitions(paths.definitions, paths.root);
  diagnostics.push(...loadDiagnostics);
  const { ir: inventory, diagnostics: irDiagnostics } = buildInventory(definitions);
  diagnostics.push(...irDiagnostics);
  if (diagnostics.length) throw new DiagnosticsError(diagnostics);
  return { inventory };
}

/** Runs every emitter over the IR. Pure apart from reading templates and migration history. */
export function emitAll(paths: ProjectPaths, ir: ProjectIR, templates: Templates = loadTemplates(paths.templates)): GeneratedFile[] {
  const context: EmitContext = { templates, previousMigrations: readPreviousMigrations(paths.generated) };
  const files = inventoryEmitters.flatMap((emit) => emit(ir.inventory, context));
  const seen = new Set<string>();
  for (const f of files) {
    if (seen.has(f.path)) throw new Error(`two emitters wrote generated/${f.path}`);
    seen.add(f.path);
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
