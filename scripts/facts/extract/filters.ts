/**
 * @module
 * Reads filters.json (every list path's filterset: each filter's kind, model field path, related
 * attribute, lookups, range suffixes, choice set and method) into the extract's shape: by path,
 * then filter name, with what equals the default left out (a field path that is the filter's
 * name, empty values). The expanded parameter names filters.json also lists are left out: they
 * follow from the filters.
 */
import type { FilterFacts } from '../types.ts';

interface ReferenceFilter {
  name: string;
  kind: string;
  field: string | null;
  to_field: string | null;
  lookups: string[];
  range?: string[] | null;
  choices: string | null;
  method: string | null;
}

export function parseFilters(json: Record<string, { filters: ReferenceFilter[] }>): Record<string, Record<string, FilterFacts>> {
  const out: Record<string, Record<string, FilterFacts>> = {};
  for (const path of Object.keys(json).sort()) {
    const filters: Record<string, FilterFacts> = {};
    for (const f of [...json[path]!.filters].sort((a, b) => a.name.localeCompare(b.name))) {
      const facts: FilterFacts = { kind: f.kind, lookups: f.lookups };
      if (f.field && f.field !== f.name) facts.field = f.field;
      if (f.to_field) facts.to = f.to_field;
      if (f.range?.length) facts.range = f.range;
      if (f.choices) facts.choices = f.choices;
      if (f.method) facts.method = f.method;
      filters[f.name] = facts;
    }
    out[path] = filters;
  }
  return out;
}
