/**
 * End-to-end tests of cables on every kind of port, on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: console port ↔ console server port, power port ↔ power outlet, front ↔ rear port,
 * interface ↔ front port, power port ↔ power feed; each port's `cable`, `cable_end`, `link_peers` and, on path endpoints,
 * `connected_endpoints` (a direct cable's far end; none through a front or rear port); NetBox's
 * type rules and messages with nothing written after a 400; ports with a cable refused as marked
 * connected; the per-type and place filters; and both ends freed when a cable goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

/** The object type of each port resource, and its filter name on cables. */
const TYPES: Record<string, string> = {
  'console-ports': 'dcim.consoleport',
  'console-server-ports': 'dcim.consoleserverport',
  'power-ports': 'dcim.powerport',
  'power-outlets': 'dcim.poweroutlet',
  'front-ports': 'dcim.frontport',
  'rear-ports': 'dcim.rearport',
  interfaces: 'dcim.interface',
  'power-feeds': 'dcim.powerfeed',
};

describe.each(testDatabases())('dcim cables on every port kind on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const get = async (path: string) => (await api.request('GET', `/api/${path}`)).body;
  /** An end of a cable: `[resource, id]` pairs as `{object_type, object_id}`. */
  const at = (...ports: [string, number][]) => ports.map(([resource, id]) => ({ object_type: TYPES[resource], object_id: id }));
  const cable = (a: [string, number][], b: [string, number][], extra: Record<string, unknown> = {}) => ({ a_terminations: at(...a), b_terminations: at(...b), ...extra });
  const port = (resource: string, id: number) => get(`dcim/${resource}/${id}/`);
  const cables = async (query: string) => {
    const r = await api.request('GET', `/api/dcim/cables/?${query}&limit=0`);
    if (r.status !== 200) throw new Error(`${query}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.results.map((c: any) => c.label);
  };
  const count = async (path: string, query = '') => (await api.request('GET', `/api/${path}/?${query}&limit=1`)).body.count;
  /** What a refused write must leave as it was: cables, their terminations and the change log. */
  const written = async () => [await count('dcim/cables'), await count('dcim/cable-terminations'), await count('core/object-changes')];

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('dcim/sites', { name: 'Berlin', slug: 'berlin' })).id;
    ids.site2 = (await post('dcim/sites', { name: 'Munich', slug: 'munich' })).id;
    ids.rack = (await post('dcim/racks', { name: 'R1', site: ids.site })).id;
    ids.maker = (await post('dcim/manufacturers', { name: 'Opengear', slug: 'opengear' })).id;
    ids.type = (await post('dcim/device-types', { manufacturer: ids.maker, model: 'CM8100', slug: 'cm8100', u_height: 0 })).id;
    ids.role = (await post('dcim/device-roles', { name: 'Console', slug: 'console' })).id;
    const device = (name: string, extra: Record<string, unknown>) => post('dcim/devices', { name, device_type: ids.type, role: ids.role, ...extra });
    ids.d1 = (await device('d1', { site: ids.site, rack: ids.rack })).id;
    ids.d2 = (await device('d2', { site: ids.site2 })).id;
    const component = async (resource: string, device: number, name: string, extra: Record<string, unknown> = {}) => (await post(`dcim/${resource}`, { device, name, ...extra })).id;
    ids.cp1 = await component('console-ports', ids.d1, 'con1');
    ids.cp2 = await component('console-ports', ids.d1, 'con2');
    ids.cpMarked = await component('console-ports', ids.d1, 'con9', { label: 'spare', mark_connected: true });
    ids.csp1 = await component('console-server-ports', ids.d2, 'port1');
    ids.csp2 = await component('console-server-ports', ids.d2, 'port2');
    ids.cspLocal = await component('console-server-ports', ids.d1, 'local1');
    ids.pp1 = await component('power-ports', ids.d1, 'psu1');
    ids.pp2 = await component('power-ports', ids.d1, 'psu2');
    ids.po1 = await component('power-outlets', ids.d2, 'out1');
    ids.po2 = await component('power-outlets', ids.d2, 'out2');
    ids.rp1 = await component('rear-ports', ids.d1, 'rear1', { type: '8p8c' });
    ids.fp1 = await component('front-ports', ids.d1, 'front1', { type: '8p8c', rear_ports: [{ position: 1, rear_port: ids.rp1 }] });
    ids.rp2 = await component('rear-ports', ids.d2, 'rear1', { type: '8p8c' });
    ids.fp2 = await component('front-ports', ids.d2, 'front1', { type: '8p8c', rear_ports: [{ position: 1, rear_port: ids.rp2 }] });
    ids.eth1 = await component('interfaces', ids.d1, 'eth1', { type: '1000base-t' });
    ids.eth2 = await component('interfaces', ids.d2, 'eth2', { type: '1000base-t' });
  }, SLOW);
  afterAll(async () => api?.close());

  it('cables a console port to a console server port: each end shows the other as peer and endpoint', async () => {
    const created = await post('dcim/cables', cable([['console-ports', ids.cp1]], [['console-server-ports', ids.csp1]], { label: 'console' }));
    ids.console = created.id;
    expect(created.a_terminations).toEqual([{ object_type: 'dcim.consoleport', object_id: ids.cp1, object: expect.objectContaining({ id: ids.cp1, name: 'con1', device: expect.objectContaining({ id: ids.d1, name: 'd1' }), _occupied: true }) }]);
    expect(created.b_terminations).toEqual([{ object_type: 'dcim.consoleserverport', object_id: ids.csp1, object: expect.objectContaining({ id: ids.csp1, name: 'port1' }) }]);
    const a = await port('console-ports', ids.cp1);
    expect(a).toMatchObject({
      cable: { id: created.id, display: 'console', label: 'console' }, cable_end: 'A', link_peers_type: 'dcim.consoleserverport',
      connected_endpoints_type: 'dcim.consoleserverport', connected_endpoints_reachable: true, _occupied: true,
    });
    expect(a.link_peers).toEqual([expect.objectContaining({ id: ids.csp1, name: 'port1', device: expect.objectContaining({ id: ids.d2, name: 'd2' }) })]);
    expect(a.connected_endpoints.map((p: any) => p.id)).toEqual([ids.csp1]);
    const b = await port('console-server-ports', ids.csp1);
    expect(b).toMatchObject({ cable: { id: created.id }, cable_end: 'B', link_peers_type: 'dcim.consoleport', connected_endpoints_type: 'dcim.consoleport', connected_endpoints_reachable: true });
    expect(b.connected_endpoints.map((p: any) => p.id)).toEqual([ids.cp1]);
    // Its termination rows name the ports.
    const rows = (await get(`dcim/cable-terminations/?cable_id=${created.id}`)).results;
    expect(rows.map((r: any) => [r.cable_end, r.termination_type, r.termination_id, r.display])).toEqual([
      ['A', 'dcim.consoleport', ids.cp1, 'Cable console to con1'],
      ['B', 'dcim.consoleserverport', ids.csp1, 'Cable console to port1'],
    ]);
    // A port without a cable has no path: no endpoints, not reachable.
    expect(await port('console-ports', ids.cp2)).toMatchObject({ cable: null, cable_end: null, link_peers: [], link_peers_type: null, connected_endpoints: null, connected_endpoints_type: null, connected_endpoints_reachable: false, _occupied: false });
  });

  it('cables a power port to a power outlet; a cable not connected does not reach its far end', async () => {
    const created = await post('dcim/cables', cable([['power-ports', ids.pp1]], [['power-outlets', ids.po1]], { label: 'power', status: 'planned' }));
    ids.power = created.id;
    expect(await port('power-ports', ids.pp1)).toMatchObject({ cable: { id: created.id }, cable_end: 'A', link_peers_type: 'dcim.poweroutlet', connected_endpoints_type: 'dcim.poweroutlet', connected_endpoints_reachable: false });
    expect((await port('power-outlets', ids.po1)).connected_endpoints.map((p: any) => p.id)).toEqual([ids.pp1]);
    expect((await api.request('PATCH', `/api/dcim/cables/${created.id}/`, { status: 'connected' })).status).toBe(200);
    expect((await port('power-outlets', ids.po1)).connected_endpoints_reachable).toBe(true);
    // Moving the outlet end frees the old outlet and cables the new one.
    const moved = await api.request('PATCH', `/api/dcim/cables/${created.id}/`, { b_terminations: at(['power-outlets', ids.po2]) });
    expect(moved.status).toBe(200);
    expect(await port('power-outlets', ids.po1)).toMatchObject({ cable: null, cable_end: null, link_peers: [], connected_endpoints: null, connected_endpoints_reachable: false });
    expect(await port('power-outlets', ids.po2)).toMatchObject({ cable: { id: created.id }, cable_end: 'B', link_peers_type: 'dcim.powerport' });
    expect((await port('power-ports', ids.pp1)).connected_endpoints.map((p: any) => p.id)).toEqual([ids.po2]);
  });

  it('cables a front port to a rear port, and an interface to a front port (a path through ports is not traced)', async () => {
    const pass = await post('dcim/cables', cable([['front-ports', ids.fp1]], [['rear-ports', ids.rp2]], { label: 'pass' }));
    ids.pass = pass.id;
    const front = await port('front-ports', ids.fp1);
    expect(front).toMatchObject({ cable: { id: pass.id }, cable_end: 'A', link_peers_type: 'dcim.rearport', _occupied: true });
    expect(front.link_peers.map((p: any) => [p.id, p.device.name])).toEqual([[ids.rp2, 'd2']]);
    expect(front).not.toHaveProperty('connected_endpoints');
    expect(await port('rear-ports', ids.rp2)).toMatchObject({ cable: { id: pass.id }, cable_end: 'B', link_peers_type: 'dcim.frontport' });

    const uplink = await post('dcim/cables', cable([['interfaces', ids.eth1]], [['front-ports', ids.fp2]], { label: 'uplink' }));
    ids.uplink = uplink.id;
    const eth = await port('interfaces', ids.eth1);
    expect(eth).toMatchObject({ cable: { id: uplink.id }, cable_end: 'A', link_peers_type: 'dcim.frontport', connected_endpoints: null, connected_endpoints_type: null, connected_endpoints_reachable: false });
    expect(eth.link_peers.map((p: any) => p.id)).toEqual([ids.fp2]);
    expect((await port('front-ports', ids.fp2)).link_peers.map((p: any) => p.id)).toEqual([ids.eth1]);
    expect((await get('dcim/interfaces/?connected=false&cabled=true')).results.map((i: any) => i.id)).toEqual([ids.eth1]);
  });

  it('refuses what NetBox’s type rules refuse, with its messages, writing nothing', async () => {
    const before = await written();
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [cable([['console-ports', ids.cp2]], [['power-ports', ids.pp2]]), { __all__: ['Incompatible termination types: consoleport and powerport'] }],
      [cable([['power-ports', ids.pp2]], [['console-server-ports', ids.csp2]]), { __all__: ['Incompatible termination types: powerport and consoleserverport'] }],
      [cable([['console-ports', ids.cp2]], [['console-ports', ids.cpMarked]]), { __all__: ['Incompatible termination types: consoleport and consoleport'] }],
      [cable([['power-ports', ids.pp2]], [['power-ports', ids.pp1]]), { __all__: ['Incompatible termination types: powerport and powerport'] }],
      [cable([['interfaces', ids.eth2]], [['power-outlets', ids.po1]]), { __all__: ['Incompatible termination types: interface and poweroutlet'] }],
      [cable([['console-server-ports', ids.csp2]], [['interfaces', ids.eth2]]), { __all__: ['Incompatible termination types: consoleserverport and interface'] }],
      [cable([['power-outlets', ids.po1]], [['rear-ports', ids.rp1]]), { __all__: ['Incompatible termination types: poweroutlet and rearport'] }],
      [cable([['console-ports', ids.cp2], ['interfaces', ids.eth2]], [['console-server-ports', ids.csp2]]), { __all__: ['Cannot connect different termination types to same end of cable.'] }],
      [cable([['rear-ports', ids.rp1]], [['front-ports', ids.fp2], ['rear-ports', ids.rp1]]), { __all__: ['Cannot connect different termination types to same end of cable.'] }],
      [cable([['console-ports', 999999]], [['front-ports', 999998]]), { a_terminations: ['ConsolePort matching query does not exist.'], b_terminations: ['FrontPort matching query does not exist.'] }],
      [cable([['power-ports', ids.pp2]], [['power-outlets', 999999]]), { b_terminations: ['PowerOutlet matching query does not exist.'] }],
      [cable([['console-ports', ids.cpMarked]], [['console-server-ports', ids.csp2]]), { __all__: ['Cannot connect a cable to d1 > con9 (spare) because it is marked as connected.'] }],
      [cable([['console-ports', ids.cp2]], [['console-server-ports', ids.csp1]]), { __all__: [`Duplicate termination found for dcim.consoleserverport ${ids.csp1}: cable ${ids.console}`] }],
      [cable([['rear-ports', ids.rp1]], [['rear-ports', ids.rp1]]), { __all__: ['A and B terminations cannot connect to the same object.'] }],
    ];
    for (const [body, errors] of cases) {
      const r = await api.request('POST', '/api/dcim/cables/', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body, JSON.stringify(body)).toEqual(errors);
    }
    // A bulk request of several types is checked as a whole: one refused cable writes none.
    const bulk = await api.request('POST', '/api/dcim/cables/', [cable([['console-ports', ids.cp2]], [['console-server-ports', ids.csp2]]), cable([['power-ports', ids.pp2]], [['rear-ports', ids.rp1]])]);
    expect(bulk.status).toBe(400);
    expect(bulk.body).toEqual([{}, { __all__: ['Incompatible termination types: powerport and rearport'] }]);
    // An update is checked against the end it leaves alone.
    const patch = (id: number, body: unknown) => api.request('PATCH', `/api/dcim/cables/${id}/`, body);
    expect((await patch(ids.console, { b_terminations: at(['power-outlets', ids.po1]) })).body).toEqual({ __all__: ['Incompatible termination types: consoleport and poweroutlet'] });
    expect((await patch(ids.pass, { b_terminations: at(['front-ports', ids.fp1]) })).body).toEqual({ __all__: ['A and B terminations cannot connect to the same object.'] });
    expect((await patch(ids.power, { a_terminations: at(['interfaces', ids.eth2]) })).body).toEqual({ __all__: ['Incompatible termination types: interface and poweroutlet'] });
    expect(await written()).toEqual(before);
    expect((await port('console-ports', ids.cp2)).cable).toBeNull();
    expect((await port('power-outlets', ids.po1)).cable).toBeNull();
  });

  it('refuses to mark a cabled port of any kind as connected', async () => {
    const cabled: [string, number][] = [['console-ports', ids.cp1], ['console-server-ports', ids.csp1], ['power-ports', ids.pp1], ['power-outlets', ids.po2], ['front-ports', ids.fp1], ['rear-ports', ids.rp2], ['interfaces', ids.eth1]];
    const before = await written();
    for (const [resource, id] of cabled) {
      const r = await api.request('PATCH', `/api/dcim/${resource}/${id}/`, { mark_connected: true });
      expect(r.status, resource).toBe(400);
      expect(r.body, resource).toEqual({ mark_connected: ['Cannot mark as connected with a cable attached.'] });
    }
    expect(await written()).toEqual(before);
    // Without a cable it may be.
    expect((await api.request('PATCH', `/api/dcim/power-outlets/${ids.po1}/`, { mark_connected: true })).body).toMatchObject({ mark_connected: true, _occupied: true });
  });

  it('filters cables and terminations by port of every kind, device and place', async () => {
    ids.local = (await post('dcim/cables', cable([['console-ports', ids.cp2]], [['console-server-ports', ids.cspLocal]], { label: 'local' }))).id;
    expect(await cables(`consoleport_id=${ids.cp1}`)).toEqual(['console']);
    expect(await cables(`consoleserverport_id=${ids.csp1}&consoleserverport_id=${ids.cspLocal}`)).toEqual(['console', 'local']);
    expect(await cables(`powerport_id=${ids.pp1}`)).toEqual(['power']);
    expect(await cables(`poweroutlet_id=${ids.po2}`)).toEqual(['power']);
    expect(await cables(`poweroutlet_id=${ids.po1}`)).toEqual([]);
    expect(await cables(`frontport_id=${ids.fp1}&frontport_id=${ids.fp2}`)).toEqual(['pass', 'uplink']);
    expect(await cables(`rearport_id=${ids.rp2}`)).toEqual(['pass']);
    expect(await cables(`interface_id=${ids.eth1}`)).toEqual(['uplink']);
    expect(await cables('termination_a_type=dcim.consoleport')).toEqual(['console', 'local']);
    expect(await cables('termination_b_type=dcim.rearport')).toEqual(['pass']);
    // A termination id is matched whatever its type, as NetBox does: with the type, one port.
    expect(await cables(`termination_a_type=dcim.powerport&termination_a_id=${ids.pp1}`)).toEqual(['power']);
    expect(await cables('device=d2')).toEqual(['console', 'power', 'pass', 'uplink']);
    expect(await cables(`device_id=${ids.d1}`)).toEqual(['console', 'power', 'pass', 'uplink', 'local']);
    expect(await cables('site=munich')).toEqual(['console', 'power', 'pass', 'uplink']);
    expect(await cables(`site_id=${ids.site}&device_id=${ids.d2}`)).toEqual(['console', 'power', 'pass', 'uplink']);
    expect(await cables(`rack_id=${ids.rack}`)).toEqual(['console', 'power', 'pass', 'uplink', 'local']);
    expect(await cables('rack=R1&label=local')).toEqual(['local']);
    const rows = async (query: string) => (await get(`dcim/cable-terminations/?${query}&limit=0`)).results.map((r: any) => [r.termination_type, r.termination_id]);
    expect(await rows(`consoleport_id=${ids.cp1}`)).toEqual([['dcim.consoleport', ids.cp1]]);
    expect(await rows(`consoleserverport_id=${ids.cspLocal}`)).toEqual([['dcim.consoleserverport', ids.cspLocal]]);
    expect(await rows(`powerport_id=${ids.pp1}&poweroutlet_id=${ids.po2}`)).toEqual([]);
    expect(await rows(`poweroutlet_id=${ids.po2}`)).toEqual([['dcim.poweroutlet', ids.po2]]);
    expect(await rows(`frontport_id=${ids.fp2}`)).toEqual([['dcim.frontport', ids.fp2]]);
    expect(await rows(`rearport_id=${ids.rp2}`)).toEqual([['dcim.rearport', ids.rp2]]);
    expect(await rows('termination_type=dcim.powerport')).toEqual([['dcim.powerport', ids.pp1]]);
    // The ports' own cable filters.
    const names = async (resource: string, query: string) => (await get(`dcim/${resource}/?${query}&limit=0`)).results.map((p: any) => p.name);
    expect(await names('console-ports', 'cabled=true')).toEqual(['con1', 'con2']);
    expect(await names('console-ports', 'occupied=false')).toEqual([]);
    expect(await names('console-server-ports', `connected=true&device_id=${ids.d2}`)).toEqual(['port1']);
    expect(await names('power-outlets', 'cabled=false')).toEqual(['out1']);
    expect(await names('front-ports', 'cable_end=B')).toEqual(['front1']);
    expect(await names('rear-ports', `cable_id=${ids.pass}`)).toEqual(['rear1']);
  });

  it('frees both ends when a cable is deleted, and drops a deleted port’s termination', async () => {
    expect((await api.request('DELETE', `/api/dcim/cables/${ids.console}/`)).status).toBe(204);
    const free = { cable: null, cable_end: null, link_peers: [], link_peers_type: null, _occupied: false };
    expect(await port('console-ports', ids.cp1)).toMatchObject({ ...free, connected_endpoints: null, connected_endpoints_type: null, connected_endpoints_reachable: false });
    expect(await port('console-server-ports', ids.csp1)).toMatchObject({ ...free, connected_endpoints: null, connected_endpoints_reachable: false });
    expect(await count('dcim/cable-terminations', `consoleport_id=${ids.cp1}&consoleserverport_id=${ids.csp1}`)).toBe(0);
    // Deleting a cabled front port deletes its termination row; the rear port keeps the cable, with no peer.
    expect((await api.request('DELETE', `/api/dcim/front-ports/${ids.fp1}/`)).status).toBe(204);
    expect((await get(`dcim/cable-terminations/?cable_id=${ids.pass}`)).results.map((r: any) => r.termination_id)).toEqual([ids.rp2]);
    expect(await port('rear-ports', ids.rp2)).toMatchObject({ cable: { id: ids.pass }, link_peers: [], link_peers_type: null });
    // A power port whose outlet went has no path any more.
    expect((await api.request('DELETE', `/api/dcim/power-outlets/${ids.po2}/`)).status).toBe(204);
    expect(await port('power-ports', ids.pp1)).toMatchObject({ cable: { id: ids.power }, link_peers: [], connected_endpoints: null, connected_endpoints_reachable: false });
    // A bulk delete frees every port.
    const all = (await get('dcim/cables/?limit=0')).results.map((c: any) => ({ id: c.id }));
    expect((await api.request('DELETE', '/api/dcim/cables/', all)).status).toBe(204);
    expect(await count('dcim/cable-terminations')).toBe(0);
    for (const resource of Object.keys(TYPES)) {
      expect(await count(`dcim/${resource}`, 'cabled=true'), resource).toBe(0);
      expect(await count(`dcim/${resource}`, 'cable_end=A'), resource).toBe(0);
    }
  });

  it('cables a power port to a power feed: both ends show the other, a feed refuses other types, mark_connected and a deleted cable', async () => {
    const panel = (await post('dcim/power-panels', { site: ids.site, name: 'Panel 1' })).id;
    const feed = (await post('dcim/power-feeds', { power_panel: panel, rack: ids.rack, name: 'Feed A' })).id;
    const psu = (await post('dcim/power-ports', { device: ids.d2, name: 'psu9' })).id;
    const eth = (await post('dcim/interfaces', { device: ids.d1, name: 'eth9', type: '1000base-t' })).id;
    const before = await written();
    const refused = await api.request('POST', '/api/dcim/cables/', cable([['power-feeds', feed]], [['interfaces', eth]]));
    expect([refused.status, refused.body]).toEqual([400, { __all__: ['Incompatible termination types: powerfeed and interface'] }]);
    expect(await written()).toEqual(before);
    const created = await post('dcim/cables', cable([['power-ports', psu]], [['power-feeds', feed]], { label: 'mains' }));
    const fed = await port('power-feeds', feed);
    expect(fed).toMatchObject({ cable: { id: created.id }, cable_end: 'B', link_peers_type: 'dcim.powerport', connected_endpoints_type: 'dcim.powerport', connected_endpoints_reachable: true, _occupied: true });
    expect([fed.link_peers.map((p: any) => p.id), fed.connected_endpoints.map((p: any) => p.id)]).toEqual([[psu], [psu]]);
    expect((await get(`dcim/power-feeds/${feed}/?brief=true`)).cable).toEqual({ id: created.id, url: `http://nb.test/api/dcim/cables/${created.id}/`, display: 'mains', label: 'mains', description: '' });
    const powered = await port('power-ports', psu);
    expect(powered).toMatchObject({ cable: { id: created.id }, cable_end: 'A', link_peers_type: 'dcim.powerfeed', connected_endpoints_type: 'dcim.powerfeed', connected_endpoints_reachable: true, _occupied: true });
    expect([powered.link_peers.map((p: any) => p.id), powered.connected_endpoints.map((p: any) => p.id)]).toEqual([[feed], [feed]]);
    // The cables' and terminations' powerfeed_id, and the feeds' own cable filters.
    expect(await cables(`powerfeed_id=${feed}`)).toEqual(['mains']);
    expect(await cables(`powerfeed_id=${feed + 1000}`)).toEqual([]);
    // A feed's place is its rack's (NetBox's cached _rack, _location, _site); the port's its device's.
    expect([await cables(`rack_id=${ids.rack}&label=mains`), await cables('site=berlin&label=mains'), await cables(`device_id=${ids.d2}&label=mains`), await cables(`device_id=${ids.d1}&label=mains`)]).toEqual([['mains'], ['mains'], ['mains'], []]);
    expect((await get(`dcim/cable-terminations/?powerfeed_id=${feed}`)).results.map((r: any) => [r.termination_type, r.termination_id, r.cable_end])).toEqual([['dcim.powerfeed', feed, 'B']]);
    const feeds = async (query: string) => (await get(`dcim/power-feeds/?${query}&limit=0`)).results.map((f: any) => f.name);
    expect([await feeds('cabled=true'), await feeds('connected=true'), await feeds('occupied=true'), await feeds('cable_end=B'), await feeds(`cable_id=${created.id}`)]).toEqual([['Feed A'], ['Feed A'], ['Feed A'], ['Feed A'], ['Feed A']]);
    // A cabled feed is not marked connected.
    const marked = await api.request('PATCH', `/api/dcim/power-feeds/${feed}/`, { mark_connected: true });
    expect([marked.status, marked.body]).toEqual([400, { mark_connected: ['Cannot mark as connected with a cable attached.'] }]);
    // Deleting the cable frees both ends.
    expect((await api.request('DELETE', `/api/dcim/cables/${created.id}/`)).status).toBe(204);
    const free = { cable: null, cable_end: null, link_peers: [], link_peers_type: null, connected_endpoints: null, connected_endpoints_type: null, connected_endpoints_reachable: false, _occupied: false };
    expect(await port('power-feeds', feed)).toMatchObject(free);
    expect(await port('power-ports', psu)).toMatchObject(free);
    expect([await feeds('cabled=true'), await cables(`powerfeed_id=${feed}`)]).toEqual([[], []]);
  });

});
