/**
 * @module
 * The OpenAPI emitter: InventoryIR → `generated/inventory/openapi.json`, the document the server
 * answers at `/api/schema/` (see runtime/server/schemaRoutes.ts). Pretty JSON, two-space indent,
 * LF, trailing newline. JSON has no comments, so unlike the TypeScript files it carries no
 * generated-by header; everything under generated/ is generated.
 */
import type { InventoryIR } from '../../ir/types.ts';
import type { GeneratedFile } from '../types.ts';
import { buildOpenApiDocument } from './document.ts';

export const openApiPath = 'inventory/openapi.json';

export function emitOpenApi(ir: InventoryIR): GeneratedFile[] {
  return [{ path: openApiPath, contents: `${JSON.stringify(buildOpenApiDocument(ir), null, 2)}\n` }];
}
