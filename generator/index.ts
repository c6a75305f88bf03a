/**
 * @module
 * The generator's public face: what code outside generator/ calls at run time. The SD-WAN bridge
 * compiles a controller spec folder into a tool table here when no current generated table exists,
 * through the same stages `npm run generate` runs, so both paths serve the same tools. Everything
 * else under generator/ is the generator's own (scripts/ may reach in; runtime/ does not). Only what
 * tells whether a generated table is current loads with this face; the spec loader loads on demand.
 */
import { basename } from 'node:path';
import type { ToolTable } from '../runtime/contract/toolTable.ts';
import { listSpecFiles, sha256File } from './load/specs/specFiles.ts';

export interface BuildToolTableOptions {
  /** Cap before a tool is split (`sdwan.max_actions_per_tool`); 0 never splits. */
  maxActionsPerTool: number;
  /** Problems name files relative to this folder when they are below it (default: the process's). */
  cwd?: string;
}

/** The table, or every problem found, each formatted `file:line:col CODE message`, sorted. */
export type BuildToolTableResult = { table: ToolTable } | { problems: string[] };

/** Compiles one spec folder (`specs/<version>/`) into its tool table. */
export async function buildToolTable(versionDir: string, options: BuildToolTableOptions): Promise<BuildToolTableResult> {
  // Loaded on demand: a bridge whose generated table is current starts without the spec loader.
  const [{ formatDiagnostic, sortDiagnostics }, { toolTableFromIR }, { buildBridgeVersion }, { loadSpecVersion }] = await Promise.all([
    import('./diagnostics.ts'),
    import('./emit/mcp/toolTable.ts'),
    import('./ir/bridge/buildBridge.ts'),
    import('./load/specs/readSpecFolders.ts'),
  ]);
  const loaded = await loadSpecVersion(versionDir, options.cwd ?? process.cwd());
  const built = loaded.version ? buildBridgeVersion(loaded.version, options.maxActionsPerTool) : { diagnostics: [] };
  const problems = [...loaded.diagnostics, ...built.diagnostics];
  if (!built.ir || problems.length) return { problems: sortDiagnostics(problems).map(formatDiagnostic) };
  return { table: toolTableFromIR(built.ir) };
}

/**
 * The spec documents of a folder as a table's `sources` records them (file name, sha256 of its
 * bytes), in the same order: a generated table is current while the two are equal.
 */
export function specSources(versionDir: string): { file: string; sha256: string }[] {
  return listSpecFiles(versionDir).map((file) => ({ file: basename(file), sha256: sha256File(file) }));
}

/**
 * Parses and validates one OpenAPI document as the generator reads spec folders (no external
 * `$ref`s): null when it is valid, else the parser's or validator's message.
 */
export async function specDocumentProblem(file: string): Promise<string | null> {
  const { parseSpecFiles } = await import('./load/specs/parseSpecFiles.ts');
  const [checked] = await parseSpecFiles([file]);
  return checked.problem?.message ?? null;
}
