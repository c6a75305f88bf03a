/**
 * @module
 * Finds the tool table for the active spec version. The generated table
 * (`generated/bridge/<version>/`) is used while it is current: same table format, same
 * `max_actions_per_tool`, and the spec folder still holds exactly the documents it was built from
 * (sha256). Its parts are read when first used: a start reads the header and its mode's tools, the
 * operations wait for the first call (or for the discovery index). Otherwise — a freshly fetched
 * spec, an edited one, another cap — the table is built in memory by the generator's own code (its
 * public entry, generator/index.ts), so both paths give the same tools.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildToolTable, specSources } from '../../generator/index.ts';
import { TOOL_TABLE_FILES, TOOL_TABLE_FORMAT, type TableOperation, type TableTool, type ToolTable, type ToolTableHeader } from '../contract/toolTable.ts';

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

function staleReason(table: ToolTableHeader, versionDir: string, maxActionsPerTool: number): string | null {
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
  const tableDir = join(options.tablesDir, options.version);
  const headerPath = join(tableDir, TOOL_TABLE_FILES.header);
  let reason = `there is no generated table at ${relative(options.cwd ?? process.cwd(), headerPath) || headerPath}`;
  if (existsSync(headerPath)) {
    try {
      const header = JSON.parse(readFileSync(headerPath, 'utf8')) as ToolTableHeader;
      const missing = Object.values(TOOL_TABLE_FILES).filter((file) => !existsSync(join(tableDir, file)));
      const stale = missing.length ? `${missing.join(', ')} missing` : staleReason(header, versionDir, options.maxActionsPerTool);
      if (!stale) return { table: lazyTable(tableDir, header), origin: 'generated', ms: performance.now() - started };
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

/** A generated table whose parts are parsed when first used (each once). */
function lazyTable(dir: string, header: ToolTableHeader): ToolTable {
  const part = <T>(file: string) => {
    let value: T | undefined;
    return () => (value ??= JSON.parse(readFileSync(join(dir, file), 'utf8')) as T);
  };
  const operations = part<TableOperation[]>(TOOL_TABLE_FILES.operations);
  const readOnly = part<TableTool[]>(TOOL_TABLE_FILES['read-only']);
  const readWrite = part<TableTool[]>(TOOL_TABLE_FILES['read-write']);
  return Object.defineProperties(
    { ...header, operations: [], modes: Object.defineProperties({} as ToolTable['modes'], { 'read-only': { get: readOnly, enumerable: true }, 'read-write': { get: readWrite, enumerable: true } }) },
    { operations: { get: operations, enumerable: true } },
  ) as ToolTable;
}
