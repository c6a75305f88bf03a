/**
 * @module
 * A model's rules followed by more rules: each hook runs the first's, then the second's.
 */
import type { ModelRules } from '../../../rest/index.ts';

export function chainRules(first: ModelRules, then: ModelRules): ModelRules {
  const chained: ModelRules = { ...first, ...then };
  for (const hook of ['clean', 'beforeSave', 'afterSave', 'beforeDelete', 'afterDelete'] as const) {
    const [a, b] = [first[hook], then[hook]] as ((...args: unknown[]) => Promise<void>)[];
    if (a && b) (chained as Record<string, unknown>)[hook] = async (...args: unknown[]) => { await a(...args); await b(...args); };
  }
  return chained;
}
