/**
 * @module
 * The bridge IR: what the MCP tool-table emitter reads, built from the controller OpenAPI documents in
 * `specs/<version>/`. Plain, serializable and deterministic like the inventory IR: operations are
 * sorted by path then method, tools by name, actions by name.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The JSON type a parameter or body field takes; `any` when the spec does not say. */
export type ValueType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'any';

export interface BridgeParamIR {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  type: ValueType;
  /** Item type of an array parameter. */
  items: ValueType | null;
  enum: (string | number | boolean)[] | null;
  /** A primitive default from the spec, shown to clients; the bridge never sends it on its own. */
  default: string | number | boolean | null;
  description: string;
}

export interface BridgeBodyFieldIR {
  name: string;
  type: ValueType;
  required: boolean;
  description: string;
}

export interface BridgeBodyIR {
  contentType: string;
  required: boolean;
  /**
   * `object`: the body's fields travel at the top level of `params`; `array` and `other`: the whole
   * body is `params.body` (there are no field names to put at the top level).
   */
  shape: 'object' | 'array' | 'other';
  /** Top-level properties of an object body, in spec order. */
  fields: BridgeBodyFieldIR[];
}

export interface BridgeOperationIR {
  /** The controller spec's operationId (or `<method>_<path>` when it has none): for debug records only. */
  operationId: string;
  method: HttpMethod;
  /** Path relative to the controller's REST base (`/dataservice`). */
  path: string;
  /** First tag, `Section - Subtag`; `Untagged` when there is none. */
  tag: string;
  /** One line: the summary, else the first sentence of the description. */
  summary: string;
  deprecated: boolean;
  /** Whether read-only mode exposes it: GET, or a read-only statistics query sent as POST. */
  readOnly: boolean;
  /** Path parameters first, then query and header parameters, each in spec order. */
  params: BridgeParamIR[];
  body: BridgeBodyIR | null;
  /** Action name, unique within the tag (so within any tool cut from it), derived from method, tag and path. */
  action: string;
  /** Document (file name in the version folder) that defines it. */
  source: string;
}

export interface ToolAnnotationsIR {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

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
