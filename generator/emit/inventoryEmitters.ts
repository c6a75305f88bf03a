/**
 * @module
 * The inventory emitters, in one list. Each is a pure function IR → files under generated/.
 */
import type { InventoryIR } from '../ir/types.ts';
import type { MigrationHistory } from '../load/readPreviousMigrations.ts';
import type { Templates } from '../templates.ts';
import type { GeneratedFile } from './types.ts';
import { emitResourceTable } from './resources/emitResourceTable.ts';
import { emitOpenApi } from './openapi/emitOpenApi.ts';
import { emitRoutes } from './routes/emitRoutes.ts';
import { emitValidators } from './validators/emitValidators.ts';
import { emitSchema } from './drizzle/emitSchema.ts';
import { emitMigrations } from './migrations/emitMigrations.ts';

export interface EmitContext {
  templates: Templates;
  previousMigrations: MigrationHistory;
}

export type InventoryEmitter = (ir: InventoryIR, context: EmitContext) => GeneratedFile[];

export const inventoryEmitters: InventoryEmitter[] = [emitResourceTable, emitRoutes, emitValidators, emitOpenApi, emitSchema, emitMigrations];
