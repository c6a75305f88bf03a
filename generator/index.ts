/**
 * @module
 * The generator's public face: what code outside generator/ calls at run time. The SD-WAN bridge
 * compiles a controller spec folder into a tool table here when no current generated table exists,
 * through the same stages `npm run generate` runs, so both paths serve the same tools. Everything
 * else under generator/ is the generator's own (scripts/ may reach in; runtime/ does not).
 */
import { basename } from 'node:path';
import type { ToolTable } from '../runtime/contract/toolTable.ts';
import { formatDiagnostic, sortDiagnostics } from './diagnostics.ts';
import { toolTableFromIR } from './emit/mcp/toolTable.ts';
import { buildBridgeVersion } from './ir/bridge/buildBridge.ts';
import { parseSpecFiles, sha256File } from './load/specs/parseSpecFiles.ts';
import { listSpecFiles, loadSpecVersion } from './load/specs/readSpecFolders.ts';

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
  const [checked] = await parseSpecFiles([file]);
  return checked.problem?.message ?? null;
}
