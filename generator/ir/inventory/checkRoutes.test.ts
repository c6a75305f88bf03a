/**
 * @module
 * Routes of hand-written operations: a repeated route, a standard one, or one the OpenAPI
 * operation id cannot tell apart is a positioned diagnostic, not an emitter's exception.
 */
import { describe, expect, it } from 'vitest';
import { baseDefinitions, diagnosticsWith } from '../../testdata/definitionSet.ts';

const shop = baseDefinitions['shop.yaml'];

describe('routes of hand-written operations', () => {
  it('reports an operation repeating another\'s route, a standard route, or one differing in punctuation only', () => {
    const lines = diagnosticsWith({
      'shop.yaml': `${shop}    operations:
      - { handler: a, method: POST, path: go/ }
      - { handler: b, method: POST, path: go/ }
      - { handler: c, method: GET, path: "{id}/" }
      - { handler: d, method: POST, path: go-on/ }
      - { handler: e, method: POST, path: go_on/ }
`,
    });
    expect(lines).toEqual([
      'definitions/shop.yaml:17:43 E_DUPLICATE_PATH shop.books: POST /api/shop/books/go/ is already the route of operation a',
      'definitions/shop.yaml:18:42 E_DUPLICATE_PATH shop.books: GET /api/shop/books/{id}/ is already the route of the standard retrieve operation',
      'definitions/shop.yaml:20:43 E_DUPLICATE_PATH shop.books: POST /api/shop/books/go_on/ differs from the route of operation d only in punctuation, so the two would share an OpenAPI operation id',
    ]);
  });
});
