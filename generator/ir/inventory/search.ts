/**
 * @module
 * A resource's `q` search: the entries its mixins give it, then its own `search`, which either
 * adds to them (a list), replaces them (`{ replace: [...] }`: NetBox's PowerPanel searches only
 * name and description, although its base model gives it comments too), or drops some and adds
 * others (`{ drop: [comments], add: [...] }`). Entries are field paths, `icontains` unless written
 * `=path` (iexact), `^path` (istartswith) or `path__<lookup>`.
 */
import type { SearchEntry } from '../../../runtime/contract/index.ts';
import type { Diagnostic } from '../../diagnostics.ts';
import type { PathKey, YamlSource } from '../../load/yamlSource.ts';
import { didYouMean } from '../../suggest.ts';
import type { ResourceDefinition } from '../../validate/definitionSchema.ts';

type OwnSearch = ResourceDefinition['search'];

const SEARCH_OPS = new Set(['exact', 'iexact', 'icontains', 'istartswith', 'net_contains_or_equals', 'net_host', 'net_contains', 'net_contained', 'net_contained_or_equal']);

/** `name` → icontains, `=name` → iexact, `^address` → istartswith, `prefix__net_contains_or_equals` → that op. */
export function searchEntry(text: string): SearchEntry {
  if (text.startsWith('=')) return { path: text.slice(1), lookup: 'iexact' };
  if (text.startsWith('^')) return { path: text.slice(1), lookup: 'istartswith' };
  const segments = text.split('__');
  const last = segments[segments.length - 1];
  if (segments.length > 1 && SEARCH_OPS.has(last)) return { path: segments.slice(0, -1).join('__'), lookup: last };
  return { path: text };
}

/**
 * The resource's search entries from the inherited ones and its own `search`, without repeats.
 * A `drop` entry that is not inherited is reported at it (it would silently do nothing).
 */
export function mergeSearch(inherited: readonly string[], own: OwnSearch, source: YamlSource, at: PathKey[], diagnostics: Diagnostic[]): string[] {
  if (own === undefined || Array.isArray(own)) return [...new Set([...inherited, ...(own ?? [])])];
  if (own.replace) return [...new Set(own.replace)];
  const drop = new Set(own.drop ?? []);
  (own.drop ?? []).forEach((text, index) => {
    if (!inherited.includes(text)) {
      const list = inherited.length ? `inherited: ${inherited.join(', ')}` : 'it inherits none';
      diagnostics.push(source.diagnostic([...at, 'search', 'drop', index], 'E_UNKNOWN_FIELD', `search drop: "${text}" is not an inherited search entry (${list})${didYouMean(text, inherited)}`));
    }
  });
  return [...new Set([...inherited.filter((text) => !drop.has(text)), ...(own.add ?? [])])];
}

/** Where an entry of the merged search is written in the resource's own `search`, if it is. */
export function ownSearchAt(own: OwnSearch, text: string): PathKey[] | null {
  if (!own) return null;
  if (Array.isArray(own)) return own.includes(text) ? ['search', own.indexOf(text)] : null;
  for (const key of ['replace', 'add'] as const) {
    const list = own[key] ?? [];
    if (list.includes(text)) return ['search', key, list.indexOf(text)];
  }
  return null;
}
