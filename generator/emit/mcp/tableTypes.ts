/**
 * @module
 * The shape of a generated MCP tool table (`generated/bridge/<version>/tools.json`): the contract
 * between the generator and the bridge runtime, which imports these types only.
 */
import type { BridgeOperationIR, ToolAnnotationsIR } from '../../ir/bridge/types.ts';

/** Bumped when the table's shape changes; the bridge rebuilds tables of another format in memory. */
export const TOOL_TABLE_FORMAT = 1;

export type TableOperation = BridgeOperationIR;

export interface TableAction {
  name: string;
  /** Index into `operations`. */
  operation: number;
}

/** JSON Schema of a tool's arguments: `action` (enum of the tool's actions) and `params`. */
export interface ToolInputSchema {
  type: 'object';
  properties: {
    action: { type: 'string'; enum: string[]; description: string };
    params: { type: 'object'; description: string; additionalProperties: true };
  };
  required: ['action'];
  additionalProperties: false;
}

export interface TableTool {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotationsIR;
  inputSchema: ToolInputSchema;
  actions: TableAction[];
}

export type BridgeMode = 'read-only' | 'read-write';

export interface ToolTable {
  format: number;
  /** Human note: where the table comes from and how to refresh it. */
  generated: string;
  version: string;
  title: string;
  apiVersion: string;
  /** The spec documents (file name in the version folder and sha256) the table was built from. */
  sources: { file: string; sha256: string }[];
  maxActionsPerTool: number;
  operations: TableOperation[];
  modes: Record<BridgeMode, TableTool[]>;
}
