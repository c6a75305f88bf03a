/**
 * End-to-end tests of stored cable paths, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL,
 * reproducing the topologies of NetBox's dcim/tests/test_cablepaths.py as data: each case builds
 * cables, then asserts every endpoint's `connected_endpoints`, `connected_endpoints_reachable`,
 * the `paths/` of the ports crossed and the `trace/` segments, after each change (a cable added,
 * removed, re-terminated or its status changed, a rear port deleted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { Registry } from '../../../rest/index.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { traceMissingPaths } from './store.ts';

const SLOW = 60_000;

const TYPES: Record<string, string> = {
  'console-ports': 'dcim.consoleport',
  'console-server-ports': 'dcim.consoleserverport',
  'power-ports': 'dcim.powerport',
  'power-outlets': 'dcim.poweroutlet',
  'power-feeds': 'dcim.powerfeed',
  'front-ports': 'dcim.frontport',
  'rear-ports': 'dcim.rearport',
  interfaces: 'dcim.interface',
  'circuit-terminations': 'circuits.circuittermination',
};
const app = (resource: string) => (resource === 'circuit-terminations' ? 'circuits' : 'dcim');

describe.each(testDatabases())('cable paths on $name', (database) => {
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
  type End = [resource: string, key: string];
  const at = (...ends: End[]) => ends.map(([resource, key]) => ({ object_type: TYPES[resource], object_id: ids[key] }));
  const cable = async (label: string, a: End[], b: End[], extra: Record<string, unknown> = {}) => {
    ids[label] = (await post('dcim/cables', { label, a_terminations: at(...a), b_terminations: at(...b), ...extra })).id;
  };
  const object = ([resource, key]: End) => get(`${app(resource)}/${resource}/${ids[key]}/`);
  /** `connected_endpoints` of an endpoint as names (null without a complete path), and whether reachable. */
  const connected = async (end: End) => {
    const body = await object(end);
    return { to: body.connected_endpoints?.map((e: any) => e.name ?? e.display) ?? null, type: body.connected_endpoints_type, reachable: body.connected_endpoints_reachable };
  };
  const paths = async ([resource, key]: End) => get(`${app(resource)}/${resource}/${ids[key]}/paths/`);
  /** A trace as [near names, cable label, far names] per segment. */
  const trace = async ([resource, key]: End) =>
    (await get(`dcim/${resource}/${ids[key]}/trace/`)).map(([near, link, far]: any[]) => [near.map((n: any) => n.name), Array.isArray(link) ? null : link.label, far.map((n: any) => n.name ?? n.display)]);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('dcim/sites', { name: 'Site 1', slug: 'site-1' })).id;
    ids.maker = (await post('dcim/manufacturers', { name: 'Generic', slug: 'generic' })).id;
    ids.type = (await post('dcim/device-types', { manufacturer: ids.maker, model: 'Box', slug: 'box' })).id;
    ids.role = (await post('dcim/device-roles', { name: 'Role', slug: 'role' })).id;
    for (const name of ['d1', 'd2', 'pp1', 'pp2', 'pp3']) ids[name] = (await post('dcim/devices', { name, device_type: ids.type, role: ids.role, site: ids.site })).id;
    const component = async (resource: string, device: string, name: string, extra: Record<string, unknown> = {}) => {
      ids[name] = (await post(`dcim/${resource}`, { device: ids[device], name, ...extra })).id;
    };
    for (let i = 1; i <= 8; i++) await component('interfaces', i <= 4 ? 'd1' : 'd2', `if${i}`, { type: '1000base-t' });
    await component('interfaces', 'd1', 'bridge1', { type: 'bridge' });
    // Patch panels: pp1 and pp2 with a 4-position rear port each and four front ports; pp3 one-to-one.
    for (const pp of ['pp1', 'pp2']) {
      await component('rear-ports', pp, `${pp}-rear`, { type: '8p8c', positions: 4 });
      for (let p = 1; p <= 4; p++) await component('front-ports', pp, `${pp}-front${p}`, { type: '8p8c', rear_ports: [{ position: 1, rear_port: ids[`${pp}-rear`], rear_port_position: p }] });
    }
    await component('rear-ports', 'pp3', 'pp3-rear', { type: '8p8c' });
    await component('front-ports', 'pp3', 'pp3-front', { type: '8p8c', rear_ports: [{ position: 1, rear_port: ids['pp3-rear'] }] });
    await component('console-ports', 'd1', 'con1');
    await component('console-server-ports', 'd2', 'cs1');
    await component('power-ports', 'd1', 'psu1');
    await component('power-outlets', 'd2', 'out1');
  }, SLOW);
  afterAll(async () => api?.close());

  it('interface to interface: both ends connected, the trace one segment, no path without a cable', async () => {
    expect(await connected(['interfaces', 'if1'])).toEqual({ to: null, type: null, reachable: false });
    expect(await get(`dcim/interfaces/${ids.if1}/trace/`)).toEqual([]);
    await cable('c1', [['interfaces', 'if1']], [['interfaces', 'if5']]);
    expect(await connected(['interfaces', 'if1'])).toEqual({ to: ['if5'], type: 'dcim.interface', reachable: true });
    expect(await connected(['interfaces', 'if5'])).toEqual({ to: ['if1'], type: 'dcim.interface', reachable: true });
    expect(await trace(['interfaces', 'if1'])).toEqual([[['if1'], 'c1', ['if5']]]);
    const [segment] = await get(`dcim/interfaces/${ids.if1}/trace/`);
    expect(Object.keys(segment[1])).toEqual(['id', 'url', 'display_url', 'type', 'status', 'label', 'color', 'length', 'length_unit', 'description']);
    expect(segment[1].status).toBe('connected');
    expect((await get('dcim/interfaces/?connected=true&device=d1')).results.map((i: any) => i.name)).toEqual(['if1']);
    // Planned: the path stays, no longer active.
    await api.request('PATCH', `/api/dcim/cables/${ids.c1}/`, { status: 'planned' });
    expect(await connected(['interfaces', 'if5'])).toEqual({ to: ['if1'], type: 'dcim.interface', reachable: false });
    expect((await get('dcim/interfaces/?connected=true&device=d1')).count).toBe(0);
    await api.request('PATCH', `/api/dcim/cables/${ids.c1}/`, { status: 'connected' });
    expect((await connected(['interfaces', 'if5'])).reachable).toBe(true);
    // Re-terminated: the former peer has no path, the new one is connected.
    expect((await api.request('PATCH', `/api/dcim/cables/${ids.c1}/`, { b_terminations: at(['interfaces', 'if6']) })).status).toBe(200);
    expect(await connected(['interfaces', 'if5'])).toEqual({ to: null, type: null, reachable: false });
    expect((await connected(['interfaces', 'if1'])).to).toEqual(['if6']);
    expect((await connected(['interfaces', 'if6'])).to).toEqual(['if1']);
    // Deleted: no path either side.
    expect((await api.request('DELETE', `/api/dcim/cables/${ids.c1}/`)).status).toBe(204);
    expect((await connected(['interfaces', 'if1'])).to).toBeNull();
    expect((await connected(['interfaces', 'if6'])).to).toBeNull();
  });

  it('through a front/rear port pair: incomplete until the far cable exists, then complete both ways; a middle cable removed cuts it', async () => {
    await cable('c2', [['interfaces', 'if2']], [['front-ports', 'pp3-front']]);
    expect(await connected(['interfaces', 'if2'])).toEqual({ to: null, type: null, reachable: false });
    expect(await trace(['interfaces', 'if2'])).toEqual([[['if2'], 'c2', ['pp3-front']], [['pp3-rear'], null, []]]);
    const [partial] = await paths(['rear-ports', 'pp3-rear']);
    expect(partial).toMatchObject({ is_complete: false, is_active: true, is_split: false });
    expect(partial.path.map((step: any[]) => step.map((n) => n.name ?? n.label))).toEqual([['if2'], ['c2'], ['pp3-front'], ['pp3-rear']]);
    await cable('c3', [['rear-ports', 'pp3-rear']], [['interfaces', 'if7']]);
    expect(await connected(['interfaces', 'if2'])).toEqual({ to: ['if7'], type: 'dcim.interface', reachable: true });
    expect(await connected(['interfaces', 'if7'])).toEqual({ to: ['if2'], type: 'dcim.interface', reachable: true });
    expect(await trace(['interfaces', 'if7'])).toEqual([[['if7'], 'c3', ['pp3-rear']], [['pp3-front'], 'c2', ['if2']]]);
    expect((await paths(['front-ports', 'pp3-front'])).map((p: any) => p.is_complete)).toEqual([true, true]);
    await api.request('DELETE', `/api/dcim/cables/${ids.c3}/`);
    expect((await connected(['interfaces', 'if2'])).to).toBeNull();
    expect((await connected(['interfaces', 'if7'])).to).toBeNull();
    expect((await paths(['front-ports', 'pp3-front'])).length).toBe(1);
    await api.request('DELETE', `/api/dcim/cables/${ids.c2}/`);
    expect(await paths(['front-ports', 'pp3-front'])).toEqual([]);
  });

  it('through two 4-position patch panels and a trunk: each front position reaches its own peer; the trunk re-made retraces all', async () => {
    await cable('t1', [['interfaces', 'if3']], [['front-ports', 'pp1-front1']]);
    await cable('t2', [['interfaces', 'if4']], [['front-ports', 'pp1-front2']]);
    await cable('t3', [['front-ports', 'pp2-front1']], [['interfaces', 'if8']]);
    await cable('trunk', [['rear-ports', 'pp1-rear']], [['rear-ports', 'pp2-rear']]);
    expect((await connected(['interfaces', 'if3'])).to).toEqual(['if8']);
    expect((await connected(['interfaces', 'if8'])).to).toEqual(['if3']);
    // Position 2 arrives at pp2's second front port, which has no cable: incomplete.
    expect((await connected(['interfaces', 'if4'])).to).toBeNull();
    expect(await trace(['interfaces', 'if4'])).toEqual([[['if4'], 't2', ['pp1-front2']], [['pp1-rear'], 'trunk', ['pp2-rear']], [['pp2-front2'], null, []]]);
    expect((await paths(['rear-ports', 'pp1-rear'])).length).toBe(3);
    await api.request('DELETE', `/api/dcim/cables/${ids.trunk}/`);
    expect((await connected(['interfaces', 'if3'])).to).toBeNull();
    await cable('trunk', [['rear-ports', 'pp2-rear']], [['rear-ports', 'pp1-rear']]);
    expect((await connected(['interfaces', 'if3'])).to).toEqual(['if8']);
    // A rear port in use deleted: the paths through it end at the front ports.
    expect((await api.request('DELETE', `/api/dcim/rear-ports/${ids['pp2-rear']}/`)).status).toBe(204);
    expect((await connected(['interfaces', 'if3'])).to).toBeNull();
    expect((await connected(['interfaces', 'if8'])).to).toBeNull();
    expect(await trace(['interfaces', 'if8'])).toEqual([[['if8'], 't3', ['pp2-front1']]]);
  });

  it('refuses a cable whose far end is ports of two devices, as NetBox (UnsupportedCablePath), writing nothing', async () => {
    const cables = (await get('dcim/cables/?limit=1')).count;
    const r = await api.request('POST', '/api/dcim/cables/', { a_terminations: at(['interfaces', 'if2']), b_terminations: at(['front-ports', 'pp1-front4'], ['front-ports', 'pp3-front']) });
    expect(r).toMatchObject({ status: 400, body: { detail: 'All mid-span terminations must have the same parent object' } });
    expect((await get('dcim/cables/?limit=1')).count).toBe(cables);
    expect((await object(['front-ports', 'pp1-front4'])).cable).toBeNull();
  });

  it('console and power chains', async () => {
    await cable('k1', [['console-ports', 'con1']], [['console-server-ports', 'cs1']]);
    expect(await connected(['console-ports', 'con1'])).toEqual({ to: ['cs1'], type: 'dcim.consoleserverport', reachable: true });
    expect(await connected(['console-server-ports', 'cs1'])).toEqual({ to: ['con1'], type: 'dcim.consoleport', reachable: true });
    await cable('p1', [['power-ports', 'psu1']], [['power-outlets', 'out1']]);
    expect(await connected(['power-outlets', 'out1'])).toEqual({ to: ['psu1'], type: 'dcim.powerport', reachable: true });
    expect(await trace(['power-ports', 'psu1'])).toEqual([[['psu1'], 'p1', ['out1']]]);
  });

  it('connected-device answers the device at the far end of a peer interface, 404 without one, 400 without both parameters', async () => {
    await cable('c9', [['interfaces', 'if1']], [['interfaces', 'if5']]);
    const r = await api.request('GET', '/api/dcim/connected-device/?peer_device=d2&peer_interface=if5');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: ids.d1, name: 'd1' });
    expect((await api.request('GET', '/api/dcim/connected-device/?peer_device=d2&peer_interface=if6')).status).toBe(404);
    expect((await api.request('GET', '/api/dcim/connected-device/?peer_device=nope&peer_interface=if5')).body).toEqual({ detail: 'No Device matches the given query.' });
    expect(await api.request('GET', '/api/dcim/connected-device/?peer_device=d2')).toMatchObject({ status: 400, body: { detail: 'Request must include "peer_device" and "peer_interface" filters.' } });
  });

  it('traces the paths a database made before paths were stored lacks, and only those', async () => {
    const before = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dcim_cablepath');
    await api.db.query('UPDATE dcim_interface SET _path_id = NULL');
    await api.db.query('DELETE FROM dcim_cablepath WHERE path->0->>0 LIKE $1', ['dcim.interface:%']);
    expect((await connected(['interfaces', 'if1'])).to).toBeNull();
    const traced = await api.db.transaction((tx) => traceMissingPaths(tx, Registry.load()));
    expect(traced).toBeGreaterThan(0);
    expect((await connected(['interfaces', 'if1'])).to).toEqual(['if5']);
    expect(await api.db.query('SELECT count(*)::int AS n FROM dcim_cablepath')).toEqual(before);
    expect(await api.db.transaction((tx) => traceMissingPaths(tx, Registry.load()))).toBe(0);
  });

  it('draws a trace with render=svg: an SVG document naming both ends and the cable', async () => {
    const r = await api.request('GET', `/api/dcim/interfaces/${ids.if1}/trace/?render=svg&width=600`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('image/svg+xml');
    const svg = String(r.body);
    expect(svg).toMatch(/<svg[^>]*width="600"/);
    for (const name of ['if1', 'if5', 'd1', 'd2', 'c9']) expect(svg).toContain(name);
    expect((await api.request('GET', '/api/dcim/interfaces/999999/trace/?render=svg')).status).toBe(404);
  });
});
