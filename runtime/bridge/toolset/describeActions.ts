/**
 * @module
 * What `sdwan_describe` and limited tool descriptions say about actions: the JSON Schema of one
 * action's `params` (path, query and header parameters and body fields, all at the top level, as the
 * dispatcher reads them), and a tool description cut to a length with the action names and summaries
 * that fit and a pointer to the full text.
 */
import type { BridgeMode, TableOperation, TableTool, ValueType } from '../../contract/toolTable.ts';
import { STATISTICS_QUERY_SYNTAX } from '../statisticsDsl.ts';

export const DESCRIBE_TOOL = 'sdwan_describe';

type JsonSchema = Record<string, unknown>;

function typed(type: ValueType, items?: ValueType | null): JsonSchema {
  if (type === 'any') return {};
  if (type === 'array') return { type, ...(items && items !== 'any' ? { items: { type: items } } : {}) };
  return { type };
}

/** The JSON Schema of an action's `params` object. */
export function paramsSchema(op: TableOperation): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of op.params) {
    properties[p.name] = {
      ...typed(p.type, p.items),
      ...(p.enum ? { enum: p.enum } : {}),
      ...(p.default !== null ? { default: p.default } : {}),
      description: `${p.in} parameter${p.description ? `: ${p.description}` : ''}`,
    };
    if (p.required) required.push(p.name);
  }
  const body = op.body && ['POST', 'PUT', 'PATCH'].includes(op.method) ? op.body : null;
  if (body?.shape === 'object') {
    for (const f of body.fields) {
      properties[f.name] = { ...typed(f.type), description: `request body field${f.description ? `: ${f.description}` : ''}` };
      if (f.required) required.push(f.name);
    }
  } else if (body) {
    properties.body = { ...(body.shape === 'array' ? { type: 'array' } : {}), description: `the whole request body (${body.contentType})` };
    if (body.required) required.push('body');
  }
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    // Object bodies may carry fields the spec does not list; nothing else takes unknown keys.
    additionalProperties: body?.shape === 'object',
  };
}

export interface ActionDetails {
  tool: string;
  action: string;
  method: string;
  path: string;
  summary: string;
  operation_id: string;
  read_only: boolean;
  deprecated: boolean;
  /** JSON Schema of `params`. */
  params: JsonSchema;
  body_content_type: string | null;
  /** The spec's example body, whose fields go at the top level of params (many bodies are untyped). */
  body_example?: unknown;
  /** For statistics queries: how `params.query` is written. */
  query_syntax?: string;
}

/** A statistics query: its body has a `query` (by field or by example), or its path is one. */
function isStatisticsQuery(op: TableOperation): boolean {
  const body = op.body;
  if (!body || op.method !== 'POST') return false;
  const example = body.example;
  const exampleHasQuery = !!example && typeof example === 'object' && !Array.isArray(example) && 'query' in example;
  return exampleHasQuery || body.fields.some((f) => f.name === 'query') || /\/statistics\b|\/(aggregation|doccount)$/.test(op.path);
}

export function actionDetails(tool: string, action: string, op: TableOperation): ActionDetails {
  return {
    tool,
    action,
    method: op.method,
    path: op.path,
    summary: op.summary,
    operation_id: op.operationId,
    read_only: op.readOnly,
    deprecated: op.deprecated,
    params: paramsSchema(op),
    body_content_type: op.body && ['POST', 'PUT', 'PATCH'].includes(op.method) ? op.body.contentType : null,
    ...(op.body?.example !== undefined ? { body_example: op.body.example } : {}),
    ...(isStatisticsQuery(op) ? { query_syntax: STATISTICS_QUERY_SYNTAX } : {}),
  };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

/**
 * The tool's description within `maxChars`: what it is and where its full text is, then as many
 * `action: summary` entries as fit, in the table's order, and how many did not. How to call it is left
 * to the input schema and the server's instructions, which say it once for every tool.
 */
export function limitedDescription(tool: TableTool, mode: BridgeMode, maxChars: number): string {
  if (tool.description.length <= maxChars) return tool.description;
  const count = `${tool.actions.length} action${tool.actions.length === 1 ? '' : 's'}`;
  const pointer = ` Parameters and full text: ${DESCRIBE_TOOL} {"tool": "${tool.name}", "action": <name>}.`;
  let text = clip(`${tool.title}: ${count} (${mode}).`, Math.max(0, maxChars - pointer.length)) + pointer;
  const entries = tool.actions.map((a) => (a.summary ? `${a.name}: ${clip(a.summary, 70)}` : a.name));
  let listed = '';
  let shown = 0;
  for (const entry of entries) {
    const next = `${listed}${shown ? '; ' : ' Actions: '}${entry}`;
    const rest = entries.length - shown - 1;
    if (text.length + next.length + (rest > 0 ? `; … ${rest} more.` : '.').length > maxChars) break;
    listed = next;
    shown++;
  }
  if (shown) text += `${listed}${shown < entries.length ? `; … ${entries.length - shown} more.` : '.'}`;
  return clip(text, maxChars);
}
