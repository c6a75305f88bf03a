/**
 * @module
 * The shape of the generated resource table. These are the generator's IR types, imported as
 * types only: the IR is the contract between generator and runtime.
 */
export type {
  AppIR as AppIndex,
  ChoiceSetIR as ChoiceSet,
  FieldIR as Field,
  FilterIR as Filter,
  LinkTableIR as LinkTable,
  ResourceIR as Resource,
  UniqueIR as Unique,
} from '../../generator/ir/types.ts';
