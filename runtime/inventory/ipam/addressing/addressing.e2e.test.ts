/**
 * End-to-end tests of ipam addressing through the HTTP layer: RIRs, roles, ASNs, aggregates,
 * VRFs, route targets, prefixes and IP ranges (shapes, computed fields, NetBox's rules and their
 * messages, method filters, cached scopes, protected deletes and cascades) and the available
 * prefixes and addresses, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('ipam addressing on $name', (database) => {
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

  it('counts aggregates on RIRs, and prefixes, VLANs and ASNs on roles, leaving counts out of nested forms', async () => {
    const rir = await post('/api/ipam/rirs/', { name: 'ARIN', slug: 'arin' });
    const role = await post('/api/ipam/roles/', { name: 'Edge', slug: 'edge' });
    await post('/api/ipam/aggregates/', { prefix: '192.0.2.0/24', rir: rir.id, date_added: '2024-01-31' });
    await post('/api/ipam/asns/', { asn: 64512, rir: rir.id, role: role.id });
    await post('/api/ipam/prefixes/', { prefix: '192.0.2.0/25', role: role.id });
    await post('/api/ipam/vlans/', { vid: 5, name: 'five', role: role.id });
    const brief = (await api.request('GET', `/api/ipam/rirs/${rir.id}/?brief=1`)).body;
    expect(brief).toEqual({ id: rir.id, url: `http://nb.test/api/ipam/rirs/${rir.id}/`, display: 'ARIN', name: 'ARIN', slug: 'arin', description: '', aggregate_count: 1 });
    const roleBrief = (await api.request('GET', `/api/ipam/roles/${role.id}/?brief=1`)).body;
    expect(roleBrief).toMatchObject({ prefix_count: 1, vlan_count: 1, asn_count: 1 });
    const aggregate = (await api.request('GET', '/api/ipam/aggregates/?prefix=192.0.2.0/24')).body.results[0];
    expect(aggregate.rir).toEqual({ id: rir.id, url: `http://nb.test/api/ipam/rirs/${rir.id}/`, display: 'ARIN', name: 'ARIN', slug: 'arin', description: '' });
    expect(aggregate.family).toEqual({ value: 4, label: 'IPv4' });
    expect(aggregate.date_added).toBe('2024-01-31');
    // q searches name, slug and description, not comments.
    await api.request('PATCH', `/api/ipam/rirs/${rir.id}/`, { comments: 'zebra' });
    expect((await api.request('GET', '/api/ipam/rirs/?q=zebra')).body.count).toBe(0);
    // A RIR with aggregates (or ASNs) is protected.
    const removal = await api.request('DELETE', `/api/ipam/rirs/${rir.id}/`);
    expect(removal.status).toBe(409);
  });

  it("filters ASNs by their sites' groups, refuses an unknown provider and searches the number exactly", async () => {
    const rir = await post('/api/ipam/rirs/', { name: 'RIPE', slug: 'ripe' });
    const parent = await post('/api/dcim/site-groups/', { name: 'Europe', slug: 'europe' });
    const child = await post('/api/dcim/site-groups/', { name: 'France', slug: 'france', parent: parent.id });
    const asn = await post('/api/ipam/asns/', { asn: 65010, rir: rir.id, description: 'transit' });
    // No provider names it yet (circuits/circuits.e2e.test.ts counts one that does).
    expect(Object.keys(asn).slice(-3)).toEqual(['site_count', 'provider_count', 'sites']);
    expect(asn.provider_count).toBe(0);
    await post('/api/dcim/sites/', { name: 'Paris', slug: 'paris', group: child.id, asns: [asn.id] });
    expect(await ids('/api/ipam/asns/?site_group=europe')).toEqual([asn.id]);
    expect(await ids(`/api/ipam/asns/?site_group_id=${child.id}`)).toEqual([asn.id]);
    expect((await api.request('GET', '/api/ipam/asns/?provider=x')).body).toEqual({ provider: ['Select a valid choice. x is not one of the available choices.'] });
    expect(await ids('/api/ipam/asns/?q=65010')).toEqual([asn.id]);
    expect(await ids('/api/ipam/asns/?q=6501')).toEqual([]);
    expect(await ids('/api/ipam/asns/?q=transit')).toEqual([asn.id]);
  });

  it('keeps aggregates from overlapping, with NetBox messages', async () => {
    const rir = await post('/api/ipam/rirs/', { name: 'LACNIC', slug: 'lacnic' });
    const wide = await post('/api/ipam/aggregates/', { prefix: '100.64.0.0/10', rir: rir.id });
    const inside = await api.request('POST', '/api/ipam/aggregates/', { prefix: '100.64.1.0/24', rir: rir.id });
    expect(inside.body).toEqual({ prefix: ['Aggregates cannot overlap. 100.64.1.0/24 is already covered by an existing aggregate (100.64.0.0/10).'] });
    const around = await api.request('POST', '/api/ipam/aggregates/', { prefix: '100.0.0.0/8', rir: rir.id });
    expect(around.body).toEqual({ prefix: ['Prefixes cannot overlap aggregates. 100.0.0.0/8 covers an existing aggregate (100.64.0.0/10).'] });
    const zero = await api.request('POST', '/api/ipam/aggregates/', { prefix: '0.0.0.0/0', rir: rir.id });
    expect(zero.body).toEqual({ prefix: ['Cannot create aggregate with /0 mask.'] });
    const bulk = await api.request('POST', '/api/ipam/aggregates/', [{ prefix: '198.18.0.0/15', rir: rir.id }, { prefix: '198.18.0.0/16', rir: rir.id }]);
    expect(bulk.body).toEqual([{}, { prefix: ['Aggregates cannot overlap. 198.18.0.0/16 is already covered by an existing aggregate (198.18.0.0/15).'] }]);
    // An aggregate does not overlap itself when it is updated.
    expect((await api.request('PATCH', `/api/ipam/aggregates/${wide.id}/`, { prefix: '100.64.0.0/11' })).status).toBe(200);
    expect(await ids('/api/ipam/aggregates/?prefix=100.64.0.1/11')).toEqual([wide.id]);
    expect(await ids('/api/ipam/aggregates/?prefix=nonsense')).toEqual([]);
    expect(await ids('/api/ipam/aggregates/?q=100.64.3.4')).toEqual([wide.id]);
    expect((await api.request('GET', '/api/ipam/aggregates/?family=6')).body.count).toBe(0);
  });

  it('shows VRFs with their route distinguisher, stores a blank one as null and filters route targets both ways', async () => {
    const red = await post('/api/ipam/route-targets/', { name: '65000:100' });
    const blue = await post('/api/ipam/route-targets/', { name: '65000:200' });
    const vrf = await post('/api/ipam/vrfs/', { name: 'Customer', rd: '65000:1', import_targets: [red.id], export_targets: [blue.id] });
    expect(vrf.display).toBe('Customer (65000:1)');
    expect(vrf.import_targets).toEqual([{ id: red.id, url: `http://nb.test/api/ipam/route-targets/${red.id}/`, display: '65000:100', name: '65000:100', description: '' }]);
    const a = await post('/api/ipam/vrfs/', { name: 'A', rd: '' });
    const b = await post('/api/ipam/vrfs/', { name: 'B', rd: '' });
    expect([a.rd, b.rd, a.display]).toEqual([null, null, 'A']);
    expect((await api.request('POST', '/api/ipam/vrfs/', { name: 'C', rd: '65000:1' })).body).toEqual({ rd: ['VRF with this route distinguisher already exists.'] });
    expect(await ids('/api/ipam/route-targets/?importing_vrf=65000:1')).toEqual([red.id]);
    expect(await ids(`/api/ipam/route-targets/?exporting_vrf_id=${vrf.id}`)).toEqual([blue.id]);
    expect(await ids('/api/ipam/vrfs/?import_target=65000:100')).toEqual([vrf.id]);
    expect((await api.request('GET', '/api/ipam/route-targets/?importing_l2vpn_id=1')).status).toBe(400);
  });

  it('computes family, depth and children, and orders the global table first', async () => {
    const vrf = await post('/api/ipam/vrfs/', { name: 'Depth', rd: '65000:9' });
    const top = await post('/api/ipam/prefixes/', { prefix: '10.20.0.0/16', status: 'container' });
    const mid = await post('/api/ipam/prefixes/', { prefix: '10.20.1.0/24' });
    const low = await post('/api/ipam/prefixes/', { prefix: '10.20.1.128/25', is_pool: true });
    const other = await post('/api/ipam/prefixes/', { prefix: '10.20.1.0/24', vrf: vrf.id });
    const v6 = await post('/api/ipam/prefixes/', { prefix: '2001:db8:20::/48' });
    const read = async (id: number) => (await api.request('GET', `/api/ipam/prefixes/${id}/`)).body;
    expect([(await read(top.id))._depth, (await read(top.id)).children]).toEqual([0, 2]);
    expect([(await read(mid.id))._depth, (await read(mid.id)).children]).toEqual([1, 1]);
    expect([(await read(low.id))._depth, (await read(other.id))._depth]).toEqual([2, 0]);
    expect(v6.family).toEqual({ value: 6, label: 'IPv6' });
    expect(Object.keys((await api.request('GET', `/api/ipam/prefixes/${mid.id}/?brief=1`)).body)).toEqual(['id', 'url', 'display', 'family', 'prefix', 'description', '_depth']);
    // Containment does not look at VRFs.
    expect(await ids('/api/ipam/prefixes/?within_include=10.20.0.0/16')).toEqual([top.id, mid.id, low.id, other.id]);
    // q: the description, the prefix's text, or prefixes containing the address.
    expect(await ids('/api/ipam/prefixes/?q=10.20.1.200')).toEqual([top.id, mid.id, low.id, other.id]);
    expect(await ids('/api/ipam/prefixes/?q=.1.128/')).toEqual([low.id]);
    // The global table comes first, then each VRF; within one, by prefix.
    const listed = await ids('/api/ipam/prefixes/?prefix=10.20.1.0/24&prefix=2001:db8:20::/48&prefix=bogus');
    expect(listed).toEqual([mid.id, v6.id, other.id]);
    expect(await ids('/api/ipam/prefixes/?depth=2')).toEqual([low.id]);
    expect(await ids('/api/ipam/prefixes/?children__gte=2&within_include=10.20.0.0/16')).toEqual([top.id]);
    expect(await ids('/api/ipam/prefixes/?family=6&within=2001:db8::/32')).toEqual([v6.id]);
  });

  it('refuses /0 and duplicates in the global table and in VRFs that enforce unique space', async () => {
    await post('/api/ipam/prefixes/', { prefix: '172.16.0.0/24' });
    expect((await api.request('POST', '/api/ipam/prefixes/', { prefix: '172.16.0.9/24' })).body).toEqual({ prefix: ['Duplicate prefix found in global table: 172.16.0.0/24'] });
    expect((await api.request('POST', '/api/ipam/prefixes/', { prefix: '::/0' })).body).toEqual({ prefix: ['Cannot create prefix with /0 mask.'] });
    const strict = await post('/api/ipam/vrfs/', { name: 'Strict', rd: '65000:20' });
    const loose = await post('/api/ipam/vrfs/', { name: 'Loose', enforce_unique: false });
    await post('/api/ipam/prefixes/', { prefix: '172.16.0.0/24', vrf: strict.id });
    expect((await api.request('POST', '/api/ipam/prefixes/', { prefix: '172.16.0.0/24', vrf: strict.id })).body).toEqual({
      prefix: ['Duplicate prefix found in VRF Strict (65000:20): 172.16.0.0/24'],
    });
    const twice = await api.request('POST', '/api/ipam/prefixes/', [{ prefix: '172.16.1.0/24', vrf: strict.id }, { prefix: '172.16.1.0/24', vrf: strict.id }]);
    expect(twice.body).toEqual([{}, { prefix: ['Duplicate prefix found in VRF Strict (65000:20): 172.16.1.0/24'] }]);
    await post('/api/ipam/prefixes/', [{ prefix: '172.16.0.0/24', vrf: loose.id }, { prefix: '172.16.0.0/24', vrf: loose.id }]);
    // A prefix moved onto another's network collides; one left where it is does not.
    const moving = await post('/api/ipam/prefixes/', { prefix: '172.16.2.0/24' });
    expect((await api.request('PATCH', `/api/ipam/prefixes/${moving.id}/`, { description: 'kept' })).status).toBe(200);
    expect((await api.request('PATCH', `/api/ipam/prefixes/${moving.id}/`, { prefix: '172.16.0.0/24' })).status).toBe(400);
    // A VRF holding prefixes is protected.
    expect((await api.request('DELETE', `/api/ipam/vrfs/${loose.id}/`)).status).toBe(409);
  });

  it('filters by mask length, containment, VLAN and the VRFs a prefix is present in', async () => {
    const target = await post('/api/ipam/route-targets/', { name: '65001:1' });
    const hub = await post('/api/ipam/vrfs/', { name: 'Hub', rd: '65001:10', import_targets: [target.id] });
    const spoke = await post('/api/ipam/vrfs/', { name: 'Spoke', rd: '65001:20', export_targets: [target.id] });
    const group = await post('/api/ipam/vlan-groups/', { name: 'Filters', slug: 'filters' });
    const vlan = await post('/api/ipam/vlans/', { vid: 42, name: 'forty-two', group: group.id });
    const inHub = await post('/api/ipam/prefixes/', { prefix: '10.30.0.0/24', vrf: hub.id });
    const inSpoke = await post('/api/ipam/prefixes/', { prefix: '10.30.1.0/24', vrf: spoke.id, vlan: vlan.id });
    const small = await post('/api/ipam/prefixes/', { prefix: '10.30.2.0/30' });
    expect(await ids(`/api/ipam/prefixes/?present_in_vrf_id=${hub.id}`)).toEqual([inHub.id, inSpoke.id]);
    expect(await ids('/api/ipam/prefixes/?present_in_vrf=65001:20')).toEqual([inSpoke.id]);
    expect((await api.request('GET', '/api/ipam/prefixes/?present_in_vrf_id=999999')).body).toEqual({
      present_in_vrf_id: ['Select a valid choice. 999999 is not one of the available choices.'],
    });
    expect(await ids('/api/ipam/prefixes/?vrf=65001:10')).toEqual([inHub.id]);
    expect(await ids('/api/ipam/prefixes/?vlan_vid=42')).toEqual([inSpoke.id]);
    expect(await ids('/api/ipam/prefixes/?vlan_group=filters')).toEqual([inSpoke.id]);
    expect(await ids('/api/ipam/prefixes/?within=10.30.0.0/16&mask_length=30')).toEqual([small.id]);
    expect(await ids('/api/ipam/prefixes/?within=10.30.0.0/16&mask_length__lte=24&mask_length__gte=24')).toEqual([inHub.id, inSpoke.id]);
    expect((await api.request('GET', '/api/ipam/prefixes/?mask_length=big')).body).toEqual({ mask_length: ['Enter a number.'] });
    // Lengths past any network's match nothing (or everything, below them), and are no error.
    expect(await ids('/api/ipam/prefixes/?within=10.30.0.0/16&mask_length=99999999999999999999')).toEqual([]);
    expect(await ids('/api/ipam/prefixes/?within=10.30.0.0/16&mask_length__lte=99999999999999999999&mask_length__gte=30')).toEqual([small.id]);
    expect(await ids('/api/ipam/prefixes/?contains=10.30.2.1&within=10.30.0.0/16')).toEqual([small.id]);
    expect(await ids('/api/ipam/prefixes/?contains=10.30.2.0/30&within=10.30.0.0/16')).toEqual([small.id]);
    expect(await ids('/api/ipam/prefixes/?contains=not-an-ip')).toEqual([]);
    // Read as a range of the prefix order: the network itself only for within_include, its last
    // subnet included, a supernet and the network after it left out (whatever the value's host bits).
    const edge = await post('/api/ipam/prefixes/', { prefix: '10.30.2.0/24' });
    const last = await post('/api/ipam/prefixes/', { prefix: '10.30.2.255/32' });
    await post('/api/ipam/prefixes/', { prefix: '10.30.3.0/32' });
    expect(await ids('/api/ipam/prefixes/?within=10.30.2.7/24')).toEqual([small.id, last.id]);
    expect(await ids('/api/ipam/prefixes/?within_include=10.30.2.0/24')).toEqual([edge.id, small.id, last.id]);
    // A VLAN with prefixes is protected.
    expect((await api.request('DELETE', `/api/ipam/vlans/${vlan.id}/`)).status).toBe(409);
  });

  it('caches the region, site group, site and location of a scope for the scope filters, and goes with the site', async () => {
    const region = await post('/api/dcim/regions/', { name: 'Americas', slug: 'americas' });
    const country = await post('/api/dcim/regions/', { name: 'Brazil', slug: 'brazil', parent: region.id });
    const siteGroup = await post('/api/dcim/site-groups/', { name: 'Campus', slug: 'campus' });
    const site = await post('/api/dcim/sites/', { name: 'Sao Paulo', slug: 'sao-paulo', region: country.id, group: siteGroup.id });
    const location = await post('/api/dcim/locations/', { name: 'Floor 1', slug: 'floor-1', site: site.id });
    const atLocation = await post('/api/ipam/prefixes/', { prefix: '10.40.0.0/24', scope_type: 'dcim.location', scope_id: location.id });
    const atRegion = await post('/api/ipam/prefixes/', { prefix: '10.40.1.0/24', scope_type: 'dcim.region', scope_id: country.id });
    expect(atLocation.scope).toEqual({ id: location.id, url: `http://nb.test/api/dcim/locations/${location.id}/`, display: 'Floor 1', name: 'Floor 1', slug: 'floor-1', description: '', rack_count: 0, _depth: 0 });
    expect(await ids('/api/ipam/prefixes/?region=americas')).toEqual([atLocation.id, atRegion.id]);
    expect(await ids(`/api/ipam/prefixes/?site_id=${site.id}`)).toEqual([atLocation.id]);
    expect(await ids('/api/ipam/prefixes/?site_group=campus')).toEqual([atLocation.id]);
    expect(await ids('/api/ipam/prefixes/?location=floor-1')).toEqual([atLocation.id]);
    expect(await ids('/api/ipam/prefixes/?scope_type=dcim.region')).toEqual([atRegion.id]);
    // Prefix counts follow the cached scope, as NetBox counts `_prefixes`: a region counts the prefixes
    // of its own sites and its own scope, not its subregions'.
    const prefixCount = async (path: string) => (await api.request('GET', path)).body.prefix_count;
    expect(await prefixCount(`/api/dcim/locations/${location.id}/`)).toBe(1);
    expect(await prefixCount(`/api/dcim/sites/${site.id}/`)).toBe(1);
    expect(await prefixCount(`/api/dcim/site-groups/${siteGroup.id}/`)).toBe(1);
    expect(await prefixCount(`/api/dcim/regions/${country.id}/`)).toBe(2);
    expect(await prefixCount(`/api/dcim/regions/${region.id}/`)).toBe(0);
    const siteCounts = (await api.request('GET', `/api/dcim/sites/${site.id}/`)).body;
    expect(Object.keys(siteCounts).slice(-6)).toEqual(['circuit_count', 'device_count', 'prefix_count', 'rack_count', 'virtualmachine_count', 'vlan_count']);
    expect(siteCounts).toMatchObject({ circuit_count: 0, virtualmachine_count: 0, vlan_count: 0 });
    const vlan = await post('/api/ipam/vlans/', { vid: 40, name: 'Sao Paulo 40', site: site.id });
    expect((await api.request('GET', `/api/dcim/sites/${site.id}/`)).body.vlan_count).toBe(1);
    expect((await api.request('DELETE', `/api/ipam/vlans/${vlan.id}/`)).status).toBe(204);
    expect((await api.request('POST', '/api/ipam/prefixes/', { prefix: '10.40.2.0/24', scope_type: 'dcim.site' })).status).toBe(400);
    expect((await api.request('POST', '/api/ipam/prefixes/', { prefix: '10.40.2.0/24', scope_type: 'dcim.device', scope_id: 1 })).body).toEqual({ scope_type: ['Invalid content type: dcim.device'] });
    // Moving the scope clears what no longer applies.
    await api.request('PATCH', `/api/ipam/prefixes/${atLocation.id}/`, { scope_type: 'dcim.sitegroup', scope_id: siteGroup.id });
    expect(await ids('/api/ipam/prefixes/?region=americas')).toEqual([atRegion.id]);
    await api.request('PATCH', `/api/ipam/prefixes/${atLocation.id}/`, { scope_type: 'dcim.site', scope_id: site.id });
    // A site moved to another region: its prefixes follow (NetBox's sync_cached_scope_fields).
    const other = await post('/api/dcim/regions/', { name: 'Oceania', slug: 'oceania' });
    await api.request('PATCH', `/api/dcim/sites/${site.id}/`, { region: other.id });
    expect(await ids('/api/ipam/prefixes/?region=oceania')).toEqual([atLocation.id]);
    // Deleting the site deletes the prefixes scoped to it (NetBox's CASCADE through _site); a region's are unscoped.
    await api.request('DELETE', `/api/dcim/locations/${location.id}/`);
    expect((await api.request('DELETE', `/api/dcim/sites/${site.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/ipam/prefixes/${atLocation.id}/`)).status).toBe(404);
    expect((await api.request('DELETE', `/api/dcim/regions/${region.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/ipam/prefixes/${atRegion.id}/`)).body).toMatchObject({ scope_type: null, scope_id: null, scope: null });
  });

  it('checks IP ranges as NetBox does and shows them compressed, with their size', async () => {
    const vrf = await post('/api/ipam/vrfs/', { name: 'Ranges', rd: '65002:1' });
    const range = await post('/api/ipam/ip-ranges/', { start_address: '10.50.0.10/24', end_address: '10.50.0.99/24' });
    expect(range).toMatchObject({ display: '10.50.0.10-99/24', size: 90, family: { value: 4, label: 'IPv4' }, start_address: '10.50.0.10/24' });
    const refused = async (body: object) => (await api.request('POST', '/api/ipam/ip-ranges/', body)).body;
    expect(await refused({ start_address: '10.50.1.1/24', end_address: '2001:db8::1/24' })).toEqual({ end_address: ['Starting and ending IP address versions must match'] });
    expect(await refused({ start_address: '10.50.1.1/24', end_address: '10.50.1.9/25' })).toEqual({ end_address: ['Starting and ending IP address masks must match'] });
    expect(await refused({ start_address: '10.50.1.9/24', end_address: '10.50.1.1/24' })).toEqual({ end_address: ['Ending address must be greater than or equal to the starting address (10.50.1.9/24)'] });
    // A single-address range is accepted (NetBox 4.6.8), named by both ends, and overlaps like any other.
    const single = await post('/api/ipam/ip-ranges/', { start_address: '10.50.2.7/24', end_address: '10.50.2.7/24' });
    expect(single).toMatchObject({ display: '10.50.2.7-10.50.2.7/24', size: 1 });
    expect((await api.request('GET', `/api/ipam/ip-ranges/${single.id}/`)).body.display).toBe('10.50.2.7-10.50.2.7/24');
    expect((await api.request('GET', `/api/ipam/ip-ranges/${single.id}/available-ips/`)).body).toEqual([{ family: 4, address: '10.50.2.7/24', vrf: null }]);
    expect(await refused({ start_address: '10.50.2.7/24', end_address: '10.50.2.7/24' })).toEqual({ __all__: ['Defined addresses overlap with range 10.50.2.7-10.50.2.7/24 in VRF None'] });
    const single6 = await post('/api/ipam/ip-ranges/', { start_address: '2001:db8:50::10/64', end_address: '2001:db8:50::10/64' });
    expect(single6).toMatchObject({ display: '2001:db8:50::10-2001:db8:50::10/64', size: 1 });
    await api.request('DELETE', `/api/ipam/ip-ranges/${single.id}/`);
    await api.request('DELETE', `/api/ipam/ip-ranges/${single6.id}/`);
    expect(await refused({ start_address: '10.50.0.90/24', end_address: '10.50.0.120/24' })).toEqual({ __all__: ['Defined addresses overlap with range 10.50.0.10-99/24 in VRF None'] });
    expect(await refused({ start_address: '10.50.0.1/24', end_address: '10.50.0.200/24' })).toEqual({ __all__: ['Defined addresses overlap with range 10.50.0.10-99/24 in VRF None'] });
    expect(await refused({ start_address: '2001:db8::/32', end_address: '2001:db9::/32' })).toEqual({ __all__: ['Defined range exceeds maximum supported size (4294967295)'] });
    const elsewhere = await post('/api/ipam/ip-ranges/', { start_address: '10.50.0.90/24', end_address: '10.50.0.120/24', vrf: vrf.id });
    expect(await refused({ start_address: '10.50.0.100/24', end_address: '10.50.0.101/24', vrf: vrf.id })).toEqual({
      __all__: ['Defined addresses overlap with range 10.50.0.90-120/24 in VRF Ranges (65002:1)'],
    });
    // Growing a range over its own addresses is no overlap.
    expect((await api.request('PATCH', `/api/ipam/ip-ranges/${range.id}/`, { end_address: '10.50.0.100/24' })).body.size).toBe(91);
    expect(await ids('/api/ipam/ip-ranges/?start_address=10.50.0.10')).toEqual([range.id]);
    expect(await ids('/api/ipam/ip-ranges/?start_address=10.50.0.10/24')).toEqual([range.id]);
    expect(await ids('/api/ipam/ip-ranges/?start_address=10.50.0.10/25')).toEqual([]);
    expect(await ids('/api/ipam/ip-ranges/?contains=10.50.0.95/24')).toEqual([range.id, elsewhere.id]);
    expect(await ids('/api/ipam/ip-ranges/?parent=10.50.0.0/25')).toEqual([range.id, elsewhere.id]);
    expect(await ids('/api/ipam/ip-ranges/?parent=10.50.0.0/26')).toEqual([]);
    expect(await ids('/api/ipam/ip-ranges/?size__gte=91&family=4')).toEqual([range.id]);
    expect(await ids('/api/ipam/ip-ranges/?q=10.50.0.10/')).toEqual([range.id]);
    expect(await ids('/api/ipam/ip-ranges/?q=10.50.0.12')).toEqual([elsewhere.id]);
  });

  it('lists available prefixes and addresses, leaving out populated ranges', async () => {
    const vrf = await post('/api/ipam/vrfs/', { name: 'Avail', rd: '65003:1' });
    const parent = await post('/api/ipam/prefixes/', { prefix: '10.60.0.0/22', vrf: vrf.id });
    await post('/api/ipam/prefixes/', { prefix: '10.60.1.0/24', vrf: vrf.id });
    await post('/api/ipam/prefixes/', { prefix: '10.60.2.0/24' });
    const nested = { id: vrf.id, url: `http://nb.test/api/ipam/vrfs/${vrf.id}/`, display: 'Avail (65003:1)', name: 'Avail', rd: '65003:1', description: '' };
    const prefixes = await api.request('GET', `/api/ipam/prefixes/${parent.id}/available-prefixes/`);
    expect(prefixes.body).toEqual([
      { family: 4, prefix: '10.60.0.0/24', vrf: nested },
      { family: 4, prefix: '10.60.2.0/23', vrf: nested },
    ]);
    await post('/api/ipam/ip-ranges/', { start_address: '10.60.0.1/22', end_address: '10.60.0.3/22', vrf: vrf.id, mark_populated: true });
    const addresses = await api.request('GET', `/api/ipam/prefixes/${parent.id}/available-ips/?limit=2`);
    expect(addresses.body).toEqual([
      { family: 4, address: '10.60.0.4/22', vrf: nested },
      { family: 4, address: '10.60.0.5/22', vrf: nested },
    ]);
    expect((await api.request('GET', `/api/ipam/prefixes/${parent.id}/available-ips/`)).body).toHaveLength(50);
    const pool = await post('/api/ipam/prefixes/', { prefix: '10.61.0.0/30', is_pool: true });
    expect((await api.request('GET', `/api/ipam/prefixes/${pool.id}/available-ips/`)).body.map((a: { address: string }) => a.address)).toEqual([
      '10.61.0.0/30', '10.61.0.1/30', '10.61.0.2/30', '10.61.0.3/30',
    ]);
    const range = await post('/api/ipam/ip-ranges/', { start_address: '2001:db8:60::fffe/64', end_address: '2001:db8:60::1:1/64' });
    expect((await api.request('GET', `/api/ipam/ip-ranges/${range.id}/available-ips/?limit=0`)).body).toEqual(
      ['2001:db8:60::fffe', '2001:db8:60::ffff', '2001:db8:60::1:0', '2001:db8:60::1:1'].map((ip) => ({ family: 6, address: `${ip}/64`, vrf: null })),
    );
    await api.request('PATCH', `/api/ipam/ip-ranges/${range.id}/`, { mark_populated: true });
    expect((await api.request('GET', `/api/ipam/ip-ranges/${range.id}/available-ips/`)).body).toEqual([]);
    expect((await api.request('GET', '/api/ipam/prefixes/999999/available-prefixes/')).body).toEqual({ detail: 'No Prefix matches the given query.' });
  });
});
