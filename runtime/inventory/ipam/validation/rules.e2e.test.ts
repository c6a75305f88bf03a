/**
 * NetBox's validation messages of the ipam models (their clean(), bases included), one row per
 * message: each request is refused with 400 and exactly NetBox 4.6.8's body (key and message).
 * The records of scripts/facts/rules/ipam.yaml point here. Objects are created once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

type Ids = Record<string, number>;

interface Case {
  /** What the row shows (NetBox's message with its placeholders). */
  rule: string;
  request: (ids: Ids) => [method: string, path: string, body: unknown];
  answer: (ids: Ids) => Record<string, string[]>;
}

const cases: Case[] = [
  // Aggregate.clean()
  { rule: 'Cannot create aggregate with /0 mask.', request: (i) => ['POST', '/api/ipam/aggregates/', { prefix: '0.0.0.0/0', rir: i.rir }], answer: () => ({ prefix: ['Cannot create aggregate with /0 mask.'] }) },
  {
    rule: 'Aggregates cannot overlap. {prefix} is already covered by an existing aggregate ({aggregate}).',
    request: (i) => ['POST', '/api/ipam/aggregates/', { prefix: '10.5.0.0/16', rir: i.rir }],
    answer: () => ({ prefix: ['Aggregates cannot overlap. 10.5.0.0/16 is already covered by an existing aggregate (10.0.0.0/8).'] }),
  },
  {
    rule: 'Prefixes cannot overlap aggregates. {prefix} covers an existing aggregate ({aggregate}).',
    request: (i) => ['POST', '/api/ipam/aggregates/', { prefix: '8.0.0.0/5', rir: i.rir }],
    answer: () => ({ prefix: ['Prefixes cannot overlap aggregates. 8.0.0.0/5 covers an existing aggregate (10.0.0.0/8).'] }),
  },
  // Prefix.clean() and CachedScopeMixin.clean()
  { rule: 'Cannot create prefix with /0 mask.', request: () => ['POST', '/api/ipam/prefixes/', { prefix: '0.0.0.0/0' }], answer: () => ({ prefix: ['Cannot create prefix with /0 mask.'] }) },
  {
    rule: 'Duplicate prefix found in {table}: {prefix} (global table)',
    request: () => ['POST', '/api/ipam/prefixes/', { prefix: '10.1.0.0/16' }],
    answer: () => ({ prefix: ['Duplicate prefix found in global table: 10.1.0.0/16'] }),
  },
  {
    rule: 'Duplicate prefix found in {table}: {prefix} (a VRF)',
    request: (i) => ['POST', '/api/ipam/prefixes/', { prefix: '10.1.0.0/16', vrf: i.vrf }],
    answer: () => ({ prefix: ['Duplicate prefix found in VRF Unique (65100:1): 10.1.0.0/16'] }),
  },
  {
    // CachedScopeMixin.clean(): a scope type with no scope (an id of 0 passes BaseModel.clean(), which looks up truthy ids only).
    rule: 'Please select a {scope_type}. (prefix)',
    request: () => ['POST', '/api/ipam/prefixes/', { prefix: '10.9.0.0/16', scope_type: 'dcim.site', scope_id: 0 }],
    answer: () => ({ __all__: ['Please select a site.'] }),
  },
  {
    rule: 'Related object not found using the provided value: {fk_value}. (prefix scope)',
    request: () => ['POST', '/api/ipam/prefixes/', { prefix: '10.9.0.0/16', scope_type: 'dcim.site', scope_id: 999999 }],
    answer: () => ({ scope_id: ['Related object not found using the provided value: 999999.'] }),
  },
  {
    rule: 'This field cannot be null. (prefix scope_type)',
    request: (i) => ['POST', '/api/ipam/prefixes/', { prefix: '10.9.0.0/16', scope_id: i.siteA }],
    answer: () => ({ scope_type: ['This field cannot be null.'] }),
  },
  // IPRange.clean()
  {
    rule: 'Starting and ending IP address versions must match',
    request: () => ['POST', '/api/ipam/ip-ranges/', { start_address: '10.4.0.1/24', end_address: '2001:db8::1/24' }],
    answer: () => ({ end_address: ['Starting and ending IP address versions must match'] }),
  },
  {
    rule: 'Starting and ending IP address masks must match',
    request: () => ['POST', '/api/ipam/ip-ranges/', { start_address: '10.4.0.1/24', end_address: '10.4.0.9/25' }],
    answer: () => ({ end_address: ['Starting and ending IP address masks must match'] }),
  },
  {
    rule: 'Ending address must be greater than or equal to the starting address ({start_address})',
    request: () => ['POST', '/api/ipam/ip-ranges/', { start_address: '10.4.0.9/24', end_address: '10.4.0.1/24' }],
    answer: () => ({ end_address: ['Ending address must be greater than or equal to the starting address (10.4.0.9/24)'] }),
  },
  {
    rule: 'Defined addresses overlap with range {overlapping_range} in VRF {vrf}',
    request: () => ['POST', '/api/ipam/ip-ranges/', { start_address: '10.3.0.15/24', end_address: '10.3.0.30/24' }],
    answer: () => ({ __all__: ['Defined addresses overlap with range 10.3.0.10-20/24 in VRF None'] }),
  },
  {
    rule: 'Defined addresses overlap with range {overlapping_range} in VRF {vrf} (a single-address range)',
    request: () => ['POST', '/api/ipam/ip-ranges/', { start_address: '10.3.1.5/24', end_address: '10.3.1.5/24' }],
    answer: () => ({ __all__: ['Defined addresses overlap with range 10.3.1.5-10.3.1.5/24 in VRF None'] }),
  },
  {
    rule: 'Defined range exceeds maximum supported size ({max_size})',
    request: () => ['POST', '/api/ipam/ip-ranges/', { start_address: '2001:db8::/32', end_address: '2001:db9::/32' }],
    answer: () => ({ __all__: ['Defined range exceeds maximum supported size (4294967295)'] }),
  },
  // IPAddress.clean()
  { rule: 'Cannot create IP address with /0 mask.', request: () => ['POST', '/api/ipam/ip-addresses/', { address: '10.2.0.9/0' }], answer: () => ({ address: ['Cannot create IP address with /0 mask.'] }) },
  {
    // The network ID and broadcast checks raise ValidationError(msg): models.md lists them as "msg".
    rule: 'msg (network ID)',
    request: (i) => ['POST', '/api/ipam/ip-addresses/', { address: '10.2.1.0/24', assigned_object_type: 'dcim.interface', assigned_object_id: i.ifaceA }],
    answer: () => ({ __all__: ['10.2.1.0 is a network ID, which may not be assigned to an interface.'] }),
  },
  {
    rule: 'msg (broadcast)',
    request: (i) => ['POST', '/api/ipam/ip-addresses/', { address: '10.2.1.255/24', assigned_object_type: 'dcim.interface', assigned_object_id: i.ifaceA }],
    answer: () => ({ __all__: ['10.2.1.255 is a broadcast address, which may not be assigned to an interface.'] }),
  },
  {
    rule: 'Duplicate IP address found in {table}: {ipaddress}',
    request: () => ['POST', '/api/ipam/ip-addresses/', { address: '10.2.0.1/24' }],
    answer: () => ({ address: ['Duplicate IP address found in global table: 10.2.0.1/24'] }),
  },
  {
    rule: 'Cannot create IP address {ip} inside range {range}.',
    request: () => ['POST', '/api/ipam/ip-addresses/', { address: '10.3.0.12/24' }],
    answer: () => ({ address: ['Cannot create IP address 10.3.0.12/24 inside range 10.3.0.10-20/24.'] }),
  },
  {
    rule: 'Cannot create IP address {ip} inside range {range}. (another mask: host portions compare)',
    request: () => ['POST', '/api/ipam/ip-addresses/', { address: '10.3.0.12/32' }],
    answer: () => ({ address: ['Cannot create IP address 10.3.0.12/32 inside range 10.3.0.10-20/24.'] }),
  },
  {
    rule: 'Cannot create IP address {ip} inside range {range}. (a single-address range)',
    request: () => ['POST', '/api/ipam/ip-addresses/', { address: '10.3.1.5/24' }],
    answer: () => ({ address: ['Cannot create IP address 10.3.1.5/24 inside range 10.3.1.5-10.3.1.5/24.'] }),
  },
  {
    rule: 'Cannot reassign IP address while it is designated as the primary IP for the parent object (device)',
    request: (i) => ['PATCH', `/api/ipam/ip-addresses/${i.primaryIp}/`, { assigned_object_type: 'dcim.interface', assigned_object_id: i.ifaceB }],
    answer: () => ({ __all__: ['Cannot reassign IP address while it is designated as the primary IP for the parent object'] }),
  },
  {
    rule: 'Cannot reassign IP address while it is designated as the primary IP for the parent object (virtual machine)',
    request: (i) => ['PATCH', `/api/ipam/ip-addresses/${i.vmPrimaryIp}/`, { assigned_object_type: null, assigned_object_id: null }],
    answer: () => ({ __all__: ['Cannot reassign IP address while it is designated as the primary IP for the parent object'] }),
  },
  {
    rule: 'Cannot reassign IP address while it is designated as the OOB IP for the parent object',
    request: (i) => ['PATCH', `/api/ipam/ip-addresses/${i.oobIp}/`, { assigned_object_type: 'dcim.interface', assigned_object_id: i.ifaceB }],
    answer: () => ({ __all__: ['Cannot reassign IP address while it is designated as the OOB IP for the parent object'] }),
  },
  { rule: 'Only IPv6 addresses can be assigned SLAAC status', request: () => ['POST', '/api/ipam/ip-addresses/', { address: '10.2.0.77/24', status: 'slaac' }], answer: () => ({ status: ['Only IPv6 addresses can be assigned SLAAC status'] }) },
  // BaseModel.clean() on the assigned object
  {
    rule: 'This field cannot be null. (ip address assigned_object_id)',
    request: () => ['POST', '/api/ipam/ip-addresses/', { address: '10.2.0.78/24', assigned_object_type: 'dcim.interface' }],
    answer: () => ({ assigned_object_id: ['This field cannot be null.'] }),
  },
  {
    rule: 'This field cannot be null. (ip address assigned_object_type)',
    request: (i) => ['POST', '/api/ipam/ip-addresses/', { address: '10.2.0.78/24', assigned_object_id: i.ifaceA }],
    answer: () => ({ assigned_object_type: ['This field cannot be null.'] }),
  },
  {
    rule: 'Related object not found using the provided value: {fk_value}. (ip address)',
    request: () => ['POST', '/api/ipam/ip-addresses/', { address: '10.2.0.78/24', assigned_object_type: 'dcim.interface', assigned_object_id: 999999 }],
    answer: () => ({ assigned_object_id: ['Related object not found using the provided value: 999999.'] }),
  },
  // VLANGroup.clean(), after BaseModel.clean() on the scope
  {
    rule: 'Cannot set scope_type without scope_id.',
    request: () => ['POST', '/api/ipam/vlan-groups/', { name: 'G0', slug: 'g0', scope_type: 'dcim.site', scope_id: 0 }],
    answer: () => ({ __all__: ['Cannot set scope_type without scope_id.'] }),
  },
  {
    rule: 'This field cannot be null. (vlan group scope_id)',
    request: () => ['POST', '/api/ipam/vlan-groups/', { name: 'G0', slug: 'g0', scope_type: 'dcim.site' }],
    answer: () => ({ scope_id: ['This field cannot be null.'] }),
  },
  {
    rule: 'This field cannot be null. (vlan group scope_type)',
    request: (i) => ['POST', '/api/ipam/vlan-groups/', { name: 'G0', slug: 'g0', scope_id: i.siteA }],
    answer: () => ({ scope_type: ['This field cannot be null.'] }),
  },
  {
    rule: 'Related object not found using the provided value: {fk_value}. (vlan group)',
    request: () => ['POST', '/api/ipam/vlan-groups/', { name: 'G0', slug: 'g0', scope_type: 'dcim.site', scope_id: 999999 }],
    answer: () => ({ scope_id: ['Related object not found using the provided value: 999999.'] }),
  },
  { rule: 'Ranges cannot overlap.', request: () => ['POST', '/api/ipam/vlan-groups/', { name: 'G0', slug: 'g0', vid_ranges: [[1, 10], [10, 20]] }], answer: () => ({ vid_ranges: ['Ranges cannot overlap.'] }) },
  {
    rule: 'Starting VLAN ID in range ({value}) cannot be less than {minimum}',
    request: () => ['POST', '/api/ipam/vlan-groups/', { name: 'G0', slug: 'g0', vid_ranges: [[0, 10]] }],
    answer: () => ({ vid_ranges: ['Starting VLAN ID in range (0) cannot be less than 1'] }),
  },
  {
    rule: 'Ending VLAN ID in range ({value}) cannot exceed {maximum}',
    request: () => ['POST', '/api/ipam/vlan-groups/', { name: 'G0', slug: 'g0', vid_ranges: [[10, 4095]] }],
    answer: () => ({ vid_ranges: ['Ending VLAN ID in range (4095) cannot exceed 4094'] }),
  },
  {
    rule: 'Ending VLAN ID in range must be greater than or equal to the starting VLAN ID ({range})',
    request: () => ['POST', '/api/ipam/vlan-groups/', { name: 'G0', slug: 'g0', vid_ranges: [[20, 10]] }],
    answer: () => ({ vid_ranges: ['Ending VLAN ID in range must be greater than or equal to the starting VLAN ID (20-10)'] }),
  },
  // VLAN.clean()
  {
    rule: 'VLAN is assigned to group {group} (scope: {scope}); cannot also assign to site {site}.',
    request: (i) => ['POST', '/api/ipam/vlans/', { vid: 10, name: 'V10', group: i.siteGroupVlans, site: i.siteB }],
    answer: () => ({ __all__: ['VLAN is assigned to group At A (scope: Site A); cannot also assign to site Site B.'] }),
  },
  {
    rule: 'The assigned site {site} is not a member of the assigned group {group} (scope: {scope}).',
    request: (i) => ['POST', '/api/ipam/vlans/', { vid: 10, name: 'V10', group: i.regionalVlans, site: i.siteA }],
    answer: () => ({ __all__: ['The assigned site Site A is not a member of the assigned group In SG (scope: SG).'] }),
  },
  {
    rule: 'VID must be in ranges {ranges} for VLANs in group {group}',
    request: (i) => ['POST', '/api/ipam/vlans/', { vid: 300, name: 'V300', group: i.rangedVlans }],
    answer: () => ({ vid: ['VID must be in ranges 100-199,250 for VLANs in group Ranged'] }),
  },
  {
    rule: 'Only Q-in-Q customer VLANs maybe assigned to a service VLAN.',
    request: (i) => ['POST', '/api/ipam/vlans/', { vid: 11, name: 'V11', qinq_svlan: i.svlan }],
    answer: () => ({ qinq_svlan: ['Only Q-in-Q customer VLANs maybe assigned to a service VLAN.'] }),
  },
  {
    rule: 'A Q-in-Q customer VLAN must be assigned to a service VLAN.',
    request: () => ['POST', '/api/ipam/vlans/', { vid: 12, name: 'V12', qinq_role: 'cvlan' }],
    answer: () => ({ qinq_role: ['A Q-in-Q customer VLAN must be assigned to a service VLAN.'] }),
  },
  // Service: BaseModel.clean() on its parent
  {
    rule: 'Related object not found using the provided value: {fk_value}. (service)',
    request: () => ['POST', '/api/ipam/services/', { parent_object_type: 'dcim.device', parent_object_id: 999999, name: 'ssh', protocol: 'tcp', ports: [22] }],
    answer: () => ({ parent_object_id: ['Related object not found using the provided value: 999999.'] }),
  },
];

describe.each(testDatabases())('ipam validation messages on $name', (database) => {
  let api: TestClient;
  const ids: Ids = {};
  const send = async (method: string, path: string, body: unknown) => {
    const answer = await api.request(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const post = (path: string, body: unknown) => send('POST', path, body);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.rir = (await post('/api/ipam/rirs/', { name: 'RFC 1918', slug: 'rfc-1918' })).id;
    await post('/api/ipam/aggregates/', { prefix: '10.0.0.0/8', rir: ids.rir });
    ids.vrf = (await post('/api/ipam/vrfs/', { name: 'Unique', rd: '65100:1', enforce_unique: true })).id;
    await post('/api/ipam/prefixes/', [{ prefix: '10.1.0.0/16' }, { prefix: '10.1.0.0/16', vrf: ids.vrf }]);
    await post('/api/ipam/ip-ranges/', [
      { start_address: '10.3.0.10/24', end_address: '10.3.0.20/24', mark_populated: true },
      { start_address: '10.3.1.5/24', end_address: '10.3.1.5/24', mark_populated: true },
    ]);
    // An address stored before its range was marked populated may still be edited (NetBox checks new addresses only).
    ids.populatedIp = (await post('/api/ipam/ip-addresses/', { address: '10.3.0.30/24' })).id;
    await post('/api/ipam/ip-ranges/', { start_address: '10.3.0.25/24', end_address: '10.3.0.35/24', mark_populated: true });
    await post('/api/ipam/ip-addresses/', { address: '10.2.0.1/24' });
    const group = await post('/api/dcim/site-groups/', { name: 'SG', slug: 'sg' });
    ids.siteA = (await post('/api/dcim/sites/', { name: 'Site A', slug: 'site-a' })).id;
    ids.siteB = (await post('/api/dcim/sites/', { name: 'Site B', slug: 'site-b', group: group.id })).id;
    ids.siteGroupVlans = (await post('/api/ipam/vlan-groups/', { name: 'At A', slug: 'at-a', scope_type: 'dcim.site', scope_id: ids.siteA })).id;
    ids.regionalVlans = (await post('/api/ipam/vlan-groups/', { name: 'In SG', slug: 'in-sg', scope_type: 'dcim.sitegroup', scope_id: group.id })).id;
    ids.rangedVlans = (await post('/api/ipam/vlan-groups/', { name: 'Ranged', slug: 'ranged', vid_ranges: [[100, 199], [250, 250]] })).id;
    ids.svlan = (await post('/api/ipam/vlans/', { vid: 1000, name: 'S1000', qinq_role: 'svlan' })).id;
    // A device and a VM with primary (and out-of-band) addresses on their interfaces.
    const maker = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'H1', slug: 'h1' });
    const role = await post('/api/dcim/device-roles/', { name: 'Servers', slug: 'servers' });
    const device = await post('/api/dcim/devices/', { name: 'host1', device_type: type.id, role: role.id, site: ids.siteA });
    const other = await post('/api/dcim/devices/', { name: 'host2', device_type: type.id, role: role.id, site: ids.siteA });
    ids.ifaceA = (await post('/api/dcim/interfaces/', { device: device.id, name: 'eth0', type: '1000base-t' })).id;
    ids.ifaceB = (await post('/api/dcim/interfaces/', { device: other.id, name: 'eth0', type: '1000base-t' })).id;
    ids.primaryIp = (await post('/api/ipam/ip-addresses/', { address: '10.2.2.1/24', assigned_object_type: 'dcim.interface', assigned_object_id: ids.ifaceA })).id;
    ids.oobIp = (await post('/api/ipam/ip-addresses/', { address: '10.2.2.2/24', assigned_object_type: 'dcim.interface', assigned_object_id: ids.ifaceA })).id;
    await send('PATCH', `/api/dcim/devices/${device.id}/`, { primary_ip4: ids.primaryIp, oob_ip: ids.oobIp });
    const vm = await post('/api/virtualization/virtual-machines/', { name: 'vm1', site: ids.siteA });
    const vmIface = await post('/api/virtualization/interfaces/', { virtual_machine: vm.id, name: 'eth0' });
    ids.vmPrimaryIp = (await post('/api/ipam/ip-addresses/', { address: '10.2.3.1/24', assigned_object_type: 'virtualization.vminterface', assigned_object_id: vmIface.id })).id;
    await send('PATCH', `/api/virtualization/virtual-machines/${vm.id}/`, { primary_ip4: ids.vmPrimaryIp });
  }, 120_000);
  afterAll(async () => api?.close());

  it.each(cases)('$rule', async ({ request, answer }) => {
    const [method, path, body] = request(ids);
    const response = await api.request(method, path, body);
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: answer(ids) });
  });

  it('lets an existing address inside a populated range be edited', async () => {
    expect((await api.request('PATCH', `/api/ipam/ip-addresses/${ids.populatedIp}/`, { description: 'kept' })).status).toBe(200);
  });

  it('accepts a single-address IP range, as NetBox 4.6.8 does', async () => {
    const range = await post('/api/ipam/ip-ranges/', { start_address: '10.3.2.7/24', end_address: '10.3.2.7/24' });
    expect(range).toMatchObject({ display: '10.3.2.7-10.3.2.7/24', size: 1, start_address: '10.3.2.7/24', end_address: '10.3.2.7/24' });
  });
});
