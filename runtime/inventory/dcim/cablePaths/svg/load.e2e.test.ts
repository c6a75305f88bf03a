/**
 * End-to-end tests of the trace drawing's loader on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: objects made through the API (devices in a rack, a patch panel, a circuit ending at
 * a provider network, a power feed, a wireless link), a hand-built segment list naming them, and
 * the drawing's data as CableTraceSVG needs it — names as the API's `display`, choice labels,
 * each cable's ends, parents with their colours — read in a bounded number of statements
 * (not one per node); hostile names come through unescaped and leave the rendered SVG well formed.
 */
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../db/index.ts';
import { inventoryExtensions } from '../../../index.ts';
import { RestEngine, Registry, unrestricted, type OperationArgs } from '../../../../rest/index.ts';
import { testDatabases } from '../../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../../testing/inventoryApp.ts';
import { traceSvg } from './index.ts';
import { loadTraceDrawing } from './load.ts';
import { renderTraceSvg } from './render.ts';
import type { PathNode, TraceSegment } from './types.ts';

const SLOW = 60_000;
const HOSTILE = `<r2 & "q" 'x'>`;

describe.each(testDatabases())('the trace drawing’s loader on $name', (database) => {
  let api: TestClient;
  const registry = Registry.load();
  const ids: Record<string, number> = {};
  const statements: string[] = [];
  let args: OperationArgs;
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const node = (objectType: string, id: number): PathNode => ({ objectType, id });
  const at = (objectType: string, ...list: number[]) => list.map((id) => ({ object_type: objectType, object_id: id }));

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    // Every statement the loader runs, counted through the database it is given.
    const counting = Object.create(api.db) as Database;
    counting.query = ((text: string, params?: unknown[]) => (statements.push(text), api.db.query(text, params))) as Database['query'];
    args = {
      resource: registry.resource('dcim.interfaces'),
      ctx: { requestId: 'test', caller: null, origin: 'http://nb.test', scope: unrestricted },
      db: counting,
      // An engine of its own, for reads only (it never hashes a password).
      rest: new RestEngine(api.db, registry, inventoryExtensions, { hooks: { hashPassword: async () => { throw new Error('not used'); } }, strict: false }),
    };
    ids.site = (await post('dcim/sites', { name: 'Berlin', slug: 'berlin' })).id;
    ids.location = (await post('dcim/locations', { name: 'Hall A', slug: 'hall-a', site: ids.site })).id;
    ids.rack = (await post('dcim/racks', { name: 'R1', facility_id: 'F-1', site: ids.site, location: ids.location })).id;
    ids.maker = (await post('dcim/manufacturers', { name: 'Nokia', slug: 'nokia' })).id;
    ids.type = (await post('dcim/device-types', { manufacturer: ids.maker, model: '7750', slug: '7750', u_height: 1 })).id;
    ids.role = (await post('dcim/device-roles', { name: 'Router', slug: 'router', color: 'aa1409' })).id;
    ids.patchRole = (await post('dcim/device-roles', { name: 'Patch', slug: 'patch', color: '9e9e9e' })).id;
    const device = async (name: string | null, extra: Record<string, unknown> = {}) => (await post('dcim/devices', { name, device_type: ids.type, role: ids.role, site: ids.site, ...extra })).id;
    ids.r1 = await device('r1', { rack: ids.rack, location: ids.location, position: 10, face: 'front' });
    ids.r2 = await device(HOSTILE);
    ids.panel = await device(null, { role: ids.patchRole, asset_tag: 'PP-1' });
    const component = async (resource: string, device: number, name: string, extra: Record<string, unknown> = {}) => (await post(`dcim/${resource}`, { device, name, ...extra })).id;
    ids.r1e1 = await component('interfaces', ids.r1, 'e1', { type: '10gbase-x-sfpp', label: 'uplink' });
    ids.r2e1 = await component('interfaces', ids.r2, 'e1', { type: '10gbase-x-sfpp' });
    ids.rear = await component('rear-ports', ids.panel, 'rear1', { type: 'lc' });
    ids.front = await component('front-ports', ids.panel, 'front1', { type: 'lc', color: '2196f3', rear_ports: [{ position: 1, rear_port: ids.rear }] });
    ids.provider = (await post('circuits/providers', { name: 'Level3', slug: 'level3' })).id;
    ids.circuitType = (await post('circuits/circuit-types', { name: 'Transit', slug: 'transit', color: '4caf50' })).id;
    ids.circuit = (await post('circuits/circuits', { cid: 'CID-1', provider: ids.provider, type: ids.circuitType, description: 'backup' })).id;
    ids.network = (await post('circuits/provider-networks', { provider: ids.provider, name: 'MPLS' })).id;
    ids.ctA = (await post('circuits/circuit-terminations', { circuit: ids.circuit, term_side: 'A', termination_type: 'dcim.site', termination_id: ids.site, xconnect_id: 'XC-9' })).id;
    ids.ctZ = (await post('circuits/circuit-terminations', { circuit: ids.circuit, term_side: 'Z', termination_type: 'circuits.providernetwork', termination_id: ids.network })).id;
    ids.c1 = (await post('dcim/cables', { a_terminations: at('dcim.interface', ids.r1e1), b_terminations: at('dcim.frontport', ids.front), label: 'c-1', color: 'f44336', type: 'cat6', length: 2.5, length_unit: 'm' })).id;
    ids.c2 = (await post('dcim/cables', { a_terminations: at('circuits.circuittermination', ids.ctA), b_terminations: at('dcim.rearport', ids.rear), status: 'planned' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('reads a path through a patch panel to a circuit ending at a provider network, in one statement per type', async () => {
    const segments: TraceSegment[] = [
      [[node('dcim.interface', ids.r1e1)], [node('dcim.cable', ids.c1)], [node('dcim.frontport', ids.front)]],
      [[node('dcim.rearport', ids.rear)], [node('dcim.cable', ids.c2)], [node('circuits.circuittermination', ids.ctA)]],
      [[node('circuits.circuittermination', ids.ctZ)], [], [node('circuits.providernetwork', ids.network)]],
    ];
    statements.length = 0;
    const drawing = await loadTraceDrawing(args, segments);
    // Interfaces, cables, the cables' ends, front ports, rear ports, circuit terminations, provider networks; devices, circuits; roles, circuit types.
    expect(statements.length).toBe(11);
    expect(drawing.origin).toEqual(node('dcim.interface', ids.r1e1));
    const [first, second, third] = drawing.segments;
    const r1 = {
      kind: 'device', node: node('dcim.device', ids.r1), name: 'r1', url: `/dcim/devices/${ids.r1}/`, roleColor: 'aa1409', manufacturer: 'Nokia', model: '7750',
      site: 'Berlin', location: 'Hall A', rack: 'R1 (F-1)', face: 'Front', position: 10,
    };
    expect(first.near).toEqual([{ kind: 'termination', node: node('dcim.interface', ids.r1e1), name: 'e1 (uplink)', url: `/dcim/interfaces/${ids.r1e1}/`, color: '', xconnectId: '', parent: r1 }]);
    expect(first.links).toEqual([{
      kind: 'cable', node: node('dcim.cable', ids.c1), name: 'c-1', url: `/dcim/cables/${ids.c1}/`, status: 'Connected', type: 'CAT6', description: '', color: 'f44336',
      length: 2.5, lengthUnit: 'Meters', aEnds: [node('dcim.interface', ids.r1e1)], bEnds: [node('dcim.frontport', ids.front)],
    }]);
    const panel = { kind: 'device', name: 'Nokia 7750 (PP-1)', roleColor: '9e9e9e', location: null, rack: null, face: '', position: null };
    expect(first.far).toMatchObject([{ kind: 'termination', name: 'front1', color: '2196f3', url: `/dcim/front-ports/${ids.front}/`, parent: panel }]);
    expect(second.near).toMatchObject([{ name: 'rear1', url: `/dcim/rear-ports/${ids.rear}/`, parent: panel }]);
    expect(second.links).toMatchObject([{ name: `#${ids.c2}`, status: 'Planned', type: '', color: '', length: null, lengthUnit: '', aEnds: [node('circuits.circuittermination', ids.ctA)] }]);
    const circuit = { kind: 'circuit', node: node('circuits.circuit', ids.circuit), name: 'CID-1', url: `/circuits/circuits/${ids.circuit}/`, type: 'Transit', typeColor: '4caf50', provider: 'Level3', description: 'backup' };
    expect(second.far).toEqual([{ kind: 'termination', node: node('circuits.circuittermination', ids.ctA), name: 'CID-1: Termination A', url: `/circuits/circuit-terminations/${ids.ctA}/`, color: '', xconnectId: 'XC-9', parent: circuit }]);
    expect(third.near).toMatchObject([{ name: 'CID-1: Termination Z', xconnectId: '', parent: circuit }]);
    expect(third.links).toEqual([]);
    expect(third.far).toEqual([{ kind: 'provider-network', node: node('circuits.providernetwork', ids.network), name: 'MPLS', url: `/circuits/provider-networks/${ids.network}/`, provider: 'Level3' }]);
    const svg = renderTraceSvg(drawing, { width: 400, baseUrl: 'http://nb.test' });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('Berlin / Hall A / R1 (F-1) / Front / U10.0');
    expect(svg).toContain('class="attachment"');
  }, SLOW);

  it('answers the drawing at the width the query asks, its links on the request’s host', async () => {
    const segments: TraceSegment[] = [[[node('dcim.interface', ids.r1e1)], [node('dcim.cable', ids.c1)], [node('dcim.frontport', ids.front)]]];
    const svg = await traceSvg(args, segments, new URLSearchParams('render=svg&width=640'));
    expect(svg).toMatch(/^<svg [^>]*width="640"/);
    expect(svg).toContain(`xlink:href="http://nb.test/dcim/cables/${ids.c1}/"`);
    expect(await traceSvg(args, segments, new URLSearchParams('width=wide'))).toMatch(/^<svg [^>]*width="400"/);
  }, SLOW);

  it('reads one cable between two devices, hostile names as they are stored, and renders them escaped', async () => {
    const e2 = (await post('dcim/interfaces', { device: ids.r1, name: 'e2', type: '10gbase-x-sfpp', description: HOSTILE })).id;
    const c3 = (await post('dcim/cables', { a_terminations: at('dcim.interface', e2), b_terminations: at('dcim.interface', ids.r2e1), label: HOSTILE, description: HOSTILE })).id;
    statements.length = 0;
    // The cable is given B end first: its ends say which is which.
    const drawing = await loadTraceDrawing(args, [[[node('dcim.interface', ids.r2e1)], [node('dcim.cable', c3)], [node('dcim.interface', e2)]]], node('dcim.interface', ids.r2e1));
    expect(statements.length).toBe(5);
    const [segment] = drawing.segments;
    expect(segment.near).toMatchObject([{ name: 'e1', parent: { kind: 'device', name: HOSTILE, rack: null, position: null, location: null } }]);
    expect(segment.links).toMatchObject([{ name: HOSTILE, description: HOSTILE, aEnds: [node('dcim.interface', e2)], bEnds: [node('dcim.interface', ids.r2e1)] }]);
    expect(segment.far).toMatchObject([{ name: 'e2', parent: { name: 'r1' } }]);
    const svg = renderTraceSvg(drawing, { width: 400, baseUrl: 'http://nb.test' });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain(HOSTILE);
    expect(svg).toContain('&lt;r2 &amp; &quot;q&quot; &apos;x&apos;&gt;');
  }, SLOW);

  it('reads a power feed under its panel and a wireless link by its interfaces', async () => {
    ids.powerPanel = (await post('dcim/power-panels', { site: ids.site, name: 'Panel 1' })).id;
    const feed = (await post('dcim/power-feeds', { power_panel: ids.powerPanel, name: 'Feed A' })).id;
    const psu = (await post('dcim/power-ports', { device: ids.r1, name: 'psu1' })).id;
    const mains = (await post('dcim/cables', { a_terminations: at('dcim.powerport', psu), b_terminations: at('dcim.powerfeed', feed) })).id;
    const w1 = (await post('dcim/interfaces', { device: ids.r1, name: 'wlan0', type: 'ieee802.11ac' })).id;
    const w2 = (await post('dcim/interfaces', { device: ids.r2, name: 'wlan0', type: 'ieee802.11ac' })).id;
    const link = (await post('wireless/wireless-links', { interface_a: w1, interface_b: w2, ssid: 'corp', distance: 1.5, distance_unit: 'km', status: 'planned' })).id;
    const power = await loadTraceDrawing(args, [[[node('dcim.powerport', psu)], [node('dcim.cable', mains)], [node('dcim.powerfeed', feed)]]]);
    expect(power.segments[0].far).toEqual([{
      kind: 'termination', node: node('dcim.powerfeed', feed), name: 'Feed A', url: `/dcim/power-feeds/${feed}/`, color: '', xconnectId: '',
      parent: { kind: 'object', node: node('dcim.powerpanel', ids.powerPanel), name: 'Panel 1', url: `/dcim/power-panels/${ids.powerPanel}/` },
    }]);
    const wireless = await loadTraceDrawing(args, [[[node('dcim.interface', w2)], [node('wireless.wirelesslink', link)], [node('dcim.interface', w1)]]]);
    expect(wireless.segments[0].links).toEqual([{
      kind: 'wireless', node: node('wireless.wirelesslink', link), name: 'corp', url: `/wireless/wireless-links/${link}/`, status: 'Planned', ssid: 'corp', description: '',
      distance: 1.5, distanceUnit: 'Kilometers', aEnds: [node('dcim.interface', w1)], bEnds: [node('dcim.interface', w2)],
    }]);
    expect(wireless.segments[0].near).toMatchObject([{ name: 'wlan0', parent: { name: HOSTILE } }]);
  }, SLOW);

  it('reads a longer path with as many statements as a short one, leaves out what is gone, and reads nothing for an empty trace', async () => {
    const more = [];
    for (const n of [3, 4, 5, 6]) more.push((await post('dcim/interfaces', { device: ids.r2, name: `e${n}`, type: '10gbase-x-sfpp' })).id);
    statements.length = 0;
    const drawing = await loadTraceDrawing(args, [
      [more.map((id) => node('dcim.interface', id)), [], []],
      [[node('dcim.interface', ids.r1e1), node('dcim.interface', 99999999)], [node('dcim.cable', 99999999)], [node('dcim.nosuchthing', 1)]],
    ]);
    expect(statements.length).toBe(5);
    expect(drawing.segments[0].near.map((t) => t.name)).toEqual(['e3', 'e4', 'e5', 'e6']);
    expect(drawing.segments[1]).toMatchObject({ near: [{ name: 'e1 (uplink)' }], links: [], far: [] });
    statements.length = 0;
    expect(await loadTraceDrawing(args, [])).toEqual({ origin: null, segments: [] });
    expect(statements).toEqual([]);
  }, SLOW);
});
