/**
 * @module
 * The bridge part of the project IR, built from `specs/`. `startBridgeFromSpecs` starts parsing every
 * version folder in a worker and returns at once, so the pipeline loads the definitions meanwhile;
 * `finish()` builds the IR while swagger-parser's validation completes on the other core, then
 * reports the problems of both. This is what `generator/pipeline.ts` calls.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { PendingSpecParse } from '../../load/specs/parseSpecFiles.ts';
import { startSpecsLoadSync } from '../../load/specs/readSpecFolders.ts';
import { buildBridgeIR, DEFAULT_MAX_ACTIONS_PER_TOOL } from './buildBridge.ts';
import type { BridgeIR } from './types.ts';

export interface PendingBridge {
  finish(): { ir: BridgeIR; diagnostics: Diagnostic[] };
}

export function startBridgeFromSpecs(specsDir: string, root?: string, maxActionsPerTool = DEFAULT_MAX_ACTIONS_PER_TOOL, parse?: (files: string[]) => PendingSpecParse): PendingBridge {
  const pending = startSpecsLoadSync(specsDir, root, parse);
  return {
    finish: () => {
      const loaded = pending.loaded();
      const { ir, diagnostics } = buildBridgeIR(loaded.versions, maxActionsPerTool);
      return { ir, diagnostics: [...loaded.diagnostics, ...diagnostics, ...pending.finish()] };
    },
  };
}

export function bridgeFromSpecs(specsDir: string, root?: string, maxActionsPerTool = DEFAULT_MAX_ACTIONS_PER_TOOL): { ir: BridgeIR; diagnostics: Diagnostic[] } {
  return startBridgeFromSpecs(specsDir, root, maxActionsPerTool).finish();
}
