import { describe, expect, it } from 'vitest';
import type { Filter, Resource } from '../../contract/index.ts';
import { currentFilterName } from './legacyFilters.ts';

const filter = (name: string, path = name, lookups: string[] = ['n']): Filter => ({ name, path, lookups, kind: 'fk_id' }) as Filter;
const books = {
  key: 'shop.books',
  legacyNames: { book_shelf: 'shelf' },
  filters: [filter('shelf'), filter('shelf_id', 'shelf'), filter('shelf_label', 'label'), filter('book_shelf_count', 'count')],
} as unknown as Resource;
/** As the filter builder splits a key: a filter by name, or by name and one of its lookups. */
const matches = (key: string) => {
  const exact = books.filters.find((f) => f.name === key);
  if (exact) return exact;
  const at = key.lastIndexOf('__');
  const found = at < 0 ? undefined : books.filters.find((f) => f.name === key.slice(0, at));
  return found && found.lookups.includes(key.slice(at + 2)) ? found : null;
};

describe('currentFilterName', () => {
  it("renames the filters of a renamed field, with their lookups, from the resource's legacyNames", () => {
    expect(currentFilterName(books, 'book_shelf', matches)).toBe('shelf');
    expect(currentFilterName(books, 'book_shelf__n', matches)).toBe('shelf__n');
    expect(currentFilterName(books, 'book_shelf_id', matches)).toBe('shelf_id');
    expect(currentFilterName(books, 'book_shelf_id__n', matches)).toBe('shelf_id__n');
  });

  it('leaves alone filters of other fields, unknown lookups and names that are no former name', () => {
    // `shelf_label` filters another field (its path is `label`), though it is named after `shelf`.
    expect(currentFilterName(books, 'book_shelf_label', matches)).toBeNull();
    expect(currentFilterName(books, 'book_shelf__ic', matches)).toBeNull();
    expect(currentFilterName(books, 'book_shelves', matches)).toBeNull();
    expect(currentFilterName(books, 'shelf', matches)).toBeNull();
    expect(currentFilterName({ ...books, legacyNames: undefined } as Resource, 'book_shelf', matches)).toBeNull();
  });
});
