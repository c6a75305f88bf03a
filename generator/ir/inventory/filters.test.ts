/**
 * @module
 * Filters: those each field kind derives (NetBox's filterset Meta.fields), `filters:` entries whose
 * kind, path and choice set are inferred from the field path when left out, `null` entries that
 * drop a derived filter, mixin filter sets written by reference, and the errors of bad paths. Kinds
 * and lookups are NetBox's (reference/netbox-4.6/filters.json).
 */
import { describe, expect, it } from 'vitest';
import type { Filter } from '../../../runtime/contract/index.ts';
import { buildFrom, diagnosticsWith } from '../../testdata/definitionSet.ts';
import type { InventoryIR, ResourceIR } from '../types.ts';
import { irCatalog } from './catalog.ts';
import { derivedFilters, resolveFilter, walkPath } from './filters.ts';

/** NetBox's FILTER_CHAR_BASED_LOOKUP_MAP and FILTER_NUMERIC_BASED_LOOKUP_MAP, in its order. */
const CHAR = ['n', 'ic', 'nic', 'iew', 'niew', 'isw', 'nisw', 'ie', 'nie', 'empty', 'regex', 'iregex'];
const NUMBER = ['n', 'lte', 'lt', 'gte', 'gt', 'empty'];

const choices = 'choice_sets:\n  StatusChoices: [ [ active, Active ], [ retired, Retired ] ]\n  SizeChoices: [ [ s, Small ], [ l, Large ] ]\n';
const extras = `app: extras
resources:
  tags:
    model: Tag
    fields:
      name: { type: string }
      slug: { type: slug }
`;
const shop = `app: shop
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
  groups:
    model: Group
    fields:
      name: { type: string }
      slug: { type: slug }
  bins:
    model: Bin
    display: "{code}"
    fields:
      code: { type: integer }
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
      group: { type: fk, target: shop.groups, nullable: true }
      bin: { type: fk, target: shop.bins, nullable: true }
      books: { type: m2m, target: shop.books }
      labels: { type: m2m, target: shop.groups }
      tags: { type: tags }
      data: { type: json }
      secret: { type: string, filter: false }
      computed: { type: string, read_only: true }
      hidden: { type: boolean, read_only: true, write_only: true }
      book_count: { type: count, target: shop.books, via: shelf }
  books:
    model: Book
    display: "{title}"
    fields:
      title: { type: string }
      shelf: { type: fk, target: shop.shelves }
`;
const definitions = { 'choices.yaml': choices, 'extras.yaml': extras, 'shop.yaml': shop, 'mixins.yaml': 'mixins: {}\n' };

function build(files: Record<string, string>): InventoryIR {
  const { ir, diagnostics } = buildFrom(files);
  expect(diagnostics).toEqual([]);
  return ir!.inventory;
}

const ir = build(definitions);
const resource = (key: string, from: InventoryIR = ir): ResourceIR => from.resources.find((r) => r.key === key)!;
const catalog = irCatalog(new Map(ir.resources.map((r) => [r.key, r])), {
  StatusChoices: [['active', 'Active'], ['retired', 'Retired']],
  SizeChoices: [['s', 'Small'], ['l', 'Large']],
});
const shelves = resource('shop.shelves');

/** Filters by name, without the name. */
const byName = (filters: Filter[]) => Object.fromEntries(filters.map(({ name, ...rest }) => [name, rest]));
const resolve = (name: string, spec: Parameters<typeof resolveFilter>[1], on: ResourceIR = shelves) => resolveFilter(name, spec, on, catalog);

describe('walkPath', () => {
  it('ends on a field of the resource itself', () => {
    expect(walkPath(shelves, 'name', catalog)).toEqual({ field: shelves.fields.find((f) => f.name === 'name'), holder: shelves });
  });

  it('follows fk, m2m and tags fields to the resource holding the last field', () => {
    const walked = (path: string) => {
      const result = walkPath(shelves, path, catalog);
      if ('error' in result) throw new Error(result.error);
      return [result.holder.key, result.field?.name ?? null];
    };
    expect(walked('region__parent__slug')).toEqual(['shop.regions', 'slug']);
    expect(walked('books__shelf__owner')).toEqual(['shop.shelves', 'owner']);
    expect(walked('tags__slug')).toEqual(['extras.tags', 'slug']);
  });

  it('ends on no field at `id`, at the resource it reached', () => {
    expect(walkPath(shelves, 'id', catalog)).toEqual({ field: null, holder: shelves });
    expect(walkPath(shelves, 'owner__id', catalog)).toEqual({ field: null, holder: resource('shop.owners') });
  });

  it('explains a path that names no field, goes through a non-relation, or goes on after `id`', () => {
    expect(walkPath(shelves, 'size', catalog)).toEqual({ error: 'shop.shelves has no field `size` (in `size`)' });
    expect(walkPath(shelves, 'owner__slug', catalog)).toEqual({ error: 'shop.owners has no field `slug` (in `owner__slug`)' });
    expect(walkPath(shelves, 'name__slug', catalog)).toEqual({ error: '`name` of shop.shelves is not a relation (in `name__slug`)' });
    expect(walkPath(shelves, 'id__name', catalog)).toEqual({ error: '`id` must end the path `id__name`' });
  });
});

describe('resolveFilter', () => {
  it('takes the path from the name: the field itself, or the fk of a `<fk>_id` name', () => {
    expect(resolve('width', {})).toEqual({ name: 'width', kind: 'number', path: 'width', lookups: NUMBER });
    expect(resolve('owner_id', {})).toEqual({ name: 'owner_id', kind: 'fk_id', path: 'owner', lookups: ['n'] });
    expect(resolve('id', {})).toEqual({ name: 'id', kind: 'number', path: 'id', lookups: NUMBER });
  });

  it('infers the kind of a scalar field from its field kind, and a choice field\'s set', () => {
    expect(resolve('price', {})).toMatchObject({ kind: 'decimal', lookups: NUMBER });
    expect(resolve('installed', {})).toMatchObject({ kind: 'date', lookups: NUMBER });
    expect(resolve('active', {})).toMatchObject({ kind: 'boolean', lookups: [] });
    expect(resolve('status', {})).toEqual({ name: 'status', kind: 'multichoice', path: 'status', choices: 'StatusChoices', lookups: CHAR });
    expect(resolve('status_one', { path: 'status', kind: 'choice' })).toMatchObject({ kind: 'choice', choices: 'StatusChoices' });
    expect(resolve('owner_name', { path: 'owner__name' })).toEqual({ name: 'owner_name', kind: 'char', path: 'owner__name', lookups: CHAR });
    // Fields that derive no filter of their own are still filtered as text when a path names them.
    expect(resolve('about', { path: 'note' })).toMatchObject({ kind: 'char', path: 'note' });
  });

  it('infers fk_id, fk_slug and fk_other on a foreign key from `to`', () => {
    expect(resolve('grp_id', { path: 'group' })).toEqual({ name: 'grp_id', kind: 'fk_id', path: 'group', lookups: ['n'] });
    expect(resolve('grp', { path: 'group', to: 'slug' })).toEqual({ name: 'grp', kind: 'fk_slug', path: 'group', to: 'slug', lookups: ['n'] });
    expect(resolve('owner', { path: 'owner', to: 'name' })).toEqual({ name: 'owner', kind: 'fk_other', path: 'owner', to: 'name', lookups: ['n'] });
    expect(resolve('grp_by_id', { path: 'group', to: 'id' })).toMatchObject({ kind: 'fk_id' });
    // Through another resource: the fk at the end of the path decides.
    expect(resolve('book_shelf_id', { path: 'books__shelf' })).toMatchObject({ kind: 'fk_id', path: 'books__shelf' });
  });

  it('infers tree_id and tree_slug on an fk to a tree, but a plain fk filter on the tree\'s own parent', () => {
    expect(resolve('region_id', {})).toEqual({ name: 'region_id', kind: 'tree_id', path: 'region', lookups: ['n'] });
    expect(resolve('region', { to: 'slug' })).toEqual({ name: 'region', kind: 'tree_slug', path: 'region', to: 'slug', lookups: ['n'] });
    expect(resolve('region_name', { path: 'region', to: 'name' })).toMatchObject({ kind: 'tree_slug', to: 'name' });
    const regions = resource('shop.regions');
    expect(resolve('parent_id', {}, regions)).toMatchObject({ kind: 'fk_id', path: 'parent' });
    expect(resolve('parent', { to: 'slug' }, regions)).toMatchObject({ kind: 'fk_slug', to: 'slug' });
    // A path that reaches the tree through another resource is still a subtree match.
    expect(resolve('shelf_region_id', { path: 'shelf__region' }, resource('shop.books'))).toMatchObject({ kind: 'tree_id', path: 'shelf__region' });
  });

  it('infers m2m_id and m2m_slug on a many-to-many field, fk_other for another attribute', () => {
    expect(resolve('book_id', { path: 'books' })).toEqual({ name: 'book_id', kind: 'm2m_id', path: 'books', lookups: ['n'] });
    expect(resolve('label', { path: 'labels', to: 'slug' })).toEqual({ name: 'label', kind: 'm2m_slug', path: 'labels', to: 'slug', lookups: ['n'] });
    expect(resolve('book', { path: 'books', to: 'title' })).toEqual({ name: 'book', kind: 'fk_other', path: 'books', to: 'title', lookups: ['n'] });
  });

  it('infers tag and tag_id on tags', () => {
    expect(resolve('tagged', { path: 'tags', to: 'slug' })).toEqual({ name: 'tagged', kind: 'tag', path: 'tags', to: 'slug', lookups: ['n', 'any'] });
    expect(resolve('tagged_id', { path: 'tags' })).toEqual({ name: 'tagged_id', kind: 'tag_id', path: 'tags', lookups: ['n', 'any'] });
  });

  it('keeps an explicit kind, lookups and value, and gives slug kinds `to: slug` when left out', () => {
    expect(resolve('width_over', { path: 'width', kind: 'decimal', lookups: ['gt'] })).toEqual({ name: 'width_over', kind: 'decimal', path: 'width', lookups: ['gt'] });
    expect(resolve('ancestor', { kind: 'tree_slug', path: 'region' })).toEqual({ name: 'ancestor', kind: 'tree_slug', path: 'region', to: 'slug', lookups: ['n'] });
    expect(resolve('ancestor_id', { kind: 'tree_id', path: 'region' })).toEqual({ name: 'ancestor_id', kind: 'tree_id', path: 'region', lookups: ['n'] });
    expect(resolve('sized', { path: 'name', kind: 'choice', choices: 'SizeChoices' })).toMatchObject({ kind: 'choice', choices: 'SizeChoices' });
  });

  it('makes a `method` entry a method filter, which walks no path', () => {
    expect(resolve('by_request', { method: 'filter_by_request' })).toEqual({ name: 'by_request', kind: 'method', method: 'filter_by_request', path: 'by_request', lookups: [] });
    expect(resolve('near', { kind: 'method', method: 'near', value: 'integer', lookups: ['n'] })).toEqual({ name: 'near', kind: 'method', method: 'near', value: 'integer', path: 'near', lookups: ['n'] });
    expect(resolve('custom', { kind: 'method' })).toEqual({ error: 'filter `custom` of kind method needs `method`' });
  });

  it('reports a bad path, or a `to` the target does not have, naming the filter', () => {
    expect(resolve('size', {})).toEqual({ error: 'filter `size`: shop.shelves has no field `size` (in `size`)' });
    expect(resolve('name_slug', { path: 'name__slug' })).toEqual({ error: 'filter `name_slug`: `name` of shop.shelves is not a relation (in `name__slug`)' });
    expect(resolve('owner', { path: 'owner', to: 'slug' })).toEqual({ error: 'filter `owner`: shop.owners has no field `slug`' });
    expect(resolve('book', { path: 'books', to: 'isbn' })).toEqual({ error: 'filter `book`: shop.books has no field `isbn`' });
  });
});

describe('derivedFilters', () => {
  const derived = byName(derivedFilters(shelves, catalog, new Set(['secret'])));

  it('derives NetBox\'s filters per field kind, and none from text, json, m2m, counts, read-only, hidden or unfiltered fields', () => {
    expect(Object.keys(derived).sort()).toEqual([
      'active', 'bin', 'bin_id', 'created', 'group', 'group_id', 'id', 'installed', 'name', 'owner', 'owner_id', 'price', 'region', 'region_id', 'status', 'tag', 'tag_id', 'width',
    ]);
    expect(Object.keys(byName(derivedFilters(shelves, catalog, new Set())))).toContain('secret');
  });

  it('gives text the character lookups, numbers and dates the numeric ones, booleans none', () => {
    expect(derived.name).toEqual({ kind: 'char', path: 'name', lookups: CHAR });
    expect(derived.id).toEqual({ kind: 'number', path: 'id', lookups: NUMBER });
    expect(derived.width).toEqual({ kind: 'number', path: 'width', lookups: NUMBER });
    expect(derived.price).toEqual({ kind: 'decimal', path: 'price', lookups: NUMBER });
    expect(derived.installed).toEqual({ kind: 'date', path: 'installed', lookups: NUMBER });
    // Read-only timestamps are filtered too (created, last_updated).
    expect(derived.created).toEqual({ kind: 'datetime', path: 'created', lookups: NUMBER });
    expect(derived.active).toEqual({ kind: 'boolean', path: 'active', lookups: [] });
    expect(derived.status).toEqual({ kind: 'multichoice', path: 'status', choices: 'StatusChoices', lookups: CHAR });
  });

  it('gives an fk `<name>_id` and `<name>` on the target\'s slug, else its name, else its id', () => {
    expect(derived.group_id).toEqual({ kind: 'fk_id', path: 'group', lookups: ['n'] });
    expect(derived.group).toEqual({ kind: 'fk_slug', path: 'group', to: 'slug', lookups: ['n'] });
    expect(derived.owner_id).toEqual({ kind: 'fk_id', path: 'owner', lookups: ['n'] });
    expect(derived.owner).toEqual({ kind: 'fk_other', path: 'owner', to: 'name', lookups: ['n'] });
    expect(derived.bin_id).toEqual({ kind: 'fk_id', path: 'bin', lookups: ['n'] });
    expect(derived.bin).toEqual({ kind: 'fk_id', path: 'bin', lookups: ['n'] });
  });

  it('makes fk filters on a tree target match the subtree, but not on the tree\'s own parent', () => {
    expect(derived.region_id).toEqual({ kind: 'tree_id', path: 'region', lookups: ['n'] });
    expect(derived.region).toEqual({ kind: 'tree_slug', path: 'region', to: 'slug', lookups: ['n'] });
    const regions = byName(derivedFilters(resource('shop.regions'), catalog, new Set()));
    expect(regions.parent_id).toEqual({ kind: 'fk_id', path: 'parent', lookups: ['n'] });
    expect(regions.parent).toEqual({ kind: 'fk_slug', path: 'parent', to: 'slug', lookups: ['n'] });
  });

  it('gives tags `tag` (slugs) and `tag_id`, each with `n` and `any`', () => {
    expect(derived.tag).toEqual({ kind: 'tag', path: 'tags', to: 'slug', lookups: ['n', 'any'] });
    expect(derived.tag_id).toEqual({ kind: 'tag_id', path: 'tags', lookups: ['n', 'any'] });
  });
});

describe('filters of a resource', () => {
  it('are the derived filters in name order when the definition declares none', () => {
    const names = shelves.filters.map((f) => f.name);
    expect(names).toEqual([...names].sort());
    expect(byName(shelves.filters)).toEqual(derived(shelves));
    expect(Object.keys(byName(resource('shop.books').filters))).toEqual(['id', 'shelf', 'shelf_id', 'title']);
  });

  function derived(r: ResourceIR) {
    return byName(derivedFilters(r, catalog, new Set(['secret'])));
  }

  it('adds `filters:` entries, lets one replace a derived filter, and drops a derived one with null', () => {
    const withFilters = build({
      ...definitions,
      'shop.yaml': shop.replace(
        '      book_count: { type: count, target: shop.books, via: shelf }\n',
        `      book_count: { type: count, target: shop.books, via: shelf }
    filters:
      book_id: { path: books }
      book: { path: books, to: title }
      region_id: { kind: fk_id }
      price:
      named: { path: name, lookups: [ic] }
      size: { path: name, kind: choice, choices: SizeChoices }
`,
      ),
    });
    const filters = byName(resource('shop.shelves', withFilters).filters);
    expect(filters).not.toHaveProperty('price');
    expect(filters.book_id).toEqual({ kind: 'm2m_id', path: 'books', lookups: ['n'] });
    expect(filters.book).toEqual({ kind: 'fk_other', path: 'books', to: 'title', lookups: ['n'] });
    expect(filters.region_id).toEqual({ kind: 'fk_id', path: 'region', lookups: ['n'] });
    expect(filters.named).toEqual({ kind: 'char', path: 'name', lookups: ['ic'] });
    const names = Object.keys(filters);
    expect(names).toEqual([...names].sort());
    // A choice set only a filter uses still reaches the IR.
    expect(withFilters.choiceSets.map((c) => c.name)).toEqual(['SizeChoices', 'StatusChoices']);
    expect(ir.choiceSets.map((c) => c.name)).toEqual(['StatusChoices']);
  });

  it('writes a mixin\'s filters once, as a set the resources that have it unchanged refer to', () => {
    const withMixin = build({
      ...definitions,
      'mixins.yaml': `mixins:
  owned:
    fields:
      owner: { type: fk, target: shop.owners, nullable: true }
    filters:
      owner_name: { path: owner__name }
      by_request: { method: filter_by_request }
      owner:
`,
      'shop.yaml': `${shop}  boxes:
    model: Box
    mixins: [owned]
    fields:
      name: { type: string }
  crates:
    model: Crate
    mixins: [owned]
    fields:
      name: { type: string }
`,
    });
    expect(withMixin.filterSets).toEqual({
      owned: [
        { name: 'owner_name', kind: 'char', path: 'owner__name', lookups: CHAR },
        { name: 'by_request', kind: 'method', method: 'filter_by_request', path: 'by_request', lookups: [] },
      ],
    });
    for (const key of ['shop.boxes', 'shop.crates']) {
      const r = resource(key, withMixin);
      expect(r.filterSetsUsed, key).toEqual(['owned']);
      // The mixin's `owner: null` drops the derived `owner` filter; `owner_id` stays.
      expect(r.filters.map((f) => f.name), key).toEqual(['by_request', 'id', 'name', 'owner_id', 'owner_name']);
    }
    expect(resource('shop.shelves', withMixin).filterSetsUsed).toEqual([]);
  });

  it('reports each bad entry at its name, and a null that drops nothing', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields:
      name: { type: string }
      note: { type: text }
      owner: { type: fk, target: shop.owners }
    filters:
      size: { kind: number }
      name_slug: { path: name__slug }
      by_id: { path: id__name }
      owner_slug: { path: owner, to: slug }
      custom: { kind: method }
      note:
      name:
      owner_name: { path: owner__name }
  owners:
    model: Owner
    fields:
      name: { type: string }
`,
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:10:13 E_UNKNOWN_FIELD shop.shelves filter `size`: shop.shelves has no field `size` (in `size`)',
      'definitions/shop.yaml:11:18 E_UNKNOWN_FIELD shop.shelves filter `name_slug`: `name` of shop.shelves is not a relation (in `name__slug`)',
      'definitions/shop.yaml:12:14 E_UNKNOWN_FIELD shop.shelves filter `by_id`: `id` must end the path `id__name`',
      'definitions/shop.yaml:13:19 E_UNKNOWN_FIELD shop.shelves filter `owner_slug`: shop.owners has no field `slug`',
      'definitions/shop.yaml:14:15 E_UNKNOWN_FIELD shop.shelves filter `custom` of kind method needs `method`',
      'definitions/shop.yaml:15:12 E_UNKNOWN_FIELD shop.shelves filters: there is no filter "note" to drop',
    ]);
  });

  it('refuses unknown kinds, malformed paths and keys of the old `extra`/`exclude` form', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields:
      name: { type: string }
    filters:
      named: { kind: string, path: name }
      dotted: { path: "owner.name" }
      old: { field: name, attribute: slug }
  books:
    model: Book
    fields:
      name: { type: string }
    filters:
      extra:
        named: { field: name }
`,
    });
    expect(lines).toEqual([
      expect.stringMatching(/^definitions\/shop\.yaml:8:22 E_INVALID_VALUE resources\.shelves\.filters\.named\.kind: must be one of char, .*fk_id, fk_slug, fk_other, m2m_id, m2m_slug, tree_id, tree_slug, tag, tag_id, method$/),
      'definitions/shop.yaml:9:23 E_INVALID_VALUE resources.shelves.filters.dotted.path: must be a field path such as `site__region`',
      'definitions/shop.yaml:10:14 E_UNKNOWN_KEY unknown key "field" in resources.shelves.filters.old',
      'definitions/shop.yaml:10:27 E_UNKNOWN_KEY unknown key "attribute" in resources.shelves.filters.old',
      'definitions/shop.yaml:17:9 E_UNKNOWN_KEY unknown key "named" in resources.books.filters.extra',
    ]);
  });
});
