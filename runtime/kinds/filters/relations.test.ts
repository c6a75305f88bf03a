/**
 * Relation filters: by id (`fk_id`, `m2m_id`, `tree_id`), by an attribute of the target
 * (`fk_slug`, `fk_other`, `m2m_slug`, `tree_slug`) and tags (`tag`, `tag_id`) — values checked,
 * existence required, `null` for "none", tags ANDed, `any` ORed, `n` excluded.
 */
import { describe, expect, it } from 'vitest';
import { FakeFilterQuery, fakeCatalog, fakeResource, fakeOpenApiContext } from '../../testing/kinds.ts';
import { fkId, fkOther, fkSlug, m2mId, m2mSlug, tag, tagId, treeId, treeSlug } from './relations.ts';
import type { FilterKind } from './types.ts';

const region = fakeResource('dcim.regions', [{ name: 'name', kind: 'string' }, { name: 'slug', kind: 'slug' }], { tree: true });
const asn = fakeResource('ipam.asns', [{ name: 'asn', kind: 'integer' }]);
const tags = fakeResource('extras.tags', [{ name: 'slug', kind: 'slug' }]);
const tenant = fakeResource('tenancy.tenants', [{ name: 'name', kind: 'string' }]);
const site = fakeResource(
  'dcim.sites',
  [
    { name: 'region', kind: 'fk', target: 'dcim.regions', nullable: true },
    { name: 'tenant', kind: 'fk', target: 'tenancy.tenants', nullable: true },
    { name: 'asns', kind: 'm2m', target: 'ipam.asns', link: { table: 'l', source: 's', target: 't' } },
    { name: 'tags', kind: 'tags', target: 'extras.tags' },
  ],
  {
    filters: [
      { name: 'tenant_id', kind: 'fk_id', path: 'tenant' },
      { name: 'tenant', kind: 'fk_other', to: 'name' },
      { name: 'region_id', kind: 'tree_id', path: 'region' },
      { name: 'region', kind: 'tree_slug', to: 'slug' },
      { name: 'region_slug', kind: 'fk_slug', path: 'region', to: 'slug' },
      { name: 'asn_id', kind: 'm2m_id', path: 'asns' },
      { name: 'asn', kind: 'm2m_slug', path: 'asns', to: 'asn' },
      { name: 'tag', kind: 'tag', path: 'tags', to: 'slug' },
      { name: 'tag_id', kind: 'tag_id', path: 'tags' },
    ],
  },
);
const catalog = fakeCatalog([region, asn, tags, tenant, site]);
const filterOf = (name: string) => site.filters.find((f) => f.name === name)!;

function run(kind: FilterKind, name: string, lookup: string, values: string[]) {
  const q = new FakeFilterQuery(site, catalog, name);
  return { sql: kind.condition(filterOf(name), lookup, values, q), q };
}

describe('by id', () => {
  it('matches the ids, which must exist', () => {
    const { sql, q } = run(fkId, 'tenant_id', 'exact', ['1', ' 2 ']);
    expect(sql).toBe('W1[tenant in 1,2 cast=integer]');
    expect(q.existence).toEqual([{ path: 'tenant__id', values: ['1', '2'] }]);
  });

  it('`null` matches objects without one, alone or with ids', () => {
    expect(run(fkId, 'tenant_id', 'exact', ['null']).sql).toBe('W1[tenant isnull true]');
    const { sql, q } = run(fkId, 'tenant_id', 'exact', ['3', 'null']);
    expect(sql).toBe('(W1[tenant in 3 cast=integer] OR W2[tenant isnull true])');
    expect(q.existence).toEqual([{ path: 'tenant__id', values: ['3'] }]);
  });

  it('`n` excludes the whole match, keeping rows where it is unknown', () => {
    expect(run(fkId, 'tenant_id', 'n', ['3']).sql).toBe('NOT coalesce(W1[tenant in 3 cast=integer], false)');
    expect(run(fkId, 'tenant_id', 'n', ['3', 'null']).sql).toBe('NOT coalesce((W1[tenant in 3 cast=integer] OR W2[tenant isnull true]), false)');
  });

  it('refuses a value that is neither an id nor null', () => {
    const { sql, q } = run(fkId, 'tenant_id', 'exact', ['1', 'abc']);
    expect(sql).toBeNull();
    expect(q.errors).toEqual(['Select a valid choice. abc is not one of the available choices.']);
    expect(q.existence).toEqual([]);
  });

  it('m2m_id is the same over a many-to-many; tree_id matches the subtree', () => {
    expect(run(m2mId, 'asn_id', 'exact', ['4']).sql).toBe('W1[asns in 4 cast=integer]');
    expect(run(treeId, 'region_id', 'exact', ['5']).sql).toBe('W1[region tree 5 cast=integer]');
    expect(run(treeId, 'region_id', 'n', ['5', 'null']).sql).toBe('NOT coalesce((W1[region tree 5 cast=integer] OR W2[region isnull true]), false)');
    for (const kind of [fkId, m2mId, treeId]) {
      expect(kind.lookups).toEqual(['n']);
      expect(kind.valueSchema(filterOf('tenant_id'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'integer' });
    }
  });
});

describe('by attribute', () => {
  it("matches the target's attribute as text, which must exist", () => {
    const { sql, q } = run(fkOther, 'tenant', 'exact', ['Acme', 'Globex']);
    expect(sql).toBe('W1[tenant__name in Acme,Globex cast=text]');
    expect(q.existence).toEqual([{ path: 'tenant__name', values: ['Acme', 'Globex'] }]);
    expect(run(fkSlug, 'region_slug', 'exact', ['emea']).sql).toBe('W1[region__slug in emea cast=text]');
    expect(run(m2mSlug, 'asn', 'exact', ['65000']).sql).toBe('W1[asns__asn in 65000 cast=text]');
  });

  it('tree_slug matches the subtree of the named nodes', () => {
    const { sql, q } = run(treeSlug, 'region', 'exact', ['emea']);
    expect(sql).toBe('W1[region tree emea attribute=slug]');
    expect(q.existence).toEqual([{ path: 'region__slug', values: ['emea'] }]);
  });

  it('`null` and `n` as for ids', () => {
    const { sql, q } = run(fkOther, 'tenant', 'n', ['null', 'Acme']);
    expect(sql).toBe('NOT coalesce((W1[tenant__name in Acme cast=text] OR W2[tenant isnull true]), false)');
    expect(q.existence).toEqual([{ path: 'tenant__name', values: ['Acme'] }]);
    expect(run(treeSlug, 'region', 'exact', ['null']).sql).toBe('W1[region isnull true]');
  });

  it("describes values by the attribute's kind", () => {
    expect(m2mSlug.valueSchema(filterOf('asn'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'integer' });
    expect(fkOther.valueSchema(filterOf('tenant'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'string' });
    expect(treeSlug.valueSchema(filterOf('region'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'string' });
  });
});

describe('tags', () => {
  it('requires every tag given (AND), each existing', () => {
    const { sql, q } = run(tag, 'tag', 'exact', ['a', 'b']);
    expect(sql).toBe('(W1[tags__slug in a cast=text] AND W2[tags__slug in b cast=text])');
    expect(q.existence).toEqual([{ path: 'tags__slug', values: ['a', 'b'] }]);
  });

  it('`any` takes any of them (OR), `n` none of them', () => {
    expect(run(tag, 'tag', 'any', ['a', 'b']).sql).toBe('W1[tags__slug in a,b cast=text]');
    expect(run(tag, 'tag', 'n', ['a', 'b']).sql).toBe('W1[tags__slug in a,b cast=text negate]');
    expect(tag.lookups).toEqual(['n', 'any']);
  });

  it('tag_id matches ids, refusing other values', () => {
    expect(run(tagId, 'tag_id', 'exact', ['1', '2']).sql).toBe('(W1[tags__id in 1 cast=integer] AND W2[tags__id in 2 cast=integer])');
    expect(run(tagId, 'tag_id', 'exact', ['1']).q.existence).toEqual([{ path: 'tags__id', values: ['1'] }]);
    const { sql, q } = run(tagId, 'tag_id', 'any', ['1', 'x']);
    expect(sql).toBeNull();
    expect(q.errors).toEqual(['Select a valid choice. x is not one of the available choices.']);
    expect(tagId.valueSchema(filterOf('tag_id'), site, fakeOpenApiContext(catalog))).toEqual({ type: 'integer' });
  });
});
