/**
 * @module
 * The field kinds' view of the IR while it is being built: resources by key, choice sets by name.
 */
import type { Catalog } from '../../../runtime/kinds/index.ts';
import type { LoadedDefinitions } from '../../load/readDefinitions.ts';
import type { ResourceIR } from '../types.ts';

export function irCatalog(byKey: ReadonlyMap<string, ResourceIR>, choices: LoadedDefinitions['choices']): Catalog {
  return {
    resource(key) {
      const found = byKey.get(key);
      if (!found) throw new Error(`unknown resource ${key}`);
      return found;
    },
    choiceSet(name) {
      const found = choices[name];
      if (!found) throw new Error(`unknown choice set ${name}`);
      return found;
    },
  };
}
