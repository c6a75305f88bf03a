/**
 * @module
 * Emitters that return their previous files when their input is unchanged (generate --watch).
 * An emitter's input is the IR plus its context; the key of a run is compared part by part, by
 * value (JSON text) or, for the compiled templates, by identity: warmStages hands the same
 * templates object back while no template text changed.
 *
 * An emitter whose output depends on a small part of the IR says which here, so that a change
 * elsewhere (a field's label) does not re-run it: the Drizzle schema and the migrations are
 * functions of the table specs. Anything not listed is keyed by the whole IR, which is always
 * right; a slice that missed something an emitter reads would leave a stale file until the
 * watch restarts (a one-shot run, and so --check and CI, never uses these).
 */
import { buildTableSpecs } from '../emit/drizzle/tables.ts';
import { emitSchema } from '../emit/drizzle/emitSchema.ts';
import { emitMigrations } from '../emit/migrations/emitMigrations.ts';
import type { EmitContext, GeneratedFile, InventoryEmitter } from '../emit/types.ts';
import type { BridgeIR } from '../ir/bridge/types.ts';
import type { InventoryIR } from '../ir/types.ts';
import { allEmitters, type Emitters } from '../pipeline.ts';

type KeyPart = string | object;

/** JSON of a value, computed once per object (each run builds a new IR and context). */
function jsonOnce<T extends object>(of: (value: T) => unknown): (value: T) => string {
  const cache = new WeakMap<T, string>();
  return (value) => {
    let json = cache.get(value);
    if (json === undefined) cache.set(value, (json = JSON.stringify(of(value))));
    return json;
  };
}

const wholeIR = jsonOnce<InventoryIR>((ir) => ir);
const tableSpecs = jsonOnce<InventoryIR>((ir) => buildTableSpecs(ir));
/** Everything in the context but the compiled templates (functions, keyed by identity instead). */
const contextData = jsonOnce<EmitContext>(({ templates: _templates, ...data }) => data);
/**
 * The same without the migration history, which only the migrations emitter reads: a run that
 * writes a migration changes the history, and must not make every other emitter run again.
 */
const contextDataButHistory = jsonOnce<EmitContext>(({ templates: _templates, previousMigrations: _history, ...data }) => data);

const inputSlices = new Map<InventoryEmitter, (ir: InventoryIR) => string>([
  [emitSchema, tableSpecs],
  [emitMigrations, tableSpecs],
]);

function sameKey(a: readonly KeyPart[], b: readonly KeyPart[]): boolean {
  return a.length === b.length && a.every((part, i) => part === b[i]);
}

function memo<I>(emit: (input: I) => GeneratedFile[], keyOf: (input: I) => KeyPart[]): (input: I) => GeneratedFile[] {
  let last: { key: KeyPart[]; files: GeneratedFile[] } | undefined;
  return (input) => {
    const key = keyOf(input);
    if (last && sameKey(last.key, key)) return last.files;
    last = { key, files: emit(input) };
    return last.files;
  };
}

/** A fresh set of memoized emitters: one per watch, so two watches never share outputs. */
export function memoEmitters(emitters: Emitters = allEmitters): Emitters {
  return {
    inventory: emitters.inventory.map((emit) => {
      const slice = inputSlices.get(emit) ?? wholeIR;
      const data = emit === emitMigrations ? contextData : contextDataButHistory;
      const memoized = memo<[InventoryIR, EmitContext]>(
        ([ir, context]) => emit(ir, context),
        ([ir, context]) => [slice(ir), context.templates, data(context)],
      );
      return (ir, context) => memoized([ir, context]);
    }),
    // warmStages hands back the same bridge IR object while specs/ is unchanged.
    bridge: memo<BridgeIR>(emitters.bridge, (ir) => [ir]),
  };
}
