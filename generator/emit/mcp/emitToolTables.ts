/**
 * @module
 * Emits one MCP tool table per spec version: `generated/bridge/<version>/tools.json`. JSON rather
 * than TypeScript because the bridge reads it at start-up, where `JSON.parse` of a table for thousands
 * of operations takes milliseconds and compiling the same data as a module would not.
 */
import type { BridgeIR } from '../../ir/bridge/types.ts';
import type { GeneratedFile } from '../types.ts';
import { toolTableFromIR, toolTableJson } from './toolTable.ts';

export function toolTablePath(version: string): string {
  return `bridge/${version}/tools.json`;
}

export function emitToolTables(ir: BridgeIR): GeneratedFile[] {
  return ir.versions.map((version) => ({ path: toolTablePath(version.version), contents: toolTableJson(toolTableFromIR(version)) }));
}
