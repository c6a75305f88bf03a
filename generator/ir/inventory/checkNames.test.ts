/**
 * @module
 * Names the emitters turn into one namespace each (OpenAPI components, object types, tables): a
 * clash is a positioned diagnostic at the second definition naming the first, where it used to be
 * an emitter's exception with a stack trace.
 */
import { describe, expect, it } from 'vitest';
import { baseDefinitions, diagnosticsWith } from '../../testdata/definitionSet.ts';

const shop = baseDefinitions['shop.yaml'];

describe('unique names', () => {
  it('reports two resources with one model at the second model, naming the first, once', () => {
    const lines = diagnosticsWith({ 'shop.yaml': `${shop}  racks:\n    model: Shelf\n    mixins: [named]\n` });
    expect(lines).toEqual([
      'definitions/shop.yaml:16:12 E_DUPLICATE_NAME shop.racks: model "Shelf" is already the model of shop.shelves (definitions/shop.yaml:4); a model names the resource\'s OpenAPI components and object type, so each resource needs its own',
    ]);
  });

  it('reports one model in two apps, whose components would clash', () => {
    const lines = diagnosticsWith({ 'zoo.yaml': `app: zoo\nresources:\n  cages:\n    model: Book\n    mixins: [named]\n` });
    expect(lines).toEqual([
      'definitions/zoo.yaml:4:12 E_DUPLICATE_NAME zoo.cages: model "Book" is already the model of shop.books (definitions/shop.yaml:10); a model names the resource\'s OpenAPI components and object type, so each resource needs its own',
    ]);
  });

  it('reports a model that would name another model\'s derived component, or its object type in other case', () => {
    const lines = diagnosticsWith({ 'shop.yaml': `${shop}  racks:\n    model: BriefShelf\n    mixins: [named]\n  tomes:\n    model: BOok\n    table: shop_tome\n    mixins: [named]\n` });
    expect(lines).toEqual([
      'definitions/shop.yaml:16:12 E_DUPLICATE_NAME shop.racks: model "BriefShelf" would name the OpenAPI component BriefShelf, which shop.shelves\'s model "Shelf" names (definitions/shop.yaml:4)',
      'definitions/shop.yaml:19:12 E_DUPLICATE_NAME shop.tomes: object type shop.book is already that of shop.books (definitions/shop.yaml:10); models of one app must differ in more than case',
    ]);
  });

  it('reports a table named twice at the second `table`', () => {
    const lines = diagnosticsWith({ 'shop.yaml': `${shop}  racks:\n    model: Rack\n    table: shop_shelf\n    mixins: [named]\n` });
    expect(lines).toEqual(['definitions/shop.yaml:17:12 E_DUPLICATE_NAME shop.racks: table shop_shelf is already the table of shop.shelves (definitions/shop.yaml:4)']);
  });

  it('reports a many-to-many link table named like a resource table, at the field', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `${shop.replace('      shelf: { type: fk, target: shop.shelves }', '      shelf: { type: fk, target: shop.shelves }\n      shelves: { type: m2m, target: shop.shelves }')}  book-shelves:\n    model: BookShelves\n    mixins: [named]\n`,
    });
    expect(lines).toEqual(['definitions/shop.yaml:14:7 E_DUPLICATE_NAME shop.books.shelves: its link table shop_book_shelves is already the table of shop.book-shelves (definitions/shop.yaml:17)']);
  });

  it('reports a schema of schemas.yaml and a choice set named like a resource component, at their names', () => {
    const lines = diagnosticsWith({
      'schemas.yaml': `schemas:\n  ShelfRequest: { type: object }\n`,
      'choices.yaml': `choice_sets:\n  StatusChoices: [ [ active, Active ] ]\n  Book: [ [ a, A ] ]\n`,
    });
    expect(lines).toEqual([
      'definitions/choices.yaml:3:3 E_DUPLICATE_NAME choice set "Book" has the name of an OpenAPI component of shop.books, named by its model "Book" (definitions/shop.yaml:10)',
      'definitions/schemas.yaml:2:3 E_DUPLICATE_NAME schemas.yaml: component schema "ShelfRequest" is also a component of shop.shelves, named by its model "Shelf" (definitions/shop.yaml:4)',
    ]);
  });
});
