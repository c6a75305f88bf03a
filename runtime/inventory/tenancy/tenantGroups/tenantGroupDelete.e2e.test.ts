/**
 * Deleting a tenant group, as NetBox's Tenant.group (`on_delete=SET_NULL`) does it: the group's
 * tenants stay, ungrouped, and each is recorded as changed; a nested group goes with its parent
 * (NestedGroupModel.parent is CASCADE) and its tenants are ungrouped too; refused (409) when that
 * would leave two ungrouped tenants with one name or slug (TenantGroup.delete()).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('deleting tenant groups on $name', (database) => {
  let api: TestClient;
  const post = async (path: string, body: unknown) => {
    const response = await api.request('POST', path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  }, 60_000);
  afterAll(async () => api?.close());

  it('sets its tenants’ group to null and records the change of each', async () => {
    const group = await post('/api/tenancy/tenant-groups/', { name: 'Customers', slug: 'customers' });
    const a = await post('/api/tenancy/tenants/', { name: 'Acme', slug: 'acme', group: group.id });
    const b = await post('/api/tenancy/tenants/', { name: 'Globex', slug: 'globex', group: group.id });
    const removed = await api.request('DELETE', `/api/tenancy/tenant-groups/${group.id}/`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    for (const tenant of [a, b]) {
      const got = await api.request('GET', `/api/tenancy/tenants/${tenant.id}/`);
      expect(got.status).toBe(200);
      expect(got.body.group).toBeNull();
    }
    const changes = await api.request('GET', `/api/core/object-changes/?changed_object_type=tenancy.tenant&action=update&changed_object_id=${a.id}`);
    expect(changes.body.results.at(0)).toMatchObject({ postchange_data: expect.objectContaining({ group: null }) });
  }, 30_000);

  it('takes nested groups with it and ungroups their tenants', async () => {
    const top = await post('/api/tenancy/tenant-groups/', { name: 'Top', slug: 'top' });
    const sub = await post('/api/tenancy/tenant-groups/', { name: 'Sub', slug: 'sub', parent: top.id });
    const tenant = await post('/api/tenancy/tenants/', { name: 'Initech', slug: 'initech', group: sub.id });
    expect((await api.request('DELETE', `/api/tenancy/tenant-groups/${top.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/tenancy/tenant-groups/${sub.id}/`)).status).toBe(404);
    expect((await api.request('GET', `/api/tenancy/tenants/${tenant.id}/`)).body.group).toBeNull();
  }, 30_000);

  it('refuses a delete that would leave two ungrouped tenants with one name or slug, naming them, in one or several groups', async () => {
    const group = await post('/api/tenancy/tenant-groups/', { name: 'Clash', slug: 'clash' });
    const nested = await post('/api/tenancy/tenant-groups/', { name: 'Clash inner', slug: 'clash-inner', parent: group.id });
    const grouped = await post('/api/tenancy/tenants/', { name: 'Tenant 1', slug: 'tenant-1a', group: nested.id });
    const loose = await post('/api/tenancy/tenants/', { name: 'Tenant 1', slug: 'tenant-1b' });
    const refused = await api.request('DELETE', `/api/tenancy/tenant-groups/${group.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: `Unable to delete object. 2 dependent objects were found: Tenant 1 (${grouped.id}), Tenant 1 (${loose.id})` });
    expect((await api.request('GET', `/api/tenancy/tenant-groups/${nested.id}/`)).status).toBe(200);
    expect((await api.request('GET', `/api/tenancy/tenants/${grouped.id}/`)).body.group).toMatchObject({ id: nested.id });

    // Two groups whose tenants clash only once both are ungrouped: the bulk delete leaves all as they were.
    const [g1, g2] = [await post('/api/tenancy/tenant-groups/', { name: 'G8', slug: 'g8' }), await post('/api/tenancy/tenant-groups/', { name: 'G9', slug: 'g9' })];
    const t1 = await post('/api/tenancy/tenants/', { name: 'Tenant 2a', slug: 'tenant-2', group: g1.id });
    const t2 = await post('/api/tenancy/tenants/', { name: 'Tenant 2b', slug: 'tenant-2', group: g2.id });
    const bulk = await api.request('DELETE', '/api/tenancy/tenant-groups/', [{ id: g1.id }, { id: g2.id }]);
    expect(bulk.status).toBe(409);
    expect(bulk.body).toEqual({ detail: `Unable to delete object. 2 dependent objects were found: Tenant 2a (${t1.id}), Tenant 2b (${t2.id})` });
    expect((await api.request('GET', `/api/tenancy/tenants/${t1.id}/`)).body.group).toMatchObject({ id: g1.id });
    expect((await api.request('DELETE', `/api/tenancy/tenant-groups/${g1.id}/`)).status).toBe(204);
  }, 30_000);
});
