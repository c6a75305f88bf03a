/**
 * @module
 * A list's query parameters are one namespace: the paging and shaping parameters, each filter's
 * name and its lookup variants (`name`, `name__n`, `name__ic`…). A filter that takes a name already
 * taken would never be applied (the list engine reads paging parameters first) and makes the
 * OpenAPI emitter refuse the document, so it is reported at the filter that the definition names.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { PathKey } from '../../load/yamlSource.ts';
import type { Pending } from './pending.ts';

/** Parameters of every list that are no filter (the list engine's RESERVED, runtime/rest/query/filters.ts). */
export const RESERVED_QUERY_PARAMETERS: readonly string[] = ['brief', 'exclude', 'export', 'fields', 'format', 'limit', 'offset', 'omit', 'ordering', 'q', 'start'];

/**
 * Reserved names the OpenAPI document does not list (DRF's `format` renderer switch, `exclude`,
 * `export` of export templates):
 * a filter derived from a field so named (the small set's book `format`) is left alone, as before,
 * though the list engine never applies it; one the definition names itself is refused.
 */
const UNDOCUMENTED = new Set(['format', 'exclude', 'export']);

export function checkParameters(p: Pending, out: Diagnostic[]): void {
  const { ir, definition, source, at } = p;
  const taken = new Map<string, string>(RESERVED_QUERY_PARAMETERS.map((name) => [name, 'a paging or shaping parameter']));
  // Filters the definition names are checked last, so that the clash is reported at them.
  const own = (name: string) => !!definition.filters && name in definition.filters;
  const filters = [...ir.filters].sort((a, b) => Number(own(a.name)) - Number(own(b.name)) || a.name.localeCompare(b.name));
  for (const filter of filters) {
    const bare: [string, string][] = filter.exact === false ? [] : [[filter.name, `filter "${filter.name}"`]];
    const names: [string, string][] = [...bare, ...filter.lookups.map((l): [string, string] => [`${filter.name}__${l}`, `the ${l} lookup of filter "${filter.name}"`])];
    const clash = names.find(([name]) => taken.has(name) && (own(filter.name) || !UNDOCUMENTED.has(name)));
    if (clash) {
      const where: PathKey[] = own(filter.name) ? [...at, 'filters', filter.name] : definition.fields?.[filter.path.split('__')[0]] !== undefined ? [...at, 'fields', filter.path.split('__')[0]] : [...at, 'mixins'];
      out.push(source.diagnostic(where, 'E_DUPLICATE_NAME', `${ir.key} filter "${filter.name}": query parameter ${clash[0]} is already ${taken.get(clash[0])}; rename the filter`, own(filter.name)));
      continue;
    }
    for (const [name, what] of names) taken.set(name, what);
  }
}
