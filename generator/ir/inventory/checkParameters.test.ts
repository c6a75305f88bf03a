/**
 * @module
 * A filter may not take a query parameter name already taken: a paging or shaping parameter, or
 * another filter's lookup variant. The reserved names are the list engine's own.
 */
import { describe, expect, it } from 'vitest';
import { RESERVED } from '../../../runtime/rest/query/filters.ts';
import { baseDefinitions, diagnosticsWith } from '../../testdata/definitionSet.ts';
import { RESERVED_QUERY_PARAMETERS } from './checkParameters.ts';

const shop = baseDefinitions['shop.yaml'];

describe('query parameters', () => {
  it('reports a filter named like a paging parameter or another filter\'s lookup, at the filter', () => {
    const lines = diagnosticsWith({ 'shop.yaml': `${shop}    filters:\n      limit: { path: name }\n      name__n: { path: name }\n` });
    expect(lines).toEqual([
      'definitions/shop.yaml:16:7 E_DUPLICATE_NAME shop.books filter "limit": query parameter limit is already a paging or shaping parameter; rename the filter',
      'definitions/shop.yaml:17:7 E_DUPLICATE_NAME shop.books filter "name__n": query parameter name__n is already the n lookup of filter "name"; rename the filter',
    ]);
  });

  it('leaves a filter derived from a field named format, refusing only one the definition names', () => {
    const withFormat = shop.replace('      shelf: { type: fk, target: shop.shelves }', '      shelf: { type: fk, target: shop.shelves }\n      format: { type: string, max_length: 10 }');
    expect(diagnosticsWith({ 'shop.yaml': withFormat })).toEqual([]);
    expect(diagnosticsWith({ 'shop.yaml': `${withFormat}    filters:\n      exclude: { path: name }\n` })).toEqual([
      'definitions/shop.yaml:17:7 E_DUPLICATE_NAME shop.books filter "exclude": query parameter exclude is already a paging or shaping parameter; rename the filter',
    ]);
  });

  it('takes only the lookups of a field filtered by them alone, whose bare name may be a paging parameter', () => {
    const withOffset = (filter: string) => shop.replace('      shelf: { type: fk, target: shop.shelves }', `      shelf: { type: fk, target: shop.shelves }\n      offset: { type: integer${filter} }`);
    expect(diagnosticsWith({ 'shop.yaml': withOffset(', filter: lookups') })).toEqual([]);
    expect(diagnosticsWith({ 'shop.yaml': withOffset('') })).toEqual([
      'definitions/shop.yaml:14:15 E_DUPLICATE_NAME shop.books filter "offset": query parameter offset is already a paging or shaping parameter; rename the filter',
    ]);
  });

  it('reserves exactly the parameters the list engine reads before filters', () => {
    expect([...RESERVED_QUERY_PARAMETERS].sort()).toEqual([...RESERVED].sort());
  });
});
