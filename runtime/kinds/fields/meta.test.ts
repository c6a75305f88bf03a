/**
 * The fields every object has (`id`, `url`, `display_url`, `display`), counts (plain, through a
 * link table, cumulative over a tree, tags), a tree node's `_depth`, and `custom_fields`.
 */
import { describe, expect, it } from 'vitest';
import { TAG_LINK } from '../../contract/index.ts';
import { FakeItem, fakeCatalog, fakeOpenApiContext, fakeResource, fakeSelectContext, fakeSerializeContext, fakeStageContext, fieldOf, parse } from '../../testing/kinds.ts';
import { count, countSql, customFields, depth, display, displayUrl, id, url } from './meta.ts';

const region = fakeResource('dcim.regions', [
  { name: 'name', kind: 'string' },
  { name: 'site_count', kind: 'count', target: 'dcim.sites', via: 'region', cumulative: true },
  { name: 'asn_count', kind: 'count', target: 'ipam.asns', via: 'regions', cumulative: true },
  { name: '_depth', kind: 'depth' },
  { name: 'custom_fields', kind: 'custom_fields', default: {} },
], { tree: true });
const site = fakeResource('dcim.sites', [{ name: 'name', kind: 'string' }, { name: 'region', kind: 'fk', target: 'dcim.regions', nullable: true }]);
const asn = fakeResource('ipam.asns', [
  { name: 'regions', kind: 'm2m', target: 'dcim.regions', link: { table: 'ipam_asn_regions', source: 'asn_id', target: 'region_id' } },
  { name: 'site_count', kind: 'count', target: 'dcim.sites', via: 'region' },
]);
const tenant = fakeResource('tenancy.tenants', [{ name: 'site_count', kind: 'count', target: 'dcim.sites', via: 'region' }, { name: 'asn_count', kind: 'count', target: 'ipam.asns', via: 'regions' }]);
const tag = fakeResource('extras.tags', [{ name: 'tagged_items', kind: 'count', via: 'tags' }, { name: 'computed', kind: 'count', expression: 'tag_usage' }]);
const catalog = fakeCatalog([region, site, asn, tenant, tag]);
const ctx = fakeSerializeContext(catalog);

describe('head fields', () => {
  it('id is the identity column, orderable, with the number filter', () => {
    const field = fieldOf(site, 'id');
    expect(field).toMatchObject({ column: 'id', readOnly: true, orderable: true });
    expect(id.column(field, catalog)).toEqual({ builder: 'integer', name: 'id', args: null, modifiers: [{ kind: 'primaryKey' }, { kind: 'identity' }], sqlType: 'integer' });
    expect(id.filters!(field, site, catalog)).toEqual([{ name: 'id', kind: 'number' }]);
    expect(id.select(field, site, 't', fakeSelectContext(catalog))).toBe('t.id');
    expect(id.serialize(field, site, { id: '12' }, ctx)).toBe(12);
  });

  it('url and display_url are built from the id, not selected', () => {
    expect(url.select(fieldOf(site, 'url'), site, 't', fakeSelectContext(catalog))).toBeNull();
    expect(url.serialize(fieldOf(site, 'url'), site, { id: 3 }, ctx)).toBe('http://nb.test/api/dcim/sites/3/');
    expect(displayUrl.serialize(fieldOf(site, 'display_url'), site, { id: 3 }, ctx)).toBe('http://nb.test/dcim/sites/3/');
    expect(url.response(fieldOf(site, 'url'), fakeOpenApiContext(catalog))).toEqual({ type: 'string', format: 'uri', readOnly: true });
    for (const name of ['url', 'display_url']) expect(fieldOf(site, name)).toMatchObject({ column: null, orderable: false, readOnly: true });
  });

  it("display is the resource's display SQL, '' when missing, and orderable", () => {
    expect(display.select(fieldOf(site, 'display'), site, 't', fakeSelectContext(catalog))).toBe('DISPLAY(dcim.sites, t)');
    expect(display.serialize(fieldOf(site, 'display'), site, {}, ctx)).toBe('');
    expect(display.serialize(fieldOf(site, 'display'), site, { display: 'DC1' }, ctx)).toBe('DC1');
    expect(fieldOf(site, 'display').orderable).toBe(true);
  });
});

describe('count', () => {
  const sql = () => fakeSelectContext(catalog);

  it('counts the rows whose fk points here', () => {
    expect(countSql(fieldOf(tenant, 'site_count'), tenant, 't', sql())).toBe('(SELECT count(*) FROM "dcim_site" a1 WHERE a1."region_id" = t.id)::int');
  });

  it('counts over the subtree of a tree node when cumulative', () => {
    expect(countSql(fieldOf(region, 'site_count'), region, 't', sql())).toBe('(SELECT count(*) FROM "dcim_site" a1 WHERE a1."region_id" = ANY(ARRAY(SELECT a2.id FROM "dcim_region" a2 WHERE t.id = ANY(a2.tree_path))))::int');
  });

  it('counts link rows for a many-to-many, distinct sources over a subtree', () => {
    expect(countSql(fieldOf(tenant, 'asn_count'), tenant, 't', sql())).toBe('(SELECT count(*) FROM "ipam_asn_regions" a1 WHERE a1."region_id" = t.id)::int');
    expect(countSql(fieldOf(region, 'asn_count'), region, 't', sql())).toBe('(SELECT count(DISTINCT a1."asn_id") FROM "ipam_asn_regions" a1 WHERE a1."region_id" = ANY(ARRAY(SELECT a2.id FROM "dcim_region" a2 WHERE t.id = ANY(a2.tree_path))))::int');
  });

  it("counts a tag's assignments, or uses a named expression", () => {
    expect(countSql(fieldOf(tag, 'tagged_items'), tag, 't', sql())).toBe(`(SELECT count(*) FROM "${TAG_LINK.table}" ti WHERE ti."${TAG_LINK.tagId}" = t.id)::int`);
    expect(countSql(fieldOf(tag, 'computed'), tag, 't', sql())).toBe('EXPR(tag_usage, t)');
    expect(count.select(fieldOf(tag, 'computed'), tag, 't', sql())).toBe('EXPR(tag_usage, t)');
  });

  it('is a read-only, orderable integer, 0 when missing', () => {
    const field = fieldOf(tenant, 'site_count');
    expect(field).toMatchObject({ readOnly: true, orderable: true, column: null });
    expect(count.serialize(field, tenant, { site_count: '4' }, ctx)).toBe(4);
    expect(count.serialize(field, tenant, {}, ctx)).toBe(0);
  });
});

describe('_depth', () => {
  it('is the tree_depth column, read-only', () => {
    const field = fieldOf(region, '_depth');
    expect(field).toMatchObject({ column: 'tree_depth', readOnly: true, label: 'Depth', orderable: true });
    expect(depth.column(field, catalog)).toEqual({ builder: 'integer', name: 'tree_depth', args: null, modifiers: [{ kind: 'notNull' }, { kind: 'default', sql: '0' }], sqlType: 'integer' });
    expect(depth.select(field, region, 't', fakeSelectContext(catalog))).toBe('t.tree_depth');
    expect(depth.serialize(field, region, { _depth: 2 }, ctx)).toBe(2);
  });
});

describe('custom_fields', () => {
  const field = fieldOf(region, 'custom_fields');

  it("is a jsonb column defaulting to '{}'", () => {
    expect(field.column).toBe('custom_field_data');
    expect(customFields.column(field, catalog)).toEqual({ builder: 'jsonb', name: 'custom_field_data', args: null, modifiers: [{ kind: 'notNull' }, { kind: 'default', sql: `'{}'::jsonb` }], sqlType: 'jsonb' });
    expect(customFields.serialize(field, region, { custom_fields: null }, ctx)).toEqual({});
  });

  it('takes a dictionary, and refuses every name (none can be defined yet)', () => {
    const validator = customFields.validators!(field, catalog).custom_fields;
    expect(parse(validator, {})).toEqual({ value: {} });
    const format = 'Invalid data format. Custom field data must be passed as a dictionary mapping field names to their values.';
    expect(parse(validator, [])).toEqual({ errors: [format] });
    expect(parse(validator, 'x')).toEqual({ errors: [format] });
    const item = new FakeItem();
    customFields.stage!(field, 'custom_fields', { cf1: 1, cf2: 'x' }, item, fakeStageContext(catalog));
    expect(item.errors).toEqual({ custom_fields: { cf1: "Custom field 'cf1' does not exist for this object type.", cf2: "Custom field 'cf2' does not exist for this object type." } });
    expect(item.columns).toEqual({});
    const empty = new FakeItem();
    customFields.stage!(field, 'custom_fields', {}, empty, fakeStageContext(catalog));
    expect(empty.errors).toEqual({});
  });
});
