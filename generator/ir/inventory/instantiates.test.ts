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
});
