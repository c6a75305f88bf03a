/**
 * Permission constraints → SQL: how NetBox's stored forms combine, every lookup, `$user`, the
 * errors a bad constraint gives, foreign keys named by their attname (`site_id`) and `pk` as
 * Django reads them; and on real databases, that constraints over fields, FK, M2M, tag, tree and
 * generic-relation paths select exactly the objects they name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryExtensions } from '../../inventory/index.ts';
import { testDatabases } from '../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../testing/inventoryApp.ts';
import { Registry } from '../registry.ts';
import { PathCompiler } from './compiler.ts';
import { ConstraintCompiler, ConstraintError, constraintSets, type ConstraintSet } from './constraints.ts';
import { Params } from './params.ts';
import { SelectBuilder } from './select.ts';

const registry = Registry.load();

function compile(key: string, sets: ConstraintSet[], userId = 7) {
  const params = new Params();
  const compiler = new ConstraintCompiler(new PathCompiler(registry, params, new SelectBuilder(registry, inventoryExtensions)), (id) => registry.objectTypeById.get(id));
  return { sql: compiler.compile(registry.resource(key), 't', sets, userId), params: params.values };
}

describe('constraintSets', () => {
  it("ORs every permission's constraints; an empty one leaves the objects unrestricted", () => {
    expect(constraintSets([{ name: 'a' }, [{ name: 'b' }, { slug: 'c' }]])).toEqual([{ name: 'a' }, { name: 'b' }, { slug: 'c' }]);
    expect(constraintSets([{ name: 'a' }, null])).toBeNull();
    expect(constraintSets([{ name: 'a' }, {}])).toBeNull();
    expect(constraintSets([[]])).toBeNull();
    expect(constraintSets([[{ name: 'a' }, {}]])).toBeNull();
    expect(constraintSets([])).toEqual([]);
  });
});

describe('ConstraintCompiler', () => {
  it('ANDs the lookups of a constraint and ORs constraints', () => {
    expect(compile('dcim.sites', [{ name: 'A', slug: 'a' }, { status: 'active' }])).toEqual({
      sql: '((t."name"::text = $1::text AND t."slug"::text = $2::text) OR t."status"::text = $3::text)',
      params: ['A', 'a', 'active'],
    });
    expect(compile('dcim.sites', []).sql).toBe('false');
  });

  it('takes every lookup NetBox documents', () => {
    const sql = (key: string, value: unknown) => compile('dcim.sites', [{ [key]: value }]).sql;
    expect(sql('name__iexact', 'a')).toBe('upper(t."name"::text) = upper($1)');
    expect(sql('name__in', ['a', 'b'])).toBe('t."name"::text = ANY($1::text[])');
    expect(sql('name__in', [])).toBe('false');
    expect(sql('name__contains', 'a')).toBe('t."name"::text LIKE $1');
    expect(sql('name__icontains', 'a')).toBe('t."name"::text ILIKE $1');
    expect(sql('name__startswith', 'a')).toBe('t."name"::text LIKE $1');
    expect(sql('name__istartswith', 'a')).toBe('t."name"::text ILIKE $1');
    expect(sql('name__endswith', 'a')).toBe('t."name"::text LIKE $1');
    expect(sql('name__iendswith', 'a')).toBe('t."name"::text ILIKE $1');
    expect(sql('latitude__gt', 1)).toBe('t."latitude" > $1::numeric');
    expect(sql('latitude__gte', '1.5')).toBe('t."latitude" >= $1::numeric');
    expect(sql('id__lt', 5)).toBe('t.id < $1::bigint');
    expect(sql('id__lte', 5)).toBe('t.id <= $1::bigint');
    expect(sql('region__isnull', true)).toBe('t."region_id" IS NULL');
    expect(sql('name__regex', '^a')).toBe('t."name"::text ~ $1');
    expect(sql('name__iregex', '^a')).toBe('t."name"::text ~* $1');
    expect(sql('id__range', [1, 9])).toBe('(t.id >= $1::bigint AND t.id <= $2::bigint)');
    expect(sql('region', null)).toBe('t."region_id" IS NULL');
  });

  it("names a foreign key by its attname (`site_id`), at any depth, and the id by `pk`, as Django's get_field does", () => {
    expect(compile('dcim.devices', [{ site_id: 5 }])).toEqual({ sql: 't."site_id" = $1::bigint', params: ['5'] });
    expect(compile('dcim.devices', [{ site_id__in: [5, 6] }])).toEqual({ sql: 't."site_id" = ANY($1::bigint[])', params: [['5', '6']] });
    expect(compile('dcim.devices', [{ device_type_id: 1 }]).sql).toBe('t."device_type_id" = $1::bigint');
    expect(compile('dcim.devices', [{ site_id__isnull: true }]).sql).toBe('t."site_id" IS NULL');
    expect(compile('dcim.devices', [{ site__region_id: 3 }]).sql).toBe('t."site_id" IN (SELECT a1.id FROM "dcim_site" a1 WHERE a1."region_id" = $1::bigint)');
    expect(compile('dcim.devices', [{ site__region_id__in: [3] }]).sql).toBe('t."site_id" IN (SELECT a1.id FROM "dcim_site" a1 WHERE a1."region_id" = ANY($1::bigint[]))');
    expect(compile('dcim.devices', [{ pk: 3 }]).sql).toBe('t.id = $1::bigint');
    expect(compile('dcim.devices', [{ site__pk__in: [2] }]).sql).toBe('t."site_id" IN (SELECT a1.id FROM "dcim_site" a1 WHERE a1.id = ANY($1::bigint[]))');
    // A content type is a foreign key too: its attname takes the type's id.
    const id = [...registry.objectTypeById].find(([, name]) => name === 'dcim.interface')![0];
    expect(compile('ipam.ip-addresses', [{ assigned_object_type_id: id }]).params).toEqual(['dcim.interface']);
    // A field that really is named `…_id` is that field; `_id` of what is no foreign key names nothing.
    expect(compile('ipam.ip-addresses', [{ assigned_object_id: 4 }]).sql).toBe('t."assigned_object_id" = $1::bigint');
    expect(() => compile('dcim.devices', [{ name_id: 1 }])).toThrow("Cannot resolve keyword 'name_id' into field (name_id).");
    expect(() => compile('dcim.devices', [{ tags_id: 1 }])).toThrow("Cannot resolve keyword 'tags_id' into field (tags_id).");
    expect(() => compile('dcim.devices', [{ site__nothing_id: 1 }])).toThrow("Cannot resolve keyword 'nothing_id' into field (site__nothing_id).");
  });

  it('puts the caller in for $user, alone or in a list', () => {
    expect(compile('users.tokens', [{ user: '$user' }], 42).params).toEqual(['42']);
    expect(compile('users.tokens', [{ user__in: ['$user', 3] }], 42).params).toEqual([['42', '3']]);
  });

  it('reads a generic relation type given as an object type id', () => {
    const id = [...registry.objectTypeById].find(([, name]) => name === 'dcim.interface')![0];
    expect(compile('ipam.ip-addresses', [{ assigned_object_type: id }]).params).toEqual(['dcim.interface']);
  });

  it('refuses missing fields, bad lookups and values of the wrong type', () => {
    const refused = (sets: unknown[]) => expect(() => compile('dcim.sites', sets as ConstraintSet[])).toThrow(ConstraintError);
    expect(() => compile('dcim.sites', [{ nope: 1 }])).toThrow("Cannot resolve keyword 'nope' into field (nope).");
    refused([{ region__nope: 'x' }]);
    refused([{ name__slug: 'x' }]);
    refused([{ name__bogus: 'x' }]);
    refused([{ id: 'abc' }]);
    refused([{ region: 'emea' }]);
    refused([{ latitude__gt: 'north' }]);
    refused([{ name__in: 'a' }]);
    refused([{ id__range: [1] }]);
    refused([{ region__isnull: 'yes' }]);
    refused([{ name: { a: 1 } }]);
    refused([{ name__regex: '(' }]);
    refused(['name']);
  });
});

describe.each(testDatabases())('constraints on $name', (database) => {
  let api: TestClient;
  let userId: number;

  async function allowed(key: string, sets: ConstraintSet[]): Promise<string[]> {
    const { sql, params } = compile(key, sets, userId);
    const resource = registry.resource(key);
    const rows = await api.db.query<{ label: string }>(`SELECT t.${resource.key === 'users.tokens' ? 'description' : 'name'} AS label FROM "${resource.table}" t WHERE ${sql} ORDER BY 1`, params);
    return rows.map((r) => r.label);
  }

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const post = async (path: string, body: unknown) => {
      const response = await api.request('POST', path, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body;
    };
    const europe = await post('/api/dcim/regions/', { name: 'Europe', slug: 'europe' });
    const france = await post('/api/dcim/regions/', { name: 'France', slug: 'france', parent: europe.id });
    await post('/api/extras/tags/', { name: 'Gold', slug: 'gold' });
    const group = await post('/api/tenancy/tenant-groups/', { name: 'Customers', slug: 'customers' });
    const tenant = await post('/api/tenancy/tenants/', { name: 'Acme', slug: 'acme', group: group.id });
    await post('/api/dcim/sites/', [
      { name: 'Paris', slug: 'paris', region: france.id, tenant: tenant.id, tags: [{ slug: 'gold' }] },
      { name: 'Berlin', slug: 'berlin', region: europe.id, status: 'planned' },
      { name: 'Austin', slug: 'austin' },
    ]);
    const user = await post('/api/users/users/', { username: 'restricted', password: 'Secret-Password-1' });
    userId = user.id;
    await api.db.query(`INSERT INTO users_token (version, key, user_id, description, created, enabled, write_enabled, allowed_ips) VALUES (2, 'aaaaaaaaaaaa', $1, 'mine', now(), true, true, '{}'), (2, 'bbbbbbbbbbbb', 1, 'theirs', now(), true, true, '{}')`, [userId]);
  }, 60_000);
  afterAll(async () => api?.close());

  it('selects by fields, FK traversals and trees of FKs', async () => {
    expect(await allowed('dcim.sites', [{ region__slug: 'france' }])).toEqual(['Paris']);
    expect(await allowed('dcim.sites', [{ region__parent__slug: 'europe' }])).toEqual(['Paris']);
    expect(await allowed('dcim.sites', [{ region__slug: 'france' }, { region__slug: 'europe' }])).toEqual(['Berlin', 'Paris']);
    expect(await allowed('dcim.sites', [{ tenant__group__name: 'Customers' }])).toEqual(['Paris']);
    expect(await allowed('dcim.sites', [{ status__in: ['active', 'planned'], region__isnull: false }])).toEqual(['Berlin', 'Paris']);
    expect(await allowed('dcim.sites', [{ name__istartswith: 'p' }, { name__iregex: 'lin$' }])).toEqual(['Berlin', 'Paris']);
    expect(await allowed('dcim.sites', [{ region: null }])).toEqual(['Austin']);
  });

  it('selects by tags and M2M', async () => {
    expect(await allowed('dcim.sites', [{ tags__slug: 'gold' }])).toEqual(['Paris']);
    expect(await allowed('dcim.sites', [{ tags__name__in: ['Gold', 'Silver'] }])).toEqual(['Paris']);
  });

  it('selects what belongs to the caller with $user', async () => {
    expect(await allowed('users.tokens', [{ user: '$user' }])).toEqual(['mine']);
    expect(await allowed('users.tokens', [{ user__username: 'restricted' }])).toEqual(['mine']);
  });
});
