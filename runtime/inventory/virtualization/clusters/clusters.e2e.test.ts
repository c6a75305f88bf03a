/**
 * Cluster types, cluster groups and clusters: shapes, the scope and its cached region/site keys
 * behind the region/site filters, uniqueness per group and per site, protected and cascaded
 * deletes, contacts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('virtualization clusters on $name', (database) => {
  let api: TestClient;
  let type: any;
  let group: any;
  let world: any;
  let europe: any;
  let campus: any;
  let paris: any;
  let room: any;
  const post = async (path: string, body: unknown) => {
    const response = await api.request('POST', path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const names = async (query: string) => (await api.request('GET', `/api/virtualization/clusters/?${query}`)).body.results?.map((c: any) => c.name);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    type = await post('/api/virtualization/cluster-types/', { name: 'VMware', slug: 'vmware' });
    group = await post('/api/virtualization/cluster-groups/', { name: 'Prod', slug: 'prod' });
    world = await post('/api/dcim/regions/', { name: 'World', slug: 'world' });
    europe = await post('/api/dcim/regions/', { name: 'Europe', slug: 'europe', parent: world.id });
    campus = await post('/api/dcim/site-groups/', { name: 'Campus', slug: 'campus' });
    paris = await post('/api/dcim/sites/', { name: 'Paris', slug: 'paris', region: europe.id, group: campus.id });
    room = await post('/api/dcim/locations/', { name: 'Room 1', slug: 'room-1', site: paris.id });
  }, 60_000);
  afterAll(async () => api?.close());

  it('shows types and groups with their cluster counts, and nests them without', async () => {
    const cluster = await post('/api/virtualization/clusters/', { name: 'Shapes', type: type.id, group: { slug: 'prod' }, status: 'planned' });
    expect(Object.keys(cluster)).toEqual([
      'id', 'url', 'display_url', 'display', 'name', 'type', 'group', 'status', 'tenant', 'scope_type', 'scope_id', 'scope',
      'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'device_count', 'virtualmachine_count',
      'allocated_vcpus', 'allocated_memory', 'allocated_disk',
    ]);
    // No virtual machine is served: NetBox's sums over none are null.
    expect(cluster).toMatchObject({ device_count: 0, virtualmachine_count: 0, allocated_vcpus: null, allocated_memory: null, allocated_disk: null });
    expect(cluster.type).toEqual({ id: type.id, url: type.url, display: 'VMware', name: 'VMware', slug: 'vmware', description: '' });
    expect(cluster.group).toEqual({ id: group.id, url: group.url, display: 'Prod', name: 'Prod', slug: 'prod', description: '' });
    expect(cluster.status).toEqual({ value: 'planned', label: 'Planned' });
    expect(cluster.scope).toBeNull();
    const brief = await api.request('GET', `/api/virtualization/clusters/${cluster.id}/?brief=1`);
    expect(Object.keys(brief.body)).toEqual(['id', 'url', 'display', 'name', 'description', 'virtualmachine_count']);
    const counted = await api.request('GET', `/api/virtualization/cluster-types/?brief=1&slug=vmware`);
    expect(counted.body.results[0]).toEqual({ id: type.id, url: type.url, display: 'VMware', name: 'VMware', slug: 'vmware', description: '', cluster_count: 1 });
    expect((await api.request('GET', `/api/virtualization/cluster-groups/${group.id}/`)).body.cluster_count).toBe(1);
    expect((await api.request('DELETE', `/api/virtualization/clusters/${cluster.id}/`)).status).toBe(204);
  }, 30_000);

  it('embeds its scope and finds clusters by the region, site group, site and location it lies in', async () => {
    const atSite = await post('/api/virtualization/clusters/', { name: 'At site', type: type.id, scope_type: 'dcim.site', scope_id: paris.id });
    expect(atSite.scope).toEqual({ id: paris.id, url: paris.url, display: 'Paris', name: 'Paris', slug: 'paris', description: '' });
    await post('/api/virtualization/clusters/', { name: 'In room', type: type.id, scope_type: 'dcim.location', scope_id: room.id });
    await post('/api/virtualization/clusters/', { name: 'In world', type: type.id, scope_type: 'dcim.region', scope_id: world.id });
    await post('/api/virtualization/clusters/', { name: 'On campus', type: type.id, scope_type: 'dcim.sitegroup', scope_id: campus.id });
    await post('/api/virtualization/clusters/', { name: 'Nowhere', type: type.id });
    expect(await names(`region_id=${world.id}`)).toEqual(['At site', 'In room', 'In world']);
    expect(await names('region=europe')).toEqual(['At site', 'In room']);
    expect(await names('region__n=europe&name__n=Nowhere')).toEqual(['In world', 'On campus']);
    expect(await names(`site_group_id=${campus.id}`)).toEqual(['At site', 'In room', 'On campus']);
    expect(await names('site=paris')).toEqual(['At site', 'In room']);
    expect(await names(`site_id=${paris.id}`)).toEqual(['At site', 'In room']);
    expect(await names(`location_id=${room.id}`)).toEqual(['In room']);
    expect(await names('location=room-1')).toEqual(['In room']);
    expect(await names('scope_type=dcim.region')).toEqual(['In world']);
    expect(await names(`scope_type=dcim.site&scope_id=${paris.id}`)).toEqual(['At site']);
    expect((await api.request('GET', '/api/virtualization/clusters/?site=atlantis')).body).toEqual({ site: ['Select a valid choice. atlantis is not one of the available choices.'] });
  }, 30_000);

  it('moves its cached keys with its scope, and with a site that moves', async () => {
    const lyon = await post('/api/dcim/sites/', { name: 'Lyon', slug: 'lyon' });
    const moving = await post('/api/virtualization/clusters/', { name: 'Moving', type: type.id, scope_type: 'dcim.site', scope_id: lyon.id });
    expect(await names(`site_id=${lyon.id}`)).toEqual(['Moving']);
    await api.request('PATCH', `/api/virtualization/clusters/${moving.id}/`, { scope_type: 'dcim.location', scope_id: room.id });
    expect(await names(`site_id=${lyon.id}`)).toEqual([]);
    expect(await names(`location_id=${room.id}&name=Moving`)).toEqual(['Moving']);
    await api.request('PATCH', `/api/virtualization/clusters/${moving.id}/`, { scope_type: null, scope_id: null });
    expect(await names('name=Moving&site_id=null')).toEqual(['Moving']);
    // A site changing region carries its clusters along (NetBox's sync_cached_scope_fields), and so does a location changing site.
    const bordeaux = await post('/api/dcim/sites/', { name: 'Bordeaux', slug: 'bordeaux' });
    await post('/api/virtualization/clusters/', { name: 'South', type: type.id, scope_type: 'dcim.site', scope_id: bordeaux.id });
    await api.request('PATCH', `/api/dcim/sites/${bordeaux.id}/`, { region: europe.id });
    expect(await names(`region_id=${europe.id}&name=South`)).toEqual(['South']);
    const cellar = await post('/api/dcim/locations/', { name: 'Cellar', slug: 'cellar', site: lyon.id });
    await post('/api/virtualization/clusters/', { name: 'Below', type: type.id, scope_type: 'dcim.location', scope_id: cellar.id });
    expect(await names(`site_id=${lyon.id}&name=Below`)).toEqual(['Below']);
    await api.request('PATCH', `/api/dcim/locations/${cellar.id}/`, { site: bordeaux.id });
    expect(await names(`site_id=${bordeaux.id}&name=Below`)).toEqual(['Below']);
    expect(await names(`region_id=${europe.id}&name=Below`)).toEqual(['Below']);
  }, 30_000);

  it('keeps names unique per group and per site, in NetBox\'s words', async () => {
    const g = await post('/api/virtualization/cluster-groups/', { name: 'Unique', slug: 'unique' });
    await post('/api/virtualization/clusters/', { name: 'Twin', type: type.id, group: g.id });
    const sameGroup = await api.request('POST', '/api/virtualization/clusters/', { name: 'Twin', type: type.id, group: g.id });
    expect(sameGroup.status).toBe(400);
    expect(sameGroup.body).toEqual({ __all__: ['Cluster with this Group and Name already exists.'] });
    expect((await api.request('POST', '/api/virtualization/clusters/', { name: 'Twin', type: type.id })).status).toBe(201);
    const lille = await post('/api/dcim/sites/', { name: 'Lille', slug: 'lille' });
    const lilleRoom = await post('/api/dcim/locations/', { name: 'Hall', slug: 'hall', site: lille.id });
    await post('/api/virtualization/clusters/', { name: 'Local', type: type.id, scope_type: 'dcim.site', scope_id: lille.id });
    // A location of the same site is the same site: Django's message for the unnamed `_site` field.
    const sameSite = await api.request('POST', '/api/virtualization/clusters/', { name: 'Local', type: type.id, scope_type: 'dcim.location', scope_id: lilleRoom.id });
    expect(sameSite.body).toEqual({ __all__: ['Cluster with this  site and Name already exists.'] });
    const bad = await api.request('POST', '/api/virtualization/clusters/', { name: 'Bad', type: type.id, scope_type: 'dcim.device', scope_id: 1 });
    expect(bad.body).toEqual({ scope_type: ['Invalid content type: dcim.device'] });
    const missing = await api.request('POST', '/api/virtualization/clusters/', { name: 'Bad', type: type.id, scope_type: 'dcim.site', scope_id: 999999 });
    expect(missing.body).toEqual({ scope_id: ['Related object not found using the provided value: 999999.'] });
  }, 30_000);

  it('protects its type, group and tenant, and goes away with its scope', async () => {
    const t = await post('/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' });
    const g = await post('/api/virtualization/cluster-groups/', { name: 'Lab', slug: 'lab' });
    const tenant = await post('/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
    const cluster = await post('/api/virtualization/clusters/', { name: 'Guarded', type: t.id, group: g.id, tenant: tenant.id });
    for (const path of [`/api/virtualization/cluster-types/${t.id}/`, `/api/virtualization/cluster-groups/${g.id}/`, `/api/tenancy/tenants/${tenant.id}/`]) {
      const blocked = await api.request('DELETE', path);
      expect(blocked.status, path).toBe(409);
      expect(blocked.body.detail).toBe(`Unable to delete object. 1 dependent objects were found: Guarded (${cluster.id})`);
    }
    expect((await api.request('GET', `/api/tenancy/tenants/${tenant.id}/`)).body.cluster_count).toBe(1);
    expect(await names(`tenant=acme`)).toEqual(['Guarded']);
    const marseille = await post('/api/dcim/sites/', { name: 'Marseille', slug: 'marseille', region: europe.id });
    const doomed = await post('/api/virtualization/clusters/', { name: 'Doomed', type: t.id, scope_type: 'dcim.site', scope_id: marseille.id });
    expect((await api.request('DELETE', `/api/dcim/sites/${marseille.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/virtualization/clusters/${doomed.id}/`)).status).toBe(404);
  }, 30_000);

  it('takes contacts, journal entries and tags', async () => {
    const cluster = await post('/api/virtualization/clusters/', { name: 'Social', type: type.id, group: group.id });
    const contact = await post('/api/tenancy/contacts/', { name: 'Alice' });
    const role = await post('/api/tenancy/contact-roles/', { name: 'Admin', slug: 'admin' });
    const assignment = await post('/api/tenancy/contact-assignments/', { object_type: 'virtualization.cluster', object_id: cluster.id, contact: contact.id, role: role.id, priority: 'primary' });
    expect(assignment.display).toBe('Alice (Primary) -> Social');
    expect(assignment.object).toMatchObject({ id: cluster.id, name: 'Social' });
    expect(await names(`contact=${contact.id}`)).toEqual(['Social']);
    await post('/api/tenancy/contact-assignments/', { object_type: 'virtualization.clustergroup', object_id: group.id, contact: contact.id, role: role.id });
    expect((await api.request('GET', `/api/virtualization/cluster-groups/?contact_role=${role.id}`)).body.results.map((g: any) => g.name)).toEqual(['Prod']);
    const entry = await post('/api/extras/journal-entries/', { assigned_object_type: 'virtualization.cluster', assigned_object_id: cluster.id, comments: 'Patched' });
    expect(entry.assigned_object.name).toBe('Social');
    await api.request('POST', '/api/extras/tags/', { name: 'Gold', slug: 'gold' });
    const tagged = await api.request('PATCH', `/api/virtualization/clusters/${cluster.id}/`, { tags: [{ slug: 'gold' }] });
    expect(tagged.body.tags.map((t: any) => t.slug)).toEqual(['gold']);
    expect(await names('tag=gold')).toEqual(['Social']);
    expect(await names('q=soc')).toEqual(['Social']);
  }, 30_000);
});
