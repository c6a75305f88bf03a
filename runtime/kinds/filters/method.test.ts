/**
 * Method filters: the condition is the registered handler's, by name.
 */
import { describe, expect, it } from 'vitest';
import { FakeFilterQuery, fakeCatalog, fakeResource, fakeOpenApiContext } from '../../testing/kinds.ts';
import { method } from './method.ts';

const site = fakeResource('dcim.sites', [], { filters: [{ name: 'q2', kind: 'method', method: 'search_more', value: 'integer' }, { name: 'plain', kind: 'method', method: 'plain' }] });
const catalog = fakeCatalog([site]);

describe('method', () => {
  it("hands lookup and values to the handler named by the filter, and takes no lookups by default", () => {
    const q = new FakeFilterQuery(site, catalog, 'q2__n');
    expect(method.condition(site.filters[0], 'n', ['1', '2'], q)).toBe('METHOD(search_more n 1,2)');
    expect(q.methods).toEqual([{ name: 'search_more', lookup: 'n', values: ['1', '2'] }]);
    expect(method.lookups).toEqual([]);
    expect(site.filters[0].lookups).toEqual([]);
  });

  it('describes its value with the JSON type the definition gives (string by default)', () => {
    expect(method.valueSchema(site.filters[0], site, fakeOpenApiContext(catalog))).toEqual({ type: 'integer' });
    expect(method.valueSchema(site.filters[1], site, fakeOpenApiContext(catalog))).toEqual({ type: 'string' });
  });
});
