/**
 * End-to-end tests of the circuits app, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL:
 * providers, accounts, networks, circuit types and circuits, their A/Z terminations (the generic
 * `termination`, its cached place and the filters over it, the circuit's termination_a/z), a
 * termination cabled to an interface (cable fields, link peers, the cables' filters), groups and
 * assignments, virtual circuits and their terminations, and the counts and filters of other apps
 * that name these models.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

describe.each(testDatabases())('circuits on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const get = async (path: string) => {
    const r = await api.request('GET', `/api/${path}`);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const list = async (path: string, query: string, key = 'id') => (await get(`${path}/?${query}&limit=0`)).results.map((o: any) => o[key]);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.region = (await post('dcim/regions', { name: 'Europe', slug: 'europe' })).id;
    ids.site = (await post('dcim/sites', { name: 'Site A', slug: 'site-a', region: ids.region })).id;
    ids.siteB = (await post('dcim/sites', { name: 'Site B', slug: 'site-b' })).id;
    ids.location = (await post('dcim/locations', { name: 'Hall A', slug: 'hall-a', site: ids.site })).id;
    ids.tenant = (await post('tenancy/tenants', { name: 'Acme', slug: 'acme' })).id;
    ids.rir = (await post('ipam/rirs', { name: 'RIPE', slug: 'ripe' })).id;
    ids.asn = (await post('ipam/asns', { asn: 65001, rir: ids.rir })).id;
    const manufacturer = (await post('dcim/manufacturers', { name: 'Acme', slug: 'acme' })).id;
    const type = (await post('dcim/device-types', { manufacturer, model: 'R1', slug: 'r1' })).id;
    const role = (await post('dcim/device-roles', { name: 'Router', slug: 'router' })).id;
    ids.device = (await post('dcim/devices', { name: 'edge1', device_type: type, role, site: ids.site })).id;
    ids.eth0 = (await post('dcim/interfaces', { device: ids.device, name: 'eth0', type: '1000base-t' })).id;
    ids.vif = (await post('dcim/interfaces', { device: ids.device, name: 'vif0', type: 'virtual' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('creates providers, accounts and networks as NetBox shows them', async () => {
    const provider = await post('circuits/providers', { name: 'Level3', slug: 'level3', asns: [ids.asn] });
    ids.provider = provider.id;
    expect(Object.keys(provider)).toEqual([
      'id', 'url', 'display_url', 'display', 'name', 'slug', 'accounts', 'description', 'owner', 'comments', 'asns', 'tags', 'custom_fields', 'created', 'last_updated', 'circuit_count',
    ]);
    expect(provider).toMatchObject({ display: 'Level3', accounts: [], circuit_count: 0, asns: [{ id: ids.asn, asn: 65001 }] });
    ids.provider2 = (await post('circuits/providers', { name: 'Zayo', slug: 'zayo' })).id;
    const account = await post('circuits/provider-accounts', { provider: ids.provider, account: '1234', name: 'Main' });
    ids.account = account.id;
    expect(account).toMatchObject({ display: '1234 (Main)', provider: { id: ids.provider, name: 'Level3', slug: 'level3' }, name: 'Main', account: '1234' });
    ids.account2 = (await post('circuits/provider-accounts', { provider: ids.provider2, account: '9' })).id;
    expect((await get(`circuits/provider-accounts/${ids.account2}/`)).display).toBe('9');
    // Two blank names are fine; a repeated name is not.
    await post('circuits/provider-accounts', { provider: ids.provider2, account: '10' });
    const sameName = await api.request('POST', '/api/circuits/provider-accounts/', { provider: ids.provider, account: '5678', name: 'Main' });
    expect([sameName.status, sameName.body]).toEqual([400, { __all__: ['Constraint “circuits_provideraccount_unique_provider_name” is violated.'] }]);
    const sameAccount = await api.request('POST', '/api/circuits/provider-accounts/', { provider: ids.provider, account: '1234' });
    expect([sameAccount.status, sameAccount.body]).toEqual([400, { __all__: ['Provider account with this Provider and Account already exists.'] }]);
    expect((await get(`circuits/providers/${ids.provider}/`)).accounts).toEqual([
      { id: ids.account, url: `http://nb.test/api/circuits/provider-accounts/${ids.account}/`, display_url: `http://nb.test/circuits/provider-accounts/${ids.account}/`, display: '1234 (Main)', name: 'Main', account: '1234' },
    ]);
    ids.network = (await post('circuits/provider-networks', { provider: ids.provider, name: 'MPLS', service_id: 'S-1' })).id;
    expect(await list('circuits/provider-networks', 'q=s-1')).toEqual([ids.network]);
    expect(await list('circuits/providers', `asn_id=${ids.asn}`)).toEqual([ids.provider]);
    expect(await list('circuits/providers', 'asn=65001')).toEqual([ids.provider]);
    const asn = await get(`ipam/asns/${ids.asn}/`);
    expect(asn.provider_count).toBe(1);
    expect(asn).not.toHaveProperty('providers');
    expect(await list('ipam/asns', 'provider=level3')).toEqual([ids.asn]);
    expect(await list('ipam/asns', `provider_id=${ids.provider2}`)).toEqual([]);
  }, SLOW);

  it('creates circuits and refuses an account of another provider', async () => {
    ids.type = (await post('circuits/circuit-types', { name: 'Internet', slug: 'internet', color: 'aa1409' })).id;
    const circuit = await post('circuits/circuits', { cid: 'CID-1', provider: ids.provider, provider_account: ids.account, type: ids.type, tenant: ids.tenant, distance: 12.5, distance_unit: 'km' });
    ids.circuit = circuit.id;
    expect(Object.keys(circuit)).toEqual([
      'id', 'url', 'display_url', 'display', 'cid', 'provider', 'provider_account', 'type', 'status', 'tenant', 'install_date', 'termination_date', 'commit_rate', 'description',
      'distance', 'distance_unit', 'termination_a', 'termination_z', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'assignments',
    ]);
    expect(circuit).toMatchObject({ display: 'CID-1', status: { value: 'active', label: 'Active' }, termination_a: null, termination_z: null, assignments: [], distance_unit: { value: 'km', label: 'Kilometers' } });
    const other = await api.request('POST', '/api/circuits/circuits/', { cid: 'CID-2', provider: ids.provider2, provider_account: ids.account, type: ids.type });
    expect([other.status, other.body]).toEqual([400, { provider_account: ['The assigned account must belong to the assigned provider.'] }]);
    const twice = await api.request('POST', '/api/circuits/circuits/', { cid: 'CID-1', provider: ids.provider, type: ids.type });
    expect([twice.status, twice.body]).toEqual([400, { __all__: ['Circuit with this Provider and Circuit ID already exists.'] }]);
    ids.circuit2 = (await post('circuits/circuits', { cid: 'CID-2', provider: ids.provider2, type: ids.type, status: 'planned' })).id;
    expect((await get(`circuits/circuit-types/${ids.type}/`)).circuit_count).toBe(2);
    expect((await get(`circuits/providers/${ids.provider}/`)).circuit_count).toBe(1);
    expect((await get(`tenancy/tenants/${ids.tenant}/`)).circuit_count).toBe(1);
    expect(await list('circuits/circuits', 'status=planned')).toEqual([ids.circuit2]);
    expect(await list('circuits/circuits', 'provider=level3')).toEqual([ids.circuit]);
    expect(await list('circuits/circuits', 'provider_account=1234')).toEqual([ids.circuit]);
    expect(await list('circuits/circuits', 'type=internet')).toEqual([ids.circuit, ids.circuit2]);
  }, SLOW);

  it('terminates a circuit at a location and a provider network, caching the place and setting the A/Z sides', async () => {
    const a = await post('circuits/circuit-terminations', { circuit: ids.circuit, term_side: 'A', termination_type: 'dcim.location', termination_id: ids.location, port_speed: 1000000, xconnect_id: 'XC-7' });
    ids.termA = a.id;
    expect(Object.keys(a)).toEqual([
      'id', 'url', 'display_url', 'display', 'circuit', 'term_side', 'termination_type', 'termination_id', 'termination', 'port_speed', 'upstream_speed', 'xconnect_id', 'pp_info',
      'description', 'mark_connected', 'cable', 'cable_end', 'link_peers', 'link_peers_type', 'tags', 'custom_fields', 'created', 'last_updated', '_occupied',
    ]);
    expect(a).toMatchObject({ display: 'CID-1: Termination A', term_side: 'A', termination_type: 'dcim.location', termination: { id: ids.location, name: 'Hall A' }, cable: null, link_peers: [], link_peers_type: null, _occupied: false });
    const z = await post('circuits/circuit-terminations', { circuit: ids.circuit, term_side: 'Z', termination_type: 'circuits.providernetwork', termination_id: ids.network });
    ids.termZ = z.id;
    const circuit = await get(`circuits/circuits/${ids.circuit}/`);
    expect(circuit.termination_a).toEqual({
      id: ids.termA, url: `http://nb.test/api/circuits/circuit-terminations/${ids.termA}/`, display_url: `http://nb.test/circuits/circuit-terminations/${ids.termA}/`, display: 'CID-1: Termination A',
      termination_type: 'dcim.location', termination_id: ids.location, termination: expect.objectContaining({ id: ids.location, name: 'Hall A' }), port_speed: 1000000, upstream_speed: null, xconnect_id: 'XC-7', description: '',
    });
    expect(circuit.termination_z).toMatchObject({ id: ids.termZ, termination_type: 'circuits.providernetwork' });

    // The cached place: a location gives its site and region.
    expect(await list('circuits/circuit-terminations', `site_id=${ids.site}`)).toEqual([ids.termA]);
    expect(await list('circuits/circuit-terminations', 'region=europe')).toEqual([ids.termA]);
    expect(await list('circuits/circuit-terminations', `location_id=${ids.location}`)).toEqual([ids.termA]);
    expect(await list('circuits/circuit-terminations', `provider_network_id=${ids.network}`)).toEqual([ids.termZ]);
    expect(await list('circuits/circuit-terminations', 'term_side=Z')).toEqual([ids.termZ]);
    expect(await list('circuits/circuit-terminations', 'provider=level3')).toEqual([ids.termA, ids.termZ]);
    expect(await list('circuits/circuit-terminations', 'q=xc-7')).toEqual([ids.termA]);
    expect(await list('circuits/circuits', `site_id=${ids.site}`)).toEqual([ids.circuit]);
    expect(await list('circuits/circuits', 'region=europe')).toEqual([ids.circuit]);
    expect(await list('circuits/circuits', `provider_network_id=${ids.network}`)).toEqual([ids.circuit]);
    expect(await list('circuits/circuits', 'q=xc-7')).toEqual([ids.circuit]);
    expect(await list('circuits/circuits', `termination_a_id=${ids.termA}`)).toEqual([ids.circuit]);
    expect(await list('circuits/providers', 'site=site-a')).toEqual([ids.provider]);
    expect(await list('circuits/providers', `region_id=${ids.region}`)).toEqual([ids.provider]);
    expect((await get(`dcim/sites/${ids.site}/`)).circuit_count).toBe(1);

    // Moving the termination to the other side clears the old one.
    await api.request('PATCH', `/api/circuits/circuit-terminations/${ids.termZ}/`, { circuit: ids.circuit2 });
    const moved = await get(`circuits/circuits/${ids.circuit}/`);
    expect([moved.termination_a?.id, moved.termination_z]).toEqual([ids.termA, null]);
    expect((await get(`circuits/circuits/${ids.circuit2}/`)).termination_z.id).toBe(ids.termZ);
    // A site moving region carries the termination's cache along.
    await api.request('PATCH', `/api/dcim/sites/${ids.site}/`, { region: null });
    expect(await list('circuits/circuit-terminations', 'region=europe')).toEqual([]);
  }, SLOW);

  it('refuses bad terminations with NetBox’s messages, writing nothing', async () => {
    const before = (await get('circuits/circuit-terminations/?limit=1')).count;
    const cases: [unknown, unknown][] = [
      [{ circuit: ids.circuit, term_side: 'A', termination_type: 'dcim.site', termination_id: ids.site }, { __all__: ['Circuit termination with this Circuit and Termination side already exists.'] }],
      [{ circuit: ids.circuit, term_side: 'Z', termination_type: 'dcim.site' }, { __all__: ['Please select a Site.'] }],
      [{ circuit: ids.circuit, term_side: 'Z', termination_type: 'dcim.sitegroup', termination_id: null }, { __all__: ['Please select a Site Group.'] }],
      [{ circuit: ids.circuit, term_side: 'Z' }, { __all__: ['A circuit termination must attach to a terminating object.'] }],
      [{ circuit: ids.circuit, term_side: 'Z', termination_id: ids.site }, { termination_type: ['This field cannot be null.'] }],
      [{ circuit: ids.circuit, term_side: 'Z', termination_type: 'dcim.device', termination_id: ids.device }, { termination_type: ['Invalid content type: dcim.device'] }],
      [{ circuit: ids.circuit, term_side: 'Z', termination_type: 'dcim.site', termination_id: 999999 }, { termination_id: ['Related object not found using the provided value: 999999.'] }],
      [{ circuit: ids.circuit, term_side: 'X', termination_type: 'dcim.site', termination_id: ids.site }, { term_side: ['"X" is not a valid choice.'] }],
    ];
    for (const [body, errors] of cases) {
      const r = await api.request('POST', '/api/circuits/circuit-terminations/', body);
      expect([r.status, r.body], JSON.stringify(body)).toEqual([400, errors]);
    }
    expect((await get('circuits/circuit-terminations/?limit=1')).count).toBe(before);
  }, SLOW);

  it('cables a circuit termination to an interface as any cable end', async () => {
    const cable = await post('dcim/cables', { a_terminations: [{ object_type: 'dcim.interface', object_id: ids.eth0 }], b_terminations: [{ object_type: 'circuits.circuittermination', object_id: ids.termA }] });
    const term = await get(`circuits/circuit-terminations/${ids.termA}/`);
    expect(term).toMatchObject({ cable: { id: cable.id }, cable_end: 'B', link_peers_type: 'dcim.interface', link_peers: [expect.objectContaining({ id: ids.eth0, name: 'eth0' })], _occupied: true });
    const eth0 = await get(`dcim/interfaces/${ids.eth0}/`);
    expect(eth0).toMatchObject({ link_peers_type: 'circuits.circuittermination', link_peers: [expect.objectContaining({ id: ids.termA, display: 'CID-1: Termination A' })] });
    // A circuit termination passes a path on to the circuit's other side: not traced here.
    expect([eth0.connected_endpoints, eth0.connected_endpoints_reachable]).toEqual([null, false]);
    expect(await list('dcim/cables', `circuittermination_id=${ids.termA}`)).toEqual([cable.id]);
    expect((await get(`dcim/cable-terminations/?circuittermination_id=${ids.termA}`)).results.map((t: any) => t.cable)).toEqual([cable.id]);
    expect(await list('dcim/cables', `location_id=${ids.location}`)).toEqual([cable.id]);
    expect(await list('circuits/circuit-terminations', 'cabled=true')).toEqual([ids.termA]);
    const marked = await api.request('PATCH', `/api/circuits/circuit-terminations/${ids.termA}/`, { mark_connected: true });
    expect([marked.status, marked.body]).toEqual([400, { mark_connected: ['Cannot mark as connected with a cable attached.'] }]);
    // Not to a console port: NetBox's compatible types.
    const console = (await post('dcim/console-ports', { device: ids.device, name: 'con0' })).id;
    const wrong = await api.request('POST', '/api/dcim/cables/', { a_terminations: [{ object_type: 'dcim.consoleport', object_id: console }], b_terminations: [{ object_type: 'circuits.circuittermination', object_id: ids.termZ }] });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('Incompatible termination types');
  }, SLOW);

  it('groups circuits and virtual circuits', async () => {
    ids.group = (await post('circuits/circuit-groups', { name: 'Core', slug: 'core', tenant: ids.tenant })).id;
    const assignment = await post('circuits/circuit-group-assignments', { group: ids.group, member_type: 'circuits.circuit', member_id: ids.circuit, priority: 'primary' });
    expect(Object.keys(assignment)).toEqual(['id', 'url', 'display_url', 'display', 'group', 'member_type', 'member_id', 'member', 'priority', 'tags', 'created', 'last_updated']);
    expect(assignment).toMatchObject({ display: 'Core (Primary)', member: { id: ids.circuit, cid: 'CID-1' }, priority: { value: 'primary', label: 'Primary' } });
    const twice = await api.request('POST', '/api/circuits/circuit-group-assignments/', { group: ids.group, member_type: 'circuits.circuit', member_id: ids.circuit });
    expect([twice.status, twice.body]).toEqual([400, { __all__: ['Circuit group assignment with this Member type, Member id and Group already exists.'] }]);
    const wrong = await api.request('POST', '/api/circuits/circuit-group-assignments/', { group: ids.group, member_type: 'dcim.site', member_id: ids.site });
    expect([wrong.status, wrong.body]).toEqual([400, { member_type: ['Invalid content type: dcim.site'] }]);
    expect((await get(`circuits/circuit-groups/${ids.group}/`)).circuit_count).toBe(1);
    expect((await get(`circuits/circuits/${ids.circuit}/`)).assignments).toEqual([expect.objectContaining({ id: assignment.id, display: 'Core (Primary)', group: expect.objectContaining({ id: ids.group, name: 'Core' }), priority: { value: 'primary', label: 'Primary' } })]);

    ids.vctype = (await post('circuits/virtual-circuit-types', { name: 'L2VPN', slug: 'l2vpn' })).id;
    const badAccount = await api.request('POST', '/api/circuits/virtual-circuits/', { cid: 'VC-1', provider_network: ids.network, provider_account: ids.account2, type: ids.vctype });
    expect([badAccount.status, badAccount.body]).toEqual([400, { provider_account: ['The assigned account must belong to the provider of the assigned network.'] }]);
    const vc = await post('circuits/virtual-circuits', { cid: 'VC-1', provider_network: ids.network, provider_account: ids.account, type: ids.vctype });
    ids.vc = vc.id;
    expect(vc).toMatchObject({ display: 'VC-1', provider_network: { id: ids.network, name: 'MPLS' } });
    expect(await list('circuits/virtual-circuits', 'provider=level3')).toEqual([ids.vc]);
    await post('circuits/circuit-group-assignments', { group: ids.group, member_type: 'circuits.virtualcircuit', member_id: ids.vc });
    expect(await list('circuits/circuit-group-assignments', 'circuit=CID-1', 'member_id')).toEqual([ids.circuit]);
    expect(await list('circuits/circuit-group-assignments', `virtual_circuit_id=${ids.vc}`, 'member_id')).toEqual([ids.vc]);
    expect(await list('circuits/circuit-group-assignments', 'provider=level3', 'member_id')).toEqual([ids.circuit, ids.vc]);
    expect(await list('circuits/circuit-group-assignments', `provider_id=${ids.provider2}`)).toEqual([]);

    const physical = await api.request('POST', '/api/circuits/virtual-circuit-terminations/', { virtual_circuit: ids.vc, interface: ids.eth0 });
    expect([physical.status, physical.body]).toEqual([400, { __all__: ['Virtual circuits may be terminated only to virtual interfaces.'] }]);
    const term = await post('circuits/virtual-circuit-terminations', { virtual_circuit: ids.vc, interface: ids.vif, role: 'hub' });
    expect(term).toMatchObject({ display: 'VC-1: Hub termination', role: { value: 'hub', label: 'Hub' }, interface: { id: ids.vif, name: 'vif0' } });
    expect(await list('dcim/interfaces', `virtual_circuit_id=${ids.vc}`)).toEqual([ids.vif]);
    expect(await list('dcim/interfaces', `virtual_circuit_termination_id=${term.id}`)).toEqual([ids.vif]);
    expect(await list('circuits/virtual-circuit-terminations', `provider_id=${ids.provider}`)).toEqual([term.id]);
    expect((await get(`circuits/virtual-circuit-types/${ids.vctype}/`)).virtual_circuit_count).toBe(1);
  }, SLOW);

  it('deletes a circuit with its terminations, and protects a provider with circuits', async () => {
    const protectedDelete = await api.request('DELETE', `/api/circuits/providers/${ids.provider2}/`);
    expect(protectedDelete.status).toBe(409);
    const r = await api.request('DELETE', `/api/circuits/circuits/${ids.circuit2}/`);
    expect(r.status).toBe(204);
    expect((await api.request('GET', `/api/circuits/circuit-terminations/${ids.termZ}/`)).status).toBe(404);
    const termA = await api.request('DELETE', `/api/circuits/circuit-terminations/${ids.termA}/`);
    expect(termA.status).toBe(204);
    expect((await get(`circuits/circuits/${ids.circuit}/`)).termination_a).toBeNull();
    // The cable stays, its end at the termination gone (NetBox's CableTermination cascade).
    const eth0 = await get(`dcim/interfaces/${ids.eth0}/`);
    expect([eth0.cable?.id !== undefined, eth0.link_peers]).toEqual([true, []]);
    expect((await get(`dcim/cable-terminations/?cable=${eth0.cable.id}`)).count).toBe(1);
  }, SLOW);
});
