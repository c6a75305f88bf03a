/**
 * @module
 * dcim component templates: their rules, the device types' and module types' presence filters,
 * and the instantiation of templates into components when a device is created or a module
 * installed (chained after those models' own rules with `chainRules`).
 */
import type { AppRules } from '../../appRules.ts';
import type { ModelRules } from '../../../rest/index.ts';
import { deviceInstantiation } from './devices.ts';
import { moduleInstantiation } from './modules.ts';
import { templateCounts } from './counts.ts';
import { presenceFilters } from './presence.ts';
import { componentTemplateRules } from './templateRules.ts';

export const templates: AppRules = {
  expressions: templateCounts,
  methods: presenceFilters,
  rules: componentTemplateRules,
};

/** A model's rules followed by more rules: each hook runs the first's, then the second's. */
export function chainRules(first: ModelRules, then: ModelRules): ModelRules {
  const chained: ModelRules = { ...first, ...then };
  for (const hook of ['clean', 'beforeSave', 'afterSave', 'beforeDelete', 'afterDelete'] as const) {
    const [a, b] = [first[hook], then[hook]] as ((...args: unknown[]) => Promise<void>)[];
    if (a && b) (chained as Record<string, unknown>)[hook] = async (...args: unknown[]) => { await a(...args); await b(...args); };
  }
  return chained;
}

export { deviceInstantiation, moduleInstantiation };
