/**
 * @module
 * A resource's filters against its list endpoint's filterset (filters.json): the filters NetBox
 * has that it does not serve — dangerous, as an unknown filter is ignored and a client filtering
 * on it gets every object, so each comes with the YAML to add under the resource's `filters:` —
 * the ones it serves that NetBox lacks, and for filters both have, the lookups and choice set.
 * `q` is every list's search (the resource's `search:`), not a filter.
 */
import type { Filter } from '../../../runtime/contract/index.ts';
import { filterKind } from '../../../runtime/kinds/index.ts';
import type { FilterFacts } from '../types.ts';
import { Recorder, type Findings, type Subject } from './subject.ts';

/**
 * django-filter's range filters (DateTimeFromToRangeFilter) are served as one parameter per
 * suffix (`created_after`, `created_before`), here by the `date_bound` method.
 */
export function parameters(name: string, f: FilterFacts): [string, FilterFacts][] {
  if (!f.range?.length) return [[name, f]];
  return f.range.map((suffix) => [`${name}_${suffix}`, { kind: 'method', method: 'date_bound', lookups: [] }]);
}

/** The netbox kinds the definitions spell otherwise. */
const KIND_OF: Record<string, string> = { other: 'char' };

/** The `filters:` entry (YAML flow map) that serves a NetBox filter. */
export function yamlFor(name: string, f: FilterFacts): string {
  const parts: string[] = [];
  if (f.method || f.kind === 'method') {
    parts.push(`method: ${(f.method ?? name).replace(/^_+/, '')}`);
  } else {
    const kind = KIND_OF[f.kind] ?? f.kind;
    let path = f.field ?? name;
    if (f.to && path.endsWith(`__${f.to}`)) path = path.slice(0, -(f.to.length + 2));
    if (kind.endsWith('_id') && path.endsWith('_id') && !path.includes('__')) path = path.slice(0, -3);
    parts.push(`kind: ${kind}`);
    if (path !== name) parts.push(`path: ${path}`);
    if (f.to) parts.push(`to: ${f.to}`);
    if (f.choices) parts.push(`choices: ${f.choices}`);
    const defaults = [...(filterKind(kind).lookups ?? [])];
    if (!sameSet(f.lookups, defaults)) parts.push(`lookups: [${f.lookups.join(', ')}]`);
  }
  return `${name}: { ${parts.join(', ')} }`;
}

const sameSet = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

export function compareFilters({ resource, filters }: Subject): Findings {
  const record = new Recorder(resource.key);
  if (!filters) return record;
  const ours = new Map<string, Filter>(resource.filters.map((f) => [f.name, f]));
  const wanted = new Map(Object.entries(filters).flatMap(([name, f]) => parameters(name, f)));
  for (const [name, f] of wanted) {
    if (name === 'q') continue;
    const mine = ours.get(name);
    // A filter served by its lookups alone (`exact: false`) still lacks NetBox's bare parameter.
    record.check('filter', name, mine !== undefined && mine.exact !== false, () => 'filters', () => (mine ? 'only its lookups' : 'not served'), yamlFor(name, f));
    if (!mine) continue;
    record.check('lookups', name, sameSet(f.lookups, mine.lookups), () => `[${f.lookups.join(', ')}]`, () => `[${mine.lookups.join(', ')}]`);
    if (f.choices || mine.choices) record.check('filter_choices', name, f.choices === mine.choices, () => f.choices ?? 'none', () => mine.choices ?? 'none');
  }
  for (const name of ours.keys()) if (!wanted.has(name)) record.check('filter', name, false, () => 'no such filter', () => 'filters');
  return record;
}
