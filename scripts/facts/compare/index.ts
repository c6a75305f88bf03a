/**
 * @module
 * Runs every comparison over the served resources: finds each resource's NetBox facts (by its
 * list path), then compares fields, unique constraints, on_delete and filters, and the choice
 * sets the resources use. A resource NetBox has no endpoint for is reported as such.
 */
import type { InventoryIR } from '../../../generator/ir/types.ts';
import { resolveModel } from '../modelFacts.ts';
import type { Aspect, Difference, Extract } from '../types.ts';
import { compareChoiceSets } from './choiceSets.ts';
import { compareFields } from './fields.ts';
import { compareFilters } from './filters.ts';
import { compareOnDelete } from './onDelete.ts';
import type { Findings, Subject } from './subject.ts';
import { compareUniques } from './uniques.ts';

export { CHOICE_SETS_SCOPE } from './choiceSets.ts';

export interface Comparison {
  subjects: Subject[];
  differences: Difference[];
  /** Facts compared, by aspect. */
  compared: Partial<Record<Aspect, number>>;
  /** Resources NetBox has no endpoint, serializer or model facts for. */
  unknown: { resource: string; missing: string }[];
}

const COMPARISONS: ((s: Subject) => Findings)[] = [compareFields, compareUniques, compareOnDelete, compareFilters];

/** Compares the resources of `ir` (those in `only`, when given) with the extract's facts. */
export function compare(ir: InventoryIR, extract: Extract, models: Extract['models'], only: string[] = []): Comparison {
  const out: Comparison = { subjects: [], differences: [], compared: {}, unknown: [] };
  const add = (f: Findings) => {
    out.differences.push(...f.differences);
    for (const [aspect, n] of Object.entries(f.compared)) out.compared[aspect as Aspect] = (out.compared[aspect as Aspect] ?? 0) + n;
  };
  for (const resource of ir.resources) {
    if (only.length && !only.includes(resource.key)) continue;
    // A resource with no routes (a script module, written through another's operations) has no endpoint to compare.
    if (resource.routes === 'none') continue;
    const subject = subjectOf(resource, extract, models);
    out.subjects.push(subject);
    if (!subject.endpoint) out.unknown.push({ resource: resource.key, missing: `NetBox has no endpoint ${subject.path}` });
    else if (!subject.serializer) out.unknown.push({ resource: resource.key, missing: `serializers.md has no ${subject.endpoint.serializer || 'serializer for it'}` });
    else if (!subject.model) out.unknown.push({ resource: resource.key, missing: `neither models.md nor supplement.yaml describes ${subject.modelKey}` });
    for (const comparison of COMPARISONS) add(comparison(subject));
  }
  if (!only.length) add(compareChoiceSets(ir.choiceSets, extract.choices));
  return out;
}

function subjectOf(resource: Subject['resource'], extract: Extract, models: Extract['models']): Subject {
  const path = `/api/${resource.app}/${resource.path}/`;
  const endpoint = extract.endpoints[path];
  const subject: Subject = { resource, path };
  if (!endpoint) return subject;
  subject.endpoint = endpoint;
  subject.serializer = extract.serializers[endpoint.serializer];
  subject.filters = extract.filters[path];
  if (endpoint.model) {
    subject.modelKey = `${resource.app}.${endpoint.model}`;
    subject.model = resolveModel(models, subject.modelKey);
  }
  return subject;
}
