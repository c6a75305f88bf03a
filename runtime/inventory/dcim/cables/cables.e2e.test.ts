/**
 * End-to-end tests of cables, cable terminations and cable bundles on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL: ends written as {object_type, object_id} lists and read
 * with their objects, termination rows and the interfaces' cable fields kept in step on create,
 * update and delete, NetBox's cable and termination checks with their messages, nothing written
 * after a 400, displays, and filters narrowing results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

describe.each(testDatabases())('dcim cables on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const end = (...interfaces: number[]) => interfaces.map((id) => ({ object_type: 'dcim.interface', object_id: id }));
  const cable = (a: number[], b: number[], extra: Record<string, unknown> = {}) => ({ a_terminations: end(...a), b_terminations: end(...b), ...extra });
  const get = async (path: string) => (await api.request('GET', `/api/${path}`)).body;
  const labels = async (query: string) => {
    const r = await api.request('GET', `/api/dcim/cables/?${query}&limit=0`);
    if (r.status !== 200) throw new Error(`${query}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.results.map((c: any) => c.display);
  };
  const count = async (path: string) => (await api.request('GET', `/api/${path}/?limit=1`)).body.count;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('dcim/sites', { name: 'Berlin', slug: 'berlin' })).id;
    ids.other = (await post('dcim/sites', { name: 'Munich', slug: 'munich' })).id;
    ids.location = (await post('dcim/locations', { name: 'Hall A', slug: 'hall-a', site: ids.site })).id;
    ids.rack = (await post('dcim/racks', { name: 'R1', site: ids.site, location: ids.location })).id;
    ids.maker = (await post('dcim/manufacturers', { name: 'Nokia', slug: 'nokia' })).id;
    ids.type = (await post('dcim/device-types', { manufacturer: ids.maker, model: '7750', slug: '7750', u_height: 1 })).id;
    ids.role = (await post('dcim/device-roles', { name: 'Router', slug: 'router' })).id;
    ids.tenant = (await post('tenancy/tenants', { name: 'Initech', slug: 'initech' })).id;
    const device = (name: string, extra: Record<string, unknown> = {}) => post('dcim/devices', { name, device_type: ids.type, role: ids.role, site: ids.site, ...extra });
    ids.r1 = (await device('r1', { rack: ids.rack })).id;
    ids.r2 = (await device('r2')).id;
    ids.r3 = (await device('r3', { site: ids.other })).id;
    const iface = async (device: number, name: string, extra: Record<string, unknown> = {}) => (await post('dcim/interfaces', { device, name, type: '10gbase-x-sfpp', ...extra })).id;
    for (const n of [1, 2, 3, 4, 5]) ids[`r1e${n}`] = await iface(ids.r1, `e${n}`);
    for (const n of [1, 2, 3, 4]) ids[`r2e${n}`] = await iface(ids.r2, `e${n}`);
    for (const n of [1, 2]) ids[`r3e${n}`] = await iface(ids.r3, `e${n}`);
    ids.virtual = await iface(ids.r1, 'lo0', { type: 'virtual' });
    ids.wireless = await iface(ids.r1, 'wlan0', { type: 'ieee802.11a' });
    ids.marked = await iface(ids.r1, 'e9', { mark_connected: true });
  }, SLOW);
  afterAll(async () => api?.close());

  it('creates a cable between two interfaces, which then show each other as peers and endpoints', async () => {
    const created = await post('dcim/cables', cable([ids.r1e1], [ids.r2e1], { label: 'core-1', color: 'f44336', length: 2.5, length_unit: 'm', tenant: ids.tenant, type: 'smf' }));
    ids.core = created.id;
    expect(Object.keys(created)).toEqual([
      'id', 'url', 'display_url', 'display', 'type', 'a_terminations', 'b_terminations', 'status', 'profile', 'tenant', 'bundle', 'label', 'color',
      'length', 'length_unit', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
    ]);
    expect(created).toMatchObject({
      display: 'core-1', type: { value: 'smf', label: 'Single-mode Fiber' }, status: { value: 'connected', label: 'Connected' }, profile: null,
      length: 2.5, length_unit: { value: 'm', label: 'Meters' }, color: 'f44336', tenant: { id: ids.tenant }, bundle: null,
    });
    expect(created.a_terminations).toEqual([{ object_type: 'dcim.interface', object_id: ids.r1e1, object: expect.objectContaining({ id: ids.r1e1, name: 'e1', device: expect.objectContaining({ name: 'r1' }), _occupied: true }) }]);
    expect(created.b_terminations.map((t: any) => t.object.id)).toEqual([ids.r2e1]);
    const brief = await get(`dcim/cables/${created.id}/?brief=1`);
    expect(brief).toEqual({ id: created.id, url: `http://nb.test/api/dcim/cables/${created.id}/`, display: 'core-1', label: 'core-1', description: '' });
    const a = await get(`dcim/interfaces/${ids.r1e1}/`);
    expect(a).toMatchObject({
      cable: { id: created.id, display: 'core-1', label: 'core-1' }, cable_end: 'A', link_peers_type: 'dcim.interface', connected_endpoints_type: 'dcim.interface',
      connected_endpoints_reachable: true, _occupied: true,
    });
    expect(a.link_peers.map((p: any) => p.id)).toEqual([ids.r2e1]);
    expect(a.connected_endpoints.map((p: any) => p.id)).toEqual([ids.r2e1]);
    expect((await get(`dcim/interfaces/${ids.r2e1}/`)).cable_end).toBe('B');
    // An unlabelled cable shows its number; a planned one does not reach its far end.
    const planned = await post('dcim/cables', cable([ids.r1e2], [ids.r2e2], { status: 'planned' }));
    ids.planned = planned.id;
    expect(planned.display).toBe(`#${planned.id}`);
    expect((await get(`dcim/interfaces/${ids.r1e2}/`)).connected_endpoints_reachable).toBe(false);
  });

  it('lists the termination rows, read-only, with NetBox’s shape', async () => {
    const rows = await get(`dcim/cable-terminations/?cable_id=${ids.core}`);
    expect(rows.results).toHaveLength(2);
    const [a, b] = rows.results;
    expect(Object.keys(a)).toEqual(['id', 'url', 'display', 'cable', 'cable_end', 'termination_type', 'termination_id', 'termination', 'connector', 'positions', 'created', 'last_updated']);
    expect(a).toMatchObject({ display: 'Cable core-1 to e1', cable: ids.core, cable_end: 'A', termination_type: 'dcim.interface', termination_id: ids.r1e1, connector: null, positions: null });
    expect(b).toMatchObject({ cable_end: 'B', termination_id: ids.r2e1 });
    const brief = await get(`dcim/cable-terminations/${a.id}/?brief=1`);
    expect(Object.keys(brief)).toEqual(['id', 'url', 'display', 'cable', 'cable_end', 'termination_type', 'termination_id', 'connector', 'positions']);
    expect((await get(`dcim/cable-terminations/?interface_id=${ids.r2e1}`)).results.map((t: any) => t.id)).toEqual([b.id]);
    expect((await get(`dcim/cable-terminations/?cable_end=B&cable_id=${ids.core}`)).results.map((t: any) => t.id)).toEqual([b.id]);
    expect((await get('dcim/cable-terminations/?termination_type=dcim.interface&limit=0')).count).toBe(4);
    expect((await api.request('POST', '/api/dcim/cable-terminations/', { cable: ids.core, cable_end: 'A', termination_type: 'dcim.interface', termination_id: ids.r1e3 })).status).toBe(405);
  });

  it('refuses what Cable.clean() and CableTermination.clean() refuse, writing nothing', async () => {
    const before = [await count('dcim/cables'), await count('dcim/cable-terminations')];
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ a_terminations: end(ids.r1e3) }, { __all__: ['Must define A and B terminations when creating a new cable.'] }],
      [cable([], [ids.r1e3]), { __all__: ['Must define A and B terminations when creating a new cable.'] }],
      [cable([ids.r1e3], [ids.r2e3], { length: 5 }), { __all__: ['Must specify a unit when setting a cable length'] }],
      [cable([ids.r1e3], [ids.r1e3]), { __all__: ['A and B terminations cannot connect to the same object.'] }],
      [cable([ids.r1e3], [ids.r2e1]), { __all__: [`Duplicate termination found for dcim.interface ${ids.r2e1}: cable ${ids.core}`] }],
      [cable([ids.r1e3], [ids.virtual]), { __all__: ['Cables cannot be terminated to Virtual interfaces'] }],
      [cable([ids.wireless], [ids.r2e3]), { __all__: ['Cables cannot be terminated to IEEE 802.11a interfaces'] }],
      [cable([ids.r1e3], [ids.marked]), { __all__: ['Cannot connect a cable to r1 > e9 because it is marked as connected.'] }],
      [cable([ids.r1e3], [99999]), { b_terminations: ['Interface matching query does not exist.'] }],
      [cable([ids.r1e3], [ids.r2e3], { status: 'cut' }), { status: ['cut is not a valid choice.'] }],
      [cable([ids.r1e3], [ids.r2e3], { length_unit: 'parsec', length: 1 }), { length_unit: ['parsec is not a valid choice.'] }],
      [{ a_terminations: [{ object_type: 'dcim.site', object_id: ids.site }], b_terminations: end(ids.r2e3) }, { a_terminations: [{ 0: 'object_type: Invalid content type: dcim.site' }] }],
      [{ a_terminations: 'x', b_terminations: end(ids.r2e3) }, { a_terminations: ['Expected a list of items but got type "str".'] }],
    ];
    for (const [body, errors] of cases) {
      const r = await api.request('POST', '/api/dcim/cables/', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      if (JSON.stringify(errors).includes('dcim.site')) expect(JSON.stringify(r.body)).toContain('Invalid content type: dcim.site');
      else expect(r.body, JSON.stringify(body)).toEqual(errors);
    }
    // Two cables of one request cannot share an interface either.
    const bulk = await api.request('POST', '/api/dcim/cables/', [cable([ids.r1e3], [ids.r2e3]), cable([ids.r1e4], [ids.r2e3])]);
    expect(bulk.status).toBe(400);
    expect(bulk.body[0]).toEqual({});
    expect(bulk.body[1].__all__[0]).toMatch(new RegExp(`^Duplicate termination found for dcim.interface ${ids.r2e3}: cable `));
    expect([await count('dcim/cables'), await count('dcim/cable-terminations')]).toEqual(before);
    expect((await get(`dcim/interfaces/${ids.r1e3}/`)).cable).toBeNull();
  });

  it('creates cables in bulk, and keeps a length unit only with a length', async () => {
    const bulk = await api.request('POST', '/api/dcim/cables/', [cable([ids.r1e3], [ids.r2e3], { length_unit: 'ft' }), cable([ids.r1e4, ids.r1e5], [ids.r3e1], { length: 10, length_unit: 'ft' })]);
    expect(bulk.status).toBe(201);
    [ids.bulk1, ids.bulk2] = bulk.body.map((c: any) => c.id);
    expect(bulk.body[0].length_unit).toBeNull();
    expect(bulk.body[1].a_terminations.map((t: any) => t.object_id)).toEqual([ids.r1e4, ids.r1e5]);
    // Both A ends reach the one far end; the far end reaches both.
    expect((await get(`dcim/interfaces/${ids.r1e5}/`)).connected_endpoints.map((i: any) => i.id)).toEqual([ids.r3e1]);
    expect((await get(`dcim/interfaces/${ids.r3e1}/`)).link_peers.map((i: any) => i.id)).toEqual([ids.r1e4, ids.r1e5]);
    // NetBox orders cables by id; `length` orders by the value written.
    expect(await labels(`id__gte=${ids.core}`)).toEqual(['core-1', `#${ids.planned}`, `#${ids.bulk1}`, `#${ids.bulk2}`]);
  });

  it('moves an end on update: the old interface is freed, the new one cabled', async () => {
    const moved = await api.request('PATCH', `/api/dcim/cables/${ids.bulk1}/`, { b_terminations: end(ids.r2e4), description: 'moved' });
    expect(moved.status).toBe(200);
    expect(moved.body.b_terminations.map((t: any) => t.object_id)).toEqual([ids.r2e4]);
    expect(moved.body.a_terminations.map((t: any) => t.object_id)).toEqual([ids.r1e3]);
    expect(await get(`dcim/interfaces/${ids.r2e3}/`)).toMatchObject({ cable: null, cable_end: null, link_peers: [], connected_endpoints: null, _occupied: false });
    expect(await get(`dcim/interfaces/${ids.r2e4}/`)).toMatchObject({ cable: { id: ids.bulk1 }, cable_end: 'B' });
    // Swapping ends moves the termination rows too.
    const swapped = await api.request('PATCH', `/api/dcim/cables/${ids.bulk1}/`, { a_terminations: end(ids.r2e4), b_terminations: end(ids.r1e3) });
    expect(swapped.status).toBe(200);
    expect((await get(`dcim/interfaces/${ids.r1e3}/`)).cable_end).toBe('B');
    expect((await get(`dcim/interfaces/${ids.r2e4}/`)).cable_end).toBe('A');
    const refused = await api.request('PATCH', `/api/dcim/cables/${ids.bulk1}/`, { b_terminations: end(ids.r2e1) });
    expect(refused.body).toEqual({ __all__: [`Duplicate termination found for dcim.interface ${ids.r2e1}: cable ${ids.core}`] });
    expect((await get(`dcim/interfaces/${ids.r1e3}/`)).cable).toMatchObject({ id: ids.bulk1 });
    const patchedOnly = await api.request('PATCH', `/api/dcim/cables/${ids.bulk1}/`, { status: 'decommissioning' });
    expect(patchedOnly.body.b_terminations.map((t: any) => t.object_id)).toEqual([ids.r1e3]);
  });

  it('refuses interface changes a cable forbids', async () => {
    const marked = await api.request('PATCH', `/api/dcim/interfaces/${ids.r1e1}/`, { mark_connected: true });
    expect(marked.body).toEqual({ mark_connected: ['Cannot mark as connected with a cable attached.'] });
    const virtual = await api.request('PATCH', `/api/dcim/interfaces/${ids.r1e1}/`, { type: 'virtual' });
    expect(virtual.body).toEqual({ type: ['Virtual interfaces cannot have a cable attached.'] });
    const written = await api.request('PATCH', `/api/dcim/interfaces/${ids.r1e1}/`, { cable: null, cable_end: 'B' });
    expect(written.status).toBe(200);
    expect(written.body).toMatchObject({ cable: { id: ids.core }, cable_end: 'A' });
  });

  it('filters cables by terminations, devices, places and values, and interfaces by cabling', async () => {
    expect(await labels('device=r3')).toEqual([`#${ids.bulk2}`]);
    expect(await labels(`device_id=${ids.r2}`)).toEqual(['core-1', `#${ids.planned}`, `#${ids.bulk1}`]);
    expect(await labels('site=munich')).toEqual([`#${ids.bulk2}`]);
    expect(await labels(`site_id=${ids.site}&status=connected`)).toEqual(['core-1', `#${ids.bulk2}`]);
    expect(await labels(`rack_id=${ids.rack}&status=planned`)).toEqual([`#${ids.planned}`]);
    expect(await labels('rack=R1&label=core-1')).toEqual(['core-1']);
    expect(await labels('location=Hall A&type=smf')).toEqual(['core-1']);
    expect(await labels(`location_id=${ids.location}&status__n=connected`)).toEqual([`#${ids.planned}`, `#${ids.bulk1}`]);
    expect(await labels(`termination_a_id=${ids.r1e1}`)).toEqual(['core-1']);
    expect(await labels(`termination_b_id=${ids.r1e1}`)).toEqual([]);
    expect(await labels(`termination_a_type=dcim.interface&interface_id=${ids.r3e1}`)).toEqual([`#${ids.bulk2}`]);
    expect(await labels('unterminated=true')).toEqual([]);
    expect(await labels('q=core&color=f44336&length__gte=2&length_unit=m')).toEqual(['core-1']);
    expect(await labels(`tenant_id=${ids.tenant}`)).toEqual(['core-1']);
    expect((await api.request('GET', '/api/dcim/cables/?device_id=x')).body).toEqual({ device_id: ['Enter a number.'] });
    // No cable here ends on a console port: a number matches no cable (NetBox's filter_by_termination_object).
    expect((await api.request('GET', '/api/dcim/cables/?consoleport_id=1')).body.count).toBe(0);
    const names = async (query: string) => (await get(`dcim/interfaces/?${query}&limit=0`)).results.map((i: any) => `${i.device.name}:${i.name}`);
    expect(await names(`device_id=${ids.r2}&cabled=true`)).toEqual(['r2:e1', 'r2:e2', 'r2:e4']);
    expect(await names(`device_id=${ids.r2}&cabled=false`)).toEqual(['r2:e3']);
    expect(await names(`device_id=${ids.r2}&connected=true`)).toEqual(['r2:e1']);
    expect(await names(`device_id=${ids.r1}&occupied=false`)).toEqual(['r1:lo0', 'r1:wlan0']);
    expect(await names(`cable_id=${ids.bulk2}`)).toEqual(['r1:e4', 'r1:e5', 'r3:e1']);
    expect(await names(`cable_id=${ids.bulk2}&cable_end=B`)).toEqual(['r3:e1']);
  });

  it('groups cables in bundles', async () => {
    const bundle = await post('dcim/cable-bundles', { name: 'trunk-a', description: 'to Munich' });
    expect(Object.keys(bundle)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'cable_count']);
    expect(bundle).toMatchObject({ display: 'trunk-a', cable_count: 0 });
    const twice = await api.request('POST', '/api/dcim/cable-bundles/', { name: 'trunk-a' });
    expect(twice.body).toEqual({ name: ['cable bundle with this name already exists.'] });
    const bundled = await api.request('PATCH', `/api/dcim/cables/${ids.bulk2}/`, { bundle: bundle.id });
    expect(bundled.body.bundle).toEqual({ id: bundle.id, url: `http://nb.test/api/dcim/cable-bundles/${bundle.id}/`, display: 'trunk-a', name: 'trunk-a', description: 'to Munich' });
    expect((await get(`dcim/cable-bundles/${bundle.id}/`)).cable_count).toBe(1);
    expect(await labels('bundle=trunk-a')).toEqual([`#${ids.bulk2}`]);
    expect(await labels(`bundle_id=${bundle.id}`)).toEqual([`#${ids.bulk2}`]);
    expect((await api.request('DELETE', `/api/dcim/cable-bundles/${bundle.id}/`)).status).toBe(204);
    expect((await get(`dcim/cables/${ids.bulk2}/`)).bundle).toBeNull();
  });

  it('frees the interfaces when a cable is deleted, and drops a deleted interface’s termination', async () => {
    const before = await count('dcim/cable-terminations');
    expect((await api.request('DELETE', `/api/dcim/cables/${ids.core}/`)).status).toBe(204);
    expect(await count('dcim/cable-terminations')).toBe(before - 2);
    for (const id of [ids.r1e1, ids.r2e1]) {
      expect(await get(`dcim/interfaces/${id}/`)).toMatchObject({ cable: null, cable_end: null, link_peers: [], link_peers_type: null, connected_endpoints: null, connected_endpoints_reachable: false, _occupied: false });
    }
    // The interface is free again.
    const again = await post('dcim/cables', cable([ids.r1e1], [ids.r2e1]));
    expect(again.a_terminations[0].object_id).toBe(ids.r1e1);
    // Deleting a terminated interface deletes its termination row; the far end keeps its cable, with no peer.
    expect((await api.request('DELETE', `/api/dcim/interfaces/${ids.r2e1}/`)).status).toBe(204);
    expect((await get(`dcim/cable-terminations/?cable_id=${again.id}`)).results.map((t: any) => t.termination_id)).toEqual([ids.r1e1]);
    expect(await labels('unterminated=true')).toEqual([`#${again.id}`]);
    expect((await get(`dcim/interfaces/${ids.r1e1}/`)).link_peers).toEqual([]);
    // Bulk delete of cables frees all their interfaces.
    const all = (await get('dcim/cables/?limit=0')).results.map((c: any) => ({ id: c.id }));
    expect((await api.request('DELETE', '/api/dcim/cables/', all)).status).toBe(204);
    expect(await count('dcim/cable-terminations')).toBe(0);
    expect((await get('dcim/interfaces/?cabled=true&limit=0')).count).toBe(0);
    expect((await get('dcim/interfaces/?cable_end=A&limit=0')).count).toBe(0);
  });
});
