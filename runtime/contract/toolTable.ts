/**
 * @module
 * The bridge's generated tool table (`generated/bridge/<version>/`, files TOOL_TABLE_FILES): the
 * controller's operations and the MCP tools cut from them for each mode. generator/ writes it (and
 * builds it in memory for the bridge when no current table exists); runtime/bridge reads it. Both
 * import these types from this folder, which imports nothing outside itself.
 */
import type { HttpMethod } from './inventory.ts';

/** Bumped when the table's shape changes; the bridge rebuilds tables of another format in memory. */
export const TOOL_TABLE_FORMAT = 2;

export type BridgeMode = 'read-only' | 'read-write';

/** The JSON type a parameter or body field takes; `any` when the spec does not say. */
export type ValueType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'any';

export interface TableParam {
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

export interface TableBodyField {
  name: string;
  type: ValueType;
  required: boolean;
  description: string;
}

export interface TableBody {
  contentType: string;
  required: boolean;
  /**
   * `object`: the body's fields travel at the top level of `params`; `array` and `other`: the whole
   * body is `params.body` (there are no field names to put at the top level).
   */
  shape: 'object' | 'array' | 'other';
  /** Top-level properties of an object body, in spec order. */
  fields: TableBodyField[];
  /**
   * The spec's example of this body (the media type's `example`, else its first `examples` entry, else
   * the schema's `example`), when its JSON has at most BODY_EXAMPLE_MAX_CHARS characters: many
   * controller bodies are untyped objects whose example is the only word on their shape.
   */
  example?: unknown;
}

/** Longest body example a table keeps, serialized. */
export const BODY_EXAMPLE_MAX_CHARS = 1500;

/** One controller operation, as the dispatcher turns a tool call into an HTTP request. */
export interface TableOperation {
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
  params: TableParam[];
  body: TableBody | null;
  /** Action name, unique within the tag (so within any tool cut from it), derived from method, tag and path. */
  action: string;
  /** Document (file name in the version folder) that defines it. */
  source: string;
}

/** MCP tool annotations: hints to the client about what a tool's actions do. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface TableAction {
  name: string;
  /** Index into `operations`. */
  operation: number;
  /**
   * The operation's summary, cut to ACTION_SUMMARY_MAX_CHARS: what a tool's limited description lists,
   * so that serving it needs no operation (they are read on first use).
   */
  summary: string;
}

/** Longest action summary a tool records. */
export const ACTION_SUMMARY_MAX_CHARS = 80;

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
  /** The controller tag the tool's actions come from (`Monitoring - BFD`); a split tag gives several tools. */
  tag: string;
  /** The tag's section as a name (`monitoring`): what `sdwan.tools` patterns match before a `/`. */
  area: string;
  /** The tag's subtag as a name (`bfd`): what `sdwan.tools` patterns match after a `/`. */
  topic: string;
  description: string;
  annotations: ToolAnnotations;
  inputSchema: ToolInputSchema;
  actions: TableAction[];
}

/**
 * A generated table on disk is one file per part, so that a start reads only what it needs at once
 * (the header and its mode's tools) and the rest when first used.
 */
export const TOOL_TABLE_FILES = { header: 'table.json', operations: 'operations.json', 'read-only': 'read-only.json', 'read-write': 'read-write.json' } as const;

/** `table.json`: everything but the operations and the tools. */
export type ToolTableHeader = Omit<ToolTable, 'operations' | 'modes'>;

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
