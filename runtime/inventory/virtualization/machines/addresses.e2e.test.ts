/**
 * Virtual machines with IP addresses, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL:
 * addresses assigned to VM interfaces (counted, filtered by VM and interface), a VM's primary
 * addresses with VirtualMachine.clean()'s messages, services' addresses, and the counts and sums
 * other models keep of their VMs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('virtual machines and IP addresses on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const address = (value: string, vmInterface: number | null) =>
    post('/api/ipam/ip-addresses/', { address: value, ...(vmInterface ? { assigned_object_type: 'virtualization.vminterface', assigned_object_id: vmInterface } : {}) });

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('/api/dcim/sites/', { name: 'DC1', slug: 'dc1' })).id;
    ids.role = (await post('/api/dcim/device-roles/', { name: 'Servers', slug: 'servers' })).id;
    ids.child = (await post('/api/dcim/device-roles/', { name: 'Web', slug: 'web', parent: ids.role })).id;
    ids.tenant = (await post('/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' })).id;
    const type = (await post('/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' })).id;
    ids.cluster = (await post('/api/virtualization/clusters/', { name: 'c1', type, scope_type: 'dcim.site', scope_id: ids.site })).id;
    ids.empty = (await post('/api/virtualization/clusters/', { name: 'c2', type })).id;
    ids.web1 = (await post('/api/virtualization/virtual-machines/', { name: 'web1', cluster: ids.cluster, role: ids.child, tenant: ids.tenant, vcpus: 2, memory: 2048, disk: 10 })).id;
    ids.web2 = (await post('/api/virtualization/virtual-machines/', { name: 'web2', cluster: ids.cluster, role: ids.role, vcpus: 1.5, memory: 1024 })).id;
    ids.eth0 = (await post('/api/virtualization/interfaces/', { virtual_machine: ids.web1, name: 'eth0' })).id;
    ids.other = (await post('/api/virtualization/interfaces/', { virtual_machine: ids.web2, name: 'eth0' })).id;
    ids.v4 = (await address('10.9.0.1/24', ids.eth0)).id;
    ids.v6 = (await address('2001:db8:9::1/64', ids.eth0)).id;
    ids.elsewhere = (await address('10.9.0.2/24', ids.other)).id;
    ids.outside = (await post('/api/ipam/ip-addresses/', { address: '192.0.2.9/32', nat_inside: ids.v4 })).id;
  }, 60_000);
  afterAll(async () => api?.close());

  it('assigns addresses to VM interfaces, counts them and filters by VM and interface', async () => {
    const assigned = await api.request('GET', `/api/ipam/ip-addresses/${ids.v4}/`);
    expect(assigned.body).toMatchObject({ assigned_object_type: 'virtualization.vminterface', assigned_object_id: ids.eth0, assigned_object: { id: ids.eth0, name: 'eth0', virtual_machine: { id: ids.web1 } } });
    expect((await api.request('GET', `/api/virtualization/interfaces/${ids.eth0}/`)).body.count_ipaddresses).toBe(2);
    const listed = async (query: string) => (await api.request('GET', `/api/ipam/ip-addresses/?${query}`)).body.results.map((a: any) => a.address).sort();
    expect(await listed('virtual_machine=web1')).toEqual(['10.9.0.1/24', '2001:db8:9::1/64']);
    expect(await listed(`virtual_machine_id=${ids.web2}`)).toEqual(['10.9.0.2/24']);
    expect(await listed(`vminterface_id=${ids.other}`)).toEqual(['10.9.0.2/24']);
    expect(await listed('vminterface=eth0')).toHaveLength(3);
    expect(await listed('assigned_to_interface=false')).toEqual(['192.0.2.9/32']);
    expect((await api.request('GET', '/api/ipam/ip-addresses/?virtual_machine_id=x')).body).toEqual({ virtual_machine_id: ['Enter a number.'] });
  });

  it('keeps a VM’s primary addresses on its own interfaces, of their family, each primary once', async () => {
    const patch = (id: number, body: Record<string, unknown>) => api.request('PATCH', `/api/virtualization/virtual-machines/${id}/`, body);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ primary_ip4: ids.v6 }, { primary_ip4: ['Must be an IPv4 address. (2001:db8:9::1/64 is an IPv6 address.)'] }],
      [{ primary_ip6: ids.v4 }, { primary_ip6: ['Must be an IPv6 address. (10.9.0.1/24 is an IPv4 address.)'] }],
      [{ primary_ip4: ids.elsewhere }, { primary_ip4: ['The specified IP address (10.9.0.2/24) is not assigned to this VM.'] }],
    ];
    for (const [body, errors] of cases) expect(await patch(ids.web1, body).then((r) => [r.status, r.body])).toEqual([400, errors]);
    const set = await patch(ids.web1, { primary_ip4: ids.v4, primary_ip6: ids.v6 });
    expect(set.status).toBe(200);
    expect(set.body.primary_ip).toMatchObject({ id: ids.v6, address: '2001:db8:9::1/64', family: { value: 6, label: 'IPv6' } });
    expect(set.body.primary_ip4).toMatchObject({ id: ids.v4, dns_name: '', nat_outside: [{ id: ids.outside }] });
    // The NAT outside address of one of the VM's addresses will do; one address is primary for one VM only.
    expect((await patch(ids.web1, { primary_ip4: ids.outside })).status).toBe(200);
    expect((await patch(ids.web2, { primary_ip4: ids.elsewhere })).status).toBe(200);
    expect((await api.request('GET', '/api/virtualization/virtual-machines/?has_primary_ip=true')).body.results.map((v: any) => v.name)).toEqual(['web1', 'web2']);
    expect((await api.request('GET', '/api/virtualization/virtual-machines/?primary_ip4=10.9.0.2/24')).body.results.map((v: any) => v.name)).toEqual(['web2']);
    // Deleting the address clears it.
    expect((await api.request('DELETE', `/api/ipam/ip-addresses/${ids.elsewhere}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/virtualization/virtual-machines/${ids.web2}/`)).body.primary_ip4).toBeNull();
  });

  it('gives services their addresses and filters them by address', async () => {
    const service = await post('/api/ipam/services/', { parent_object_type: 'virtualization.virtualmachine', parent_object_id: ids.web1, name: 'https', protocol: 'tcp', ports: [443], ipaddresses: [ids.v4] });
    expect(service.ipaddresses).toEqual([expect.objectContaining({ id: ids.v4, address: '10.9.0.1/24' })]);
    const names = async (query: string) => (await api.request('GET', `/api/ipam/services/?${query}`)).body.results.map((s: any) => s.name);
    expect(await names(`ip_address_id=${ids.v4}`)).toEqual(['https']);
    expect(await names('ip_address=10.9.0.1/24')).toEqual(['https']);
    expect(await names(`ip_address_id=${ids.v6}`)).toEqual([]);
    const addresses = async (query: string) => (await api.request('GET', `/api/ipam/ip-addresses/?${query}`)).body.results.map((a: any) => a.address);
    expect(await addresses(`service_id=${service.id}`)).toEqual(['10.9.0.1/24']);
    expect((await api.request('GET', `/api/ipam/ip-addresses/${ids.v4}/`)).body).not.toHaveProperty('services');
  });

  it('counts VMs on sites, roles (over the subtree), tenants and clusters, and sums a cluster’s resources', async () => {
    expect((await api.request('GET', `/api/dcim/sites/${ids.site}/`)).body.virtualmachine_count).toBe(2);
    expect((await api.request('GET', `/api/dcim/device-roles/${ids.role}/`)).body.virtualmachine_count).toBe(2);
    expect((await api.request('GET', `/api/dcim/device-roles/${ids.child}/`)).body.virtualmachine_count).toBe(1);
    expect((await api.request('GET', `/api/tenancy/tenants/${ids.tenant}/`)).body.virtualmachine_count).toBe(1);
    const cluster = (await api.request('GET', `/api/virtualization/clusters/${ids.cluster}/`)).body;
    expect(cluster).toMatchObject({ virtualmachine_count: 2, allocated_vcpus: 3.5, allocated_memory: 3072, allocated_disk: 10 });
    expect((await api.request('GET', `/api/virtualization/clusters/${ids.empty}/`)).body).toMatchObject({ virtualmachine_count: 0, allocated_vcpus: null, allocated_memory: null, allocated_disk: null });
  });
});
