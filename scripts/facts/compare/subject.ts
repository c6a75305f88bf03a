/**
 * @module
 * What each comparison receives: one served resource with NetBox's facts about it (the endpoint
 * of the same path, the serializer that endpoint answers with, its model with the bases folded
 * in, its filterset), and what it gives back: the differences found and how many facts it looked
 * at, by aspect.
 */
import type { ResourceIR } from '../../../generator/ir/types.ts';
import type { ResolvedModel } from '../modelFacts.ts';
import type { Aspect, Difference, EndpointFacts, FilterFacts, SerializerFacts } from '../types.ts';

export interface Subject {
  resource: ResourceIR;
  /** `/api/<app>/<path>/`. */
  path: string;
  endpoint?: EndpointFacts;
  serializer?: SerializerFacts;
  /** `<app>.<Model>`, the key of `model` in the extract. */
  modelKey?: string;
  model?: ResolvedModel;
  filters?: Record<string, FilterFacts>;
}

export interface Findings {
  differences: Difference[];
  compared: Partial<Record<Aspect, number>>;
}

/** Collects one comparison's findings for one scope. */
export class Recorder implements Findings {
  readonly differences: Difference[] = [];
  readonly compared: Partial<Record<Aspect, number>> = {};

  constructor(private readonly scope: string) {}

  /** Counts a fact compared; records a difference when `same` is false. */
  check(aspect: Aspect, subject: string, same: boolean, netbox: () => string, ours: () => string, scaffold?: string): void {
    this.compared[aspect] = (this.compared[aspect] ?? 0) + 1;
    if (!same) this.differences.push({ scope: this.scope, aspect, subject, netbox: netbox(), ours: ours(), ...(scaffold ? { scaffold } : {}) });
  }
}

/** A value as the table prints it. */
export function show(value: unknown): string {
  return value === undefined ? 'none' : JSON.stringify(value);
}
