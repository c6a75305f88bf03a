/**
 * End-to-end tests of port template mappings, on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: a front port template's `rear_ports` and a rear port template's `front_ports`
 * written, read and filtered from either side, NetBox's refusals (nothing written), and their
 * instantiation — a device (one, or a bulk of three in a bounded number of statements) and an
 * installed module get front ports mapped to their own new rear ports as the templates map them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingDatabase, type CountingDatabase } from '../../../testing/countingDatabase.ts';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

describe.each(testDatabases())('dcim port template mappings on $name', (database) => {
  let api: TestClient;
  let counting: CountingDatabase;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/dcim/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const get = async (path: string) => (await api.request('GET', path)).body;
  const names = async (path: string, query: string) => (await get(`/api/dcim/${path}/?${query}&limit=0`)).results.map((o: any) => o.name);

  /** A device's front ports as `name → [[position, rear port name, rear position]]`. */
  async function deviceMappings(device: number) {
    const rears = new Map<number, string>((await get(`/api/dcim/rear-ports/?device_id=${device}&limit=0`)).results.map((r: any) => [r.id, r.name]));
    const fronts = (await get(`/api/dcim/front-ports/?device_id=${device}&limit=0`)).results;
    return Object.fromEntries(fronts.map((f: any) => [f.name, f.rear_ports.map((m: any) => [m.position, rears.get(m.rear_port) ?? `elsewhere ${m.rear_port}`, m.rear_port_position])]));
  }

  beforeAll(async () => {
    const opened = await database.open();
    counting = countingDatabase(opened.db);
    api = await bootTestApp({ ...opened, db: counting.db });
    ids.site = (await post('sites', { name: 'DC1', slug: 'dc1' })).id;
    ids.manufacturer = (await post('manufacturers', { name: 'Panduit', slug: 'panduit' })).id;
    ids.role = (await post('device-roles', { name: 'Patch panel', slug: 'patch-panel' })).id;
    ids.type = (await post('device-types', { manufacturer: ids.manufacturer, model: 'PP-2', slug: 'pp-2' })).id;
    ids.other = (await post('device-types', { manufacturer: ids.manufacturer, model: 'PP-1', slug: 'pp-1' })).id;
    ids.moduleType = (await post('module-types', { manufacturer: ids.manufacturer, model: 'Cassette' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('writes, reads and filters mappings from either side', async () => {
    const rear = await post('rear-port-templates', { device_type: ids.type, name: 'R1', type: 'mpo', positions: 2 });
    ids.rear = rear.id;
    expect(Object.keys(rear)).toEqual(['id', 'url', 'display', 'device_type', 'module_type', 'name', 'label', 'type', 'color', 'positions', 'front_ports', 'description', 'created', 'last_updated']);
    expect(rear.front_ports).toEqual([]);
    const f1 = await post('front-port-templates', { device_type: ids.type, name: 'F1', type: 'lc', rear_ports: [{ position: 1, rear_port: rear.id }] });
    ids.f1 = f1.id;
    expect(Object.keys(f1)).toEqual(['id', 'url', 'display', 'device_type', 'module_type', 'name', 'label', 'type', 'color', 'positions', 'rear_ports', 'description', 'created', 'last_updated']);
    expect(f1.rear_ports).toEqual([{ position: 1, rear_port: rear.id, rear_port_position: 1 }]);
    const f2 = await post('front-port-templates', { device_type: ids.type, name: 'F2', type: 'lc' });
    ids.f2 = f2.id;
    // Written from the rear: its own position first, the front port's second.
    const patched = await api.request('PATCH', `/api/dcim/rear-port-templates/${rear.id}/`, { front_ports: [{ position: 1, front_port: f1.id }, { position: 2, front_port: f2.id, front_port_position: 1 }] });
    expect([patched.status, patched.body.front_ports]).toEqual([200, [{ position: 1, front_port: f1.id, front_port_position: 1 }, { position: 2, front_port: f2.id, front_port_position: 1 }]]);
    expect((await get(`/api/dcim/front-port-templates/${f2.id}/`)).rear_ports).toEqual([{ position: 1, rear_port: rear.id, rear_port_position: 2 }]);
    expect(await names('front-port-templates', `rear_port_id=${rear.id}`)).toEqual(['F1', 'F2']);
    expect(await names('front-port-templates', `device_type_id=${ids.type}&rear_port_id__n=${rear.id}`)).toEqual([]);
    expect(await names('rear-port-templates', `front_port_id=${f2.id}`)).toEqual(['R1']);
    expect(await names('rear-port-templates', `front_port_id__n=${f2.id}`)).toEqual([]);
    const bad = await api.request('GET', '/api/dcim/front-port-templates/?rear_port_id=x');
    expect(bad.status).toBe(400);
    // An update that leaves the list out keeps it; the list as written in full.
    const renamed = await api.request('PATCH', `/api/dcim/front-port-templates/${f1.id}/`, { description: 'left' });
    expect(renamed.body.rear_ports).toEqual([{ position: 1, rear_port: rear.id, rear_port_position: 1 }]);
    const list = (await get(`/api/dcim/front-port-templates/?device_type_id=${ids.type}`)).results;
    expect(list.map((f: any) => f.rear_ports.length)).toEqual([1, 1]);
  }, SLOW);

  it('refuses what NetBox refuses, writing nothing', async () => {
    const elsewhere = await post('rear-port-templates', { device_type: ids.other, name: 'RX', type: 'mpo', label: 'trunk' });
    const refused = async (method: string, path: string, body: unknown) => {
      const r = await api.request(method, `/api/dcim/${path}`, body);
      return [r.status, r.body];
    };
    const before = await get(`/api/dcim/front-port-templates/?limit=0`);
    expect(await refused('POST', 'front-port-templates/', { device_type: ids.type, name: 'F9', type: 'lc', rear_ports: [{ position: 1, rear_port: elsewhere.id }] })).toEqual([400, { rear_ports: ['Rear port (RX (trunk)) must belong to the same device type'] }]);
    expect(await refused('POST', 'front-port-templates/', { device_type: ids.type, name: 'F9', type: 'lc', rear_ports: [{ position: 1, rear_port: ids.rear, rear_port_position: 3 }] })).toEqual([400, { rear_ports: ['Invalid rear port position (3): Rear port R1 has only 2 positions.'] }]);
    expect(await refused('POST', 'front-port-templates/', { device_type: ids.type, name: 'F9', type: 'lc', rear_ports: [{ position: 1, rear_port: ids.rear, rear_port_position: 2 }] })).toEqual([400, { rear_ports: ['The fields rear_port, rear_port_position must make a unique set.'] }]);
    expect(await refused('POST', 'front-port-templates/', { device_type: ids.type, name: 'F9', type: 'lc', rear_ports: [{ position: 1, rear_port: 999999 }] })).toEqual([400, { rear_ports: { 0: ['rear_port: Invalid pk "999999" - object does not exist.'] } }]);
    expect(await refused('POST', 'front-port-templates/', { device_type: ids.type, name: 'F9', type: 'lc', rear_ports: [{ rear_port: ids.rear }] })).toEqual([400, { rear_ports: { 0: ['position: This field is required.'] } }]);
    expect(await refused('POST', 'front-port-templates/', { device_type: ids.type, name: 'F9', type: 'lc', rear_ports: 'R1' })).toEqual([400, { rear_ports: ['Expected a list of items but got type "str".'] }]);
    expect(await refused('PATCH', `rear-port-templates/${ids.rear}/`, { positions: 1 })).toEqual([400, { positions: ['The number of positions cannot be less than the number of mapped front port templates (2)'] }]);
    // A module type's template maps only to its own module type's.
    const moduleRear = await post('rear-port-templates', { module_type: ids.moduleType, name: 'MR', type: 'mpo' });
    expect(await refused('POST', 'front-port-templates/', { device_type: ids.type, name: 'F9', type: 'lc', rear_ports: [{ position: 1, rear_port: moduleRear.id }] })).toEqual([400, { rear_ports: ['Rear port (MR) must belong to the same device type'] }]);
    const otherModule = await post('module-types', { manufacturer: ids.manufacturer, model: 'Other cassette' });
    expect(await refused('POST', 'front-port-templates/', { module_type: otherModule.id, name: 'F9', type: 'lc', rear_ports: [{ position: 1, rear_port: moduleRear.id }] })).toEqual([400, { rear_ports: ['Rear port (MR) must belong to the same module type'] }]);
    // Nothing changed.
    expect(await get(`/api/dcim/front-port-templates/?limit=0`)).toEqual(before);
    const twoRears = await post('rear-port-templates', { device_type: ids.type, name: 'R2', type: 'mpo' });
    const mapped = await api.request('PATCH', `/api/dcim/front-port-templates/${ids.f1}/`, { positions: 2, rear_ports: [{ position: 1, rear_port: ids.rear }, { position: 2, rear_port: twoRears.id }] });
    expect(mapped.status).toBe(200);
    const twice = await get(`/api/dcim/front-port-templates/?limit=0`);
    expect(await refused('PATCH', `front-port-templates/${ids.f1}/`, { positions: 1 })).toEqual([400, { positions: ['The number of positions cannot be less than the number of mapped rear port templates (2)'] }]);
    expect(await refused('PATCH', `rear-port-templates/${twoRears.id}/`, { front_ports: [{ position: 1, front_port: ids.f2 }] })).toEqual([400, { front_ports: ['The fields front_port, front_port_position must make a unique set.'] }]);
    expect(await refused('PATCH', `rear-port-templates/${elsewhere.id}/`, { front_ports: [{ position: 1, front_port: ids.f2, front_port_position: 2 }] })).toEqual([400, { front_ports: ['Rear port (RX (trunk)) must belong to the same device type'] }]);
    expect(await get(`/api/dcim/front-port-templates/?limit=0`)).toEqual(twice);
    // Back to one mapping on F1, and the spare rear ports gone (their mappings with them).
    expect((await api.request('DELETE', `/api/dcim/rear-port-templates/${twoRears.id}/`)).status).toBe(204);
    expect((await get(`/api/dcim/front-port-templates/${ids.f1}/`)).rear_ports).toEqual([{ position: 1, rear_port: ids.rear, rear_port_position: 1 }]);
    await api.request('DELETE', `/api/dcim/rear-port-templates/${moduleRear.id}/`);
    await api.request('PATCH', `/api/dcim/front-port-templates/${ids.f1}/`, { positions: 1 });
  }, SLOW);

  it('gives a new device front ports mapped to its own rear ports as the templates map them', async () => {
    const device = await post('devices', { name: 'pp1', device_type: ids.type, role: ids.role, site: ids.site });
    expect(await deviceMappings(device.id)).toEqual({ F1: [[1, 'R1', 1]], F2: [[1, 'R1', 2]] });
    const rear = (await get(`/api/dcim/rear-ports/?device_id=${device.id}`)).results[0];
    expect(rear.front_ports.map((m: any) => [m.position, m.front_port_position])).toEqual([[1, 1], [2, 1]]);
    // The device's ports, not the templates, are what its mappings name; a second device's are its own.
    const second = await post('devices', { name: 'pp2', device_type: ids.type, role: ids.role, site: ids.site });
    expect(await deviceMappings(second.id)).toEqual({ F1: [[1, 'R1', 1]], F2: [[1, 'R1', 2]] });
    // A type without mappings gives ports without them.
    await post('front-port-templates', { device_type: ids.other, name: 'FX', type: 'lc' });
    const plain = await post('devices', { name: 'pp0', device_type: ids.other, role: ids.role, site: ids.site });
    expect(await deviceMappings(plain.id)).toEqual({ FX: [] });
  }, SLOW);

  it('maps a bulk create of three devices with the statements one device costs', async () => {
    counting.reset();
    const made = await api.request('POST', '/api/dcim/devices/', [1, 2, 3].map((n) => ({ name: `bulk${n}`, device_type: ids.type, role: ids.role, site: ids.site })));
    expect(made.status).toBe(201);
    const touching = () => counting.statements.filter((text) => /"dcim_(front|rear)_port(_template)?"/.test(text)).length;
    const bulk = touching();
    expect(counting.statements.filter((text) => text.trimStart().startsWith('INSERT INTO "dcim_front_port"')).length).toBe(1);
    counting.reset();
    await post('devices', { name: 'single', device_type: ids.type, role: ids.role, site: ids.site });
    expect(bulk).toBe(touching());
    for (const device of made.body) expect(await deviceMappings(device.id)).toEqual({ F1: [[1, 'R1', 1]], F2: [[1, 'R1', 2]] });
  }, SLOW);

  it('gives an installed module front ports mapped to its own rear ports, names resolved', async () => {
    const rear = await post('rear-port-templates', { module_type: ids.moduleType, name: 'MPO{module}', type: 'mpo', positions: 2 });
    await post('front-port-templates', { module_type: ids.moduleType, name: 'LC{module}-1', type: 'lc', rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: 1 }] });
    await post('front-port-templates', { module_type: ids.moduleType, name: 'LC{module}-2', type: 'lc', rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: 2 }] });
    const chassis = await post('device-types', { manufacturer: ids.manufacturer, model: 'Enclosure', slug: 'enclosure' });
    const device = await post('devices', { name: 'enc1', device_type: chassis.id, role: ids.role, site: ids.site });
    const bays = [await post('module-bays', { device: device.id, name: 'Slot 1', position: '1' }), await post('module-bays', { device: device.id, name: 'Slot 2', position: '2' })];
    await post('modules', { device: device.id, module_bay: bays[0].id, module_type: ids.moduleType });
    await post('modules', { device: device.id, module_bay: bays[1].id, module_type: ids.moduleType });
    expect(await deviceMappings(device.id)).toEqual({ 'LC1-1': [[1, 'MPO1', 1]], 'LC1-2': [[1, 'MPO1', 2]], 'LC2-1': [[1, 'MPO2', 1]], 'LC2-2': [[1, 'MPO2', 2]] });
  }, SLOW);
});
