/**
 * The relation capabilities of the relation kinds (RelationCapabilities): how a filter path hops
 * through each, the link rows they are kept in, what a write staged for them, the reference they
 * hold, their edge of the delete graph, their filter kinds and their change-log snapshot form.
 */
import { describe, expect, it } from 'vitest';
import { TAG_LINK } from '../../contract/index.ts';
import { FakeItem, fakeCatalog, fakeResource, fakeSelectContext, fieldOf } from '../../testing/kinds.ts';
import { genericFk } from './generic.ts';
import { fk, m2m, relatedList, reverse } from './relations.ts';
import { tags } from './tags.ts';

const generic = { typeField: 'assigned_object_type', idField: 'assigned_object_id', targets: ['tenancy.tenants', 'dcim.sites'] };
const tag = fakeResource('extras.tags', [{ name: 'name', kind: 'string' }]);
const asn = fakeResource('ipam.asns', [{ name: 'site', kind: 'fk', target: 'dcim.sites', nullable: true }]);
const contact = fakeResource('tenancy.contact-assignments', [
  { name: 'assigned_object_type', kind: 'object_type', generic },
  { name: 'assigned_object_id', kind: 'integer' },
  { name: 'assigned_object', kind: 'generic_fk', generic, onDelete: 'cascade' },
]);
const site = fakeResource('dcim.sites', [
  { name: 'region', kind: 'fk', target: 'dcim.regions', nullable: true, onDelete: 'set_null' },
  { name: 'shown', kind: 'fk', target: 'dcim.regions', expression: 'x' },
  { name: 'asns', kind: 'm2m', target: 'ipam.asns', link: { table: 'dcim_site_asns', source: 'site_id', target: 'asn_id' } },
  { name: 'groups', kind: 'm2m', target: 'ipam.asns', reverseOf: 'sites', link: { table: 'ipam_asn_sites', source: 'site_id', target: 'asn_id' } },
  { name: 'local_asns', kind: 'reverse', target: 'ipam.asns', field: 'site' },
  { name: 'contacts', kind: 'related_list', target: 'tenancy.contact-assignments', field: 'assigned_object' },
  { name: 'tags', kind: 'tags', target: 'extras.tags' },
]);
const catalog = fakeCatalog([tag, asn, contact, site]);
const field = (name: string) => fieldOf(site, name);

const hopContext = () => fakeSelectContext(catalog);

describe('hop: a filter path stepping through the relation', () => {
  it('through an fk: the row column holds a matching target id', () => {
    expect(fk.relation!.hop!(field('region'), site, 't', catalog.resource('dcim.sites'), 'n', 'INNER', hopContext())).toBe(`t."region_id" IN (SELECT n.id FROM "dcim_site" n WHERE INNER)`);
  });

  it('through an m2m: its link table, joined to the target', () => {
    expect(m2m.relation!.hop!(field('asns'), site, 't', asn, 'n', 'INNER', hopContext())).toBe(
      `t.id IN (SELECT a1."site_id" FROM "dcim_site_asns" a1 JOIN "ipam_asn" n ON n.id = a1."asn_id" WHERE INNER)`,
    );
  });

  it("through tags: the shared assignments table, among the holder type's rows", () => {
    expect(tags.relation!.hop!(field('tags'), site, 't', tag, 'n', 'INNER', hopContext())).toBe(
      `t.id IN (SELECT a1."object_id" FROM "extras_tagged_item" a1 JOIN "extras_tag" n ON n.id = a1."tag_id" WHERE a1."object_type" = 'dcim.site' AND INNER)`,
    );
  });

  it("back through the target's fk, or its generic relation naming the holder's type", () => {
    expect(reverse.relation!.hop!(field('local_asns'), site, 't', asn, 'n', 'INNER', hopContext())).toBe(`t.id IN (SELECT n."site_id" FROM "ipam_asn" n WHERE INNER)`);
    expect(relatedList.relation!.hop!(field('contacts'), site, 't', contact, 'n', 'INNER', hopContext())).toBe(
      `t.id IN (SELECT n."assigned_object_id" FROM "tenancy_contact_assignment" n WHERE n."assigned_object_type" = 'dcim.site' AND INNER)`,
    );
  });

  it('is absent where a path cannot continue (a generic relation names no one target)', () => {
    expect(genericFk.relation!.hop).toBeUndefined();
  });
});

describe('links and staged link changes', () => {
  it("an m2m's own link table (a mirror's, swapped), the tags' shared one with the holder's type", () => {
    expect(m2m.relation!.links!(field('asns'), site, TAG_LINK)).toEqual({ table: 'dcim_site_asns', source: 'site_id', target: 'asn_id' });
    expect(tags.relation!.links!(field('tags'), site, TAG_LINK)).toEqual({ table: 'extras_tagged_item', source: 'object_id', target: 'tag_id', holderType: { column: 'object_type', value: 'dcim.site' } });
    expect(fk.relation!.links).toBeUndefined();
  });

  it('reads what the write staged, nothing when it left the links alone', () => {
    const item = new FakeItem(false);
    expect(m2m.relation!.staged!(field('asns'), item)).toBeUndefined();
    expect(tags.relation!.staged!(field('tags'), item)).toBeUndefined();
    item.links.set('asns', [3, 4]);
    item.tags.add = [7];
    expect(m2m.relation!.staged!(field('asns'), item)).toEqual({ set: [3, 4] });
    expect(tags.relation!.staged!(field('tags'), item)).toEqual({ add: [7] });
  });
});

describe('held references and the delete graph', () => {
  it('names the fields holding the reference: an fk its own, a generic relation its type and id', () => {
    expect(fk.relation!.held!(field('region'))).toEqual({ id: 'region' });
    expect(genericFk.relation!.held!(fieldOf(contact, 'assigned_object'))).toEqual({ id: 'assigned_object_id', type: 'assigned_object_type' });
  });

  it('gives each edge, none for a computed fk, a mirrored m2m or a reverse hop', () => {
    expect(fk.relation!.deleteEdge!(field('region'))).toEqual({ kind: 'fk', targets: ['dcim.regions'], onDelete: 'set_null' });
    expect(fk.relation!.deleteEdge!(field('shown'))).toBeNull();
    expect(m2m.relation!.deleteEdge!(field('asns'))).toEqual({ kind: 'm2m', targets: ['ipam.asns'], onDelete: 'cascade' });
    expect(m2m.relation!.deleteEdge!(field('groups'))).toBeNull();
    expect(tags.relation!.deleteEdge!(field('tags'))).toEqual({ kind: 'tags', targets: ['extras.tags'], onDelete: 'cascade' });
    expect(genericFk.relation!.deleteEdge!(fieldOf(contact, 'assigned_object'))).toEqual({ kind: 'generic', targets: ['dcim.sites', 'tenancy.tenants'], onDelete: 'cascade' });
    expect(genericFk.relation!.deleteEdge!({ ...fieldOf(contact, 'assigned_object'), onDelete: 'do_nothing' })).toBeNull();
    expect(reverse.relation!.deleteEdge).toBeUndefined();
  });
});

describe('shape flags and filter kinds', () => {
  it('tells to-one from to-many, and where the target comes from', () => {
    expect([fk, genericFk, m2m, tags, reverse, relatedList].map((k) => k.relation!.many)).toEqual([false, false, true, true, true, true]);
    expect([fk, genericFk, m2m, tags].map((k) => k.relation!.target)).toEqual(['definition', 'row', 'definition', { fixed: 'extras.tags' }]);
    expect([fk, genericFk, m2m].map((k) => !!k.relation!.foreignKeyColumn)).toEqual([true, false, false]);
    expect([reverse, relatedList, fk].map((k) => !!k.relation!.reversed)).toEqual([true, true, false]);
  });

  it("names NetBox's filter kinds for a path ending there", () => {
    expect(fk.relation!.filterKinds).toEqual({ id: 'fk_id', slug: 'fk_slug', other: 'fk_other' });
    expect(m2m.relation!.filterKinds).toEqual({ id: 'm2m_id', slug: 'm2m_slug', other: 'fk_other' });
    expect(tags.relation!.filterKinds).toEqual({ id: 'tag_id', slug: 'tag', other: 'tag' });
  });
});

describe('snapshots', () => {
  const ctx = { resource: (key: string) => catalog.resource(key), tagLink: TAG_LINK };

  it("records an m2m's sorted ids and the tags' sorted names", () => {
    expect(m2m.snapshot && m2m.snapshot.value!(field('asns'), site, 't', ctx)).toBe(`(SELECT coalesce(jsonb_agg(l."asn_id" ORDER BY l."asn_id"), '[]'::jsonb) FROM "dcim_site_asns" l WHERE l."site_id" = t.id)`);
    expect(tags.snapshot && tags.snapshot.value!(field('tags'), site, 't', ctx)).toContain(`JOIN "extras_tag" tg ON tg.id = ti."tag_id" WHERE ti."object_type" = 'dcim.site' AND ti."object_id" = t.id`);
  });

  it("records a mirror only for an audit-trail model that writes it; a hidden fk even so", () => {
    const recorded = (m2m.snapshot || undefined)!.recorded!;
    expect(recorded(field('groups'), site)).toBe(false);
    expect(recorded(field('groups'), { ...site, changeRecords: true })).toBe(true);
    expect(recorded(field('asns'), site)).toBe(true);
    expect(fk.snapshot).toEqual({ evenHidden: true });
  });
});
