/**
 * @module
 * Builds the bridge IR of each loaded spec version: its operations, and the tools of read-only and
 * read-write mode at a given `max_actions_per_tool`. The generator builds it at the default cap; the
 * bridge calls the same function at runtime for a spec without a current generated table.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { LoadedSpecVersion } from '../../load/specs/readSpecFolders.ts';
import { oneLine, readOperations } from './operations.ts';
import { buildToolSet } from './splitTools.ts';
import type { BridgeIR, BridgeVersionIR } from './types.ts';

/** `sdwan.max_actions_per_tool`'s default; generated tables are cut at this cap. */
export const DEFAULT_MAX_ACTIONS_PER_TOOL = 150;

export function buildBridgeVersion(loaded: LoadedSpecVersion, maxActionsPerTool = DEFAULT_MAX_ACTIONS_PER_TOOL): { ir?: BridgeVersionIR; diagnostics: Diagnostic[] } {
  const { operations, diagnostics } = readOperations(loaded);
  if (!operations.length && !diagnostics.length) {
    diagnostics.push({ file: loaded.folder, line: 1, col: 1, code: 'E_SPEC', message: 'the documents in this spec folder define no operations (paths are empty)' });
  }
  if (diagnostics.length) return { diagnostics };
  const first = loaded.documents[0].api.info ?? { title: '', version: '' };
  return {
    ir: {
      version: loaded.version,
      title: oneLine(first.title) || 'SD-WAN controller API',
      apiVersion: oneLine(String(first.version ?? '')),
      sources: loaded.documents.map((d) => ({ file: d.name, sha256: d.sha256 })),
      maxActionsPerTool: maxActionsPerTool,
      operations,
      readOnly: buildToolSet(operations, (op) => op.readOnly, maxActionsPerTool),
      readWrite: buildToolSet(operations, () => true, maxActionsPerTool),
    },
    diagnostics,
  };
}

export function buildBridgeIR(versions: LoadedSpecVersion[], maxActionsPerTool = DEFAULT_MAX_ACTIONS_PER_TOOL): { ir: BridgeIR; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const ir: BridgeIR = { versions: [] };
  for (const loaded of versions) {
    const built = buildBridgeVersion(loaded, maxActionsPerTool);
    diagnostics.push(...built.diagnostics);
    if (built.ir) ir.versions.push(built.ir);
  }
  return { ir, diagnostics };
}
