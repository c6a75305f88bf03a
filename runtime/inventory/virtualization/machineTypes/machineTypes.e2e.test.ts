/**
 * End-to-end tests of virtual machine types (NetBox 4.6), on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL: shape, the case-insensitive unique name, the vCPU bound, a VM's type with its
 * filters and count, the defaults a new VM takes from its type, and the protected delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('virtualization virtual machine types on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const get = async (path: string) => (await api.request('GET', path)).body;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('/api/dcim/sites/', { name: 'AMS', slug: 'ams' })).id;
    ids.linux = (await post('/api/dcim/platforms/', { name: 'Linux', slug: 'linux' })).id;
    ids.debian = (await post('/api/dcim/platforms/', { name: 'Debian', slug: 'debian', parent: ids.linux })).id;
  }, 60_000);
  afterAll(async () => api?.close());

  it('creates a type with NetBox’s fields', async () => {
    const type = await post('/api/virtualization/virtual-machine-types/', { name: 'Small', slug: 'small', default_platform: ids.debian, default_vcpus: 2, default_memory: 4096 });
    ids.small = type.id;
    expect(Object.keys(type)).toEqual([
      'id', 'url', 'display_url', 'display', 'name', 'slug', 'default_platform', 'default_vcpus', 'default_memory', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'virtual_machine_count',
    ]);
    expect(type).toMatchObject({ display: 'Small', default_platform: { id: ids.debian, slug: 'debian' }, default_vcpus: 2, default_memory: 4096, virtual_machine_count: 0 });
    const dup = await api.request('POST', '/api/virtualization/virtual-machine-types/', { name: 'SMALL', slug: 'small-2' });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ __all__: ['Virtual machine type name must be unique.'] });
    const vcpus = await api.request('POST', '/api/virtualization/virtual-machine-types/', { name: 'Tiny', slug: 'tiny', default_vcpus: 0.01 });
    expect(vcpus.body).toEqual({ default_vcpus: ['Ensure this value is greater than or equal to 0.01000000000000000020816681711721685132943093776702880859375.'] });
  });

  it('gives a new VM its type’s defaults where it gives none', async () => {
    const vm = await post('/api/virtualization/virtual-machines/', { name: 'web1', site: ids.site, virtual_machine_type: ids.small, memory: 1024 });
    expect(vm).toMatchObject({ virtual_machine_type: { id: ids.small, name: 'Small', slug: 'small' }, platform: { id: ids.debian }, vcpus: 2, memory: 1024 });
    // Only on create: a type set later fills nothing.
    const bare = await post('/api/virtualization/virtual-machines/', { name: 'web2', site: ids.site });
    const patched = await api.request('PATCH', `/api/virtualization/virtual-machines/${bare.id}/`, { virtual_machine_type: ids.small });
    expect(patched.body).toMatchObject({ virtual_machine_type: { id: ids.small }, platform: null, vcpus: null });
    expect((await get(`/api/virtualization/virtual-machine-types/${ids.small}/`)).virtual_machine_count).toBe(2);
  });

  it('filters types and VMs by each other', async () => {
    expect((await get('/api/virtualization/virtual-machines/?virtual_machine_type=small')).count).toBe(2);
    expect((await get(`/api/virtualization/virtual-machines/?virtual_machine_type_id=${ids.small}`)).count).toBe(2);
    expect((await get(`/api/virtualization/virtual-machine-types/?default_platform_id=${ids.linux}`)).count).toBe(1);
    expect((await get('/api/virtualization/virtual-machine-types/?default_platform=linux')).count).toBe(1);
    const counted = await api.request('GET', '/api/virtualization/virtual-machine-types/?virtual_machine_count__gte=2');
    expect(counted.body).toMatchObject({ count: 1 });
    const unknown = await api.request('GET', '/api/virtualization/virtual-machines/?virtual_machine_type=large');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ virtual_machine_type: ['Select a valid choice. large is not one of the available choices.'] });
  });

  it('protects a type in use', async () => {
    expect((await api.request('DELETE', `/api/virtualization/virtual-machine-types/${ids.small}/`)).status).toBe(409);
  });
});
