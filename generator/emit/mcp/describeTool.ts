/**
 * @module
 * The text and input schema an MCP client sees for a tool. The description is what a model reads to
 * choose an action and fill its parameters, so it lists every action with its method, path, summary
 * and parameters, and says once where the parameters go.
 */
import type { BridgeOperationIR, BridgeParamIR, BridgeToolIR } from '../../ir/bridge/types.ts';
import type { BridgeMode, ToolInputSchema } from '../../../runtime/contract/toolTable.ts';

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function describeParam(p: BridgeParamIR): string {
  const type = p.type === 'array' && p.items && p.items !== 'any' ? `${p.items}[]` : p.type;
  const notes = [p.in, p.required ? 'required' : ''].filter(Boolean).join(', ');
  let text = `${p.name}${p.required ? '' : '?'}: ${type} (${notes})`;
  if (p.enum) text += ` one of ${clip(p.enum.map((v) => JSON.stringify(v)).join('|'), 100)}`;
  if (p.default !== null) text += ` default ${JSON.stringify(p.default)}`;
  if (p.description) text += ` — ${clip(p.description, 80)}`;
  return text;
}

function describeBody(op: BridgeOperationIR): string[] {
  const body = op.body;
  if (!body || !['POST', 'PUT', 'PATCH'].includes(op.method)) return [];
  if (body.shape !== 'object') return [`body${body.required ? '' : '?'}: ${body.shape === 'array' ? 'array' : 'any'} (the whole request body, ${body.contentType})`];
  if (!body.fields.length) return [`any body fields at the top level (${body.contentType} object)`];
  return body.fields.map((f) => `${f.name}${f.required ? '' : '?'}: ${f.type} (body${f.required ? ', required' : ''})${f.description ? ` — ${clip(f.description, 80)}` : ''}`);
}

function describeAction(name: string, op: BridgeOperationIR): string {
  const head = `- ${name}: ${op.method} ${op.path}${op.summary ? ` — ${clip(op.summary, 160)}` : ''}${op.deprecated ? ' (deprecated)' : ''}`;
  const params = [...op.params.map(describeParam), ...describeBody(op)];
  return params.length ? `${head}\n${params.map((p) => `    ${p}`).join('\n')}` : head;
}

export function describeTool(tool: BridgeToolIR, operations: BridgeOperationIR[], mode: BridgeMode): string {
  const ops = tool.actions.map((a) => operations[a.operation]);
  const count = `${tool.actions.length} action${tool.actions.length === 1 ? '' : 's'}`;
  const lines = [
    `${tool.title}: ${count} of the SD-WAN controller API (${mode} mode).`,
    'Call with {"action": <one of the names below>, "params": {...}}. Path and query parameters go directly in params.',
  ];
  if (ops.some((op) => op.body?.shape === 'object')) {
    lines.push('Request-body fields also go at the top level of params; do not nest them under "body".');
  }
  if (ops.some((op) => op.body?.fields.some((f) => f.name === 'query'))) {
    lines.push('A statistics query goes at the top level too: {"query": {"condition": "AND", "rules": [...]}}.');
  }
  if (ops.some((op) => op.body && op.body.shape !== 'object')) lines.push('A body that is not an object (an array, say) goes in params.body.');
  lines.push('', 'Actions:', ...tool.actions.map((a) => describeAction(a.name, operations[a.operation])));
  return lines.join('\n');
}

export function inputSchemaFor(tool: BridgeToolIR): ToolInputSchema {
  return {
    type: 'object',
    properties: {
      action: { type: 'string', enum: tool.actions.map((a) => a.name), description: 'The operation to call; the tool description lists each with its parameters.' },
      params: { type: 'object', description: 'Path, query and body fields of the action, all at the top level.', additionalProperties: true },
    },
    required: ['action'],
    additionalProperties: false,
  };
}
