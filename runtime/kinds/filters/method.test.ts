/**
 * Method filters: the condition is the registered handler's, by name; the values reach it parsed
 * by the type the definition declares, or the request is refused with NetBox's message.
 */
import { describe, expect, it } from 'vitest';
import type { Filter } from '../../contract/index.ts';
import { FakeFilterQuery, fakeCatalog, fakeResource, fakeOpenApiContext } from '../../testing/kinds.ts';
import { method } from './method.ts';

const site = fakeResource('dcim.sites', [], {
  filters: [
    { name: 'q2', kind: 'method', method: 'search_more', value: 'integer' },
    { name: 'plain', kind: 'method', method: 'plain' },
    { name: 'peer_id', kind: 'method', method: 'peer', value: 'id', lookups: ['n'] },
    { name: 'flag', kind: 'method', method: 'has_flag', value: 'boolean' },
    { name: 'size', kind: 'method', method: 'size_of', value: 'number', lookups: ['n', 'empty'] },
  ],
});
const catalog = fakeCatalog([site]);
const filter = (name: string): Filter => site.filters.find((f) => f.name === name)!;

/** The condition and what the handler was given, or the errors reported. */
function run(name: string, lookup: string, values: string[]) {
  const q = new FakeFilterQuery(site, catalog, name);
  const condition = method.condition(filter(name), lookup, values, q);
  return { condition, calls: q.methods, errors: q.errors };
}

describe('method', () => {
  it("hands lookup and values to the handler named by the filter, and takes no lookups by default", () => {
    const q = new FakeFilterQuery(site, catalog, 'q2__n');
    expect(method.condition(filter('q2'), 'n', ['1', '2'], q)).toBe('METHOD(search_more n 1,2)');
    expect(q.methods).toEqual([{ name: 'search_more', lookup: 'n', values: ['1', '2'], parsed: [1, 2] }]);
    expect(method.lookups).toEqual([]);
    expect(filter('q2').lookups).toEqual([]);
  });

  it('describes its value with the JSON type the definition gives (string by default)', () => {
    expect(method.valueSchema(filter('q2'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'integer' });
    expect(method.valueSchema(filter('plain'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'string' });
  });

  it('passes string values as given', () => {
    expect(run('plain', 'exact', [' a ', 'b']).calls[0].parsed).toEqual([' a ', 'b']);
  });

  it('parses integers, every value, trimmed, and refuses any that is no whole number as the number filters do', () => {
    expect(run('q2', 'exact', [' 7', '+3', '-2']).calls[0].parsed).toEqual([7, 3, -2]);
    for (const bad of ['x', '1.5', '1e3', '']) {
      expect(run('q2', 'exact', ['1', bad])).toEqual({ condition: null, calls: [], errors: ['Enter a number.'] });
    }
  });

  it('parses ids as a model choice filter does: whole numbers, anything else an invalid choice', () => {
    expect(run('peer_id', 'n', ['4', ' 9']).calls[0].parsed).toEqual([4, 9]);
    expect(run('peer_id', 'exact', ['4', 'x'])).toEqual({ condition: null, calls: [], errors: ['Select a valid choice. x is not one of the available choices.'] });
    expect(method.valueSchema(filter('peer_id'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'integer' });
  });

  it('parses numbers as decimals', () => {
    expect(run('size', 'exact', ['1.5', '2e1']).calls[0].parsed).toEqual([1.5, 20]);
    expect(run('size', 'n', ['big']).errors).toEqual(['Enter a number.']);
  });

  it('reads a boolean from the last value, as a BooleanFilter does, and refuses other text as an invalid choice', () => {
    expect(run('flag', 'exact', ['maybe', 'True']).calls[0].parsed).toEqual([true]);
    expect(run('flag', 'exact', ['1']).calls[0].parsed).toEqual([true]);
    expect(run('flag', 'exact', ['0']).calls[0].parsed).toEqual([false]);
    expect(run('flag', 'exact', ['false']).calls[0].parsed).toEqual([false]);
    expect(run('flag', 'exact', ['true', 'yes'])).toEqual({ condition: null, calls: [], errors: ['Select a valid choice. yes is not one of the available choices.'] });
  });

  it('reads the empty lookup as a boolean, whatever the declared type', () => {
    expect(run('size', 'empty', ['false']).calls[0].parsed).toEqual([false]);
    expect(run('size', 'empty', ['1.5']).errors).toEqual(['Select a valid choice. 1.5 is not one of the available choices.']);
  });
});
