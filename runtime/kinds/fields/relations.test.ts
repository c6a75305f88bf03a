/**
 * References: `fk` (an id or a dict of attributes in, the nested object out), `m2m` (links in a
 * link table), `reverse` (a hidden hop for filter paths) and `related_list` — filters NetBox
 * derives, validation, references, staging (resolved ids or errors), SQL and serialisation.
 */
import { describe, expect, it } from 'vitest';
import { FakeItem, fakeCatalog, fakeOpenApiContext, fakeResource, fakeSelectContext, fakeSerializeContext, fakeStageContext, fieldOf, parse } from '../../testing/kinds.ts';
import { fk, m2m, relatedList, relatedOnWrite, relationAttribute, relationFilters, reverse } from './relations.ts';

const region = fakeResource('dcim.regions', [{ name: 'name', kind: 'string' }, { name: 'slug', kind: 'slug' }, { name: 'parent', kind: 'fk', target: 'dcim.regions', nullable: true }], { tree: true });
const tenant = fakeResource('tenancy.tenants', [{ name: 'name', kind: 'string' }]);
const asn = fakeResource('ipam.asns', [{ name: 'asn', kind: 'integer' }, { name: 'site', kind: 'fk', target: 'dcim.sites', nullable: true }]);
const site = fakeResource('dcim.sites', [
  { name: 'name', kind: 'string' },
  { name: 'region', kind: 'fk', target: 'dcim.regions', nullable: true, onDelete: 'set_null' },
  { name: 'tenant', kind: 'fk', target: 'tenancy.tenants', nullable: true },
  { name: 'asn', kind: 'fk', target: 'ipam.asns', shows: ['id', 'asn'] },
  { name: 'home', kind: 'fk', target: 'dcim.regions', nullable: true, bare: true },
  { name: 'asns', kind: 'm2m', target: 'ipam.asns', link: { table: 'dcim_site_asns', source: 'site_id', target: 'asn_id' } },
  { name: 'local_asns', kind: 'reverse', target: 'ipam.asns', field: 'site' },
  { name: 'asn_list', kind: 'related_list', target: 'ipam.asns', field: 'site', shows: ['id', 'asn'], readOnly: true },
  { name: 'own_asns', kind: 'related_list', target: 'ipam.asns', field: 'site' },
]);
const catalog = fakeCatalog([region, tenant, asn, site]);
const api = fakeOpenApiContext(catalog);
const validate = (kind: typeof fk, name: string, value: unknown) => parse(kind.validators!(fieldOf(site, name), catalog)[name], value);

describe('relationAttribute and the filters of a foreign key', () => {
  it('matches a slug, else a name, else the id', () => {
    expect(relationAttribute(region)).toBe('slug');
    expect(relationAttribute(tenant)).toBe('name');
    expect(relationAttribute(fakeResource('x.things'))).toBe('id');
  });

  it('derives <fk>_id and <fk>, tree-aware towards a nested group', () => {
    expect(relationFilters(fieldOf(site, 'region'), site, catalog)).toEqual([
      { name: 'region_id', kind: 'tree_id', path: 'region' },
      { name: 'region', kind: 'tree_slug', path: 'region', to: 'slug' },
    ]);
    expect(relationFilters(fieldOf(site, 'tenant'), site, catalog)).toEqual([
      { name: 'tenant_id', kind: 'fk_id', path: 'tenant' },
      { name: 'tenant', kind: 'fk_other', path: 'tenant', to: 'name' },
    ]);
    // A tree's own parent is a plain relation (its subtree is not "below" itself).
    expect(relationFilters(fieldOf(region, 'parent'), region, catalog)).toEqual([
      { name: 'parent_id', kind: 'fk_id', path: 'parent' },
      { name: 'parent', kind: 'fk_slug', path: 'parent', to: 'slug' },
    ]);
  });
});

describe('fk', () => {
  it('is an integer <name>_id column', () => {
    expect(fieldOf(site, 'region').column).toBe('region_id');
    expect(fk.column(fieldOf(site, 'region'), catalog)).toEqual({ builder: 'integer', name: 'region_id', args: null, modifiers: [], sqlType: 'integer' });
    expect(fk.column(fieldOf(site, 'asn'), catalog)).toMatchObject({ modifiers: [{ kind: 'notNull' }] });
  });

  it('takes an id, an int-like string or a dict of attributes; null only when nullable', () => {
    expect(validate(fk, 'region', 7)).toEqual({ value: 7 });
    expect(validate(fk, 'region', '7')).toEqual({ value: 7 });
    expect(validate(fk, 'region', { slug: 'emea' })).toEqual({ value: { slug: 'emea' } });
    expect(validate(fk, 'region', null)).toEqual({ value: null });
    expect(validate(fk, 'asn', null)).toEqual({ errors: ['This field may not be null.'] });
    for (const bad of ['x', 1.5, true, [1]]) {
      expect(validate(fk, 'region', bad), JSON.stringify(bad)).toEqual({ errors: [`Related objects must be referenced by numeric ID or by dictionary of attributes. Received an unrecognized value: ${String(bad)}`] });
    }
  });

  it('names its reference for the batch and stages the resolved id, or the resolver\'s message', () => {
    expect(fk.references!(fieldOf(site, 'region'), 'region', 7)).toEqual({ target: 'dcim.regions', refs: [7] });
    expect(fk.references!(fieldOf(site, 'region'), 'region', null)).toEqual({ target: 'dcim.regions', refs: [] });
    const stage = fakeStageContext(catalog, (target, ref) => (target === 'dcim.regions' && ref === 7 ? { id: 70 } : { error: 'Related object not found using the provided numeric ID: 8' }));
    const item = new FakeItem();
    fk.stage!(fieldOf(site, 'region'), 'region', 7, item, stage);
    expect(item.columns).toEqual({ region_id: 70 });
    const bad = new FakeItem();
    fk.stage!(fieldOf(site, 'region'), 'region', 8, bad, stage);
    expect(bad.columns).toEqual({ region_id: null });
    expect(bad.errors).toEqual({ region: ['Related object not found using the provided numeric ID: 8'] });
    const cleared = new FakeItem();
    fk.stage!(fieldOf(site, 'region'), 'region', null, cleared, stage);
    expect(cleared.columns).toEqual({ region_id: null });
    expect(cleared.errors).toEqual({});
  });

  it('is the target\'s nested object in SQL and in OpenAPI, id or attributes on write', () => {
    const sql = fakeSelectContext(catalog);
    expect(fk.select(fieldOf(site, 'region'), site, 't', sql)).toBe('NESTED(dcim.regions, t."region_id")');
    expect(fk.select(fieldOf(site, 'asn'), site, 't', sql)).toBe('NESTED(ipam.asns, t."asn_id", id|asn)');
    expect(fk.response(fieldOf(site, 'asn'), api)).toEqual({ $ref: '#/embedded/ipam.asns/id|asn' });
    expect(fk.response(fieldOf(site, 'region'), api)).toEqual({ allOf: [{ $ref: '#/embedded/dcim.regions' }], nullable: true });
    expect(fk.request!(fieldOf(site, 'region'), api)).toEqual({ ...relatedOnWrite(region), nullable: true });
    expect(relatedOnWrite(region)).toEqual({
      oneOf: [
        { type: 'integer', description: 'ID of the region' },
        { type: 'object', additionalProperties: {}, description: 'Attributes that identify exactly one region' },
      ],
    });
    const ctx = fakeSerializeContext(catalog);
    expect(fk.serialize(fieldOf(site, 'region'), site, { region: { id: 3, name: 'EMEA' } }, ctx)).toEqual({ nested: 'dcim.regions', id: 3, name: 'EMEA' });
    expect(fk.serialize(fieldOf(site, 'region'), site, { region: null }, ctx)).toBeNull();
  });
});

describe('fk with bare: true', () => {
  it('shows the target id alone, as DRF\'s PrimaryKeyRelatedField, in SQL, answers and OpenAPI', () => {
    expect(fk.select(fieldOf(site, 'home'), site, 't', fakeSelectContext(catalog))).toBe('t."home_id"');
    const ctx = fakeSerializeContext(catalog);
    expect(fk.serialize(fieldOf(site, 'home'), site, { home: '5' }, ctx)).toBe(5);
    expect(fk.serialize(fieldOf(site, 'home'), site, { home: null }, ctx)).toBeNull();
    expect(fk.response(fieldOf(site, 'home'), api)).toEqual({ type: 'integer', nullable: true });
  });
});

describe('m2m', () => {
  it('has no column and takes a list of references', () => {
    expect(m2m.column(fieldOf(site, 'asns'), catalog)).toBeNull();
    expect(fieldOf(site, 'asns').column).toBeNull();
    expect(validate(m2m, 'asns', [1, '2', { asn: 65000 }])).toEqual({ value: [1, 2, { asn: 65000 }] });
    expect(validate(m2m, 'asns', [])).toEqual({ value: [] });
    expect(validate(m2m, 'asns', 1)).toEqual({ errors: ['Expected a list of items but got type "int".'] });
    expect(validate(m2m, 'asns', 'x')).toEqual({ errors: ['Expected a list of items but got type "str".'] });
    expect(validate(m2m, 'asns', [1, 'x'])).toEqual({ errors: ['Incorrect type. Expected pk value, received str.'] });
    expect(validate(m2m, 'asns', null)).toEqual({ errors: ['This field may not be null.'] });
  });

  it("names Python's type when the value is not a list, as DRF does", () => {
    expect(validate(m2m, 'asns', 1)).toEqual({ errors: ['Expected a list of items but got type "int".'] });
    expect(validate(m2m, 'asns', true)).toEqual({ errors: ['Expected a list of items but got type "bool".'] });
  });

  it('stages distinct resolved ids as links, reporting unknown ones', () => {
    expect(m2m.references!(fieldOf(site, 'asns'), 'asns', [1, 2])).toEqual({ target: 'ipam.asns', refs: [1, 2] });
    const stage = fakeStageContext(catalog, (_t, ref) => (ref === 9 ? { error: 'Related object not found using the provided numeric ID: 9' } : typeof ref === 'number' ? { id: ref } : { error: 'Related object not found using the provided attributes: {"asn": 1}' }));
    const item = new FakeItem();
    m2m.stage!(fieldOf(site, 'asns'), 'asns', [1, 2, 1], item, stage);
    expect(item.links.get('asns')).toEqual([1, 2]);
    expect(item.errors).toEqual({});
    const bad = new FakeItem();
    m2m.stage!(fieldOf(site, 'asns'), 'asns', [1, 9, { asn: 1 }], bad, stage);
    expect(bad.links.get('asns')).toEqual([1]);
    expect(bad.errors).toEqual({ asns: ['Invalid pk "9" - object does not exist.', 'Related object not found using the provided attributes: {"asn": 1}'] });
  });

  it('selects the targets through the link table and serialises each nested', () => {
    expect(m2m.select(fieldOf(site, 'asns'), site, 't', fakeSelectContext(catalog))).toBe('LIST(ipam.asns a1 JOIN "dcim_site_asns" a2 ON a2."asn_id" = a1.id WHERE a2."site_id" = t.id)');
    expect(m2m.response(fieldOf(site, 'asns'), api)).toEqual({ type: 'array', items: { $ref: '#/embedded/ipam.asns' } });
    expect(m2m.request!(fieldOf(site, 'asns'), api)).toEqual({ type: 'array', items: { type: 'integer' }, description: 'IDs of asn objects' });
    const ctx = fakeSerializeContext(catalog);
    expect(m2m.serialize(fieldOf(site, 'asns'), site, { asns: [{ id: 1 }] }, ctx)).toEqual([{ nested: 'ipam.asns', id: 1 }]);
    expect(m2m.serialize(fieldOf(site, 'asns'), site, { asns: null }, ctx)).toEqual([]);
  });
});

describe('reverse and related_list', () => {
  it('reverse is hidden: read-only and write-only, never selected, never shown, never orderable', () => {
    const field = fieldOf(site, 'local_asns');
    expect(field).toMatchObject({ readOnly: true, writeOnly: true, orderable: false, column: null });
    expect(reverse.select(field, site, 't', fakeSelectContext(catalog))).toBeNull();
    expect(reverse.serialize(field, site, {}, fakeSerializeContext(catalog))).toBeUndefined();
    expect(reverse.validators).toBeUndefined();
  });

  it('related_list selects the rows whose fk points here, read-only', () => {
    const field = fieldOf(site, 'asn_list');
    expect(field).toMatchObject({ readOnly: true, writeOnly: false, column: null });
    expect(relatedList.select(field, site, 't', fakeSelectContext(catalog))).toBe('LIST(ipam.asns a1 WHERE a1."site_id" = t.id)');
    expect(relatedList.response(field, api)).toEqual({ type: 'array', items: { $ref: '#/embedded/ipam.asns/id|asn' }, readOnly: true });
    expect(relatedList.serialize(field, site, { asn_list: [{ id: 4, asn: 65000 }] }, fakeSerializeContext(catalog))).toEqual([{ nested: 'ipam.asns', id: 4, asn: 65000, shows: ['id', 'asn'] }]);
  });

  it('related_list written (read_only: false) takes ids as DRF does, and points their fk here', () => {
    const field = fieldOf(site, 'own_asns');
    expect(relatedList.response(field, api)).toEqual({ type: 'array', items: { $ref: '#/embedded/ipam.asns' } });
    expect(relatedList.request!(field, api)).toEqual({ type: 'array', items: { type: 'integer' }, description: 'IDs of asn objects' });
    expect(validate(relatedList, 'own_asns', [1, '2'])).toEqual({ value: [1, 2] });
    expect(validate(relatedList, 'own_asns', 3)).toEqual({ errors: ['Expected a list of items but got type "int".'] });
    const item = new FakeItem();
    relatedList.stage!(field, 'own_asns', [4, 9, 4], item, fakeStageContext(catalog, (_t, ref) => (ref === 9 ? { error: 'x' } : { id: ref as number })));
    expect([item.links.get('own_asns'), item.errors]).toEqual([[4], { own_asns: ['Invalid pk "9" - object does not exist.'] }]);
    // The asn's `site` fk, which takes null: ASNs a written list leaves out are cleared.
    expect(relatedList.relation!.reassigns!(field, catalog)).toEqual({ table: asn.table, column: 'site_id', nullable: true });
  });
});
