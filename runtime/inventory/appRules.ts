/**
 * @module
 * What an app folder of runtime/inventory registers: any part of the engine's extension points,
 * merged by runtime/inventory/index.ts (a name registered twice stops the server at boot).
 */
import type { Extensions } from '../rest/index.ts';

export type AppRules = { [K in keyof Extensions]?: Extensions[K] };

/** Merges app registrations, refusing a name two apps both register. */
export function mergeRules(apps: Record<string, AppRules>): Extensions {
  const merged: Extensions = { expressions: {}, methods: {}, rules: {}, operations: {} };
  for (const [app, rules] of Object.entries(apps)) {
    if (rules.customFields) {
      if (merged.customFields) throw new Error(`runtime/inventory: customFields is registered twice (again by ${app})`);
      merged.customFields = rules.customFields;
    }
    for (const part of ['expressions', 'methods', 'rules', 'operations'] as const) {
      for (const [name, value] of Object.entries(rules[part] ?? {})) {
        if (name in merged[part]) throw new Error(`runtime/inventory: ${part} "${name}" is registered twice (again by ${app})`);
        (merged[part] as Record<string, unknown>)[name] = value;
      }
    }
  }
  return merged;
}
