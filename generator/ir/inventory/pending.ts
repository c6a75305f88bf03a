/**
 * @module
 * A resource while the IR is built: its IR so far, its definition, the merged mixins and where it
 * is written (for diagnostics). Shared by the builder and the checks it runs.
 */
import type { PathKey, YamlSource } from '../../load/yamlSource.ts';
import type { ResourceDefinition } from '../../validate/definitionSchema.ts';
import type { ResourceIR } from '../types.ts';
import type { MergedModel } from './mergeMixins.ts';

export interface Pending {
  ir: ResourceIR;
  definition: ResourceDefinition;
  merged: MergedModel;
  source: YamlSource;
  at: PathKey[];
}
