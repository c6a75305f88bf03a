/**
 * The compact encoding of the generated table: expanding a compacted field gives it back, for
 * every field of the repository's table; hidden fields never order a list; shared fields and
 * filter sets are resolved.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { InventoryTable } from '../contract/index.ts';
import { compactField, compactFilter, expandField, expandFilter, expandTable, HEAD_FIELDS, headFields, labelOf } from './table.ts';

const table = JSON.parse(readFileSync(new URL('../../generated/inventory/resources.json', import.meta.url), 'utf8')) as InventoryTable;
const resources = expandTable(table);

describe('labelOf', () => {
  it("is Django's default verbose name, capitalised", () => {
    expect(labelOf('physical_address')).toBe('Physical address');
    expect(labelOf('_depth')).toBe('Depth');
    expect(labelOf('name')).toBe('Name');
  });
});

describe('compactField and expandField', () => {
  it('round-trip every field of the generated table', () => {
    let fields = 0;
    for (const resource of resources) {
      for (const field of resource.fields) {
        expect(expandField(compactField(field)), `${resource.key}.${field.name}`).toEqual(field);
        fields++;
      }
    }
    expect(fields).toBeGreaterThan(200);
  });

  it('leave out exactly what the defaults give', () => {
    expect(compactField(expandField({ name: 'name', kind: 'string', required: true, maxLength: 100 }))).toEqual({ name: 'name', kind: 'string', required: true, maxLength: 100 });
    expect(compactField(expandField({ name: 'region', kind: 'fk', target: 'dcim.regions', column: 'region_id' }))).toEqual({ name: 'region', kind: 'fk', target: 'dcim.regions' });
    expect(compactField(expandField({ name: 'region', kind: 'fk', target: 'dcim.regions', column: 'the_region' }))).toEqual({ name: 'region', kind: 'fk', target: 'dcim.regions', column: 'the_region' });
    expect(compactField(expandField({ name: 'display_name', kind: 'string', expression: 'x' }))).toEqual({ name: 'display_name', kind: 'string', expression: 'x' });
  });

  it('fill in the defaults of a kind: columns, flags, label, orderable', () => {
    expect(expandField({ name: 'site', kind: 'fk' })).toEqual({
      name: 'site', kind: 'fk', column: 'site_id', required: false, nullable: false, readOnly: false, writeOnly: false, default: null, label: 'Site', orderable: true, createOnly: false,
    });
    expect(expandField({ name: 'n', kind: 'string', expression: 'e' })).toMatchObject({ column: null, readOnly: true });
    expect(expandField({ name: 'site_count', kind: 'count' })).toMatchObject({ column: null, readOnly: true, orderable: true });
    expect(expandField({ name: 'password', kind: 'password' })).toMatchObject({ writeOnly: true, orderable: false });
  });

  it('never make a hidden or write-only field orderable, whatever the entry says', () => {
    expect(expandField({ name: 'interfaces', kind: 'reverse', orderable: true })).toMatchObject({ readOnly: true, writeOnly: true, orderable: false });
    expect(expandField({ name: 'contacts', kind: 'm2m', readOnly: true, writeOnly: true, orderable: true })).toMatchObject({ orderable: false });
    expect(expandField({ name: 'password', kind: 'password', orderable: true }).orderable).toBe(false);
    for (const resource of resources) for (const field of resource.fields) if (field.writeOnly) expect(field.orderable, `${resource.key}.${field.name}`).toBe(false);
  });
});

describe('compactFilter and expandFilter', () => {
  it('round-trip every filter of the generated table', () => {
    for (const resource of resources) for (const filter of resource.filters) expect(expandFilter(compactFilter(filter)), `${resource.key}?${filter.name}`).toEqual(filter);
  });

  it("fill the path from the name and the lookups from the kind", () => {
    expect(expandFilter({ name: 'site_id', kind: 'fk_id', path: 'site' })).toEqual({ name: 'site_id', kind: 'fk_id', path: 'site', lookups: ['n'] });
    expect(expandFilter({ name: 'name', kind: 'char' }).path).toBe('name');
    expect(compactFilter(expandFilter({ name: 'tz', kind: 'char', lookups: ['n'] }))).toEqual({ name: 'tz', kind: 'char', lookups: ['n'] });
  });
});

describe('expandTable', () => {
  it('starts every resource with the head fields and resolves shared fields (self targets included)', () => {
    for (const resource of resources) {
      const head = headFields(resource).map((f) => f.name);
      expect(resource.fields.slice(0, head.length).map((f) => f.name), resource.key).toEqual(head);
    }
    expect(headFields(resources.find((r) => r.key === 'tenancy.contact-assignments')!).map((f) => f.name)).toEqual(['id', 'url', 'display']);
    const region = resources.find((r) => r.key === 'dcim.regions')!;
    expect(region.fields.find((f) => f.name === 'parent')).toMatchObject({ kind: 'fk', target: 'dcim.regions', column: 'parent_id', nullable: true });
    expect(region.tree).toBe(true);
    const site = resources.find((r) => r.key === 'dcim.sites')!;
    expect(site.fields.find((f) => f.name === 'tags')).toMatchObject({ kind: 'tags', target: 'extras.tags' });
    expect(site.filters.some((f) => f.name === 'tag' && f.kind === 'tag')).toBe(true);
    expect(site.nested).toEqual(site.brief);
  });

  it('refuses a reference to a shared field or filter set that does not exist', () => {
    const entry = table.resources[0];
    expect(() => expandTable({ ...table, resources: [{ ...entry, fields: ['nope.field'] }] })).toThrow(`${entry.key}: unknown shared field nope.field`);
    expect(() => expandTable({ ...table, resources: [{ ...entry, filters: ['@nope'] }] })).toThrow(`${entry.key}: unknown filter set @nope`);
  });
});
