/**
 * @module
 * The OpenAPI emitter: InventoryIR → `generated/inventory/openapi.json`, the document the server
 * answers at `/api/schema/` (see runtime/server/schemaRoutes.ts). JSON with two-space indent down
 * to each operation's parts; a parameter, a property or a response is one line, so the document
 * stays small at NetBox's scale and a change diffs as the lines it touches. LF, trailing newline.
 * JSON has no comments, so unlike the TypeScript files it carries no generated-by header.
 */
import type { InventoryIR } from '../../ir/types.ts';
import type { GeneratedFile } from '../types.ts';
import { buildOpenApiDocument } from './document.ts';

export const openApiPath = 'inventory/openapi.json';

/** Objects and arrays nested deeper than this are printed on one line. */
const PRETTY_DEPTH = 5;

/** JSON, indented down to PRETTY_DEPTH and compact below. */
export function printJson(value: unknown, depth = 0, indent = ''): string {
  if (value === null || typeof value !== 'object' || depth >= PRETTY_DEPTH) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) return value.length ? `[\n${value.map((v) => `${inner}${printJson(v, depth + 1, inner)}`).join(',\n')}\n${indent}]` : '[]';
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return entries.length ? `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${printJson(v, depth + 1, inner)}`).join(',\n')}\n${indent}}` : '{}';
}

export function emitOpenApi(ir: InventoryIR): GeneratedFile[] {
  return [{ path: openApiPath, contents: `${printJson(buildOpenApiDocument(ir))}\n` }];
}
