/**
 * The path compiler: the SQL it produces for paths through fk, m2m, tags, reverse (also over a
 * generic relation) and related_list hops, `id` leaves, tree ops, negation and casts; and, on
 * real databases, that those conditions select the right rows — Django's exclude() semantics
 * included (rows whose relation is NULL are kept by a negation).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryTable } from '../../contract/index.ts';
import { inventoryExtensions } from '../../inventory/index.ts';
import { testDatabases } from '../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../testing/inventoryApp.ts';
import type { Op, WhereOptions } from '../../kinds/index.ts';
import { Registry, RESOURCE_TABLE } from '../registry.ts';
import { PathCompiler, PathError } from './compiler.ts';
import { Params } from './params.ts';
import { SelectBuilder } from './select.ts';

/** Booting an app on a fresh database takes seconds, more on a loaded machine. */
const BOOT_TIMEOUT = 60_000;

/** The repository's table, with a reverse and a related_list hop added to regions (none is defined yet). */
function registryWithHops(): Registry {
  const table = JSON.parse(readFileSync(RESOURCE_TABLE, 'utf8')) as InventoryTable;
  const regions = table.resources.find((r) => r.key === 'dcim.regions')!;
  regions.fields.push({ name: 'sites', kind: 'reverse', target: 'dcim.sites', field: 'region' }, { name: 'site_list', kind: 'related_list', target: 'dcim.sites', field: 'region', shows: ['id', 'name'] });
  return new Registry(table);
}

const registry = registryWithHops();
const resource = (key: string) => registry.resource(key);

/** Compiles one condition on `t` of `key`; returns the SQL and its parameters. */
function compile(key: string, path: string, op: Op, values: unknown[], options?: WhereOptions) {
  const params = new Params();
  const compiler = new PathCompiler(registry, params, new SelectBuilder(registry, inventoryExtensions));
  return { sql: compiler.where(resource(key), 't', path, op, values, options), params: params.values };
}

describe('SQL of paths', () => {
  it('a stored field, cast as asked', () => {
    expect(compile('dcim.sites', 'name', 'in', ['A', 'B'], { cast: 'text' })).toEqual({ sql: 't."name"::text = ANY($1::text[])', params: [['A', 'B']] });
    expect(compile('dcim.sites', 'latitude', 'gt', ['10.5'], { cast: 'numeric' })).toEqual({ sql: 't."latitude" > $1::numeric', params: ['10.5'] });
    expect(compile('dcim.sites', 'latitude', 'lte', ['1', '2'], { cast: 'numeric' }).sql).toBe('(t."latitude" <= $1::numeric OR t."latitude" <= $2::numeric)');
    expect(compile('dcim.sites', 'name', 'icontains', ['a_%'], { cast: 'text' })).toEqual({ sql: 't."name"::text ILIKE $1', params: ['%a\\_\\%%'] });
    expect(compile('dcim.sites', 'name', 'iexact', ['x']).sql).toBe('upper(t."name"::text) = upper($1)');
    expect(compile('dcim.sites', 'facility', 'empty', [true]).sql).toBe(`(t."facility" IS NULL OR t."facility"::text = '')`);
    expect(compile('dcim.sites', 'latitude', 'isnull', [true]).sql).toBe('t."latitude" IS NULL');
  });

  it('`id` leaves compare the row id as an integer (bigint) unless a cast is asked', () => {
    expect(compile('dcim.sites', 'id', 'in', ['1', '2'])).toEqual({ sql: 't.id = ANY($1::bigint[])', params: [['1', '2']] });
    expect(compile('dcim.sites', 'id', 'gt', ['1'], { negate: true }).sql).toBe('NOT coalesce(t.id > $1::bigint, false)');
    expect(compile('dcim.sites', 'id', 'in', ['1'], { cast: 'numeric' }).sql).toBe('t.id = ANY($1::numeric[])');
  });

  it('an fk leaf compares the id it holds; a hop is an IN subquery on the target', () => {
    expect(compile('dcim.sites', 'region', 'in', ['3'], { cast: 'integer' }).sql).toBe('t."region_id" = ANY($1::bigint[])');
    expect(compile('dcim.sites', 'region__slug', 'in', ['emea'], { cast: 'text' }).sql).toBe('t."region_id" IN (SELECT a1.id FROM "dcim_region" a1 WHERE a1."slug"::text = ANY($1::text[]))');
    expect(compile('dcim.sites', 'region__id', 'in', ['3']).sql).toBe('t."region_id" IN (SELECT a1.id FROM "dcim_region" a1 WHERE a1.id = ANY($1::bigint[]))');
    expect(compile('dcim.sites', 'region__parent__slug', 'in', ['world'], { cast: 'text' }).sql).toBe(
      't."region_id" IN (SELECT a1.id FROM "dcim_region" a1 WHERE a1."parent_id" IN (SELECT a2.id FROM "dcim_region" a2 WHERE a2."slug"::text = ANY($1::text[])))',
    );
  });

  it('an m2m hop goes through its link table', () => {
    expect(compile('dcim.sites', 'asns__asn', 'in', ['65001'], { cast: 'numeric' }).sql).toBe(
      't.id IN (SELECT a2."site_id" FROM "dcim_site_asns" a2 JOIN "ipam_asn" a1 ON a1.id = a2."asn_id" WHERE a1."asn" = ANY($1::numeric[]))',
    );
    expect(compile('dcim.sites', 'asns', 'in', ['4']).sql).toBe('t.id IN (SELECT a2."site_id" FROM "dcim_site_asns" a2 JOIN "ipam_asn" a1 ON a1.id = a2."asn_id" WHERE a1.id = ANY($1::bigint[]))');
    expect(compile('dcim.sites', 'asns', 'isnull', [true]).sql).toBe('NOT coalesce(t.id IN (SELECT a2."site_id" FROM "dcim_site_asns" a2 JOIN "ipam_asn" a1 ON a1.id = a2."asn_id" WHERE true), false)');
  });

  it('a tags hop goes through the tag assignments of the object type', () => {
    expect(compile('dcim.sites', 'tags__slug', 'in', ['red'], { cast: 'text' }).sql).toBe(
      `t.id IN (SELECT a2."object_id" FROM "extras_tagged_item" a2 JOIN "extras_tag" a1 ON a1.id = a2."tag_id" WHERE a2."object_type" = 'dcim.site' AND a1."slug"::text = ANY($1::text[]))`,
    );
  });

  it('a reverse hop selects the fk of the target; over a generic relation, its id for this object type', () => {
    expect(compile('dcim.regions', 'sites__name', 'in', ['Alpha'], { cast: 'text' }).sql).toBe('t.id IN (SELECT a1."region_id" FROM "dcim_site" a1 WHERE a1."name"::text = ANY($1::text[]))');
    expect(compile('dcim.sites', 'contacts__contact__name', 'in', ['Ann'], { cast: 'text' }).sql).toBe(
      `t.id IN (SELECT a1."object_id" FROM "tenancy_contact_assignment" a1 WHERE a1."object_type" = 'dcim.site' AND a1."contact_id" IN (SELECT a2.id FROM "tenancy_contact" a2 WHERE a2."name"::text = ANY($1::text[])))`,
    );
  });

  it('a related_list hop is a reverse hop too', () => {
    expect(compile('dcim.regions', 'site_list__name', 'in', ['Beta'], { cast: 'text' }).sql).toBe('t.id IN (SELECT a1."region_id" FROM "dcim_site" a1 WHERE a1."name"::text = ANY($1::text[]))');
  });

  it('tree ops match the subtree of nodes given by id or by an attribute', () => {
    expect(compile('dcim.sites', 'region', 'tree', ['1', '2'])).toEqual({ sql: 't."region_id" IN (SELECT a1.id FROM "dcim_region" a1 WHERE a1.tree_path && $1::int[])', params: [['1', '2']] });
    expect(compile('dcim.sites', 'region', 'tree', ['world'], { attribute: 'slug' }).sql).toBe(
      't."region_id" IN (SELECT a1.id FROM "dcim_region" a1 WHERE a1.tree_path && ARRAY(SELECT a2.id FROM "dcim_region" a2 WHERE a2."slug"::text = ANY($1::text[])))',
    );
  });

  it("negation is Django's exclude: NOT coalesce(…, false) around the whole path", () => {
    expect(compile('dcim.sites', 'region__slug', 'in', ['emea'], { cast: 'text', negate: true }).sql).toBe(
      'NOT coalesce(t."region_id" IN (SELECT a1.id FROM "dcim_region" a1 WHERE a1."slug"::text = ANY($1::text[])), false)',
    );
  });

  it('refuses a path through something that is not a relation, or a field that does not exist', () => {
    expect(() => compile('dcim.sites', 'name__slug', 'in', ['x'])).toThrow(PathError);
    expect(() => compile('dcim.sites', 'name__slug', 'in', ['x'])).toThrow('dcim.sites.name is not a relation');
    expect(() => compile('dcim.sites', 'nope', 'in', ['x'])).toThrow('dcim.sites has no field nope');
    expect(() => compile('dcim.sites', 'name', 'contains' as Op, ['x'])).not.toThrow();
    expect(() => compile('dcim.sites', 'name', 'bogus' as Op, ['x'])).toThrow('unsupported lookup bogus');
  });

  it('fieldAt finds the field at the end of a path, null for an `id` leaf', () => {
    const compiler = new PathCompiler(registry, new Params(), new SelectBuilder(registry, inventoryExtensions));
    expect(compiler.fieldAt(resource('dcim.sites'), 'region__slug')).toMatchObject({ resource: { key: 'dcim.regions' }, field: { name: 'slug' } });
    expect(compiler.fieldAt(resource('dcim.sites'), 'tags__id')).toMatchObject({ resource: { key: 'extras.tags' }, field: null });
    expect(() => compiler.fieldAt(resource('dcim.sites'), 'slug__x')).toThrow(PathError);
  });
});

describe.each(testDatabases())('conditions on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};

  /** Names of `key` rows matching the compiled condition. */
  async function matching(key: string, path: string, op: Op, values: unknown[], options?: WhereOptions): Promise<string[]> {
    const { sql, params } = compile(key, path, op, values, options);
    const rows = await api.db.query<{ name: string }>(`SELECT t.name FROM "${resource(key).table}" t WHERE ${sql} ORDER BY t.name`, params);
    return rows.map((r) => r.name);
  }

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const post = async (path: string, body: unknown) => {
      const response = await api.request('POST', path, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body;
    };
    const world = await post('/api/dcim/regions/', { name: 'World', slug: 'world' });
    const emea = await post('/api/dcim/regions/', { name: 'EMEA', slug: 'emea', parent: world.id });
    await post('/api/dcim/regions/', { name: 'Other', slug: 'other' });
    Object.assign(ids, { world: world.id, emea: emea.id });
    await post('/api/extras/tags/', { name: 'Red', slug: 'red' });
    await post('/api/extras/tags/', { name: 'Blue', slug: 'blue' });
    const rir = await post('/api/ipam/rirs/', { name: 'RIR', slug: 'rir' });
    const asn = await post('/api/ipam/asns/', { asn: 65001, rir: rir.id });
    const [alpha, beta] = await post('/api/dcim/sites/', [
      { name: 'Alpha', slug: 'alpha', region: emea.id, latitude: 10.5, asns: [asn.id], tags: [{ slug: 'red' }] },
      { name: 'Beta', slug: 'beta', region: world.id, latitude: 20, tags: [{ slug: 'red' }, { slug: 'blue' }] },
      { name: 'Gamma', slug: 'gamma' },
    ]);
    Object.assign(ids, { alpha: alpha.id, beta: beta.id });
    const ann = await post('/api/tenancy/contacts/', { name: 'Ann' });
    const bob = await post('/api/tenancy/contacts/', { name: 'Bob' });
    const role = await post('/api/tenancy/contact-roles/', { name: 'Admin', slug: 'admin' });
    await post('/api/tenancy/contact-assignments/', { object_type: 'dcim.site', object_id: alpha.id, contact: ann.id, role: role.id });
    // Bob is assigned to a tenant whose id is Beta's: only the object type tells them apart.
    let tenant: any;
    do tenant = await post('/api/tenancy/tenants/', { name: `T${Object.keys(ids).length}-${Math.random()}`, slug: `t-${Math.random().toString(36).slice(2)}` });
    while (tenant.id < beta.id);
    expect(tenant.id).toBe(beta.id);
    await post('/api/tenancy/contact-assignments/', { object_type: 'tenancy.tenant', object_id: tenant.id, contact: bob.id, role: role.id });
  }, BOOT_TIMEOUT);
  afterAll(async () => api?.close());

  it('stored fields with casts', async () => {
    expect(await matching('dcim.sites', 'latitude', 'gt', ['10.5'], { cast: 'numeric' })).toEqual(['Beta']);
    expect(await matching('dcim.sites', 'name', 'istartswith', ['a'], { cast: 'text' })).toEqual(['Alpha']);
    expect(await matching('dcim.sites', 'latitude', 'isnull', [true])).toEqual(['Gamma']);
    expect(await matching('dcim.sites', 'id', 'in', [String(ids.alpha), String(ids.beta)])).toEqual(['Alpha', 'Beta']);
  });

  it('fk paths, and their negation keeps rows with no region', async () => {
    expect(await matching('dcim.sites', 'region__slug', 'in', ['emea'], { cast: 'text' })).toEqual(['Alpha']);
    expect(await matching('dcim.sites', 'region__slug', 'in', ['emea'], { cast: 'text', negate: true })).toEqual(['Beta', 'Gamma']);
    expect(await matching('dcim.sites', 'region__parent__slug', 'in', ['world'], { cast: 'text' })).toEqual(['Alpha']);
    expect(await matching('dcim.sites', 'region__id', 'in', [String(ids.world)])).toEqual(['Beta']);
    expect(await matching('dcim.sites', 'region', 'in', [String(ids.world)], { cast: 'integer', negate: true })).toEqual(['Alpha', 'Gamma']);
  });

  it('m2m and tags paths', async () => {
    expect(await matching('dcim.sites', 'asns__asn', 'in', ['65001'], { cast: 'numeric' })).toEqual(['Alpha']);
    expect(await matching('dcim.sites', 'asns', 'isnull', [true])).toEqual(['Beta', 'Gamma']);
    expect(await matching('dcim.sites', 'tags__slug', 'in', ['red'], { cast: 'text' })).toEqual(['Alpha', 'Beta']);
    expect(await matching('dcim.sites', 'tags__slug', 'in', ['blue'], { cast: 'text', negate: true })).toEqual(['Alpha', 'Gamma']);
    expect(await matching('dcim.sites', 'tags', 'isnull', [false])).toEqual(['Alpha', 'Beta']);
  });

  it('reverse paths, over a generic relation only for this object type', async () => {
    expect(await matching('dcim.sites', 'contacts__contact__name', 'in', ['Ann'], { cast: 'text' })).toEqual(['Alpha']);
    expect(await matching('dcim.sites', 'contacts__contact__name', 'in', ['Bob'], { cast: 'text' })).toEqual([]);
    expect(await matching('dcim.sites', 'contacts__contact__name', 'in', ['Ann'], { cast: 'text', negate: true })).toEqual(['Beta', 'Gamma']);
    expect(await matching('dcim.regions', 'sites__name', 'in', ['Alpha'], { cast: 'text' })).toEqual(['EMEA']);
    expect(await matching('dcim.regions', 'site_list__name', 'in', ['Beta'], { cast: 'text' })).toEqual(['World']);
    expect(await matching('dcim.regions', 'sites', 'isnull', [false])).toEqual(['EMEA', 'World']);
  });

  it('`isnull` on a reverse hop matches rows without related rows, whatever NULLs the target holds', async () => {
    expect(await matching('dcim.regions', 'sites', 'isnull', [true])).toEqual(['Other']);
  });

  it('tree ops match a node and its descendants, by id or by attribute', async () => {
    expect(await matching('dcim.sites', 'region', 'tree', [String(ids.world)])).toEqual(['Alpha', 'Beta']);
    expect(await matching('dcim.sites', 'region', 'tree', [String(ids.emea)])).toEqual(['Alpha']);
    expect(await matching('dcim.sites', 'region', 'tree', ['world'], { attribute: 'slug' })).toEqual(['Alpha', 'Beta']);
    expect(await matching('dcim.sites', 'region', 'tree', ['emea'], { attribute: 'slug', negate: true })).toEqual(['Beta', 'Gamma']);
  });
});
