/**
 * @module
 * Checks (and scaffolds) the definitions' filters against NetBox 4.6's filtersets
 * (`../shared/reference/netbox-4.6/filters.json`): for every defined list endpoint, the filters
 * NetBox has that the definitions do not serve, the ones they serve that NetBox lacks, and lookup
 * differences. A missing filter is dangerous (an unknown filter is ignored, so a client filtering
 * on it gets every object), so each is printed as the YAML to add under the resource's `filters:`.
 *
 *   node --import tsx scripts/filterFacts.ts                 # report every defined resource
 *   node --import tsx scripts/filterFacts.ts dcim.devices    # only these resources
 *   node --import tsx scripts/filterFacts.ts --check         # exit 1 when a filter is missing
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProjectIR, projectPaths } from '../generator/pipeline.ts';
import type { Filter } from '../runtime/contract/index.ts';
import { filterKind } from '../runtime/kinds/index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const FILTERS_JSON = join(root, '..', 'shared', 'reference', 'netbox-4.6', 'filters.json');

/** One filter as filters.json describes it. */
export interface NetBoxFilter {
  name: string;
  kind: string;
  field: string | null;
  to_field: string | null;
  lookups: string[];
  /** A range filter's suffixes (`["after", "before"]`): the parameters are `<name>_<suffix>`, not `<name>`. */
  range?: string[] | null;
  choices: string | null;
  method: string | null;
}

/**
 * django-filter's range filters (DateTimeFromToRangeFilter) are served as one parameter per
 * suffix (`created_after`, `created_before`), here by the `date_bound` method.
 */
function parameters(f: NetBoxFilter): NetBoxFilter[] {
  if (!f.range?.length) return [f];
  return f.range.map((suffix) => ({ ...f, name: `${f.name}_${suffix}`, kind: 'method', method: 'date_bound', lookups: [], range: null }));
}

export interface Difference {
  resource: string;
  missing: NetBoxFilter[];
  extra: string[];
  /** Filters both have whose lookups differ: name, NetBox's, ours. */
  lookups: { name: string; netbox: string[]; ours: string[] }[];
}

const KIND_OF: Record<string, string> = { other: 'char' };

/** The `filters:` entry (YAML flow map) that serves a NetBox filter. */
export function yamlFor(f: NetBoxFilter): string {
  const parts: string[] = [];
  if (f.method || f.kind === 'method') {
    parts.push(`method: ${(f.method ?? f.name).replace(/^_+/, '')}`);
  } else {
    const kind = KIND_OF[f.kind] ?? f.kind;
    let path = f.field ?? f.name;
    if (f.to_field && path.endsWith(`__${f.to_field}`)) path = path.slice(0, -(f.to_field.length + 2));
    if (kind.endsWith('_id') && path.endsWith('_id') && !path.includes('__')) path = path.slice(0, -3);
    parts.push(`kind: ${kind}`);
    if (path !== f.name) parts.push(`path: ${path}`);
    if (f.to_field) parts.push(`to: ${f.to_field}`);
    if (f.choices) parts.push(`choices: ${f.choices}`);
    const defaults = [...(filterKind(kind).lookups ?? [])];
    if ([...f.lookups].sort().join() !== [...defaults].sort().join()) parts.push(`lookups: [${f.lookups.join(', ')}]`);
  }
  return `${f.name}: { ${parts.join(', ')} }`;
}

/** Compares the filters of every defined resource (or of `only`) with NetBox's. */
export function compareFilters(reference: Record<string, { filters: NetBoxFilter[] }>, only: string[] = []): Difference[] {
  const { inventory } = buildProjectIR(projectPaths(root));
  const out: Difference[] = [];
  for (const resource of inventory.resources) {
    if (only.length && !only.includes(resource.key)) continue;
    const wanted = reference[`/api/${resource.app}/${resource.path}/`]?.filters.flatMap(parameters);
    if (!wanted) continue;
    const ours = new Map<string, Filter>(resource.filters.map((f) => [f.name, f]));
    const names = new Set(wanted.map((f) => f.name));
    out.push({
      resource: resource.key,
      // `q` is served for every list (the resource's `search:`), not as a filter.
      missing: wanted.filter((f) => !ours.has(f.name) && f.name !== 'q'),
      extra: [...ours.keys()].filter((name) => !names.has(name)),
      lookups: wanted
        .filter((f) => ours.has(f.name) && [...f.lookups].sort().join() !== [...ours.get(f.name)!.lookups].sort().join())
        .map((f) => ({ name: f.name, netbox: f.lookups, ours: ours.get(f.name)!.lookups })),
    });
  }
  return out;
}

function main(argv: string[]): void {
  if (!existsSync(FILTERS_JSON)) {
    console.error(`${FILTERS_JSON} is not there (the shared reference folder is missing)`);
    process.exitCode = 2;
    return;
  }
  const reference = JSON.parse(readFileSync(FILTERS_JSON, 'utf8')) as Record<string, { filters: NetBoxFilter[] }>;
  const only = argv.filter((a) => !a.startsWith('--'));
  let missing = 0;
  for (const d of compareFilters(reference, only)) {
    if (!d.missing.length && !d.extra.length && !d.lookups.length) continue;
    console.log(`${d.resource}:`);
    if (d.missing.length) console.log(`  missing (add under filters:):\n${d.missing.map((f) => `    ${yamlFor(f)}`).join('\n')}`);
    if (d.extra.length) console.log(`  not in NetBox: ${d.extra.join(', ')}`);
    for (const l of d.lookups) console.log(`  lookups of ${l.name}: NetBox [${l.netbox.join(', ')}], ours [${l.ours.join(', ')}]`);
    missing += d.missing.length;
  }
  console.error(missing ? `${missing} NetBox filter(s) not served.` : 'Every NetBox filter of the defined resources is served.');
  if (argv.includes('--check') && missing) process.exitCode = 1;
}

const invokedAs = process.argv[1] ? resolve(process.argv[1]) : '';
if (invokedAs === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
