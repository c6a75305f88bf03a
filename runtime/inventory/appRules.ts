/**
 * @module
 * What an app folder of runtime/inventory registers: any part of the engine's extension points,
 * merged by runtime/inventory/index.ts (a name registered twice stops the server at boot).
 *
 * A model's rules may come from more than one concern — an interface's own (dcim/interfaces/)
 * and the cable paths it starts (dcim/cablePaths/) — so the rules registered for one resource are
 * composed: each hook of each registration runs, in registration order. A rule that answers a
 * question (`genericObjectMissing`, `cyclicParent`…) has one answer, so it may be registered once.
 */
import type { Extensions, ModelRules } from '../rest/index.ts';

export type AppRules = { [K in keyof Extensions]?: Extensions[K] };

/** The hooks run one after the other when two registrations both have them. */
const SEQUENTIAL: readonly string[] = ['clean', 'beforeSave', 'afterSave', 'beforeDelete', 'afterDelete'];

/** `first`'s hooks, then `second`'s; the name of the rule both answer, when they conflict. */
export function composeRules(first: ModelRules, second: ModelRules): ModelRules | string {
  const composed: Record<string, unknown> = { ...first };
  for (const [key, hook] of Object.entries(second)) {
    if (hook === undefined) continue;
    const earlier = (first as Record<string, unknown>)[key];
    if (earlier === undefined) composed[key] = hook;
    else if (SEQUENTIAL.includes(key)) {
      const [a, b] = [earlier, hook] as ((...args: unknown[]) => Promise<void>)[];
      composed[key] = async (...args: unknown[]) => {
        await a(...args);
        await b(...args);
      };
    } else return key;
  }
  return composed as ModelRules;
}

/** Merges app registrations, refusing a name two apps both register (model rules compose). */
export function mergeRules(apps: Record<string, AppRules>): Extensions {
  const merged: Required<Omit<Extensions, 'customFields' | 'changeEvents'>> & Extensions = { expressions: {}, methods: {}, rules: {}, operations: {}, tasks: {} };
  for (const [app, rules] of Object.entries(apps)) {
    if (rules.customFields) {
      if (merged.customFields) throw new Error(`runtime/inventory: customFields is registered twice (again by ${app})`);
      merged.customFields = rules.customFields;
    }
    if (rules.changeEvents) {
      if (merged.changeEvents) throw new Error(`runtime/inventory: changeEvents is registered twice (again by ${app})`);
      merged.changeEvents = rules.changeEvents;
    }
    for (const [key, modelRules] of Object.entries(rules.rules ?? {})) {
      const known = merged.rules[key];
      const composed = known ? composeRules(known, modelRules) : modelRules;
      if (typeof composed === 'string') throw new Error(`runtime/inventory: rules "${key}" answer ${composed} twice (again by ${app})`);
      merged.rules[key] = composed;
    }
    for (const part of ['expressions', 'methods', 'operations', 'tasks'] as const) {
      for (const [name, value] of Object.entries(rules[part] ?? {})) {
        if (name in merged[part]) throw new Error(`runtime/inventory: ${part} "${name}" is registered twice (again by ${app})`);
        (merged[part] as Record<string, unknown>)[name] = value;
      }
    }
  }
  return merged;
}
