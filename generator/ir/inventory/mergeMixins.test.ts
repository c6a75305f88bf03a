/**
 * @module
 * Mixin merging: field order (own order, null entries placing inherited fields, the rest after in
 * mixin order), which definition wins, how lists combine, and that each mixin is absorbed once.
 */
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, type Diagnostic } from '../../diagnostics.ts';
import { parseYamlSource } from '../../load/yamlSource.ts';
import type { MixinDefinition, ResourceDefinition } from '../../validate/definitionSchema.ts';
import { checkMixinReferences, mergeMixins } from './mergeMixins.ts';

const mixins: Record<string, MixinDefinition> = {
  logged: { change_logged: true, fields: { created: { type: 'datetime', read_only: true }, last_updated: { type: 'datetime', read_only: true } } },
  tagged: { fields: { tags: { type: 'tags' } } },
  base: { mixins: ['logged', 'tagged'], fields: { description: { type: 'string', max_length: 200 } }, search: ['description'], brief: ['id', 'description'] },
  named: {
    mixins: ['base'],
    fields: { name: { type: 'string', max_length: 100 }, description: { type: 'string', max_length: 500 } },
    unique: [{ fields: ['name'] }],
    search: ['name', 'description'],
    ordering: ['name'],
    display: '{name}',
  },
  treed: { mixins: ['base'], tree: true, fields: { parent: { type: 'fk', target: 'self', nullable: true } }, unique: [{ fields: ['parent', 'name'] }] },
};

function merge(resource: Omit<ResourceDefinition, 'model'>, set = mixins) {
  const { source } = parseYamlSource('definitions/test.yaml', 'resources:\n  things:\n    model: Thing\n    mixins: [a, b, c]\n');
  const diagnostics: Diagnostic[] = [];
  const merged = mergeMixins({ model: 'Thing', ...resource }, set, source, ['resources', 'things'], diagnostics);
  return { merged, names: merged.fields.map(([name]) => name), diagnostics: diagnostics.map(formatDiagnostic) };
}

describe('mergeMixins', () => {
  it('appends inherited fields after the own ones, bases first, in mixin order', () => {
    const { names, merged } = merge({ mixins: ['named'], fields: { size: { type: 'integer' } } });
    expect(names).toEqual(['size', 'created', 'last_updated', 'tags', 'description', 'name']);
    expect(merged.changeLogged).toBe(true);
  });

  it('places an inherited field where the resource lists it with a null entry', () => {
    const { names } = merge({ mixins: ['named'], fields: { name: null, size: { type: 'integer' }, description: null, created: null } });
    expect(names).toEqual(['name', 'size', 'description', 'created', 'last_updated', 'tags']);
  });

  it('lets a mixin override its bases, and the resource override every mixin', () => {
    const inherited = merge({ mixins: ['named'] }).merged.fields;
    expect(Object.fromEntries(inherited).description).toEqual({ type: 'string', max_length: 500 });
    const own = merge({ mixins: ['named'], fields: { description: { type: 'text' } } }).merged.fields;
    expect(Object.fromEntries(own).description).toEqual({ type: 'text' });
  });

  it('takes brief, ordering and display from the last definer; concatenates search without repeats', () => {
    const { merged } = merge({ mixins: ['named'], search: ['size', 'name'] });
    expect(merged.brief).toEqual(['id', 'description']);
    expect(merged.ordering).toEqual(['name']);
    expect(merged.display).toBe('{name}');
    expect(merged.search).toEqual(['description', 'name', 'size']);
    const own = merge({ mixins: ['named'], brief: ['id'], ordering: ['-size'], display: '@thing' }).merged;
    expect([own.brief, own.ordering, own.display]).toEqual([['id'], ['-size'], '@thing']);
  });

  it('concatenates inherited uniques; a resource list, even empty, replaces them', () => {
    expect(merge({ mixins: ['named', 'treed'] }).merged.unique).toEqual([{ fields: ['name'] }, { fields: ['parent', 'name'] }]);
    expect(merge({ mixins: ['named', 'treed'], unique: [] }).merged.unique).toEqual([]);
  });

  it('absorbs a mixin reached twice only once (no repeated uniques or search entries)', () => {
    const set = { ...mixins, logged: { ...mixins.logged, unique: [{ fields: ['created'] }] } };
    const { merged, names } = merge({ mixins: ['named', 'treed'] }, set);
    expect(merged.unique.filter((u) => u.fields[0] === 'created')).toHaveLength(1);
    expect(names).toEqual(['created', 'last_updated', 'tags', 'description', 'name', 'parent']);
    expect(merged.tree).toBe(true);
  });

  it('stops at a cycle instead of recursing forever', () => {
    const set: Record<string, MixinDefinition> = { a: { mixins: ['b'], fields: { x: { type: 'integer' } } }, b: { mixins: ['a'], fields: { y: { type: 'integer' } } } };
    expect(merge({ mixins: ['a'] }, set).names).toEqual(['y', 'x']);
  });

  it('lets the resource switch off tree and change logging', () => {
    const { merged } = merge({ mixins: ['treed'], tree: false, change_logged: false });
    expect([merged.tree, merged.changeLogged]).toEqual([false, false]);
  });

  it('reports unknown mixins of the resource at the list item, and null fields no mixin defines', () => {
    expect(merge({ mixins: ['named', 'nope'] }).diagnostics).toEqual(['definitions/test.yaml:4:17 E_UNKNOWN_MIXIN unknown mixin "nope"']);
    const { diagnostics, names } = merge({ mixins: ['named'], fields: { nothing: null } });
    expect(diagnostics).toEqual(['definitions/test.yaml:3:5 E_UNKNOWN_FIELD field "nothing" has no definition here and none is inherited from a mixin']);
    expect(names).not.toContain('nothing');
  });

  it('does not echo an unknown mixin as unknown null fields (that mixin may define them)', () => {
    const { diagnostics } = merge({ mixins: ['named', 'nope'], fields: { nothing: null } });
    expect(diagnostics).toEqual(['definitions/test.yaml:4:17 E_UNKNOWN_MIXIN unknown mixin "nope"']);
  });
});

describe('checkMixinReferences', () => {
  it('reports unknown names inside mixins.yaml at their place there', () => {
    const text = 'mixins:\n  a:\n    mixins: [b, missing]\n  b: {}\n';
    const { source } = parseYamlSource('definitions/mixins.yaml', text);
    const diagnostics: Diagnostic[] = [];
    checkMixinReferences({ a: { mixins: ['b', 'missing'] }, b: {} }, source, diagnostics);
    expect(diagnostics.map(formatDiagnostic)).toEqual(['definitions/mixins.yaml:3:17 E_UNKNOWN_MIXIN unknown mixin "missing" in mixin "a"']);
  });
});
