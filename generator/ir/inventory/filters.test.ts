/**
 * @module
 * Filter derivation: NetBox's lookups per field type, fk filters as `<name>_id` plus `<name>` on
 * the target's slug (tree filters when the target is a tree), tags, extras, `filter: false` and
 * `filters.exclude`.
 */
import { describe, expect, it } from 'vitest';
import type { FilterIR } from '../types.ts';
import { buildFrom, diagnosticsWith } from '../../testdata/definitionSet.ts';
import { CHAR_LOOKUPS, NUMBER_LOOKUPS } from './filters.ts';

const definitions = {
  'choices.yaml': 'choice_sets:\n  StatusChoices: [ [ active, Active ] ]\n',
  'shop.yaml': `app: shop
resources:
  regions:
    model: Region
    tree: true
    fields:
      name: { type: string }
      slug: { type: slug }
      parent: { type: fk, target: self, nullable: true }
  owners:
    model: Owner
    fields:
      name: { type: string }
  tags:
    model: Tag
    fields:
      name: { type: string }
      slug: { type: slug }
  shelves:
    model: Shelf
    fields:
      name: { type: string }
      note: { type: text }
      width: { type: integer }
      price: { type: decimal, digits: [6, 2] }
      installed: { type: date }
      created: { type: datetime, read_only: true }
      active: { type: boolean }
      status: { type: choice, choices: StatusChoices }
      region: { type: fk, target: shop.regions, nullable: true }
      owner: { type: fk, target: shop.owners, nullable: true }
      books: { type: m2m, target: shop.books }
      tags: { type: tags }
      data: { type: json }
      secret: { type: string, filter: false }
      computed: { type: string, read_only: true }
      book_count: { type: count, target: shop.books, via: shelf }
    filters:
      extra:
        book_id: { field: books }
        book: { field: books, attribute: title }
        named: { field: name, lookups: [ic] }
        width_over: { field: width, kind: number }
      exclude: [price]
  books:
    model: Book
    display: "{title}"
    fields:
      title: { type: string }
      shelf: { type: fk, target: shop.shelves }
`,
};

function filtersOf(key: string): Record<string, Omit<FilterIR, 'name'>> {
  const { ir, diagnostics } = buildFrom(definitions);
  expect(diagnostics).toEqual([]);
  const resource = ir!.inventory.resources.find((r) => r.key === key)!;
  return Object.fromEntries(resource.filters.map(({ name, ...rest }) => [name, rest]));
}

describe('buildFilters', () => {
  const shelf = filtersOf('shop.shelves');

  it('derives the filter set in name order, skipping unfilterable fields', () => {
    expect(Object.keys(shelf)).toEqual([
      'active', 'book', 'book_id', 'created', 'id', 'installed', 'name', 'named', 'owner', 'owner_id', 'region', 'region_id', 'status', 'tag', 'tag_id', 'width', 'width_over',
    ]);
  });

  it('gives strings the character lookups and numbers and dates the comparison lookups', () => {
    expect(shelf.name).toEqual({ kind: 'string', field: 'name', attribute: null, choiceSet: null, lookups: CHAR_LOOKUPS });
    expect(CHAR_LOOKUPS).toEqual(['n', 'ic', 'nic', 'isw', 'nisw', 'iew', 'niew', 'ie', 'nie', 'empty', 'regex', 'iregex']);
    expect(shelf.width).toEqual({ kind: 'number', field: 'width', attribute: null, choiceSet: null, lookups: NUMBER_LOOKUPS });
    expect(NUMBER_LOOKUPS).toEqual(['n', 'lt', 'lte', 'gt', 'gte', 'empty']);
    expect(shelf.id).toMatchObject({ kind: 'id', lookups: NUMBER_LOOKUPS });
    expect(shelf.installed).toMatchObject({ kind: 'datetime', lookups: NUMBER_LOOKUPS });
    expect(shelf.created).toMatchObject({ kind: 'datetime', lookups: NUMBER_LOOKUPS });
    expect(shelf.active).toEqual({ kind: 'boolean', field: 'active', attribute: null, choiceSet: null, lookups: [] });
    expect(shelf.status).toEqual({ kind: 'choice', field: 'status', attribute: null, choiceSet: 'StatusChoices', lookups: CHAR_LOOKUPS });
  });

  it('gives an fk `<name>_id` and `<name>` matching the slug, or the name when there is no slug', () => {
    expect(shelf.owner_id).toEqual({ kind: 'fk_id', field: 'owner', attribute: 'id', choiceSet: null, lookups: ['n'] });
    expect(shelf.owner).toEqual({ kind: 'fk_attr', field: 'owner', attribute: 'name', choiceSet: null, lookups: ['n'] });
    const book = filtersOf('shop.books');
    expect(book.shelf).toMatchObject({ kind: 'fk_attr', attribute: 'name' });
  });

  it('makes fk filters on a tree target match the subtree', () => {
    expect(shelf.region_id).toEqual({ kind: 'tree_id', field: 'region', attribute: 'id', choiceSet: null, lookups: ['n'] });
    expect(shelf.region).toEqual({ kind: 'tree_attr', field: 'region', attribute: 'slug', choiceSet: null, lookups: ['n'] });
    // A tree's own parent filter is a plain fk filter: `parent_id=3` means direct children.
    const regions = filtersOf('shop.regions');
    expect(regions.parent_id).toMatchObject({ kind: 'fk_id', attribute: 'id' });
    expect(regions.parent).toMatchObject({ kind: 'fk_attr', attribute: 'slug' });
  });

  it('gives tags `tag` (slug) and `tag_id`', () => {
    expect(shelf.tag).toEqual({ kind: 'tag', field: 'tags', attribute: 'slug', choiceSet: null, lookups: ['n'] });
    expect(shelf.tag_id).toEqual({ kind: 'tag', field: 'tags', attribute: 'id', choiceSet: null, lookups: ['n'] });
  });

  it('adds extra filters: m2m id and attribute, own lookups, explicit kinds', () => {
    expect(shelf.book_id).toEqual({ kind: 'm2m_id', field: 'books', attribute: 'id', choiceSet: null, lookups: ['n'] });
    expect(shelf.book).toEqual({ kind: 'm2m_attr', field: 'books', attribute: 'title', choiceSet: null, lookups: ['n'] });
    expect(shelf.named).toEqual({ kind: 'string', field: 'name', attribute: null, choiceSet: null, lookups: ['ic'] });
    expect(shelf.width_over).toMatchObject({ kind: 'number', field: 'width', lookups: NUMBER_LOOKUPS });
  });

  it('derives nothing from text, json, m2m, counts, read-only fields, `filter: false`, or excluded names', () => {
    for (const name of ['note', 'data', 'books', 'book_count', 'computed', 'secret', 'price']) expect(shelf).not.toHaveProperty(name);
  });

  it('reports an excluded name that is no filter, at the name', () => {
    const lines = diagnosticsWith({ 'shop.yaml': 'app: shop\nresources:\n  shelves:\n    model: Shelf\n    fields:\n      name: { type: string }\n      note: { type: text }\n    filters:\n      exclude: [name, note]\n' });
    expect(lines).toEqual(['definitions/shop.yaml:9:23 E_UNKNOWN_FIELD shop.shelves filters.exclude: there is no filter "note" to exclude']);
  });
});
