/**
 * @module
 * The bridge IR: what the MCP tool-table emitter reads, built from the controller OpenAPI documents in
 * `specs/<version>/`. Plain, serializable and deterministic like the inventory IR: operations are
 * sorted by path then method, tools by name, actions by name.
 */

import type { HttpMethod } from '../../../runtime/contract/inventory.ts';
import type { TableBody, TableBodyField, TableOperation, TableParam, ToolAnnotations, ValueType } from '../../../runtime/contract/toolTable.ts';

// An operation is the same value in the IR and in the generated table, so its shape is defined once,
// in the contract; the IR names stay for the generator's stages.
export type { HttpMethod, ValueType };
export type BridgeParamIR = TableParam;
export type BridgeBodyFieldIR = TableBodyField;
export type BridgeBodyIR = TableBody;
export type BridgeOperationIR = TableOperation;
export type ToolAnnotationsIR = ToolAnnotations;

export interface BridgeActionIR {
  name: string;
  /** Index into the version's `operations`. */
  operation: number;
}

export interface BridgeToolIR {
  /** `<area>_<topic>[_<path part>]`, at most 64 characters, unique in its tool set. */
  name: string;
  /** `Monitoring / BFD`, plus the path part for a split tool. */
  title: string;
  tag: string;
  /** Path segments that single out this part of a split tag (empty when the tag is one tool). */
  part: string[];
  annotations: ToolAnnotationsIR;
  /** Sorted by name. */
  actions: BridgeActionIR[];
}

export interface BridgeToolSetIR {
  tools: BridgeToolIR[];
  operationCount: number;
}

export interface BridgeVersionIR {
  version: string;
  title: string;
  apiVersion: string;
  /** Documents read, in name order, with their content hash: a table is current while these match. */
  sources: { file: string; sha256: string }[];
  maxActionsPerTool: number;
  operations: BridgeOperationIR[];
  readOnly: BridgeToolSetIR;
  readWrite: BridgeToolSetIR;
}

export interface BridgeIR {
  /** One entry per `specs/<version>/` folder, sorted by version. */
  versions: BridgeVersionIR[];
}
