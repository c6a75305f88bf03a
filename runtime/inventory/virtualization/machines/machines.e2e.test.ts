/**
 * End-to-end tests of virtual machines and virtual disks, on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL: shapes and displays, every rule of VirtualMachine.clean() with its message, the
 * site a VM takes from its cluster or device, NetBox's name constraints, natural ordering, the
 * disk total kept from the virtual disks, filters (relations, trees, methods, MAC
 * addresses), protected and cascaded deletes, and the OpenAPI document Ansible's inventory reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

/** Many requests per test, on a shared machine: generous limits. */
const SLOW = 60_000;

describe.each(testDatabases())('virtualization virtual machines on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const vm = (body: Record<string, unknown>) => post('/api/virtualization/virtual-machines/', body);
  const names = async (query: string) => (await api.request('GET', `/api/virtualization/virtual-machines/?${query}&limit=0`)).body.results.map((v: any) => v.name);
  const count = async (table: string) => Number((await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.region = (await post('/api/dcim/regions/', { name: 'Americas', slug: 'americas' })).id;
    ids.group = (await post('/api/dcim/site-groups/', { name: 'Edge', slug: 'edge' })).id;
    ids.nyc = (await post('/api/dcim/sites/', { name: 'NYC', slug: 'nyc', region: ids.region, group: ids.group })).id;
    ids.lax = (await post('/api/dcim/sites/', { name: 'LAX', slug: 'lax' })).id;
    ids.clusterType = (await post('/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' })).id;
    ids.clusterGroup = (await post('/api/virtualization/cluster-groups/', { name: 'Prod', slug: 'prod' })).id;
    ids.c1 = (await post('/api/virtualization/clusters/', { name: 'c1', type: ids.clusterType, group: ids.clusterGroup, scope_type: 'dcim.site', scope_id: ids.nyc })).id;
    ids.c2 = (await post('/api/virtualization/clusters/', { name: 'c2', type: ids.clusterType })).id;
    const maker = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'H1', slug: 'h1' });
    ids.servers = (await post('/api/dcim/device-roles/', { name: 'Servers', slug: 'servers' })).id;
    ids.hosts = (await post('/api/dcim/device-roles/', { name: 'Hosts', slug: 'hosts', parent: ids.servers })).id;
    ids.host1 = (await post('/api/dcim/devices/', { name: 'host1', device_type: type.id, role: ids.hosts, site: ids.nyc })).id;
    ids.host2 = (await post('/api/dcim/devices/', { name: 'host2', device_type: type.id, role: ids.hosts, site: ids.lax, asset_tag: 'A-2' })).id;
    ids.linux = (await post('/api/dcim/platforms/', { name: 'Linux', slug: 'linux' })).id;
    ids.debian = (await post('/api/dcim/platforms/', { name: 'Debian', slug: 'debian', parent: ids.linux })).id;
    ids.tenantGroup = (await post('/api/tenancy/tenant-groups/', { name: 'Customers', slug: 'customers' })).id;
    ids.tenant = (await post('/api/tenancy/tenants/', { name: 'Acme Corp', slug: 'acme-corp', group: ids.tenantGroup })).id;
    ids.template = (await post('/api/extras/config-templates/', { name: 'base', template_code: 'hostname {{ device.name }}' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('creates a VM with NetBox’s fields, defaults and nested shapes', async () => {
    const created = await vm({ name: 'web1', cluster: ids.c1, role: ids.hosts, platform: ids.debian, tenant: ids.tenant, vcpus: 2.5, memory: 2048, serial: 'S-1', config_template: ids.template });
    ids.web1 = created.id;
    expect(Object.keys(created)).toEqual([
      'id', 'url', 'display_url', 'display', 'name', 'virtual_machine_type', 'role', 'status', 'start_on_boot', 'site', 'cluster', 'device', 'platform',
      'primary_ip', 'primary_ip4', 'primary_ip6', 'vcpus', 'memory', 'disk', 'description', 'serial', 'tenant', 'owner', 'comments', 'tags',
      'local_context_data', 'config_template', 'custom_fields', 'created', 'last_updated', 'interface_count', 'virtual_disk_count', 'config_context',
    ]);
    expect(created).toMatchObject({
      url: `http://nb.test/api/virtualization/virtual-machines/${created.id}/`,
      display_url: `http://nb.test/virtualization/virtual-machines/${created.id}/`,
      display: 'web1',
      status: { value: 'active', label: 'Active' },
      start_on_boot: { value: 'off', label: 'Off' },
      virtual_machine_type: null,
      primary_ip: null,
      primary_ip4: null,
      primary_ip6: null,
      vcpus: 2.5,
      memory: 2048,
      disk: null,
      interface_count: 0,
      virtual_disk_count: 0,
      config_context: {},
      local_context_data: null,
    });
    // The cluster's site becomes the VM's.
    expect(created.site).toEqual({ id: ids.nyc, url: `http://nb.test/api/dcim/sites/${ids.nyc}/`, display: 'NYC', name: 'NYC', slug: 'nyc', description: '' });
    expect(created.cluster).toEqual({ id: ids.c1, url: `http://nb.test/api/virtualization/clusters/${ids.c1}/`, display: 'c1', name: 'c1', description: '' });
    expect(created.role).toMatchObject({ id: ids.hosts, name: 'Hosts', _depth: 1 });
    expect(created.platform).toMatchObject({ id: ids.debian, name: 'Debian' });
    expect(created.config_template).toEqual({ id: ids.template, url: `http://nb.test/api/extras/config-templates/${ids.template}/`, display: 'base', name: 'base', description: '' });
    const brief = await api.request('GET', `/api/virtualization/virtual-machines/${created.id}/?brief=1`);
    expect(brief.body).toEqual({ id: created.id, url: created.url, display: 'web1', name: 'web1', description: '' });
    const local = await api.request('PATCH', created.url.replace('http://nb.test', ''), { local_context_data: { ntp: '10.0.0.1' }, start_on_boot: 'laststate' });
    expect(local.body).toMatchObject({ config_context: { ntp: '10.0.0.1' }, start_on_boot: { value: 'laststate', label: 'Last State' } });
  }, SLOW);

  it('places VMs at the site of their cluster or device, or at a site alone', async () => {
    const onDevice = await vm({ name: 'on-host2', device: ids.host2 });
    expect(onDevice.site.id).toBe(ids.lax);
    expect(onDevice.device).toEqual({ id: ids.host2, url: `http://nb.test/api/dcim/devices/${ids.host2}/`, display: 'host2 (A-2)', name: 'host2', description: '' });
    const siteOnly = await vm({ name: 'site-only', site: ids.lax, status: 'planned' });
    expect(siteOnly.cluster).toBeNull();
    // An unscoped cluster gives no site.
    const floating = await vm({ name: 'floating', cluster: ids.c2 });
    expect(floating.site).toBeNull();
    const explicit = await vm({ name: 'explicit', cluster: ids.c1, site: ids.nyc });
    expect(explicit.site.id).toBe(ids.nyc);
    for (const v of [onDevice, siteOnly, floating, explicit]) expect((await api.request('DELETE', `/api/virtualization/virtual-machines/${v.id}/`)).status).toBe(204);
  }, SLOW);

  it('refuses what VirtualMachine.clean() and the serializer refuse, with their messages, writing nothing', async () => {
    const before = await count('virtualization_virtual_machine');
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{}, { __all__: ['A virtual machine must be assigned to a site, cluster, or device.'] }],
      [{ cluster: ids.c1, site: ids.lax }, { cluster: ['The selected cluster (c1) is not assigned to this site (LAX).'] }],
      [{ device: ids.host2, site: ids.nyc }, { site: ['The selected device (host2 (A-2)) is not assigned to this site (NYC).'] }],
      // No device is in a cluster here (devices' clusters are not served yet).
      [{ device: ids.host1, cluster: ids.c1 }, { device: ['The selected device (host1) is not assigned to this cluster (c1).'] }],
      [{ site: ids.nyc, vcpus: 0.01 }, { vcpus: ['Ensure this value is greater than or equal to 0.01000000000000000020816681711721685132943093776702880859375.'] }],
      [{ site: ids.nyc, vcpus: 0 }, { vcpus: ['Ensure this value is greater than or equal to 0.01000000000000000020816681711721685132943093776702880859375.'] }],
      [{ site: ids.nyc, vcpus: 1.234 }, { vcpus: ['Ensure that there are no more than 2 decimal places.'] }],
      [{ site: ids.nyc, vcpus: 12345 }, { vcpus: ['Ensure that there are no more than 4 digits before the decimal point.'] }],
      [{ site: ids.nyc, memory: -1 }, { memory: ['Ensure this value is greater than or equal to 0.'] }],
      [{ site: ids.nyc, status: 'running' }, { status: ['running is not a valid choice.'] }],
      [{ site: ids.nyc, local_context_data: ['x'] }, { local_context_data: ['JSON data must be in object form. Example: {"foo": 123}'] }],
      [{ site: ids.nyc, primary_ip4: 1 }, { primary_ip4: ['Related object not found using the provided numeric ID: 1'] }],
      [{ site: ids.nyc, virtual_machine_type: 1 }, { virtual_machine_type: ['Related object not found using the provided numeric ID: 1'] }],
      [{ site: ids.nyc, cluster: 999999 }, { cluster: ['Related object not found using the provided numeric ID: 999999'] }],
    ];
    for (const [body, errors] of cases) {
      const r = await api.request('POST', '/api/virtualization/virtual-machines/', { name: 'bad', ...body });
      expect({ body, status: r.status, errors: r.body }).toEqual({ body, status: 400, errors });
    }
    const missing = await api.request('POST', '/api/virtualization/virtual-machines/', { site: ids.nyc });
    expect(missing.body).toEqual({ name: ['This field is required.'] });
    // A bulk create with one bad object writes none of them.
    const bulk = await api.request('POST', '/api/virtualization/virtual-machines/', [{ name: 'ok', site: ids.nyc }, { name: 'nowhere' }]);
    expect(bulk.status).toBe(400);
    expect(bulk.body).toEqual([{}, { __all__: ['A virtual machine must be assigned to a site, cluster, or device.'] }]);
    expect(await count('virtualization_virtual_machine')).toBe(before);
    // vCPUs just above the bound are fine.
    const small = await vm({ name: 'small', site: ids.nyc, vcpus: '0.02' });
    expect(small.vcpus).toBe(0.02);
    expect((await api.request('DELETE', `/api/virtualization/virtual-machines/${small.id}/`)).status).toBe(204);
  }, SLOW);

  it('keeps names unique per cluster (and tenant) and per standalone device (and tenant), ignoring case', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'WEB1', cluster: ids.c1, tenant: ids.tenant }, 'Virtual machine name must be unique per cluster and tenant.'],
    ];
    await vm({ name: 'db1', cluster: ids.c1 });
    cases.push([{ name: 'DB1', cluster: ids.c1 }, 'Virtual machine name must be unique per cluster.']);
    await vm({ name: 'solo', device: ids.host2 });
    cases.push([{ name: 'SOLO', device: ids.host2 }, 'Virtual machine name must be unique per device.']);
    await vm({ name: 'solo-t', device: ids.host2, tenant: ids.tenant });
    cases.push([{ name: 'Solo-T', device: ids.host2, tenant: ids.tenant }, 'Virtual machine name must be unique per device and tenant.']);
    for (const [body, message] of cases) {
      const r = await api.request('POST', '/api/virtualization/virtual-machines/', body);
      expect({ body, errors: r.body }).toEqual({ body, errors: { __all__: [message] } });
    }
    // Another cluster, another tenant, or a site alone is another scope.
    await vm({ name: 'db1', cluster: ids.c2 });
    await vm({ name: 'db1', cluster: ids.c1, tenant: ids.tenant });
    await vm({ name: 'db1', site: ids.nyc });
    await vm({ name: 'db1', site: ids.nyc });
  }, SLOW);

  it('orders VMs naturally by name', async () => {
    for (const name of ['node10', 'node9', 'node100', 'node2']) await vm({ name, site: ids.lax });
    expect(await names('name__isw=node')).toEqual(['node2', 'node9', 'node10', 'node100']);
    expect(await names('name__isw=node&ordering=-name')).toEqual(['node9', 'node2', 'node100', 'node10']);
  }, SLOW);

  it('keeps a VM’s disk the total of its virtual disks', async () => {
    const host = await vm({ name: 'storage1', site: ids.nyc, disk: 100 });
    const path = `/api/virtualization/virtual-machines/${host.id}/`;
    const d1 = await post('/api/virtualization/virtual-disks/', { virtual_machine: host.id, name: 'sda', size: 1000, description: 'root' });
    expect(Object.keys(d1)).toEqual(['id', 'url', 'display_url', 'display', 'virtual_machine', 'name', 'description', 'size', 'owner', 'tags', 'custom_fields', 'created', 'last_updated']);
    expect(d1.display).toBe('sda');
    expect(d1.virtual_machine).toEqual({ id: host.id, url: `http://nb.test${path}`, display: 'storage1', name: 'storage1', description: '' });
    const brief = await api.request('GET', `/api/virtualization/virtual-disks/${d1.id}/?brief=1`);
    expect(Object.keys(brief.body)).toEqual(['id', 'url', 'display', 'virtual_machine', 'name', 'description', 'size']);
    const d2 = await post('/api/virtualization/virtual-disks/', { virtual_machine: host.id, name: 'sdb', size: 500 });
    expect((await api.request('GET', path)).body).toMatchObject({ disk: 1500, virtual_disk_count: 2 });
    const mismatch = await api.request('PATCH', path, { disk: 10 });
    expect(mismatch.body).toEqual({ disk: ['The specified disk size (10) must match the aggregate size of assigned virtual disks (1500).'] });
    // Left out, the disk becomes the total again.
    expect((await api.request('PATCH', path, { disk: null })).body.disk).toBe(1500);
    expect((await api.request('PATCH', path, { disk: 1500, description: 'ok' })).status).toBe(200);
    const twice = await api.request('POST', '/api/virtualization/virtual-disks/', { virtual_machine: host.id, name: 'sda', size: 1 });
    expect(twice.body).toEqual({ __all__: ['Virtual disk with this Virtual machine and Name already exists.'] });
    const negative = await api.request('POST', '/api/virtualization/virtual-disks/', { virtual_machine: host.id, name: 'sdc', size: -1 });
    expect(negative.body).toEqual({ size: ['Ensure this value is greater than or equal to 0.'] });
    expect((await api.request('POST', '/api/virtualization/virtual-disks/', { name: 'x' })).body).toEqual({ virtual_machine: ['This field is required.'], size: ['This field is required.'] });
    // Moving a disk updates both VMs.
    const other = await vm({ name: 'storage2', site: ids.nyc });
    expect((await api.request('PATCH', `/api/virtualization/virtual-disks/${d2.id}/`, { virtual_machine: other.id })).status).toBe(200);
    expect((await api.request('GET', path)).body.disk).toBe(1000);
    expect((await api.request('GET', `/api/virtualization/virtual-machines/${other.id}/`)).body.disk).toBe(500);
    const disks = await api.request('GET', `/api/virtualization/virtual-disks/?virtual_machine=storage1&size__gte=1000&q=roo`);
    expect(disks.body.results.map((d: any) => d.name)).toEqual(['sda']);
    expect((await api.request('GET', `/api/virtualization/virtual-disks/?virtual_machine_id=${other.id}`)).body.count).toBe(1);
    expect(await names('virtual_disk_count__gte=1')).toEqual(['storage1', 'storage2']);
    // Deleting disks lowers the total; without disks it is null.
    expect((await api.request('DELETE', `/api/virtualization/virtual-disks/${d1.id}/`)).status).toBe(204);
    expect((await api.request('GET', path)).body).toMatchObject({ disk: null, virtual_disk_count: 0 });
    // Deleting a VM deletes its disks.
    expect((await api.request('DELETE', `/api/virtualization/virtual-machines/${other.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/virtualization/virtual-disks/${d2.id}/`)).status).toBe(404);
  }, SLOW);

  it('filters VMs through relations, trees and method filters', async () => {
    const onHost = await vm({ name: 'hosted', device: ids.host2, status: 'staged', vcpus: 4, memory: 512 });
    expect(await names('site=nyc&name=web1')).toEqual(['web1']);
    expect(await names(`site_id=${ids.lax}&name=hosted`)).toEqual(['hosted']);
    expect(await names(`region_id=${ids.region}&name=WEB1`)).toEqual(['web1']); // the name ignores case
    expect(await names('region=americas&site_group=edge&name=web1')).toEqual(['web1']);
    expect(await names('cluster=c1&name__ic=web')).toEqual(['web1']);
    expect(await names(`cluster_id=${ids.c1}&cluster_group=prod&cluster_type=kvm&name=web1`)).toEqual(['web1']);
    expect(await names(`cluster_group_id=${ids.clusterGroup}&cluster_type_id=${ids.clusterType}&tenant=acme-corp&name=web1`)).toEqual(['web1']);
    expect(await names(`role_id=${ids.servers}`)).toEqual(['web1']); // a role's subtree
    expect(await names('role=servers')).toEqual(['web1']);
    expect(await names('platform=linux')).toEqual(['web1']); // a platform's subtree
    expect(await names(`platform_id=${ids.debian}`)).toEqual(['web1']);
    expect(await names(`tenant_group_id=${ids.tenantGroup}&name=web1`)).toEqual(['web1']);
    expect(await names('device=host2&name=hosted')).toEqual(['hosted']);
    expect(await names(`device_id=${ids.host2}&status=staged`)).toEqual(['hosted']);
    expect(await names('status__n=active&status__n=planned&name__isw=host')).toEqual(['hosted']);
    expect(await names('start_on_boot=laststate')).toEqual(['web1']);
    expect(await names('vcpus__gte=3&memory__lt=1024')).toEqual(['hosted']);
    expect(await names(`config_template_id=${ids.template}`)).toEqual(['web1']);
    expect(await names('local_context_data=true')).toEqual(['web1']);
    expect(await names('serial__ic=s-1')).toEqual(['web1']);
    expect(await names('q=S-1')).toEqual(['web1']);
    expect(await names('has_primary_ip=true')).toEqual([]);
    expect(await names('has_primary_ip=false&name=hosted')).toEqual(['hosted']);
    expect(await names('interface_count=0&name=hosted')).toEqual(['hosted']);
    expect(await names('mac_address=00:11:22:33:44:55')).toEqual([]);
    expect(await names('name__empty=true')).toEqual([]);
    expect(await names('name__n=WEB1&name__isw=web')).toEqual([]);
    for (const [query, errors] of [
      ['primary_ip4_id=1', { primary_ip4_id: ['Select a valid choice. 1 is not one of the available choices.'] }],
      ['virtual_machine_type=small', { virtual_machine_type: ['Select a valid choice. small is not one of the available choices.'] }],
      ['cluster=nowhere', { cluster: ['Select a valid choice. nowhere is not one of the available choices.'] }],
      ['status=running', { status: ['Select a valid choice. running is not one of the available choices.'] }],
      ['has_primary_ip=maybe', { has_primary_ip: ['Select a valid choice. maybe is not one of the available choices.'] }],
    ] as const) {
      const r = await api.request('GET', `/api/virtualization/virtual-machines/?${query}`);
      expect({ query, status: r.status, body: r.body }).toEqual({ query, status: 400, body: errors });
    }
    expect((await api.request('DELETE', `/api/virtualization/virtual-machines/${onHost.id}/`)).status).toBe(204);
  }, SLOW);

  it('protects the sites, clusters, devices and roles VMs use', async () => {
    for (const path of [`dcim/sites/${ids.nyc}`, `virtualization/clusters/${ids.c1}`, `dcim/device-roles/${ids.hosts}`, `extras/config-templates/${ids.template}`]) {
      const r = await api.request('DELETE', `/api/${path}/`);
      expect({ path, status: r.status }).toEqual({ path, status: 409 });
    }
    const solo = (await api.request('GET', '/api/virtualization/virtual-machines/?name=solo')).body.results[0];
    const device = await api.request('DELETE', `/api/dcim/devices/${ids.host2}/`);
    expect(device.status).toBe(409);
    expect(device.body.detail).toContain(`solo (${solo.id})`);
    // A platform is cleared, not protected.
    const linuxVm = await vm({ name: 'cleared', site: ids.lax, platform: ids.linux });
    const platform = await post('/api/dcim/platforms/', { name: 'Temp', slug: 'temp' });
    expect((await api.request('PATCH', `/api/virtualization/virtual-machines/${linuxVm.id}/`, { platform: platform.id })).status).toBe(200);
    expect((await api.request('DELETE', `/api/dcim/platforms/${platform.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/virtualization/virtual-machines/${linuxVm.id}/`)).body.platform).toBeNull();
  }, SLOW);

  it('lists VMs with limit=0 and describes their filters in the OpenAPI document', async () => {
    const all = await api.request('GET', '/api/virtualization/virtual-machines/?limit=0');
    expect(all.status).toBe(200);
    expect(all.body.results.length).toBe(all.body.count);
    const schema = await api.request('GET', '/api/schema/?format=json');
    expect(schema.status).toBe(200);
    const list = schema.body.paths['/api/virtualization/virtual-machines/'].get;
    // Ansible's nb_inventory reads `name` of every parameter of this list and of the devices'.
    const parameters: string[] = list.parameters.map((p: any) => p.name);
    expect(parameters.every((name) => typeof name === 'string')).toBe(true);
    for (const name of ['site', 'site_id', 'cluster_id', 'role', 'platform', 'tenant', 'status', 'has_primary_ip', 'region', 'name__ic', 'q', 'limit', 'offset']) {
      expect(parameters, name).toContain(name);
    }
    expect(schema.body.paths['/api/dcim/devices/'].get.parameters.every((p: any) => typeof p.name === 'string')).toBe(true);
    for (const path of ['/api/virtualization/interfaces/', '/api/virtualization/virtual-disks/', '/api/ipam/services/', '/api/ipam/service-templates/', '/api/dcim/devices/']) {
      expect(schema.body.paths[path]?.get, path).toBeDefined();
    }
  }, SLOW);
});
