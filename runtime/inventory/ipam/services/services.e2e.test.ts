/**
 * End-to-end tests of services and service templates, on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: the parent generic relation (devices and VMs; anything else refused), displays as
 * NetBox's __str__ writes them, validation messages, ordering by protocol and lowest port,
 * filters (parents by name and id, ports, relations), and services going with their
 * parent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

describe.each(testDatabases())('ipam services on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const onVm = (body: Record<string, unknown>) => post('/api/ipam/services/', { parent_object_type: 'virtualization.virtualmachine', parent_object_id: ids.vm, ...body });
  const displays = async (query: string) => (await api.request('GET', `/api/ipam/services/?${query}&limit=0`)).body.results.map((s: any) => s.display);
  const count = async () => Number((await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ipam_service'))[0].n);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const site = await post('/api/dcim/sites/', { name: 'NYC', slug: 'nyc' });
    const maker = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'H1', slug: 'h1' });
    const role = await post('/api/dcim/device-roles/', { name: 'Servers', slug: 'servers' });
    ids.device = (await post('/api/dcim/devices/', { name: 'host1', device_type: type.id, role: role.id, site: site.id })).id;
    ids.vm = (await post('/api/virtualization/virtual-machines/', { name: 'web1', site: site.id })).id;
    ids.vm2 = (await post('/api/virtualization/virtual-machines/', { name: 'web2', site: site.id })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('creates services on VMs and devices with NetBox’s fields, parent and display', async () => {
    const ssh = await onVm({ name: 'SSH', protocol: 'tcp', ports: [22], description: 'admin' });
    ids.ssh = ssh.id;
    expect(Object.keys(ssh)).toEqual([
      'id', 'url', 'display_url', 'display', 'parent_object_type', 'parent_object_id', 'parent', 'name', 'protocol', 'ports', 'ipaddresses',
      'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
    ]);
    expect(ssh).toMatchObject({
      url: `http://nb.test/api/ipam/services/${ssh.id}/`,
      display_url: `http://nb.test/ipam/services/${ssh.id}/`,
      display: 'SSH (TCP/22)',
      parent_object_type: 'virtualization.virtualmachine',
      parent_object_id: ids.vm,
      protocol: { value: 'tcp', label: 'TCP' },
      ports: [22],
      ipaddresses: [],
    });
    expect(ssh.parent).toEqual({ id: ids.vm, url: `http://nb.test/api/virtualization/virtual-machines/${ids.vm}/`, display: 'web1', name: 'web1', description: '' });
    const web = await post('/api/ipam/services/', { parent_object_type: 'dcim.device', parent_object_id: ids.device, name: 'web', protocol: 'tcp', ports: [8082, 80, 443, 8080, 8081] });
    expect(web.display).toBe('web (TCP/80, 443, 8080-8082)');
    expect(web.ports).toEqual([8082, 80, 443, 8080, 8081]); // kept as given
    expect(web.parent).toMatchObject({ id: ids.device, name: 'host1' });
    const dns = await onVm({ name: 'DNS', protocol: 'udp', ports: [53, 53, 54] });
    expect(dns.display).toBe('DNS (UDP/53, 53-54)'); // as Python's groupby splits a repeated port
    const brief = await api.request('GET', `/api/ipam/services/${ssh.id}/?brief=1`);
    expect(brief.body).toEqual({ id: ssh.id, url: ssh.url, display: 'SSH (TCP/22)', name: 'SSH', protocol: { value: 'tcp', label: 'TCP' }, ports: [22], description: 'admin' });
    const renamed = await api.request('PATCH', `/api/ipam/services/${dns.id}/`, { ports: [5353], protocol: 'sctp' });
    expect(renamed.body.display).toBe('DNS (SCTP/5353)');
  }, SLOW);

  it('refuses what NetBox refuses, with its messages, writing nothing', async () => {
    const before = await count();
    const vm = { parent_object_type: 'virtualization.virtualmachine', parent_object_id: ids.vm };
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ name: 'x', protocol: 'tcp', ports: [1] }, { parent_object_type: ['This field is required.'], parent_object_id: ['This field is required.'] }],
      [{ ...vm, name: 'x', protocol: 'tcp' }, { ports: ['This field is required.'] }],
      [{ ...vm, name: 'x', ports: [1] }, { protocol: ['This field cannot be blank.'] }],
      [{ ...vm, name: 'x', protocol: 'tcp', ports: [] }, { ports: ['This list may not be empty.'] }],
      [{ ...vm, name: 'x', protocol: 'icmp', ports: [1] }, { protocol: ['icmp is not a valid choice.'] }],
      [{ ...vm, name: 'x', protocol: 'tcp', ports: [0, 65536] }, { ports: { 0: ['Ensure this value is greater than or equal to 1.'], 1: ['Ensure this value is less than or equal to 65535.'] } }],
      [{ ...vm, parent_object_type: 'ipam.aggregate', name: 'x', protocol: 'tcp', ports: [1] }, { parent_object_type: ['Invalid content type: ipam.aggregate'] }],
      [{ ...vm, parent_object_type: 'dcim.site', name: 'x', protocol: 'tcp', ports: [1] }, { parent_object_type: ['Invalid content type: dcim.site'] }],
      [{ ...vm, parent_object_id: 999999, name: 'x', protocol: 'tcp', ports: [1] }, { parent_object_id: ['Related object not found using the provided value: 999999.'] }],
      [{ ...vm, name: 'x', protocol: 'tcp', ports: [1], ipaddresses: [1] }, { ipaddresses: ['Invalid pk "1" - object does not exist.'] }],
    ];
    for (const [body, errors] of cases) {
      const r = await api.request('POST', '/api/ipam/services/', body);
      expect({ body, status: r.status, errors: r.body }).toEqual({ body, status: 400, errors });
    }
    const bulk = await api.request('POST', '/api/ipam/services/', [{ ...vm, name: 'ok', protocol: 'tcp', ports: [1] }, { ...vm, name: 'bad', ports: [1] }]);
    expect(bulk.body).toEqual([{}, { protocol: ['This field cannot be blank.'] }]);
    expect(await count()).toBe(before);
    // An update may leave the protocol out.
    expect((await api.request('PATCH', `/api/ipam/services/${ids.ssh}/`, { description: 'still tcp' })).status).toBe(200);
  }, SLOW);

  it('orders services by protocol (its value), then their lowest port, then id', async () => {
    await onVm({ name: 'HTTP', protocol: 'tcp', ports: [8080, 80] });
    await onVm({ name: 'NTP', protocol: 'udp', ports: [123] });
    expect(await displays('')).toEqual(['DNS (SCTP/5353)', 'SSH (TCP/22)', 'web (TCP/80, 443, 8080-8082)', 'HTTP (TCP/80, 8080)', 'NTP (UDP/123)']);
    expect(await displays('ordering=-name')).toEqual(['web (TCP/80, 443, 8080-8082)', 'SSH (TCP/22)', 'NTP (UDP/123)', 'HTTP (TCP/80, 8080)', 'DNS (SCTP/5353)']);
  }, SLOW);

  it('filters services by parent, port, protocol and more', async () => {
    expect(await displays('device=host1')).toEqual(['web (TCP/80, 443, 8080-8082)']);
    expect(await displays(`device_id=${ids.device}`)).toEqual(['web (TCP/80, 443, 8080-8082)']);
    expect(await displays('device=nowhere')).toEqual([]);
    expect(await displays('virtual_machine=web1&protocol=tcp')).toEqual(['SSH (TCP/22)', 'HTTP (TCP/80, 8080)']);
    expect(await displays(`virtual_machine_id=${ids.vm}&virtual_machine_id=${ids.vm2}&protocol__n=tcp`)).toEqual(['DNS (SCTP/5353)', 'NTP (UDP/123)']);
    expect(await displays(`parent_object_type=dcim.device`)).toEqual(['web (TCP/80, 443, 8080-8082)']);
    expect(await displays(`parent_object_type__n=dcim.device&parent_object_id=${ids.vm}&name__ic=s`)).toEqual(['DNS (SCTP/5353)', 'SSH (TCP/22)']);
    expect(await displays('port=80')).toEqual(['web (TCP/80, 443, 8080-8082)', 'HTTP (TCP/80, 8080)']);
    expect(await displays('port=22&port=443')).toEqual(['web (TCP/80, 443, 8080-8082)']); // one value: the last
    expect(await displays('port__n=22&protocol=tcp')).toEqual(['web (TCP/80, 443, 8080-8082)', 'HTTP (TCP/80, 8080)']);
    expect(await displays('port__gte=8000')).toEqual(['web (TCP/80, 443, 8080-8082)', 'HTTP (TCP/80, 8080)']); // arrays compared
    expect(await displays('port__empty=true')).toEqual([]);
    expect(await displays('q=still')).toEqual(['SSH (TCP/22)']); // its description
    expect(await displays('fhrpgroup=g1')).toEqual([]);
    expect(await displays('fhrpgroup_id=1')).toEqual([]);
    for (const [query, errors] of [
      ['port=http', { port: ['Enter a number.'] }],
      ['device_id=host1', { device_id: ['Enter a number.'] }],
      ['fhrpgroup_id=x', { fhrpgroup_id: ['Enter a number.'] }],
      ['ip_address_id=1', { ip_address_id: ['Select a valid choice. 1 is not one of the available choices.'] }],
      ['protocol=icmp', { protocol: ['Select a valid choice. icmp is not one of the available choices.'] }],
    ] as const) {
      const r = await api.request('GET', `/api/ipam/services/?${query}`);
      expect({ query, status: r.status, body: r.body }).toEqual({ query, status: 400, body: errors });
    }
  }, SLOW);

  it('goes with the VM or device it runs on', async () => {
    const doomed = await api.request('POST', '/api/virtualization/virtual-machines/', { name: 'doomed', site: (await api.request('GET', `/api/virtualization/virtual-machines/${ids.vm}/`)).body.site.id });
    const service = await post('/api/ipam/services/', { parent_object_type: 'virtualization.virtualmachine', parent_object_id: doomed.body.id, name: 'x', protocol: 'tcp', ports: [1] });
    expect((await api.request('DELETE', `/api/virtualization/virtual-machines/${doomed.body.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/ipam/services/${service.id}/`)).status).toBe(404);
    expect((await api.request('DELETE', `/api/dcim/devices/${ids.device}/`)).status).toBe(204);
    expect(await displays('parent_object_type=dcim.device')).toEqual([]);
  }, SLOW);

  it('serves service templates: display, case-insensitive names in natural order, port filter', async () => {
    const ssh = await post('/api/ipam/service-templates/', { name: 'SSH', protocol: 'tcp', ports: [22], comments: 'admin access' });
    expect(Object.keys(ssh)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'protocol', 'ports', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated']);
    expect(ssh).toMatchObject({ display: 'SSH (TCP/22)', protocol: { value: 'tcp', label: 'TCP' }, ports: [22], display_url: `http://nb.test/ipam/service-templates/${ssh.id}/` });
    const brief = await api.request('GET', `/api/ipam/service-templates/${ssh.id}/?brief=1`);
    expect(Object.keys(brief.body)).toEqual(['id', 'url', 'display', 'name', 'protocol', 'ports', 'description']);
    for (const [body, errors] of [
      [{ name: 'ssh', protocol: 'tcp', ports: [22] }, { name: ['application service template with this name already exists.'] }],
      [{ name: 'SSH', protocol: 'tcp', ports: [22] }, { name: ['application service template with this name already exists.'] }],
      [{ name: 'ssh', protocol: 'tcp', ports: [] }, { name: ['application service template with this name already exists.'], ports: ['This list may not be empty.'] }],
      [{ name: 'telnet', ports: [23] }, { protocol: ['This field cannot be blank.'] }],
    ] as const) {
      const r = await api.request('POST', '/api/ipam/service-templates/', body);
      expect({ body, errors: r.body }).toEqual({ body, errors });
    }
    for (const name of ['web10', 'Web2', 'web1']) await post('/api/ipam/service-templates/', { name, protocol: 'tcp', ports: [80, 443] });
    const names = async (query: string) => (await api.request('GET', `/api/ipam/service-templates/?${query}`)).body.results.map((t: any) => t.name);
    expect(await names('')).toEqual(['SSH', 'web1', 'Web2', 'web10']);
    expect(await names('port=443&name__n=web10')).toEqual(['web1', 'Web2']);
    expect(await names('q=admin')).toEqual([]); // comments are not searched
    expect((await api.request('PATCH', `/api/ipam/service-templates/${ssh.id}/`, { name: 'ssh' })).status).toBe(200); // its own name, in another case
  }, SLOW);
});
