/**
 * @module
 * Emits one MCP tool table per spec version, as the files of `generated/bridge/<version>/`
 * (TOOL_TABLE_FILES): `table.json` (format, version, sources, cap), `operations.json`,
 * `read-only.json` and `read-write.json` (the tools of each mode). JSON rather than TypeScript because
 * the bridge reads it at start-up, where `JSON.parse` takes milliseconds and compiling the same data
 * as a module would not; in parts because a start needs only the header and one mode's tools.
 */
import { TOOL_TABLE_FILES, type ToolTable } from '../../../runtime/contract/toolTable.ts';
import type { BridgeIR } from '../../ir/bridge/types.ts';
import type { GeneratedFile } from '../types.ts';
import { canonicalJson, recordsJson, toolTableFromIR } from './toolTable.ts';

/** Where a version's table goes, relative to generated/. */
export function toolTableDir(version: string): string {
  return `bridge/${version}`;
}

/** A table's files, as they are written. */
export function toolTableFiles(table: ToolTable): GeneratedFile[] {
  const { operations, modes, ...header } = table;
  const dir = toolTableDir(table.version);
  return [
    { path: `${dir}/${TOOL_TABLE_FILES.header}`, contents: canonicalJson(header) },
    { path: `${dir}/${TOOL_TABLE_FILES.operations}`, contents: recordsJson(operations) },
    { path: `${dir}/${TOOL_TABLE_FILES['read-only']}`, contents: recordsJson(modes['read-only']) },
    { path: `${dir}/${TOOL_TABLE_FILES['read-write']}`, contents: recordsJson(modes['read-write']) },
  ];
}

export function emitToolTables(ir: BridgeIR): GeneratedFile[] {
  return ir.versions.flatMap((version) => toolTableFiles(toolTableFromIR(version)));
}
