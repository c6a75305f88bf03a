/**
 * @module
 * Cross-reference diagnostics of the IR stage (targets, choice sets, field names, mixins,
 * duplicate paths), with exact positions, and the IR facts other stages rely on.
 */
import { describe, expect, it } from 'vitest';
import { baseDefinitions, buildFrom, diagnosticsWith } from '../../testdata/definitionSet.ts';

describe('cross-reference diagnostics', () => {
  it('reports an unknown fk target at the target value', () => {
    const lines = diagnosticsWith({
      'shop.yaml': baseDefinitions['shop.yaml'].replace('target: shop.shelves', 'target: shop.shelfs'),
    });
    expect(lines).toEqual(['definitions/shop.yaml:13:34 E_UNKNOWN_TARGET shop.books.shelf: unknown fk target "shop.shelfs"; did you mean "shop.shelves"?']);
  });

  it('reports a relation without target, and a choice without choice set, at the field', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields:
      name: { type: string }
      books: { type: m2m }
      kind: { type: choice }
`,
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:7:14 E_MISSING_KEY shop.shelves.books: an m2m field needs "target"',
      'definitions/shop.yaml:8:13 E_MISSING_KEY shop.shelves.kind: a choice field needs "choices"',
    ]);
  });

  it('reports an unknown choice set at the choices value', () => {
    const lines = diagnosticsWith({ 'shop.yaml': baseDefinitions['shop.yaml'].replace('choices: StatusChoices', 'choices: StateChoices') });
    expect(lines).toEqual(['definitions/shop.yaml:8:40 E_UNKNOWN_CHOICES shop.shelves.status: unknown choice set "StateChoices"; did you mean "StatusChoices"?']);
  });

  it('reports unknown fields named in brief, nested, ordering, search, unique and filters at each name', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields:
      name: { type: string }
      width: { type: integer }
    brief: [id, url, display, nmae]
    nested: [id, wdith]
    ordering: [-widht, name]
    search: [name, title]
    unique:
      - { fields: [name, height] }
      - { fields: [name], where_null: [parent] }
    filters:
      size: { path: size }
      width:
`,
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:8:31 E_UNKNOWN_FIELD shop.shelves brief: unknown field "nmae"; did you mean "name"?',
      'definitions/shop.yaml:9:18 E_UNKNOWN_FIELD shop.shelves nested: unknown field "wdith"; did you mean "width"?',
      'definitions/shop.yaml:10:16 E_UNKNOWN_FIELD shop.shelves ordering: unknown field "widht"; did you mean "width"?',
      'definitions/shop.yaml:13:26 E_UNKNOWN_FIELD shop.shelves unique: unknown field "height"',
      'definitions/shop.yaml:14:40 E_UNKNOWN_FIELD shop.shelves unique: unknown field "parent"',
    ]);
    // Filter and search paths walk other resources, so they are checked once every field name is sound.
    const paths = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields:
      name: { type: string }
      width: { type: integer }
    search: [name, title, =name__slug]
    filters:
      size: { path: size }
      width:
`,
    });
    expect(paths).toEqual([
      'definitions/shop.yaml:8:20 E_UNKNOWN_FIELD shop.shelves search: shop.shelves has no field `title` (in `title`)',
      'definitions/shop.yaml:8:27 E_UNKNOWN_FIELD shop.shelves search: `name` of shop.shelves is not a relation (in `name__slug`)',
      'definitions/shop.yaml:10:13 E_UNKNOWN_FIELD shop.shelves filter `size`: shop.shelves has no field `size` (in `size`)',
    ]);
  });

  it('reports a filter of a mixin that does not fit a resource at the resource\'s mixins, naming the mixin', () => {
    const lines = diagnosticsWith({
      'mixins.yaml': `mixins:
  named:
    fields:
      name: { type: string, max_length: 100, required: true }
    filters:
      shelf_name: { path: shelf__name }
`,
    });
    // shop.books has a shelf; shop.shelves has not.
    expect(lines).toEqual(['definitions/shop.yaml:5:13 E_UNKNOWN_FIELD shop.shelves filter `shelf_name`: shop.shelves has no field `shelf` (in `shelf__name`) (from mixin named)']);
  });

  it('reports an operation body that names no component schema', () => {
    const lines = diagnosticsWith({
      'shop.yaml': baseDefinitions['shop.yaml'].replace(
        '    brief: [id, url, display, name]\n',
        `    brief: [id, url, display, name]
    operations:
      - { handler: book-report, method: GET, path: "{id}/report/", response: BookReport }
      - { handler: book-copy, method: POST, path: "{id}/copy/", request: BookRequest, response: Book }
      - { handler: book-move, method: POST, path: "{id}/move/", request: BookRequst }
`,
      ),
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:16:78 E_UNKNOWN_FIELD shop.books operation book-report: no schema "BookReport" (define it in schemas.yaml)',
      'definitions/shop.yaml:18:74 E_UNKNOWN_FIELD shop.books operation book-move: no schema "BookRequst" (define it in schemas.yaml); did you mean "BookRequest"?',
    ]);
  });

  it('reports a null field entry that no mixin defines, at its key', () => {
    const lines = diagnosticsWith({ 'shop.yaml': baseDefinitions['shop.yaml'].replace('      name:\n      status', '      name:\n      colour:\n      status') });
    expect(lines).toEqual(['definitions/shop.yaml:8:7 E_UNKNOWN_FIELD field "colour" has no definition here and none is inherited from a mixin']);
  });

  it('reports unknown display placeholders, and a default display with no name field', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    display: "{name} ({lable})"
    fields:
      name: { type: string }
  bins:
    model: Bin
    fields:
      shelf: { type: fk, target: shop.shelves }
  boxes:
    model: Box
    display: "{shelf.nmae}"
    fields:
      shelf: { type: fk, target: shop.shelves }
  tokens:
    model: Token
    display: "@token"
    fields:
      key: { type: string }
`,
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:5:14 E_UNKNOWN_FIELD shop.shelves display "{name} ({lable})": unknown field "lable"',
      'definitions/shop.yaml:9:12 E_UNKNOWN_FIELD shop.bins display "{name}": unknown field "name" (set `display`)',
      'definitions/shop.yaml:14:14 E_UNKNOWN_FIELD shop.boxes display "{shelf.nmae}": shop.shelves has no field "nmae"; did you mean "name"?',
    ]);
  });

  it('reports unknown mixins where they are named: in the app file and in mixins.yaml', () => {
    const lines = diagnosticsWith({
      'mixins.yaml': `mixins:
  named:
    mixins: [describd]
    fields:
      name: { type: string, max_length: 100, required: true }
`,
      'shop.yaml': baseDefinitions['shop.yaml'].replace('mixins: [named]\n    fields:\n      name:', 'mixins: [named, taggable]\n    fields:\n      name:'),
    });
    expect(lines).toEqual([
      'definitions/mixins.yaml:3:14 E_UNKNOWN_MIXIN unknown mixin "describd" in mixin "named"',
      'definitions/shop.yaml:5:21 E_UNKNOWN_MIXIN unknown mixin "taggable"',
    ]);
  });

  it('suggests the nearest known name for an unknown mixin, field, search path and filter path', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    mixins: [nmaed]
    fields:
      name: { type: string }
      width: { type: integer }
      colour:
    search: [nmae]
    filters:
      wide: { path: widht }
`,
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:5:14 E_UNKNOWN_MIXIN unknown mixin "nmaed"; did you mean "named"?',
    ]);
    const fieldLines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    mixins: [named]
    fields:
      nmae:
      width: { type: integer }
    search: [nmae]
    filters:
      wide: { path: widht }
`,
    });
    expect(fieldLines).toEqual(['definitions/shop.yaml:7:7 E_UNKNOWN_FIELD field "nmae" has no definition here and none is inherited from a mixin; did you mean "name"?']);
    const pathLines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    mixins: [named]
    fields:
      width: { type: integer }
    search: [nmae]
    filters:
      wide: { path: widht }
`,
    });
    expect(pathLines).toEqual([
      'definitions/shop.yaml:8:14 E_UNKNOWN_FIELD shop.shelves search: shop.shelves has no field `nmae` (in `nmae`); did you mean "name"?',
      'definitions/shop.yaml:10:13 E_UNKNOWN_FIELD shop.shelves filter `wide`: shop.shelves has no field `widht` (in `widht`); did you mean "width"?',
    ]);
  });

  it('reports a resource path defined in two files, at the second, naming the first', () => {
    const lines = diagnosticsWith({ 'store.yaml': `app: shop\nresources:\n  shelves:\n    model: Shelf\n    fields:\n      name: { type: string }\n` });
    expect(lines).toEqual(['definitions/store.yaml:3:3 E_DUPLICATE_PATH /api/shop/shelves/ is already defined at definitions/shop.yaml:3']);
  });

  it('reads an app folder, a file per group of resources, each declaring the folder\'s app', () => {
    const split = {
      'shop.yaml': null as unknown as string,
      'shop/shelves.yaml': baseDefinitions['shop.yaml'].split('  books:')[0]!,
      'shop/books.yaml': `app: shop\nresources:\n  books:${baseDefinitions['shop.yaml'].split('  books:')[1]}`,
    };
    const { ir, diagnostics } = buildFrom(Object.fromEntries(Object.entries({ ...baseDefinitions, ...split }).filter(([, text]) => text !== null)));
    expect(diagnostics).toEqual([]);
    expect(ir!.inventory.resources.map((r) => r.key)).toEqual(['shop.books', 'shop.shelves']);
    const misplaced = diagnosticsWith({ 'store/shelves.yaml': `app: shop\nresources:\n  racks:\n    model: Rack\n    fields:\n      name: { type: string }\n` });
    expect(misplaced).toEqual(['definitions/store/shelves.yaml:1:6 E_APP_FOLDER store/shelves.yaml declares app "shop" but lies in the folder of app "store"']);
  });

  it('leaves display_url out where the definition says NetBox shows none', () => {
    const { ir } = buildFrom({ ...baseDefinitions, 'shop.yaml': baseDefinitions['shop.yaml'].replace('    model: Book\n', '    model: Book\n    display_url: false\n') });
    const names = (key: string) => ir!.inventory.resources.find((r) => r.key === key)!.fields.slice(0, 4).map((f) => f.name);
    expect(names('shop.books')).toEqual(['id', 'url', 'display', 'shelf']);
    expect(names('shop.shelves')).toEqual(['id', 'url', 'display_url', 'display']);
  });

  it('carries legacy field names to the table and checks they name a field and shadow none', () => {
    const legacy = (names: string) => ({ ...baseDefinitions, 'shop.yaml': baseDefinitions['shop.yaml'].replace('    model: Book\n', `    model: Book\n    legacy_names: ${names}\n`) });
    const { ir } = buildFrom(legacy('{ book_shelf: shelf }'));
    expect(ir!.inventory.resources.find((r) => r.key === 'shop.books')!.legacyNames).toEqual({ book_shelf: 'shelf' });
    const lines = diagnosticsWith(legacy('{ old_shelf: shelve, shelf: name }'));
    expect(lines.map((l) => l.replace(/^\S+ /, ''))).toEqual([
      'E_UNKNOWN_FIELD shop.books legacy_names: unknown field "shelve"; did you mean "shelf"?',
      'E_INVALID_VALUE shop.books legacy_names: "shelf" is a field of its own',
    ]);
  });

  it('refuses a legacy name standing for one type of a relation that is not generic (circuit terminations use the generic form)', () => {
    const legacy = (names: string) => ({ ...baseDefinitions, 'shop.yaml': baseDefinitions['shop.yaml'].replace('    model: Book\n', `    model: Book\n    legacy_names: ${names}\n`) });
    const lines = diagnosticsWith(legacy('{ old_shelf: "shelf:shop.shelves" }'));
    expect(lines.map((l) => l.replace(/^\S+ /, ''))).toEqual(['E_INVALID_VALUE shop.books legacy_names: "shelf" is no generic relation to shop.shelves']);
  });

  it('reports an unknown count target and a count whose via is not a relation', () => {
    const lines = diagnosticsWith({
      'shop.yaml': baseDefinitions['shop.yaml'].replace(
        '      status: { type: choice, choices: StatusChoices }\n',
        '      status: { type: choice, choices: StatusChoices }\n      book_count: { type: count, target: shop.book, via: shelf }\n      name_count: { type: count, target: shop.books, via: name }\n',
      ),
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:9:42 E_UNKNOWN_TARGET shop.shelves.book_count: unknown count target "shop.book"; did you mean "shop.books"?',
      'definitions/shop.yaml:10:59 E_UNKNOWN_FIELD shop.shelves.name_count: shop.books has no relation field "name"',
    ]);
  });

  it('reports a reverse_of that names no m2m field of the target', () => {
    const lines = diagnosticsWith({
      'shop.yaml': baseDefinitions['shop.yaml'].replace('    brief: [id, url, display, name]\n', '      shelves: { type: m2m, target: shop.shelves, reverse_of: books }\n    brief: [id, url, display, name]\n'),
    });
    expect(lines).toEqual(['definitions/shop.yaml:14:63 E_UNKNOWN_FIELD shop.books.shelves: shop.shelves has no m2m field "books"']);
  });

  it('reports a choice default that is not a value of its set, and a tree without a self parent', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    tree: true
    fields:
      name: { type: string }
      parent: { type: fk, target: shop.books }
      status: { type: choice, choices: StatusChoices, default: retired }
  books:
    model: Book
    fields:
      name: { type: string }
      status: { type: choice, choices: StatusChoices, default: planed }
`,
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:5:11 E_UNKNOWN_FIELD shop.shelves: a tree needs a field "parent" of type fk with target self',
      'definitions/shop.yaml:9:64 E_INVALID_VALUE shop.shelves.status: default "retired" is not a value of StatusChoices',
      'definitions/shop.yaml:14:64 E_INVALID_VALUE shop.books.status: default "planed" is not a value of StatusChoices; did you mean "planned"?',
    ]);
  });

  it('collects every cross-reference problem of a run at once', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    mixins: [named, nope]
    fields:
      name:
      status: { type: choice, choices: Nope }
      owner: { type: fk, target: shop.owners }
    brief: [id, nom]
`,
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:5:21 E_UNKNOWN_MIXIN unknown mixin "nope"',
      'definitions/shop.yaml:8:40 E_UNKNOWN_CHOICES shop.shelves.status: unknown choice set "Nope"',
      'definitions/shop.yaml:9:34 E_UNKNOWN_TARGET shop.shelves.owner: unknown fk target "shop.owners"',
      'definitions/shop.yaml:10:17 E_UNKNOWN_FIELD shop.shelves brief: unknown field "nom"',
    ]);
  });
});

describe('inventory IR', () => {
  const ok = (files: Record<string, string>) => {
    const { ir, diagnostics } = buildFrom(files);
    expect(diagnostics).toEqual([]);
    return ir!.inventory;
  };

  it('names tables, object types, verbose names and UI paths from the model and app', () => {
    const ir = ok({
      'shop.yaml': `app: shop
resources:
  shelf-groups:
    model: ShelfGroup
    fields:
      name: { type: string }
  rirs:
    model: RIR
    verbose_name: RIR
    table: shop_registry
    ui_path: shop/registries
    fields:
      name: { type: string }
`,
    });
    const pick = (key: string) => {
      const r = ir.resources.find((x) => x.key === key)!;
      return [r.table, r.objectType, r.verboseName, r.uiPath, r.routes, r.display, r.ordering, r.brief];
    };
    expect(pick('shop.shelf-groups')).toEqual(['shop_shelf_group', 'shop.shelfgroup', 'shelf group', 'shop/shelf-groups', 'full', '{name}', ['id'], ['id', 'url', 'display']]);
    expect(pick('shop.rirs')).toEqual(['shop_registry', 'shop.rir', 'RIR', 'shop/registries', 'full', '{name}', ['id'], ['id', 'url', 'display']]);
    expect(ir.apps).toEqual([{ name: 'shop', resources: ['shop.rirs', 'shop.shelf-groups'] }]);
  });

  it('derives columns, defaults, on_delete and labels per field type', () => {
    const ir = ok({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields:
      name: { type: string, required: true }
      note: { type: text }
      secret: { type: password }
      parent: { type: fk, target: self, nullable: true }
      home: { type: fk, target: self }
      aliases: { type: string_list }
      custom_fields: { type: custom_fields }
      _depth: { type: depth }
      stored_as: { type: string, column: other_column, label: Stored as X }
      hidden: { type: boolean, read_only: true, write_only: true }
`,
    });
    const shelf = ir.resources[0];
    const row = (name: string) => {
      const f = shelf.fields.find((x) => x.name === name)!;
      return { column: f.column, default: f.default, readOnly: f.readOnly, writeOnly: f.writeOnly, target: f.target, onDelete: f.onDelete, label: f.label, orderable: f.orderable };
    };
    expect(shelf.fields.map((f) => f.name)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'note', 'secret', 'parent', 'home', 'aliases', 'custom_fields', '_depth', 'stored_as', 'hidden']);
    expect(row('id')).toMatchObject({ column: 'id', readOnly: true, orderable: true });
    expect(row('url')).toMatchObject({ column: null, readOnly: true, orderable: false });
    // Keys that do not apply to a field are absent, not null.
    expect(shelf.fields.find((x) => x.name === 'name')).toEqual({
      name: 'name', kind: 'string', column: 'name', required: true, nullable: false, readOnly: false, writeOnly: false, default: null, label: 'Name', orderable: true, createOnly: false,
    });
    expect(row('note')).toMatchObject({ default: '' });
    expect(row('secret')).toMatchObject({ writeOnly: true, orderable: false, default: '' });
    expect(row('parent')).toMatchObject({ column: 'parent_id', target: 'shop.shelves', onDelete: 'set_null' });
    expect(row('home')).toMatchObject({ column: 'home_id', onDelete: 'cascade' });
    expect(row('aliases')).toMatchObject({ default: [], orderable: false });
    expect(row('custom_fields')).toMatchObject({ column: 'custom_field_data', default: {}, label: 'Custom fields' });
    expect(row('_depth')).toMatchObject({ column: 'tree_depth', readOnly: true, label: 'Depth' });
    expect(row('stored_as')).toMatchObject({ column: 'other_column', label: 'Stored as X' });
    expect(row('hidden')).toMatchObject({ readOnly: true, writeOnly: true });
    // What deleting the target does is the relation graph's (the database keys are all `no action`).
    expect(ir.relations).toEqual([
      { resource: 'shop.shelves', field: 'home', kind: 'fk', targets: ['shop.shelves'], onDelete: 'cascade' },
      { resource: 'shop.shelves', field: 'parent', kind: 'fk', targets: ['shop.shelves'], onDelete: 'set_null' },
    ]);
  });

  it('shares one link table between an m2m field and its reverse_of side', () => {
    const ir = ok({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    fields:
      name: { type: string }
      featured_books: { type: m2m, target: shop.books }
  books:
    model: Book
    fields:
      name: { type: string }
      featured_on: { type: m2m, target: shop.shelves, reverse_of: featured_books }
`,
    });
    const field = (key: string, name: string) => ir.resources.find((r) => r.key === key)!.fields.find((f) => f.name === name)!;
    expect(field('shop.shelves', 'featured_books')).toMatchObject({ column: null, link: { table: 'shop_shelf_featured_books', source: 'shelf_id', target: 'featured_book_id' } });
    expect(field('shop.shelves', 'featured_books')).not.toHaveProperty('reverseOf');
    expect(field('shop.books', 'featured_on')).toMatchObject({ column: null, link: { table: 'shop_shelf_featured_books', source: 'featured_book_id', target: 'shelf_id' }, reverseOf: 'featured_books' });
    expect(ir.linkTables).toEqual([{ name: 'shop_shelf_featured_books', source: { column: 'shelf_id', table: 'shop_shelf' }, target: { column: 'featured_book_id', table: 'shop_book' } }]);
    // One relation for the link table: the reverse side adds none.
    expect(ir.relations).toEqual([{ resource: 'shop.shelves', field: 'featured_books', kind: 'm2m', targets: ['shop.books'], onDelete: 'cascade' }]);
  });

  it('keeps only the choice sets some field uses, in name order', () => {
    const ir = ok({
      'choices.yaml': `choice_sets:\n  ZChoices: [ [ 1, One ], [ 2, Two ] ]\n  StatusChoices: [ [ active, Active ] ]\n  UnusedChoices: [ [ x, X ] ]\n`,
      'shop.yaml': `app: shop\nresources:\n  shelves:\n    model: Shelf\n    fields:\n      name: { type: string }\n      z: { type: choice, choices: ZChoices }\n      status: { type: choice, choices: StatusChoices }\n`,
    });
    expect(ir.choiceSets).toEqual([
      { name: 'StatusChoices', choices: [{ value: 'active', label: 'Active' }] },
      { name: 'ZChoices', choices: [{ value: 1, label: 'One' }, { value: 2, label: 'Two' }] },
    ]);
  });

  it('resolves count targets of self and tag counts', () => {
    const ir = ok({
      'shop.yaml': `app: shop
resources:
  shelves:
    model: Shelf
    tree: true
    fields:
      name: { type: string }
      parent: { type: fk, target: self, nullable: true }
      child_count: { type: count, target: self, via: parent, cumulative: true }
      tagged: { type: count, via: tags }
`,
    });
    const shelf = ir.resources.find((r) => r.key === 'shop.shelves')!;
    expect(shelf.tree).toBe(true);
    expect(shelf.fields.find((f) => f.name === 'child_count')).toMatchObject({ kind: 'count', column: null, readOnly: true, orderable: true, target: 'shop.shelves', via: 'parent', cumulative: true });
    const tagged = shelf.fields.find((f) => f.name === 'tagged')!;
    expect(tagged).toMatchObject({ kind: 'count', column: null, readOnly: true, via: 'tags' });
    expect(tagged).not.toHaveProperty('target');
    expect(tagged).not.toHaveProperty('cumulative');
  });

  it('builds the same IR JSON twice from the same definitions', () => {
    const first = JSON.stringify(buildFrom(baseDefinitions).ir);
    expect(JSON.stringify(buildFrom(baseDefinitions).ir)).toBe(first);
    expect(first).toContain('"shop.books"');
  });
});
