/**
 * @module
 * MCP tool results as the bridge answers them: JSON as text, plus `structuredContent` when it is an
 * object; errors are results with `isError: true` and `{error: true, message, …}`, never exceptions.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export function textResult(value: unknown, isError: boolean): CallToolResult {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const result: CallToolResult = { content: [{ type: 'text', text }] };
  if (value && typeof value === 'object' && !Array.isArray(value)) result.structuredContent = value as Record<string, unknown>;
  if (isError) result.isError = true;
  return result;
}

export function errorResult(message: string, extra: Record<string, unknown> = {}): CallToolResult {
  return textResult({ error: true, message, ...extra }, true);
}
