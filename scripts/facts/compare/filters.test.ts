/**
 * Filters against the filterset: missing ones with their YAML, extra ones, lookups, choice sets.
 */
import { describe, expect, it } from 'vitest';
import type { Filter } from '../../../runtime/contract/index.ts';
import { resource, subject } from './fixtures.ts';
import { compareFilters, yamlFor } from './filters.ts';

describe('compareFilters', () => {
  const filter = (name: string, extra: Partial<Filter> = {}): Filter => ({ name, kind: 'char', path: name, lookups: ['n', 'ic'], ...extra });

  it('finds missing filters (with the YAML to serve them), extra ones, lookups and choice sets', () => {
    const ours = resource([], { filters: [filter('name'), filter('status', { kind: 'multichoice', choices: 'A' }), filter('mine'), filter('created_after', { kind: 'method', method: 'date_bound', lookups: [] })] });
    const found = compareFilters(subject(ours, {
      filters: {
        name: { kind: 'char', lookups: ['n', 'ic', 'regex'] },
        status: { kind: 'multichoice', lookups: ['n', 'ic'], choices: 'B' },
        site_id: { kind: 'fk_id', field: 'site', lookups: ['n'] },
        q: { kind: 'method', method: 'search', lookups: [] },
        created: { kind: 'datetime', range: ['after'], lookups: [] },
      },
    }));
    expect(found.differences.map((d) => `${d.aspect} ${d.subject}${d.scaffold ? `: ${d.scaffold}` : ''}`)).toEqual([
      'lookups name',
      'filter_choices status',
      'filter site_id: site_id: { kind: fk_id, path: site }',
      'filter mine',
    ]);
  });

  it('counts a filter served by its lookups alone as lacking its bare parameter, and compares its lookups', () => {
    const ours = resource([], { filters: [filter('start', { kind: 'number', exact: false, lookups: ['n', 'gt'] })] });
    const found = compareFilters(subject(ours, { filters: { start: { kind: 'number', lookups: ['n', 'gt', 'lt'] } } }));
    expect(found.differences.map((d) => `${d.aspect} ${d.subject}`)).toEqual(['filter start', 'lookups start']);
  });

  it('writes a method filter and lookups other than its kind’s', () => {
    expect(yamlFor('has_x', { kind: 'method', method: '_has_x', lookups: [] })).toBe('has_x: { method: has_x }');
    expect(yamlFor('region', { kind: 'tree_slug', field: 'region__slug', to: 'slug', lookups: ['n'] })).toBe('region: { kind: tree_slug, to: slug }');
  });
});
