/**
 * @module
 * What every emitter takes and returns: the context (templates, migration history) and files keyed
 * by their path under `generated/`. Emitters are pure functions of the IR; only the write stage
 * touches the file system. (Kept apart from the emitter list so emitters never import that list.)
 */
import type { InventoryIR } from '../ir/types.ts';
import type { MigrationHistory } from '../load/readPreviousMigrations.ts';
import type { Templates } from '../templates.ts';

export type { GeneratedFile } from '../files.ts';
import type { GeneratedFile } from '../files.ts';

export interface EmitContext {
  templates: Templates;
  previousMigrations: MigrationHistory;
}

export type InventoryEmitter = (ir: InventoryIR, context: EmitContext) => GeneratedFile[];
