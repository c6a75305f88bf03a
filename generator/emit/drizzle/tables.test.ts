import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { InventoryIR } from '../../ir/types.ts';
import { buildProjectIR, projectPaths } from '../../pipeline.ts';
import { buildTableSpecs, constraintMeanings, constraintName, orderingColumns, type TableSpec } from './tables.ts';

const ir = buildProjectIR(projectPaths(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'))).inventory;
const tables = buildTableSpecs(ir);
const table = (name: string, specs: TableSpec[] = tables) => specs.find((t) => t.name === name)!;

function changed(change: (ir: InventoryIR) => void): InventoryIR {
  const copy = structuredClone(ir);
  change(copy);
  return copy;
}

describe('constraintName', () => {
  it('keeps short names readable', () => {
    expect(constraintName('dcim_site_region_id', 'fk')).toBe('dcim_site_region_id_fk');
  });

  it('shortens long names under 63 bytes with a stable hash', () => {
    const base = 'users_group_permissions_permission_id_users_object_permission_id';
    const name = constraintName(base, 'fk');
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).toMatch(/^users_group_permissions_permission_id_users_obj\w*_[0-9a-f]{8}_fk$/);
    expect(constraintName(base, 'fk')).toBe(name);
    expect(constraintName(`${base}_x`, 'fk')).not.toBe(name);
  });
});

describe('buildTableSpecs', () => {
  it('indexes the default list order when it is plain ascending columns, ending on id', () => {
    expect(table('dcim_device').indexes.find((i) => i.name === 'dcim_device_ordering_idx')?.parts).toEqual([
      { column: '_name', lower: false },
      { column: 'id', lower: false },
    ]);
    const resource = (key: string) => ir.resources.find((r) => r.key === key)!;
    // Device types order by manufacturer (a reference, sorted by the manufacturer's own order): no index.
    expect(orderingColumns(resource('dcim.device-types'))).toBeNull();
    const withOrdering = (ordering: string[]) => ({ ...resource('dcim.devices'), ordering });
    expect(orderingColumns(withOrdering(['-name']))).toBeNull();
    expect(orderingColumns(withOrdering(['id']))).toBeNull();
    expect(orderingColumns(withOrdering(['status', '_name', 'id']))).toEqual(['status', '_name', 'id']);
  });

  it("makes a field's db_index kinds its indexes: a btree, GiST inet_ops, the host and the mask length", () => {
    const parts = (name: string) => table('ipam_prefix').indexes.find((i) => i.name === name);
    expect(parts('ipam_prefix_prefix_idx')).toMatchObject({ parts: [{ column: 'prefix', lower: false }] });
    expect(parts('ipam_prefix_prefix_gist_idx')).toMatchObject({ using: 'gist', parts: [{ column: 'prefix', opclass: 'inet_ops' }] });
    expect(parts('ipam_prefix_prefix_masklen_idx')).toMatchObject({ parts: [{ column: 'prefix', masklen: true }] });
    expect(table('ipam_ip_address').indexes.find((i) => i.name === 'ipam_ip_address_address_host_idx')).toMatchObject({ parts: [{ column: 'address', host: true }] });
    // Prefixes order by the stored VRF order, then the network.
    expect(parts('ipam_prefix_ordering_idx')?.parts.map((p) => p.column)).toEqual(['_vrf_order', 'prefix', 'id']);
  });

  it('gives tree resources a tree_path and every foreign key an index', () => {
    const location = table('dcim_location');
    expect(location.app).toBe('dcim');
    expect(location.constName).toBe('dcimLocation');
    expect(location.columns.at(-1)).toEqual({ builder: 'integer', name: 'tree_path', args: null, modifiers: [{ kind: 'array' }, { kind: 'notNull' }, { kind: 'default', sql: `'{}'` }], sqlType: 'integer[]' });
    const fkColumns = location.foreignKeys.map((fk) => fk.column);
    expect(fkColumns).toEqual(['site_id', 'parent_id', 'tenant_id', 'owner_id']);
    for (const column of fkColumns) expect(location.indexes).toContainEqual(expect.objectContaining({ unique: false, parts: [{ column, lower: false }] }));
    expect(location.foreignKeys.find((fk) => fk.column === 'tenant_id')).toEqual({ name: 'dcim_location_tenant_id_fk', column: 'tenant_id', references: 'tenancy_tenant', onDelete: 'no action', meaning: { resource: 'dcim.locations', field: 'tenant' } });
    expect(location.foreignKeys.find((fk) => fk.column === 'parent_id')).toMatchObject({ references: 'dcim_location', onDelete: 'no action' });
  });

  it('makes every foreign key `no action`: what a delete does is the relation graph\'s, for the application', () => {
    const keys = tables.flatMap((t) => t.foreignKeys);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys.map((fk) => fk.onDelete))).toEqual(new Set(['no action']));
    // The database keeps no rule; the relation graph the delete collector walks keeps each field's.
    const relation = (resource: string, field: string) => ir.relations.find((r) => r.resource === resource && r.field === field)?.onDelete;
    expect([relation('dcim.locations', 'tenant'), relation('dcim.locations', 'parent'), relation('dcim.sites', 'region'), relation('dcim.sites', 'asns')]).toEqual(['protect', 'cascade', 'set_null', 'cascade']);
  });

  it('turns conditional uniques into partial unique indexes', () => {
    const partial = table('dcim_location').indexes.find((i) => i.name === 'dcim_location_site_id_name_where_parent_id_null_uniq');
    expect(partial).toEqual({
      name: 'dcim_location_site_id_name_where_parent_id_null_uniq',
      unique: true,
      parts: [{ column: 'site_id', lower: false }, { column: 'name', lower: false }],
      whereNull: ['parent_id'],
      meaning: { resource: 'dcim.locations', unique: 1 },
    });
  });

  it('indexes lower(column) for case-insensitive uniques', () => {
    const specs = buildTableSpecs(changed((x) => (x.resources.find((r) => r.key === 'dcim.sites')!.unique[0].caseInsensitive = true)));
    expect(table('dcim_site', specs).indexes).toContainEqual(expect.objectContaining({ name: 'dcim_site_lower_name_uniq', parts: [{ column: 'name', lower: true }] }));
  });

  it('builds link tables with keys on both sides, a unique pair and a target index', () => {
    expect(table('dcim_site_asns')).toMatchObject({
      app: 'dcim',
      columns: [expect.objectContaining({ name: 'id' }), expect.objectContaining({ name: 'site_id', modifiers: [{ kind: 'notNull' }] }), expect.objectContaining({ name: 'asn_id' })],
      indexes: [
        { name: 'dcim_site_asns_site_id_asn_id_uniq', unique: true, parts: [{ column: 'site_id', lower: false }, { column: 'asn_id', lower: false }] },
        { name: 'dcim_site_asns_asn_id_idx', unique: false, parts: [{ column: 'asn_id', lower: false }] },
      ],
      foreignKeys: [
        { name: 'dcim_site_asns_site_id_fk', column: 'site_id', references: 'dcim_site', onDelete: 'no action', meaning: null },
        { name: 'dcim_site_asns_asn_id_fk', column: 'asn_id', references: 'ipam_asn', onDelete: 'no action', meaning: null },
      ],
    });
  });

  it('adds the shared tagged-item table when a resource has tags', () => {
    expect(ir.resources.some((r) => r.fields.some((f) => f.kind === 'tags'))).toBe(true);
    expect(table('extras_tagged_item')).toMatchObject({
      app: 'extras',
      columns: [{ name: 'id' }, { name: 'tag_id' }, { name: 'object_type', args: { length: 100 } }, { name: 'object_id' }],
      foreignKeys: [{ column: 'tag_id', references: 'extras_tag', onDelete: 'no action' }],
    });
    // Tagged objects read that table: it is not emitted twice.
    expect(tables.filter((t) => t.name === 'extras_tagged_item')).toHaveLength(1);
    const untagged = changed((x) => {
      x.resources = x.resources.filter((r) => r.key !== 'extras.tagged-objects');
      x.resources.forEach((r) => (r.fields = r.fields.filter((f) => f.kind !== 'tags')));
    });
    expect(buildTableSpecs(untagged).map((t) => t.name)).not.toContain('extras_tagged_item');
    const stray = changed((x) => x.resources.find((r) => r.key === 'extras.tagged-objects')!.fields.push({ ...x.resources.find((r) => r.key === 'extras.tags')!.fields.find((f) => f.name === 'name')! }));
    expect(() => buildTableSpecs(stray)).toThrow(/extras\.tagged-objects reads the tag link table extras_tagged_item, which has no column name/);
  });

  it('keeps every table and constraint name unique and within 63 bytes', () => {
    const names = tables.flatMap((t) => [...t.indexes.map((i) => i.name), ...t.foreignKeys.map((f) => f.name)]);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => n.length > 63)).toEqual([]);
    expect(tables.map((t) => t.name)).toEqual([...tables.map((t) => t.name)].sort());
  });

  it('explains inconsistent IR instead of emitting a broken schema', () => {
    const unknownTarget = changed((x) => (x.resources.find((r) => r.key === 'dcim.sites')!.fields.find((f) => f.name === 'region')!.target = 'dcim.nowhere'));
    expect(() => buildTableSpecs(unknownTarget)).toThrow(/dcim\.sites\.region: foreign key target dcim\.nowhere is not a resource/);
    const setNullRequired = changed((x) => (x.resources.find((r) => r.key === 'ipam.asns')!.fields.find((f) => f.name === 'rir')!.onDelete = 'set_null'));
    expect(() => buildTableSpecs(setNullRequired)).toThrow(/ipam\.asns\.rir: on_delete set_null needs a nullable field/);
  });
});

describe('constraintMeanings', () => {
  it('maps unique indexes and foreign keys to what they protect', () => {
    const meanings = constraintMeanings(tables);
    expect(meanings.dcim_site_slug_uniq).toEqual({ kind: 'unique', table: 'dcim_site', columns: ['slug'], resource: 'dcim.sites', unique: 1 });
    expect(meanings.dcim_site_asns_site_id_asn_id_uniq).toMatchObject({ kind: 'unique', resource: null, unique: null });
    expect(meanings.ipam_asn_rir_id_fk).toEqual({ kind: 'foreign_key', table: 'ipam_asn', column: 'rir_id', references: 'ipam_rir', resource: 'ipam.asns', field: 'rir' });
    expect(Object.keys(meanings)).toEqual(Object.keys(meanings).sort());
    expect(meanings.dcim_site_region_id_idx).toBeUndefined();
  });
});
