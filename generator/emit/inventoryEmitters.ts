/**
 * @module
 * The inventory emitters, in one list. Each is a pure function IR → files under generated/.
 */
import { emitSchema } from './drizzle/emitSchema.ts';
import { emitMigrations } from './migrations/emitMigrations.ts';
import { emitOpenApi } from './openapi/emitOpenApi.ts';
import { emitResourceTable } from './resources/emitResourceTable.ts';
import { emitRoutes } from './routes/emitRoutes.ts';
import type { InventoryEmitter } from './types.ts';

export type { EmitContext, InventoryEmitter } from './types.ts';

export const inventoryEmitters: InventoryEmitter[] = [emitResourceTable, emitRoutes, emitOpenApi, emitSchema, emitMigrations];
