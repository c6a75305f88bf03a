/**
 * Tenancy: contact groups unique by (parent, name) only, contact assignments protecting their
 * contact and role, the contact filters through groups, tenants' counts and protection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('tenancy on $name', (database) => {
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

  it('lets top-level contact groups share a name, but not siblings', async () => {
    const a = await post('/api/tenancy/contact-groups/', { name: 'Support', slug: 'support-a' });
    await post('/api/tenancy/contact-groups/', { name: 'Support', slug: 'support-b' });
    const tier = await post('/api/tenancy/contact-groups/', { name: 'Tier 1', slug: 'tier-1', parent: a.id });
    // NetBox's legacy nested serializer for a parent: with display_url, without description.
    expect(tier.parent).toEqual({ id: a.id, url: a.url, display_url: a.display_url, display: 'Support', name: 'Support', slug: 'support-a', _depth: 0 });
    const sibling = await api.request('POST', '/api/tenancy/contact-groups/', { name: 'Tier 1', slug: 'tier-1b', parent: a.id });
    expect(sibling.status).toBe(400);
    expect(sibling.body).toEqual({ __all__: ['Contact group with this Parent and Name already exists.'] });
  }, 30_000);

  it('protects contacts and roles still assigned, and finds objects through contact groups', async () => {
    const group = await post('/api/tenancy/contact-groups/', { name: 'NOC', slug: 'noc' });
    const child = await post('/api/tenancy/contact-groups/', { name: 'NOC night', slug: 'noc-night', parent: group.id });
    const contact = await post('/api/tenancy/contacts/', { name: 'Bob', groups: [child.id], email: 'bob@example.com' });
    const role = await post('/api/tenancy/contact-roles/', { name: 'Owner', slug: 'owner' });
    const tenant = await post('/api/tenancy/tenants/', { name: 'Globex', slug: 'globex' });
    const assignment = await post('/api/tenancy/contact-assignments/', { object_type: 'tenancy.tenant', object_id: tenant.id, contact: contact.id, role: role.id });
    expect(assignment.display).toBe('Bob -> Globex');
    expect((await api.request('GET', `/api/tenancy/tenants/?contact_group=${group.id}`)).body.results.map((t: any) => t.name)).toEqual(['Globex']);
    expect((await api.request('GET', `/api/tenancy/contact-assignments/?group=noc`)).body.count).toBe(1);
    expect((await api.request('GET', `/api/tenancy/contact-groups/${group.id}/`)).body.contact_count).toBe(1);
    for (const [path, name] of [[`/api/tenancy/contacts/${contact.id}/`, 'contact'], [`/api/tenancy/contact-roles/${role.id}/`, 'role']]) {
      const blocked = await api.request('DELETE', path);
      expect(blocked.status, name).toBe(409);
      expect(blocked.body.detail).toBe(`Unable to delete object. 1 dependent objects were found: Bob -> Globex (${assignment.id})`);
    }
    // The assigned object going takes its assignments with it; then the contact may go.
    expect((await api.request('DELETE', `/api/tenancy/tenants/${tenant.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/tenancy/contact-assignments/${assignment.id}/`)).status).toBe(404);
    expect((await api.request('DELETE', `/api/tenancy/contacts/${contact.id}/`)).status).toBe(204);
  }, 30_000);

  it('nests a tenant group\'s parent in NetBox\'s legacy shape', async () => {
    const top = await post('/api/tenancy/tenant-groups/', { name: 'Top', slug: 'top' });
    const sub = await post('/api/tenancy/tenant-groups/', { name: 'Sub', slug: 'sub', parent: top.id });
    expect(sub.parent).toEqual({ id: top.id, url: top.url, display_url: top.display_url, display: 'Top', name: 'Top', slug: 'top', _depth: 0 });
    const tenant = await post('/api/tenancy/tenants/', { name: 'Nested', slug: 'nested', group: sub.id });
    // A tenant's group is the group's brief form (its count is the engine's business).
    expect(Object.keys(tenant.group)).toEqual(['id', 'url', 'display', 'name', 'slug', 'description', 'tenant_count', '_depth']);
  }, 30_000);

  it('counts a tenant\'s objects, and protects them', async () => {
    const tenant = await post('/api/tenancy/tenants/', { name: 'Initech', slug: 'initech' });
    const type = await post('/api/virtualization/cluster-types/', { name: 'Hyper-V', slug: 'hyper-v' });
    await post('/api/virtualization/clusters/', { name: 'C', type: type.id, tenant: tenant.id });
    const site = await post('/api/dcim/sites/', { name: 'S', slug: 's', tenant: tenant.id });
    await post('/api/dcim/racks/', { name: 'R', site: site.id, tenant: tenant.id });
    const manufacturer = await post('/api/dcim/manufacturers/', { name: 'M', slug: 'm' });
    const deviceType = await post('/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'T', slug: 't' });
    const role = await post('/api/dcim/device-roles/', { name: 'Role', slug: 'role' });
    await post('/api/dcim/devices/', { name: 'D', device_type: deviceType.id, role: role.id, site: site.id, tenant: tenant.id });
    await post('/api/ipam/prefixes/', { prefix: '10.9.0.0/16', tenant: tenant.id });
    await post('/api/ipam/prefixes/', { prefix: '10.8.0.0/16', tenant: tenant.id });
    await post('/api/ipam/vlans/', { vid: 9, name: 'V', tenant: tenant.id });
    await post('/api/ipam/vrfs/', { name: 'VRF', tenant: tenant.id });
    const got = await api.request('GET', `/api/tenancy/tenants/${tenant.id}/`);
    expect(Object.keys(got.body).slice(-10)).toEqual([
      'circuit_count', 'device_count', 'ipaddress_count', 'prefix_count', 'rack_count', 'site_count', 'virtualmachine_count', 'vlan_count', 'vrf_count', 'cluster_count',
    ]);
    expect(got.body).toMatchObject({
      circuit_count: 0, device_count: 1, ipaddress_count: 0, prefix_count: 2, rack_count: 1, site_count: 1, virtualmachine_count: 0, vlan_count: 1, vrf_count: 1, cluster_count: 1,
    });
    const blocked = await api.request('DELETE', `/api/tenancy/tenants/${tenant.id}/`);
    expect(blocked.status).toBe(409);
  }, 30_000);
});
