/**
 * NetBox's validation messages of the virtualization models (their clean(), bases included), one
 * row per message: each request is refused with 400 and exactly NetBox 4.6.8's body (key and
 * message). The records of scripts/facts/rules/virtualization.yaml point here. Objects are
 * created once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

type Ids = Record<string, number>;

interface Case {
  /** What the row shows (NetBox's message with its placeholders). */
  rule: string;
  request: (ids: Ids) => [method: string, path: string, body: unknown];
  answer: Record<string, string[]>;
}

const VMS = '/api/virtualization/virtual-machines/';
const INTERFACES = '/api/virtualization/interfaces/';

const cases: Case[] = [
  // Cluster.clean()
  {
    rule: '{count} devices are assigned as hosts for this cluster but are not in site {site}',
    request: (i) => ['PATCH', `/api/virtualization/clusters/${i.spread}/`, { scope_type: 'dcim.site', scope_id: i.siteA }],
    answer: { scope: ['1 devices are assigned as hosts for this cluster but are not in site Site A'] },
  },
  {
    rule: '{count} devices are assigned as hosts for this cluster but are not in location {location}',
    request: (i) => ['PATCH', `/api/virtualization/clusters/${i.roomy}/`, { scope_type: 'dcim.location', scope_id: i.room }],
    answer: { scope: ['1 devices are assigned as hosts for this cluster but are not in location Room 1'] },
  },
  {
    // CachedScopeMixin.clean(): a scope type with no scope (an id of 0 passes BaseModel.clean(), which looks up truthy ids only).
    rule: 'Please select a {scope_type}. (cluster)',
    request: (i) => ['POST', '/api/virtualization/clusters/', { name: 'Unplaced', type: i.type, scope_type: 'dcim.location', scope_id: 0 }],
    answer: { __all__: ['Please select a location.'] },
  },
  {
    rule: 'Related object not found using the provided value: {fk_value}. (cluster scope)',
    request: (i) => ['POST', '/api/virtualization/clusters/', { name: 'Unplaced', type: i.type, scope_type: 'dcim.site', scope_id: 999999 }],
    answer: { scope_id: ['Related object not found using the provided value: 999999.'] },
  },
  {
    rule: 'This field cannot be null. (cluster scope_type)',
    request: (i) => ['POST', '/api/virtualization/clusters/', { name: 'Unplaced', type: i.type, scope_id: i.siteA }],
    answer: { scope_type: ['This field cannot be null.'] },
  },
  // VirtualMachine.clean() and ConfigContextModel.clean()
  { rule: 'A virtual machine must be assigned to a site, cluster, or device.', request: () => ['POST', VMS, { name: 'nowhere' }], answer: { __all__: ['A virtual machine must be assigned to a site, cluster, or device.'] } },
  {
    rule: 'The selected cluster ({cluster}) is not assigned to this site ({site}).',
    request: (i) => ['POST', VMS, { name: 'v', site: i.siteA, cluster: i.atB }],
    answer: { cluster: ['The selected cluster (At B) is not assigned to this site (Site A).'] },
  },
  {
    rule: 'The selected device ({device}) is not assigned to this site ({site}).',
    request: (i) => ['POST', VMS, { name: 'v', site: i.siteB, device: i.standalone }],
    answer: { site: ['The selected device (standalone) is not assigned to this site (Site B).'] },
  },
  {
    rule: "Must specify the assigned device's cluster ({cluster}) when assigning host device {device}.",
    request: (i) => ['POST', VMS, { name: 'v', device: i.hostA }],
    answer: { cluster: ["Must specify the assigned device's cluster (Spread) when assigning host device hostA."] },
  },
  {
    rule: 'The selected device ({device}) is not assigned to this cluster ({cluster}).',
    request: (i) => ['POST', VMS, { name: 'v', device: i.standalone, cluster: i.spread }],
    answer: { device: ['The selected device (standalone) is not assigned to this cluster (Spread).'] },
  },
  {
    rule: 'The specified disk size ({size}) must match the aggregate size of assigned virtual disks ({total_size}).',
    request: (i) => ['PATCH', `${VMS}${i.vm1}/`, { disk: 5 }],
    answer: { disk: ['The specified disk size (5) must match the aggregate size of assigned virtual disks (30).'] },
  },
  {
    rule: 'Must be an IPv{family} address. ({ip} is an IPv{version} address.)',
    request: (i) => ['PATCH', `${VMS}${i.vm1}/`, { primary_ip4: i.ip6 }],
    answer: { primary_ip4: ['Must be an IPv4 address. (2001:db8::1/64 is an IPv6 address.)'] },
  },
  {
    rule: 'The specified IP address ({ip}) is not assigned to this VM.',
    request: (i) => ['PATCH', `${VMS}${i.vm1}/`, { primary_ip4: i.loose4 }],
    answer: { primary_ip4: ['The specified IP address (10.9.9.9/24) is not assigned to this VM.'] },
  },
  {
    // models.md words it as the source builds it: _('JSON data must be in object form. Example:') + ' {"foo": 123}'
    rule: 'JSON data must be in object form. Example: {"foo": 123}',
    request: (i) => ['POST', VMS, { name: 'v', site: i.siteA, local_context_data: [1, 2] }],
    answer: { local_context_data: ['JSON data must be in object form. Example: {"foo": 123}'] },
  },
  // VMInterface.clean() and BaseInterface.clean()
  { rule: 'An interface cannot be its own parent.', request: (i) => ['PATCH', `${INTERFACES}${i.eth0}/`, { parent: i.eth0 }], answer: { parent: ['An interface cannot be its own parent.'] } },
  {
    rule: 'The selected parent interface ({parent}) belongs to a different virtual machine ({virtual_machine}).',
    request: (i) => ['POST', INTERFACES, { virtual_machine: i.vm1, name: 'eth9', parent: i.otherEth0 }],
    answer: { parent: ['The selected parent interface (eth0) belongs to a different virtual machine (vm2).'] },
  },
  { rule: 'An interface cannot be bridged to itself.', request: (i) => ['PATCH', `${INTERFACES}${i.eth0}/`, { bridge: i.eth0 }], answer: { bridge: ['An interface cannot be bridged to itself.'] } },
  {
    rule: 'The selected bridge interface ({bridge}) belongs to a different virtual machine ({virtual_machine}).',
    request: (i) => ['POST', INTERFACES, { virtual_machine: i.vm1, name: 'eth9', bridge: i.otherEth0 }],
    answer: { bridge: ['The selected bridge interface (eth0) belongs to a different virtual machine (vm2).'] },
  },
  {
    rule: "The untagged VLAN ({untagged_vlan}) must belong to the same site as the interface's parent virtual machine, or it must be global.",
    request: (i) => ['POST', INTERFACES, { virtual_machine: i.vm1, name: 'eth9', mode: 'access', untagged_vlan: i.vlanB }],
    answer: { untagged_vlan: ["The untagged VLAN (B100 (100)) must belong to the same site as the interface's parent virtual machine, or it must be global."] },
  },
  {
    rule: 'Only Q-in-Q interfaces may specify a service VLAN.',
    request: (i) => ['POST', INTERFACES, { virtual_machine: i.vm1, name: 'eth9', mode: 'access', qinq_svlan: i.svlan }],
    answer: { qinq_svlan: ['Only Q-in-Q interfaces may specify a service VLAN.'] },
  },
];

describe.each(testDatabases())('virtualization validation messages on $name', (database) => {
  let api: TestClient;
  const ids: Ids = {};
  const send = async (method: string, path: string, body: unknown) => {
    const answer = await api.request(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const post = async (path: string, body: unknown) => (await send('POST', path, body)).id as number;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.siteA = await post('/api/dcim/sites/', { name: 'Site A', slug: 'site-a' });
    ids.siteB = await post('/api/dcim/sites/', { name: 'Site B', slug: 'site-b' });
    ids.room = await post('/api/dcim/locations/', { name: 'Room 1', slug: 'room-1', site: ids.siteA });
    const type = (ids.type = await post('/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' }));
    ids.spread = await post('/api/virtualization/clusters/', { name: 'Spread', type });
    ids.roomy = await post('/api/virtualization/clusters/', { name: 'Roomy', type });
    ids.atB = await post('/api/virtualization/clusters/', { name: 'At B', type, scope_type: 'dcim.site', scope_id: ids.siteB });
    // Host devices: Spread's at two sites, Roomy's at one site, one of them outside the room.
    const maker = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const deviceType = await post('/api/dcim/device-types/', { manufacturer: maker, model: 'H1', slug: 'h1' });
    const role = await post('/api/dcim/device-roles/', { name: 'Hosts', slug: 'hosts' });
    const device = (name: string, site: number, more: object = {}) => post('/api/dcim/devices/', { name, device_type: deviceType, role, site, ...more });
    ids.hostA = await device('hostA', ids.siteA, { cluster: ids.spread });
    await device('hostB', ids.siteB, { cluster: ids.spread });
    await device('inRoom', ids.siteA, { cluster: ids.roomy, location: ids.room });
    await device('outOfRoom', ids.siteA, { cluster: ids.roomy });
    ids.standalone = await device('standalone', ids.siteA);
    // A VM with two virtual disks and an interface, and another VM's interface.
    ids.vm1 = await post(VMS, { name: 'vm1', site: ids.siteA });
    const vm2 = await post(VMS, { name: 'vm2', site: ids.siteA });
    await post('/api/virtualization/virtual-disks/', [{ virtual_machine: ids.vm1, name: 'd1', size: 10 }, { virtual_machine: ids.vm1, name: 'd2', size: 20 }]);
    ids.eth0 = await post(INTERFACES, { virtual_machine: ids.vm1, name: 'eth0' });
    ids.otherEth0 = await post(INTERFACES, { virtual_machine: vm2, name: 'eth0' });
    ids.ip6 = await post('/api/ipam/ip-addresses/', { address: '2001:db8::1/64', assigned_object_type: 'virtualization.vminterface', assigned_object_id: ids.eth0 });
    ids.loose4 = await post('/api/ipam/ip-addresses/', { address: '10.9.9.9/24' });
    ids.vlanB = await post('/api/ipam/vlans/', { vid: 100, name: 'B100', site: ids.siteB });
    ids.svlan = await post('/api/ipam/vlans/', { vid: 1000, name: 'S1000', qinq_role: 'svlan' });
  }, 120_000);
  afterAll(async () => api?.close());

  it.each(cases)('$rule', async ({ request, answer }) => {
    const [method, path, body] = request(ids);
    const response = await api.request(method, path, body);
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: answer });
  });

  it('lets a cluster take the scope its hosts are in', async () => {
    // Roomy's hosts are all at Site A, so Site A (unlike Room 1) is accepted.
    expect((await api.request('PATCH', `/api/virtualization/clusters/${ids.roomy}/`, { scope_type: 'dcim.site', scope_id: ids.siteA })).status).toBe(200);
    // A new cluster has no hosts yet.
    expect((await api.request('POST', '/api/virtualization/clusters/', { name: 'New', type: (await api.request('GET', '/api/virtualization/cluster-types/')).body.results[0].id, scope_type: 'dcim.location', scope_id: ids.room })).status).toBe(201);
  });
});
