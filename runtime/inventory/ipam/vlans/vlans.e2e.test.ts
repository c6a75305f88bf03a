/**
 * End-to-end tests of VLAN groups, VLANs and VLAN translation through the HTTP layer: shapes,
 * computed totals, NetBox's rules and their messages (DRF's unique sets first), the scope and
 * availability filters, protected deletes, cascades and the available VLANs of a group, on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('ipam VLANs on $name', (database) => {
  let api: TestClient;
  const ids = async (path: string) => ((await api.request('GET', path)).body.results as { id: number }[]).map((r) => r.id);
  const post = async (path: string, body: unknown) => {
    const answer = await api.request('POST', path, body);
    if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  // Booting migrates a fresh database, which takes a while on a busy machine.
  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  }, 60_000);
  afterAll(async () => api?.close());

  it('gives VLAN groups all VIDs by default, counts their VLANs and checks their ranges', async () => {
    const group = await post('/api/ipam/vlan-groups/', { name: 'Default', slug: 'default' });
    expect(group).toMatchObject({ vid_ranges: [[1, 4094]], total_vlan_ids: 4094, vlan_count: 0, utilization: '0.00', scope_type: null, scope: null });
    await post('/api/ipam/vlans/', { vid: 100, name: 'hundred', group: group.id });
    const read = (await api.request('GET', `/api/ipam/vlan-groups/${group.id}/`)).body;
    expect([read.vlan_count, read.utilization]).toEqual([1, '0.02']);
    expect((await api.request('GET', `/api/ipam/vlan-groups/${group.id}/?brief=1`)).body).toEqual({
      id: group.id, url: `http://nb.test/api/ipam/vlan-groups/${group.id}/`, display: 'Default', name: 'Default', slug: 'default', description: '', vlan_count: 1,
    });
    const refused = async (vid_ranges: unknown) => (await api.request('POST', '/api/ipam/vlan-groups/', { name: 'X', slug: 'x', vid_ranges })).body;
    expect(await refused([[1, 10], [10, 20]])).toEqual({ vid_ranges: ['Ranges cannot overlap.'] });
    expect(await refused([[0, 10]])).toEqual({ vid_ranges: ['Starting VLAN ID in range (0) cannot be less than 1'] });
    expect(await refused([[10, 4095]])).toEqual({ vid_ranges: ['Ending VLAN ID in range (4095) cannot exceed 4094'] });
    const small = await post('/api/ipam/vlan-groups/', { name: 'Small', slug: 'small', vid_ranges: [[10, 19], [30, 30]] });
    expect(small.total_vlan_ids).toBe(11);
    expect(await ids('/api/ipam/vlan-groups/?contains_vid=30')).toEqual([group.id, small.id]);
    expect(await ids('/api/ipam/vlan-groups/?contains_vid=25')).toEqual([group.id]);
    expect(await ids('/api/ipam/vlan-groups/?total_vlan_ids__lt=100')).toEqual([small.id]);
    // A group holding VLANs is protected.
    expect((await api.request('DELETE', `/api/ipam/vlan-groups/${group.id}/`)).status).toBe(409);
  });

  it('scopes VLAN groups, filters them by scope and keeps names unique per scope', async () => {
    const site = await post('/api/dcim/sites/', { name: 'Lyon', slug: 'lyon' });
    const scoped = await post('/api/ipam/vlan-groups/', { name: 'Campus', slug: 'campus', scope_type: 'dcim.site', scope_id: site.id });
    expect(scoped.scope).toEqual({ id: site.id, url: `http://nb.test/api/dcim/sites/${site.id}/`, display: 'Lyon', name: 'Lyon', description: '', slug: 'lyon' });
    expect(await ids(`/api/ipam/vlan-groups/?site=${site.id}`)).toEqual([scoped.id]);
    expect(await ids(`/api/ipam/vlan-groups/?region=${site.id}`)).toEqual([]);
    expect(await ids(`/api/ipam/vlan-groups/?rack=${site.id}`)).toEqual([]);
    expect((await api.request('GET', '/api/ipam/vlan-groups/?site=lyon')).body).toEqual({ site: ['Enter a number.'] });
    expect(await ids('/api/ipam/vlan-groups/?scope_type=dcim.site')).toEqual([scoped.id]);
    const twice = await api.request('POST', '/api/ipam/vlan-groups/', { name: 'Campus', slug: 'campus-2', scope_type: 'dcim.site', scope_id: site.id });
    expect(twice.body).toEqual({ __all__: ['VLAN group with this Scope type, Scope id and Name already exists.'] });
    // Unscoped groups may share a name.
    await post('/api/ipam/vlan-groups/', [{ name: 'Shared', slug: 'shared' }, { name: 'Shared', slug: 'shared' }]);
    expect((await api.request('POST', '/api/ipam/vlan-groups/', { name: 'Half', slug: 'half', scope_type: 'dcim.site' })).status).toBe(400);
    // The site's VLAN groups go with it.
    expect((await api.request('DELETE', `/api/dcim/sites/${site.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/ipam/vlan-groups/${scoped.id}/`)).status).toBe(404);
  });

  it('answers duplicate VLANs with Django’s unique-constraint messages under __all__ (every one violated), and VLAN.clean() messages', async () => {
    const group = await post('/api/ipam/vlan-groups/', { name: 'Rules', slug: 'rules', vid_ranges: [[100, 199]] });
    const first = await post('/api/ipam/vlans/', { vid: 100, name: 'first', group: group.id });
    // No L2VPN terminates the VLAN: null, in NetBox's place.
    expect(Object.keys(first).slice(-7, -4)).toEqual(['comments', 'l2vpn_termination', 'tags']);
    expect(first.l2vpn_termination).toBeNull();
    const duplicate = await api.request('POST', '/api/ipam/vlans/', { vid: 100, name: 'first', group: group.id });
    expect(duplicate.body).toEqual({ __all__: ['VLAN with this Group and VLAN ID already exists.', 'VLAN with this Group and Name already exists.'] });
    const bulk = await api.request('POST', '/api/ipam/vlans/', [{ vid: 101, name: 'a', group: group.id }, { vid: 101, name: 'b', group: group.id }]);
    expect(bulk.body).toEqual([{}, { __all__: ['VLAN with this Group and VLAN ID already exists.'] }]);
    // Outside a group, VIDs and names may repeat.
    await post('/api/ipam/vlans/', [{ vid: 7, name: 'seven' }, { vid: 7, name: 'seven' }]);
    expect((await api.request('POST', '/api/ipam/vlans/', { vid: 200, name: 'out', group: group.id })).body).toEqual({ vid: ['VID must be in ranges 100-199 for VLANs in group Rules'] });
    expect((await api.request('POST', '/api/ipam/vlans/', { vid: 4095, name: 'big' })).body).toEqual({ vid: ['Ensure this value is less than or equal to 4094.'] });
  });

  it("keeps a VLAN's site within its group's scope and Q-in-Q roles consistent", async () => {
    const siteGroup = await post('/api/dcim/site-groups/', { name: 'Metro', slug: 'metro' });
    const [inside, outside] = [await post('/api/dcim/sites/', { name: 'In', slug: 'in', group: siteGroup.id }), await post('/api/dcim/sites/', { name: 'Out', slug: 'out' })];
    const bySite = await post('/api/ipam/vlan-groups/', { name: 'Site group', slug: 'by-site', scope_type: 'dcim.site', scope_id: inside.id });
    const byGroup = await post('/api/ipam/vlan-groups/', { name: 'Metro VLANs', slug: 'metro-vlans', scope_type: 'dcim.sitegroup', scope_id: siteGroup.id });
    expect((await api.request('POST', '/api/ipam/vlans/', { vid: 10, name: 'x', group: bySite.id, site: outside.id })).body).toEqual({
      __all__: ['VLAN is assigned to group Site group (scope: In); cannot also assign to site Out.'],
    });
    expect((await api.request('POST', '/api/ipam/vlans/', { vid: 10, name: 'x', group: byGroup.id, site: outside.id })).body).toEqual({
      __all__: ['The assigned site Out is not a member of the assigned group Metro VLANs (scope: Metro).'],
    });
    await post('/api/ipam/vlans/', { vid: 10, name: 'x', group: byGroup.id, site: inside.id });
    const service = await post('/api/ipam/vlans/', { vid: 300, name: 'service', qinq_role: 'svlan' });
    expect(service.qinq_role).toEqual({ value: 'svlan', label: 'Service' });
    expect((await api.request('POST', '/api/ipam/vlans/', { vid: 301, name: 'c', qinq_role: 'cvlan' })).body).toEqual({ qinq_role: ['A Q-in-Q customer VLAN must be assigned to a service VLAN.'] });
    expect((await api.request('POST', '/api/ipam/vlans/', { vid: 301, name: 'c', qinq_svlan: service.id })).body).toEqual({ qinq_svlan: ['Only Q-in-Q customer VLANs maybe assigned to a service VLAN.'] });
    const customer = await post('/api/ipam/vlans/', { vid: 301, name: 'c', qinq_role: 'cvlan', qinq_svlan: service.id });
    expect(customer.qinq_svlan).toEqual({ id: service.id, url: `http://nb.test/api/ipam/vlans/${service.id}/`, display: 'service (300)', vid: 300, name: 'service', description: '' });
    expect((await api.request('POST', '/api/ipam/vlans/', { vid: 301, name: 'd', qinq_role: 'cvlan', qinq_svlan: service.id })).body).toEqual({
      __all__: ['VLAN with this Qinq svlan and VLAN ID already exists.'],
    });
    expect(await ids('/api/ipam/vlans/?qinq_svlan_vid=300')).toEqual([customer.id]);
    // A service VLAN with customers, and a site with VLANs, are protected.
    expect((await api.request('DELETE', `/api/ipam/vlans/${service.id}/`)).status).toBe(409);
    expect((await api.request('DELETE', `/api/dcim/sites/${inside.id}/`)).status).toBe(409);
  });

  it('lists the VLANs available at a site or site group, and filters by region and search', async () => {
    const region = await post('/api/dcim/regions/', { name: 'North', slug: 'north' });
    const parentGroup = await post('/api/dcim/site-groups/', { name: 'Retail', slug: 'retail' });
    const childGroup = await post('/api/dcim/site-groups/', { name: 'Stores', slug: 'stores', parent: parentGroup.id });
    const site = await post('/api/dcim/sites/', { name: 'Store 1', slug: 'store-1', region: region.id, group: childGroup.id });
    const other = await post('/api/dcim/sites/', { name: 'Store 2', slug: 'store-2' });
    const byRegion = await post('/api/ipam/vlan-groups/', { name: 'North VLANs', slug: 'north-vlans', scope_type: 'dcim.region', scope_id: region.id });
    const byParentGroup = await post('/api/ipam/vlan-groups/', { name: 'Retail VLANs', slug: 'retail-vlans', scope_type: 'dcim.sitegroup', scope_id: parentGroup.id });
    const elsewhere = await post('/api/ipam/vlan-groups/', { name: 'Store 2 VLANs', slug: 'store-2-vlans', scope_type: 'dcim.site', scope_id: other.id });
    const unscoped = await post('/api/ipam/vlan-groups/', { name: 'Everywhere', slug: 'everywhere' });
    const vlans = await post('/api/ipam/vlans/', [
      { vid: 501, name: 'region', group: byRegion.id },
      { vid: 502, name: 'retail', group: byParentGroup.id },
      { vid: 503, name: 'own site', site: site.id, description: 'till network' },
      { vid: 504, name: 'other site', group: elsewhere.id },
      { vid: 505, name: 'global group', group: unscoped.id },
    ]);
    const [region501, retail502, own503, , global505] = vlans.map((v: { id: number }) => v.id);
    const within = (query: string) => ids(`/api/ipam/vlans/?vid__gte=501&vid__lte=505&${query}`);
    expect(await within(`available_at_site=${site.id}`)).toEqual(expect.arrayContaining([region501, retail502, own503, global505]));
    expect((await within(`available_at_site=${site.id}`)).length).toBe(4);
    expect(await within(`available_at_site_group=${childGroup.id}`)).toEqual([global505, retail502]); // ordered by site, then group name
    expect((await api.request('GET', '/api/ipam/vlans/?available_at_site=999999')).status).toBe(400);
    expect((await api.request('GET', '/api/ipam/vlans/?available_on_device=1')).status).toBe(400);
    expect(await within('region=north')).toEqual([own503]);
    expect(await within('site_group=retail')).toEqual([own503]);
    expect(await ids('/api/ipam/vlans/?q=till')).toEqual([own503]);
    expect(await within('q=502')).toEqual([retail502]);
  });

  it('lists the VLANs available on a device or a virtual machine, and those an interface carries', async () => {
    const region = await post('/api/dcim/regions/', { name: 'AV-R', slug: 'av-r' });
    const siteGroup = await post('/api/dcim/site-groups/', { name: 'AV-SG', slug: 'av-sg' });
    const site = await post('/api/dcim/sites/', { name: 'AV-Site', slug: 'av-site', region: region.id, group: siteGroup.id });
    const other = await post('/api/dcim/sites/', { name: 'AV-Other', slug: 'av-other' });
    const parent = await post('/api/dcim/locations/', { name: 'AV-Hall', slug: 'av-hall', site: site.id });
    const location = await post('/api/dcim/locations/', { name: 'AV-Room', slug: 'av-room', site: site.id, parent: parent.id });
    const rack = await post('/api/dcim/racks/', { name: 'AV-Rack', site: site.id, location: location.id });
    const clusterType = await post('/api/virtualization/cluster-types/', { name: 'AV-CT', slug: 'av-ct' });
    const clusterGroup = await post('/api/virtualization/cluster-groups/', { name: 'AV-CG', slug: 'av-cg' });
    const cluster = await post('/api/virtualization/clusters/', { name: 'AV-C', type: clusterType.id, group: clusterGroup.id, scope_type: 'dcim.site', scope_id: site.id });
    const hallCluster = await post('/api/virtualization/clusters/', { name: 'AV-HC', type: clusterType.id, scope_type: 'dcim.location', scope_id: parent.id });
    const manufacturer = await post('/api/dcim/manufacturers/', { name: 'AV-M', slug: 'av-m' });
    const type = await post('/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'AV-T', slug: 'av-t' });
    const role = await post('/api/dcim/device-roles/', { name: 'AV-Role', slug: 'av-role' });
    const device = await post('/api/dcim/devices/', { name: 'av-dev', device_type: type.id, role: role.id, site: site.id, location: location.id, rack: rack.id, cluster: cluster.id });
    const bare = await post('/api/dcim/devices/', { name: 'av-bare', device_type: type.id, role: role.id, site: other.id });
    // One VLAN per kind of scope a group may have, a site VLAN of each site, and a global one.
    const vid = { n: 300 };
    const scoped = async (name: string, scope_type?: string, scope_id?: number) => {
      const group = await post('/api/ipam/vlan-groups/', { name: `AV-G-${name}`, slug: `av-g-${name}`, ...(scope_type ? { scope_type, scope_id } : {}) });
      return (await post('/api/ipam/vlans/', { vid: vid.n++, name: `AV-${name}`, group: group.id })).id;
    };
    const vlan: Record<string, number> = {
      region: await scoped('region', 'dcim.region', region.id),
      sitegroup: await scoped('sitegroup', 'dcim.sitegroup', siteGroup.id),
      site: await scoped('site', 'dcim.site', site.id),
      hall: await scoped('hall', 'dcim.location', parent.id),
      room: await scoped('room', 'dcim.location', location.id),
      rack: await scoped('rack', 'dcim.rack', rack.id),
      cluster: await scoped('cluster', 'virtualization.cluster', cluster.id),
      clustergroup: await scoped('clustergroup', 'virtualization.clustergroup', clusterGroup.id),
      hallCluster: await scoped('vmcluster', 'virtualization.cluster', hallCluster.id),
      otherSite: await scoped('other', 'dcim.site', other.id),
      unscoped: await scoped('unscoped'),
      ownSite: (await post('/api/ipam/vlans/', { vid: 398, name: 'AV-own', site: site.id })).id,
      global: (await post('/api/ipam/vlans/', { vid: 399, name: 'AV-global' })).id,
    };
    const names = async (query: string) => {
      const answer = await api.request('GET', `/api/ipam/vlans/?name__isw=AV-&limit=0&${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.results as { name: string }[]).map((v) => v.name).sort();
    };
    const everything = ['AV-cluster', 'AV-clustergroup', 'AV-global', 'AV-hall', 'AV-own', 'AV-rack', 'AV-region', 'AV-room', 'AV-site', 'AV-sitegroup', 'AV-unscoped'];
    expect(await names(`available_on_device=${device.id}`)).toEqual(everything);
    expect(await names(`available_on_device=${bare.id}`)).toEqual(['AV-global', 'AV-other', 'AV-unscoped']);
    // A VM without a site reaches its cluster, its cluster's location, that location's site and its trees; not the room below.
    const vm = await post('/api/virtualization/virtual-machines/', { name: 'av-vm', cluster: hallCluster.id });
    expect(await names(`available_on_virtualmachine=${vm.id}`)).toEqual(['AV-global', 'AV-hall', 'AV-own', 'AV-region', 'AV-site', 'AV-sitegroup', 'AV-unscoped', 'AV-vmcluster']);
    const lone = await post('/api/virtualization/virtual-machines/', { name: 'av-lone', site: other.id });
    expect(await names(`available_on_virtualmachine=${lone.id}`)).toEqual(['AV-global', 'AV-other', 'AV-unscoped']);
    // The VLANs an interface carries, untagged or tagged.
    const iface = await post('/api/dcim/interfaces/', { device: device.id, name: 'av0', type: '1000base-t', mode: 'tagged', untagged_vlan: vlan.site, tagged_vlans: [vlan.room, vlan.rack] });
    expect(await names(`interface_id=${iface.id}`)).toEqual(['AV-rack', 'AV-room', 'AV-site']);
    const vmIface = await post('/api/virtualization/interfaces/', { virtual_machine: vm.id, name: 'eth0', mode: 'tagged', untagged_vlan: vlan.hall, tagged_vlans: [vlan.global] });
    expect(await names(`vminterface_id=${vmIface.id}`)).toEqual(['AV-global', 'AV-hall']);
    // Objects that do not exist are NetBox's invalid choices.
    for (const query of ['available_on_device=999999', 'available_on_virtualmachine=999999', 'interface_id=999999', 'vminterface_id=abc']) {
      const refused = await api.request('GET', `/api/ipam/vlans/?${query}`);
      expect(refused.status, query).toBe(400);
      expect(JSON.stringify(refused.body), query).toContain('Select a valid choice');
    }
  });

  it('lists the VIDs a group has free', async () => {
    const group = await post('/api/ipam/vlan-groups/', { name: 'Pool', slug: 'pool', vid_ranges: [[10, 13], [20, 21]] });
    await post('/api/ipam/vlans/', [{ vid: 10, name: 'ten', group: group.id }, { vid: 12, name: 'twelve', group: group.id }]);
    const nested = { id: group.id, url: `http://nb.test/api/ipam/vlan-groups/${group.id}/`, display: 'Pool', name: 'Pool', slug: 'pool', description: '' };
    expect((await api.request('GET', `/api/ipam/vlan-groups/${group.id}/available-vlans/`)).body).toEqual([11, 13, 20, 21].map((vid) => ({ vid, group: nested })));
    expect((await api.request('GET', `/api/ipam/vlan-groups/${group.id}/available-vlans/?limit=1`)).body).toEqual([{ vid: 11, group: nested }]);
  });

  it('shows translation policies with their rules, keeps rules unique per policy and deletes them with it', async () => {
    const policy = await post('/api/ipam/vlan-translation-policies/', { name: 'Edge', description: 'customer edge', tags: [] });
    expect(Object.keys(policy)).toEqual(['id', 'url', 'display', 'name', 'description', 'rules', 'owner', 'comments']);
    const rule = await post('/api/ipam/vlan-translation-rules/', { policy: policy.id, local_vid: 100, remote_vid: 200 });
    expect(rule).toMatchObject({ display: '100 -> 200 (Edge)', local_vid: 100, remote_vid: 200, description: '' });
    expect(Object.keys(rule)).toEqual(['id', 'url', 'display', 'policy', 'local_vid', 'remote_vid', 'description']);
    expect((await api.request('POST', '/api/ipam/vlan-translation-rules/', { policy: policy.id, local_vid: 100, remote_vid: 201 })).body).toEqual({
      __all__: ['VLAN translation rule with this Policy and Local VLAN ID already exists.'],
    });
    await post('/api/ipam/vlan-translation-rules/', { policy: policy.id, local_vid: 101, remote_vid: 201 });
    const read = (await api.request('GET', `/api/ipam/vlan-translation-policies/${policy.id}/`)).body;
    expect(read.rules.map((r: { local_vid: number }) => r.local_vid)).toEqual([100, 101]);
    expect(Object.keys(read.rules[0])).toEqual(['id', 'url', 'display', 'policy', 'local_vid', 'remote_vid', 'description']);
    expect((await api.request('GET', '/api/ipam/vlan-translation-rules/?policy=Edge&q=201')).body.count).toBe(1);
    expect((await api.request('GET', '/api/ipam/vlan-translation-rules/?q=edge')).body.count).toBe(2);
    expect((await api.request('GET', '/api/ipam/vlan-translation-policies/?q=customer')).body.count).toBe(1);
    expect((await api.request('DELETE', `/api/ipam/vlan-translation-policies/${policy.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/ipam/vlan-translation-rules/${rule.id}/`)).status).toBe(404);
  });
});
