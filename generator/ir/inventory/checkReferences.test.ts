/**
 * @module
 * What the table and OpenAPI emitters need of a resource's fields, checked before they run: a
 * set_null fk may be null, a unique constraint is on stored columns and not repeated, a read-only
 * kind is not made writable, a tags field has its tags resource. Each is a positioned diagnostic.
 */
import { describe, expect, it } from 'vitest';
import { baseDefinitions, buildFrom, diagnosticsWith } from '../../testdata/definitionSet.ts';

const shop = baseDefinitions['shop.yaml'];

describe('stored fields', () => {
  it('reports set_null on a non-nullable fk, and a unique constraint on a field with no column', () => {
    const lines = diagnosticsWith({
      'shop.yaml': shop
        .replace('target: shop.shelves', 'target: shop.shelves, on_delete: set_null')
        .replace('      status: { type: choice, choices: StatusChoices }', '      status: { type: choice, choices: StatusChoices }\n      book_count: { type: count, target: shop.books, via: shelf }\n    unique: [{ fields: [name, book_count] }]'),
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:10:31 E_INVALID_VALUE shop.shelves unique: "book_count" is not stored in a column, so it cannot be part of a unique constraint',
      'definitions/shop.yaml:15:59 E_INVALID_VALUE shop.books.shelf: on_delete set_null needs a nullable field (add nullable: true, or choose cascade or protect)',
    ]);
  });

  it('reports read_only: false on a kind that is only ever read, and a tags field without extras.tags', () => {
    const lines = diagnosticsWith({
      'shop.yaml': shop.replace(
        '      status: { type: choice, choices: StatusChoices }',
        '      status: { type: choice, choices: StatusChoices }\n      book_count: { type: count, target: shop.books, via: shelf, read_only: false }\n      tags: { type: tags }',
      ),
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:9:77 E_INVALID_VALUE shop.shelves.book_count: a count field is read-only (leave out read_only: false)',
      'definitions/shop.yaml:10:13 E_UNKNOWN_TARGET shop.shelves.tags: a tags field needs the resource extras.tags, which is not defined',
    ]);
  });

  it('takes read_only: false on a related list held by a foreign key, and reports one held by a generic relation', () => {
    const written = '      status: { type: choice, choices: StatusChoices }\n      books: { type: related_list, target: shop.books, field: shelf, read_only: false }';
    const { ir, diagnostics } = buildFrom({ ...baseDefinitions, 'shop.yaml': shop.replace('      status: { type: choice, choices: StatusChoices }', written) });
    expect(diagnostics).toEqual([]);
    expect(ir!.inventory.resources.find((r) => r.key === 'shop.shelves')!.fields.find((f) => f.name === 'books')).toMatchObject({ kind: 'related_list', readOnly: false });
    const generic = shop
      .replace('      status: { type: choice, choices: StatusChoices }', '      status: { type: choice, choices: StatusChoices }\n      notes: { type: related_list, target: shop.books, field: about, read_only: false }')
      .replace('      shelf: { type: fk, target: shop.shelves }', '      shelf: { type: fk, target: shop.shelves }\n      about: { type: generic_fk, targets: [shop.shelves] }');
    expect(diagnosticsWith({ 'shop.yaml': generic })).toEqual([
      'definitions/shop.yaml:9:81 E_INVALID_VALUE shop.shelves.notes: a related_list field is written through a foreign key of shop.books, and "about" is none (leave out read_only: false)',
    ]);
  });

  it('reports a unique constraint repeating another (one index named twice)', () => {
    const lines = diagnosticsWith({ 'shop.yaml': shop.replace('    brief: [id, url, display, name]', '    brief: [id, url, display, name]\n    unique: [{ fields: [name, shelf] }, { fields: [shelf, name] }]') });
    expect(lines).toEqual(['definitions/shop.yaml:15:41 E_DUPLICATE_NAME shop.books unique: the constraint on shelf, name repeats unique entry 1']);
  });
});
