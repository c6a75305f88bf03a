/**
 * @module
 * A template's `instantiates:`: the target must be served, every field named stored on both sides
 * with one kind, a link a reference to an instantiating template, and the name carried over.
 */
import { describe, expect, it } from 'vitest';
import { baseDefinitions, diagnosticsWith } from '../../testdata/definitionSet.ts';

const shop = baseDefinitions['shop.yaml'];
const template = (instantiates: string) =>
  `${shop}  book-templates:
    model: BookTemplate
    fields:
      shelf: { type: fk, target: shop.shelves }
      name: { type: string, max_length: 64 }
      status: { type: choice, choices: StatusChoices }
    instantiates: ${instantiates}
`;

describe('instantiates', () => {
  it('accepts a template carrying its name to a served resource', () => {
    expect(diagnosticsWith({ 'shop.yaml': template('{ target: shop.books, resolve: [name] }') })).toEqual([]);
  });

  it('reports a target not served, with the nearest one', () => {
    expect(diagnosticsWith({ 'shop.yaml': template('{ target: shop.book, copy: [name] }') })).toEqual([
      'definitions/shop.yaml:21:29 E_UNKNOWN_TARGET shop.book-templates instantiates: unknown target "shop.book" (a component resource that is not served yet: leave the declaration out until it is); did you mean "shop.books"?',
    ]);
  });

  it('reports fields missing on either side, a link that is no template reference, and a name not carried', () => {
    expect(diagnosticsWith({ 'shop.yaml': template('{ target: shop.books, copy: [status, label], link: [shelf] }') })).toEqual([
      'definitions/shop.yaml:21:19 E_MISSING_KEY shop.book-templates instantiates: the component\'s name must be resolved or copied ("name" in resolve or copy)',
      'definitions/shop.yaml:21:48 E_UNKNOWN_FIELD shop.book-templates instantiates.copy: shop.books has no stored field "status"',
      'definitions/shop.yaml:21:56 E_UNKNOWN_FIELD shop.book-templates instantiates.copy: "label" is no stored field of the template',
      'definitions/shop.yaml:21:71 E_INVALID_VALUE shop.book-templates instantiates.link: "shelf" is not a reference to a template that instantiates a component',
    ]);
  });

  describe('a linked position_mappings field', () => {
    const mapped = (books: string, mappings: string) =>
      `${shop.replace('      shelf: { type: fk, target: shop.shelves }\n', `      shelf: { type: fk, target: shop.shelves }\n${books}`)}  shelf-templates:
    model: ShelfTemplate
    fields:
      name: { type: string, max_length: 64 }
    instantiates: { target: shop.shelves, copy: [name] }
  book-templates:
    model: BookTemplate
    fields:
      name: { type: string, max_length: 64 }
      shelves: ${mappings}
      _maps: { type: json, read_only: true, write_only: true, default: [] }
    instantiates: { target: shop.books, copy: [name], link: [shelves] }
`;
    const stored = '      shelves: { type: position_mappings, target: shop.shelves, stored: _maps, expression: book_shelves }\n      _maps: { type: json, read_only: true, write_only: true, default: [] }\n';

    it('is accepted when stored on both sides and mapping to the templates of the component\'s peers', () => {
      expect(diagnosticsWith({ 'shop.yaml': mapped(stored, '{ type: position_mappings, target: shop.shelf-templates, peer: shelf, stored: _maps, expression: x }') })).toEqual([]);
    });

    it('reports a template field stored nowhere, peers that instantiate nothing, and a component side that does not match', () => {
      const at = (text: string) => diagnosticsWith({ 'shop.yaml': text }).map((d) => d.replace(/^\S+ /, ''));
      expect(at(mapped(stored, '{ type: position_mappings, target: shop.shelf-templates, expression: x }'))).toEqual(['E_INVALID_VALUE shop.book-templates instantiates.link: "shelves" names no stored json field of the template in `stored`']);
      expect(at(mapped(stored, '{ type: position_mappings, target: shop.shelves, stored: _maps, expression: x }'))).toEqual(['E_INVALID_VALUE shop.book-templates instantiates.link: "shelves" maps to shop.shelves, a resource that instantiates no component']);
      expect(at(mapped('', '{ type: position_mappings, target: shop.shelf-templates, stored: _maps, expression: x }'))).toEqual(['E_INVALID_VALUE shop.book-templates instantiates.link: shop.books.shelves is no position_mappings field to shop.shelves stored in a json field']);
    });
  });

  describe('a linked generic reference', () => {
    const generic = (books: string, linked: string) =>
      `${shop.replace('      shelf: { type: fk, target: shop.shelves }\n', `      shelf: { type: fk, target: shop.shelves }\n${books}`)}  shelf-templates:
    model: ShelfTemplate
    fields:
      name: { type: string, max_length: 64 }
    instantiates: { target: shop.shelves, copy: [name] }
  book-templates:
    model: BookTemplate
    fields:
      name: { type: string, max_length: 64 }
      holder: { type: generic_fk, targets: ${linked}, nullable: true, on_delete: do_nothing }
    instantiates: { target: shop.books, copy: [name], link: [holder] }
`;
    const onBooks = '      holder: { type: generic_fk, targets: [shop.shelves], nullable: true, on_delete: cascade }\n';
    const at = (text: string) => diagnosticsWith({ 'shop.yaml': text }).map((d) => d.replace(/^\S+ /, ''));

    it('is accepted when every template it may name instantiates and the component names exactly their components', () => {
      expect(at(generic(onBooks, '[shop.shelf-templates]'))).toEqual([]);
    });

    it('reports a template that instantiates nothing, and a component side naming other resources', () => {
      expect(at(generic(onBooks, '[shop.shelf-templates, shop.shelves]'))).toEqual(['E_INVALID_VALUE shop.book-templates instantiates.link: "holder" may name shop.shelves, which instantiate no component']);
      expect(at(generic('      holder: { type: generic_fk, targets: [shop.books], nullable: true, on_delete: cascade }\n', '[shop.shelf-templates]'))).toEqual([
        'E_INVALID_VALUE shop.book-templates instantiates.link: shop.books.holder is no generic reference to exactly shop.shelves',
      ]);
    });
  });
});
