/**
 * @module
 * Finds the tool table for the active spec version. The generated table
 * (`generated/bridge/<version>/tools.json`) is used while it is current: same table format, same
 * `max_actions_per_tool`, and the spec folder still holds exactly the documents it was built from
 * (sha256). Otherwise — a freshly fetched spec, an edited one, another cap — the table is built in
 * memory by the generator's own code (its public entry, generator/index.ts), so both paths give the
 * same tools.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildToolTable, specSources } from '../../generator/index.ts';
import { TOOL_TABLE_FORMAT, type ToolTable } from '../contract/toolTable.ts';

export class SpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecError';
  }
}

export interface LoadedTable {
  table: ToolTable;
  origin: 'generated' | 'built';
  /** Why the generated table was not used (when built). */
  reason?: string;
  ms: number;
}

function staleReason(table: ToolTable, versionDir: string, maxActionsPerTool: number): string | null {
  if (table.format !== TOOL_TABLE_FORMAT) return `it has table format ${table.format}, this bridge reads ${TOOL_TABLE_FORMAT}`;
  if (table.maxActionsPerTool !== maxActionsPerTool) return `it was cut at max_actions_per_tool ${table.maxActionsPerTool}, the configuration asks for ${maxActionsPerTool}`;
  const onDisk = specSources(versionDir).map((s) => `${s.file}:${s.sha256}`).join('\n');
  const recorded = table.sources.map((s) => `${s.file}:${s.sha256}`).join('\n');
  if (onDisk !== recorded) return 'the spec documents changed since it was generated (run `npm run generate`)';
  return null;
}

export async function loadToolTable(options: { specsDir: string; tablesDir: string; version: string; maxActionsPerTool: number; cwd?: string }): Promise<LoadedTable> {
  const started = performance.now();
  const versionDir = join(options.specsDir, options.version);
  if (!existsSync(versionDir)) throw new SpecError(`spec folder ${versionDir} does not exist`);
  const tablePath = join(options.tablesDir, options.version, 'tools.json');
  let reason = `there is no generated table at ${relative(options.cwd ?? process.cwd(), tablePath) || tablePath}`;
  if (existsSync(tablePath)) {
    try {
      const table = JSON.parse(readFileSync(tablePath, 'utf8')) as ToolTable;
      const stale = staleReason(table, versionDir, options.maxActionsPerTool);
      if (!stale) return { table, origin: 'generated', ms: performance.now() - started };
      reason = `the generated table is not current: ${stale}`;
    } catch (error) {
      reason = `the generated table cannot be read (${(error as Error).message})`;
    }
  }
  const built = await buildToolTable(versionDir, { maxActionsPerTool: options.maxActionsPerTool, cwd: options.cwd });
  if ('problems' in built) {
    throw new SpecError(`the spec folder ${versionDir} has no usable OpenAPI document:\n${built.problems.map((p) => `  ${p}`).join('\n')}`);
  }
  return { table: built.table, origin: 'built', reason, ms: performance.now() - started };
}
