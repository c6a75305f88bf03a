/**
 * End-to-end tests of a device's console, console server, power and pass-through ports and power
 * outlets, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: shapes and brief forms, natural
 * ordering, filters, NetBox's messages (a component stays on its device, allocated draw, an
 * outlet's power port, front-to-rear port mappings), and the cascade when the device goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

/** Many requests per test, on a shared machine: generous limits. */
const SLOW = 60_000;

const CABLED = ['mark_connected', 'cable', 'cable_end', 'link_peers', 'link_peers_type'];
const ENDPOINT = ['connected_endpoints', 'connected_endpoints_type', 'connected_endpoints_reachable'];
const TAIL = ['owner', 'tags', 'custom_fields', 'created', 'last_updated', '_occupied'];
const HEAD = ['id', 'url', 'display_url', 'display', 'device', 'module', 'name', 'label'];

describe.each(testDatabases())('dcim device components on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/dcim/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const list = async (path: string, query: string, key = 'name') => {
    const r = await api.request('GET', `/api/dcim/${path}/?${query}&limit=0`);
    if (r.status !== 200) throw new Error(`${path}?${query}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.results.map((o: any) => o[key]);
  };
  const count = async (path: string, query = '') => (await api.request('GET', `/api/dcim/${path}/?${query}&limit=1`)).body.count;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('sites', { name: 'DC1', slug: 'dc1' })).id;
    ids.site2 = (await post('sites', { name: 'DC2', slug: 'dc2' })).id;
    ids.manufacturer = (await post('manufacturers', { name: 'Opengear', slug: 'opengear' })).id;
    ids.type = (await post('device-types', { manufacturer: ids.manufacturer, model: 'CM8100', slug: 'cm8100' })).id;
    ids.role = (await post('device-roles', { name: 'Console', slug: 'console' })).id;
    ids.device = (await post('devices', { name: 'cs1', device_type: ids.type, role: ids.role, site: ids.site })).id;
    ids.other = (await post('devices', { name: 'cs2', device_type: ids.type, role: ids.role, site: ids.site2 })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it(
    'serves console ports with NetBox’s fields, brief form, natural ordering and messages',
    async () => {
      const port = await post('console-ports', { device: ids.device, name: 'con10', label: 'Console', type: 'rj-45', speed: 115200 });
      expect(Object.keys(port)).toEqual([...HEAD, 'type', 'speed', 'description', ...CABLED, ...ENDPOINT, ...TAIL]);
      expect(port).toMatchObject({
        display: 'con10 (Console)',
        type: { value: 'rj-45', label: 'RJ-45' },
        speed: { value: 115200, label: '115.2 kbps' },
        module: null,
        mark_connected: false,
        cable: null,
        cable_end: null,
        link_peers: [],
        link_peers_type: null,
        connected_endpoints: null,
        connected_endpoints_type: null,
        connected_endpoints_reachable: false,
        _occupied: false,
      });
      expect(port.device).toMatchObject({ id: ids.device, name: 'cs1', display: 'cs1' });
      await post('console-ports', { device: ids.device, name: 'con2', mark_connected: true });
      await post('console-ports', { device: ids.other, name: 'con1', speed: null });
      const blank = await post('console-ports', { device: ids.device, name: 'con3', type: '' });
      expect([blank.type, blank.speed]).toEqual([null, null]);

      const brief = await api.request('GET', `/api/dcim/console-ports/${port.id}/?brief=true`);
      expect(Object.keys(brief.body)).toEqual(['id', 'url', 'display', 'device', 'name', 'description', 'cable', '_occupied']);
      // By device, then name in natural order (con2 before con10).
      expect(await list('console-ports', '')).toEqual(['con2', 'con3', 'con10', 'con1']);

      expect(await list('console-ports', 'device=cs1&speed=115200')).toEqual(['con10']);
      expect(await list('console-ports', `device_id=${ids.other}`)).toEqual(['con1']);
      expect(await list('console-ports', 'site=dc2')).toEqual(['con1']);
      expect(await list('console-ports', 'type=rj-45')).toEqual(['con10']);
      expect(await list('console-ports', 'occupied=true')).toEqual(['con2']);
      expect(await list('console-ports', 'occupied=false&device=cs1')).toEqual(['con3', 'con10']);
      expect(await list('console-ports', 'cabled=true')).toEqual([]);
      expect(await list('console-ports', 'connected=false&device=cs1')).toEqual(['con2', 'con3', 'con10']);
      expect(await list('console-ports', 'mark_connected=true')).toEqual(['con2']);
      expect(await list('console-ports', 'q=Console')).toEqual(['con10']);
      expect(await list('console-ports', 'role=console')).toHaveLength(4);
      expect(await list('console-ports', 'device_role=console&device_type_id=' + ids.type)).toHaveLength(4);
      expect((await api.request('GET', '/api/dcim/console-ports/?cabled=maybe')).body).toEqual({ cabled: ['Select a valid choice. maybe is not one of the available choices.'] });

      const dup = await api.request('POST', '/api/dcim/console-ports/', { device: ids.device, name: 'con10' });
      expect([dup.status, dup.body]).toEqual([400, { __all__: ['Console port with this Device and Name already exists.'] }]);
      const missing = await api.request('POST', '/api/dcim/console-ports/', { name: 'x' });
      expect(missing.body).toEqual({ device: ['This field is required.'] });
      const badSpeed = await api.request('POST', '/api/dcim/console-ports/', { device: ids.device, name: 'x', speed: 300 });
      expect(badSpeed.body).toEqual({ speed: ['300 is not a valid choice.'] });
      const moved = await api.request('PATCH', `/api/dcim/console-ports/${port.id}/`, { device: ids.other });
      expect([moved.status, moved.body]).toEqual([400, { device: ['Components cannot be moved to a different device.'] }]);
      expect(await count('console-ports', 'device=cs2')).toBe(1);
      const renamed = await api.request('PATCH', `/api/dcim/console-ports/${port.id}/`, { name: 'con1', device: ids.device });
      expect([renamed.status, renamed.body.display]).toEqual([200, 'con1 (Console)']);
    },
    SLOW,
  );

  it(
    'serves console server ports and power ports, refusing an allocated draw above the maximum',
    async () => {
      const csp = await post('console-server-ports', { device: ids.device, name: 'port1', speed: 9600 });
      expect(Object.keys(csp)).toEqual([...HEAD, 'type', 'speed', 'description', ...CABLED, ...ENDPOINT, ...TAIL]);
      await post('console-server-ports', { device: ids.device, name: 'port2' });
      expect(await list('console-server-ports', 'speed=9600')).toEqual(['port1']);
      expect(await list('console-server-ports', 'speed__n=9600')).toEqual(['port2']);

      const psu = await post('power-ports', { device: ids.device, name: 'PSU1', type: 'iec-60320-c14', maximum_draw: 500, allocated_draw: 300 });
      ids.psu = psu.id;
      expect(Object.keys(psu)).toEqual([...HEAD, 'type', 'maximum_draw', 'allocated_draw', 'description', ...CABLED, ...ENDPOINT, ...TAIL]);
      expect(psu.type).toEqual({ value: 'iec-60320-c14', label: 'C14' });
      const over = await api.request('POST', '/api/dcim/power-ports/', { device: ids.device, name: 'PSU2', maximum_draw: 100, allocated_draw: 101 });
      expect([over.status, over.body]).toEqual([400, { allocated_draw: ['Allocated draw cannot exceed the maximum draw (100W).'] }]);
      // An update is checked against the stored maximum.
      const raised = await api.request('PATCH', `/api/dcim/power-ports/${psu.id}/`, { allocated_draw: 501 });
      expect(raised.body).toEqual({ allocated_draw: ['Allocated draw cannot exceed the maximum draw (500W).'] });
      const zero = await api.request('POST', '/api/dcim/power-ports/', { device: ids.device, name: 'PSU2', maximum_draw: 0 });
      expect(zero.body).toEqual({ maximum_draw: ['Ensure this value is greater than or equal to 1.'] });
      await post('power-ports', { device: ids.other, name: 'PSU1' });
      expect(await list('power-ports', 'maximum_draw__gte=400', 'id')).toEqual([psu.id]);
      expect(await count('power-ports', 'allocated_draw__empty=true')).toBe(1);
    },
    SLOW,
  );

  it(
    'keeps a power outlet’s power port on its device and clears it when the port goes',
    async () => {
      const outlet = await post('power-outlets', { device: ids.device, name: 'Outlet 1', type: 'iec-60320-c13', power_port: ids.psu, feed_leg: 'B', color: 'ff0000' });
      expect(Object.keys(outlet)).toEqual([...HEAD, 'type', 'status', 'color', 'power_port', 'feed_leg', 'description', ...CABLED, ...ENDPOINT, ...TAIL]);
      expect(outlet).toMatchObject({ status: { value: 'enabled', label: 'Enabled' }, feed_leg: { value: 'B', label: 'B' }, color: 'ff0000' });
      expect(outlet.power_port).toMatchObject({ id: ids.psu, name: 'PSU1', display: 'PSU1', cable: null, _occupied: false });
      const elsewhere = await post('power-ports', { device: ids.other, name: 'PSU9' });
      const wrong = await api.request('POST', '/api/dcim/power-outlets/', { device: ids.device, name: 'Outlet 2', power_port: elsewhere.id });
      expect([wrong.status, wrong.body]).toEqual([400, { __all__: ['Parent power port (PSU9) must belong to the same device'] }]);
      const leg = await api.request('POST', '/api/dcim/power-outlets/', { device: ids.device, name: 'Outlet 2', feed_leg: 'D' });
      expect(leg.body).toEqual({ feed_leg: ['D is not a valid choice.'] });
      const blankLeg = await post('power-outlets', { device: ids.device, name: 'Outlet 2', feed_leg: '', status: 'faulty' });
      expect(blankLeg.feed_leg).toBeNull();
      expect(await list('power-outlets', `power_port_id=${ids.psu}`)).toEqual(['Outlet 1']);
      expect(await list('power-outlets', 'feed_leg=B')).toEqual(['Outlet 1']);
      expect(await list('power-outlets', 'status=faulty')).toEqual(['Outlet 2']);
      expect(await list('power-outlets', 'color=ff0000')).toEqual(['Outlet 1']);
      expect((await api.request('GET', '/api/dcim/power-outlets/?power_port_id=999999')).body).toEqual({ power_port_id: ['Select a valid choice. 999999 is not one of the available choices.'] });

      const port = await post('power-ports', { device: ids.device, name: 'PSU3' });
      await api.request('PATCH', `/api/dcim/power-outlets/${blankLeg.id}/`, { power_port: port.id });
      expect((await api.request('DELETE', `/api/dcim/power-ports/${port.id}/`)).status).toBe(204);
      expect((await api.request('GET', `/api/dcim/power-outlets/${blankLeg.id}/`)).body.power_port).toBeNull();
    },
    SLOW,
  );

  it(
    'maps front ports to rear port positions from either side, with NetBox’s messages',
    async () => {
      const rear = await post('rear-ports', { device: ids.device, name: 'Rear 1', type: '8p8c', positions: 2 });
      expect(Object.keys(rear)).toEqual([...HEAD, 'type', 'color', 'positions', 'front_ports', 'description', ...CABLED, ...TAIL]);
      expect(rear.front_ports).toEqual([]);
      const front = await post('front-ports', { device: ids.device, name: 'Front 1', type: '8p8c', rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: 2 }] });
      expect(Object.keys(front)).toEqual([...HEAD, 'type', 'color', 'positions', 'rear_ports', 'description', ...CABLED, ...TAIL]);
      expect(front.rear_ports).toEqual([{ position: 1, rear_port: rear.id, rear_port_position: 2 }]);
      expect((await api.request('GET', `/api/dcim/rear-ports/${rear.id}/`)).body.front_ports).toEqual([{ position: 2, front_port: front.id, front_port_position: 1 }]);
      // The rear port position defaults to 1.
      const front2 = await post('front-ports', { device: ids.device, name: 'Front 2', type: 'lc', positions: 2, rear_ports: [{ position: 2, rear_port: rear.id }] });
      expect(front2.rear_ports).toEqual([{ position: 2, rear_port: rear.id, rear_port_position: 1 }]);
      expect(await list('front-ports', `rear_port_id=${rear.id}`)).toEqual(['Front 1', 'Front 2']);
      expect(await list('rear-ports', `front_port_id=${front2.id}`)).toEqual(['Rear 1']);
      expect(await list('front-ports', `rear_port_id__n=${rear.id}`)).toEqual([]);
      expect(await list('front-ports', 'rear_port_id=99999999999999999999')).toEqual([]);
      expect((await api.request('GET', '/api/dcim/front-ports/?rear_port_id=x')).body).toEqual({ rear_port_id: ['Select a valid choice. x is not one of the available choices.'] });
      expect(await list('front-ports', 'positions=2')).toEqual(['Front 2']);
      expect(await list('front-ports', 'type=lc')).toEqual(['Front 2']);

      const beyond = await api.request('POST', '/api/dcim/front-ports/', { device: ids.device, name: 'Front 3', type: '8p8c', rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: 3 }] });
      expect([beyond.status, beyond.body]).toEqual([400, { rear_ports: ['Invalid rear port position (3): Rear port Rear 1 has only 2 positions.'] }]);
      const farRear = await post('rear-ports', { device: ids.other, name: 'Rear 9', label: 'R9', type: '8p8c' });
      const across = await api.request('POST', '/api/dcim/front-ports/', { device: ids.device, name: 'Front 3', type: '8p8c', rear_ports: [{ position: 1, rear_port: farRear.id }] });
      expect(across.body).toEqual({ rear_ports: ['Rear port (Rear 9 (R9)) must belong to the same device'] });
      const acrossRear = await api.request('POST', '/api/dcim/rear-ports/', { device: ids.other, name: 'Rear 8', type: '8p8c', front_ports: [{ position: 1, front_port: front.id }] });
      expect(acrossRear.body).toEqual({ front_ports: ['Rear port (Rear 8) must belong to the same device'] });
      const taken = await api.request('POST', '/api/dcim/front-ports/', { device: ids.device, name: 'Front 3', type: '8p8c', rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: 1 }] });
      expect(taken.body).toEqual({ rear_ports: ['The fields rear_port, rear_port_position must make a unique set.'] });
      const unknown = await api.request('POST', '/api/dcim/front-ports/', { device: ids.device, name: 'Front 3', type: '8p8c', rear_ports: [{ position: 1, rear_port: 999999 }] });
      expect(unknown.body).toEqual({ rear_ports: { 0: ['rear_port: Invalid pk "999999" - object does not exist.'] } });
      const shapeless = await api.request('POST', '/api/dcim/front-ports/', { device: ids.device, name: 'Front 3', type: '8p8c', rear_ports: [{ rear_port: rear.id, rear_port_position: 0 }] });
      expect(shapeless.body).toEqual({ rear_ports: { 0: ['position: This field is required.', 'rear_port_position: Ensure this value is greater than or equal to 1.'] } });
      const noType = await api.request('POST', '/api/dcim/front-ports/', { device: ids.device, name: 'Front 3' });
      expect(noType.body).toEqual({ type: ['This field is required.'] });
      expect(await count('front-ports', 'name=Front 3')).toBe(0);

      // Positions may not drop below the mappings a port has.
      const fewer = await api.request('PATCH', `/api/dcim/rear-ports/${rear.id}/`, { positions: 1 });
      expect([fewer.status, fewer.body]).toEqual([400, { positions: ['The number of positions cannot be less than the number of mapped front ports (2)'] }]);
      const twoMapped = await api.request('PATCH', `/api/dcim/front-ports/${front2.id}/`, { rear_ports: [{ position: 1, rear_port: rear.id, rear_port_position: 1 }, { position: 2, rear_port: rear.id, rear_port_position: 1 }] });
      expect(twoMapped.body).toEqual({ rear_ports: ['The fields rear_port, rear_port_position must make a unique set.'] });
      const front4 = await post('front-ports', { device: ids.device, name: 'Front 4', type: '8p8c', positions: 2 });
      const rear2 = await post('rear-ports', { device: ids.device, name: 'Rear 2', type: '8p8c', positions: 2 });
      await api.request('PATCH', `/api/dcim/front-ports/${front4.id}/`, { rear_ports: [{ position: 1, rear_port: rear2.id, rear_port_position: 1 }, { position: 2, rear_port: rear2.id, rear_port_position: 2 }] });
      const shrink = await api.request('PATCH', `/api/dcim/front-ports/${front4.id}/`, { positions: 1 });
      expect(shrink.body).toEqual({ positions: ['The number of positions cannot be less than the number of mapped rear ports (2)'] });

      // A PATCH without the list keeps the mappings; writing it from the rear side replaces the rear port's.
      expect((await api.request('PATCH', `/api/dcim/front-ports/${front.id}/`, { description: 'patch panel' })).body.rear_ports).toEqual([{ position: 1, rear_port: rear.id, rear_port_position: 2 }]);
      const rewired = await api.request('PATCH', `/api/dcim/rear-ports/${rear.id}/`, { front_ports: [{ position: 1, front_port: front.id, front_port_position: 1 }] });
      expect([rewired.status, rewired.body.front_ports]).toEqual([200, [{ position: 1, front_port: front.id, front_port_position: 1 }]]);
      expect((await api.request('GET', `/api/dcim/front-ports/${front.id}/`)).body.rear_ports).toEqual([{ position: 1, rear_port: rear.id, rear_port_position: 1 }]);
      expect((await api.request('GET', `/api/dcim/front-ports/${front2.id}/`)).body.rear_ports).toEqual([]);
      const rearTaken = await api.request('PATCH', `/api/dcim/rear-ports/${rear2.id}/`, { front_ports: [{ position: 1, front_port: front.id, front_port_position: 1 }] });
      expect(rearTaken.body).toEqual({ front_ports: ['The fields front_port, front_port_position must make a unique set.'] });

      // A rear port created with its front ports (NetBox's own API test does so).
      const front5 = await post('front-ports', { device: ids.device, name: 'Front 5', type: 'lc' });
      const rear3 = await post('rear-ports', { device: ids.device, name: 'Rear 3', type: 'lc', front_ports: [{ position: 1, front_port: front5.id, front_port_position: 1 }] });
      expect(rear3.front_ports).toEqual([{ position: 1, front_port: front5.id, front_port_position: 1 }]);
      expect((await api.request('GET', `/api/dcim/front-ports/${front5.id}/`)).body.rear_ports).toEqual([{ position: 1, rear_port: rear3.id, rear_port_position: 1 }]);
      const beyondRear = await api.request('POST', '/api/dcim/rear-ports/', { device: ids.device, name: 'Rear 4', type: 'lc', front_ports: [{ position: 2, front_port: front2.id }] });
      expect(beyondRear.body).toEqual({ front_ports: ['Invalid rear port position (2): Rear port Rear 4 has only 1 positions.'] });
      expect((await api.request('DELETE', `/api/dcim/front-ports/${front5.id}/`)).status).toBe(204);
      expect((await api.request('GET', `/api/dcim/rear-ports/${rear3.id}/`)).body.front_ports).toEqual([]);
      expect((await api.request('DELETE', `/api/dcim/rear-ports/${rear3.id}/`)).status).toBe(204);

      // Deleting a rear port drops the mappings to it.
      expect((await api.request('DELETE', `/api/dcim/rear-ports/${rear2.id}/`)).status).toBe(204);
      expect((await api.request('GET', `/api/dcim/front-ports/${front4.id}/`)).body.rear_ports).toEqual([]);
    },
    SLOW,
  );

  it(
    'counts a device’s components and filters devices and cables by them',
    async () => {
      const device = (await api.request('GET', `/api/dcim/devices/${ids.device}/`)).body;
      expect(device).toMatchObject({ console_port_count: 3, console_server_port_count: 2, power_port_count: 1, power_outlet_count: 2, front_port_count: 3, rear_port_count: 1 });
      const other = (await api.request('GET', `/api/dcim/devices/${ids.other}/`)).body;
      expect(other).toMatchObject({ console_port_count: 1, console_server_port_count: 0, power_port_count: 2, power_outlet_count: 0, front_port_count: 0, rear_port_count: 1 });
      expect(await list('devices', 'console_server_ports=true')).toEqual(['cs1']);
      expect(await list('devices', 'console_server_ports=false')).toEqual(['cs2']);
      expect(await list('devices', 'console_ports=true')).toEqual(['cs1', 'cs2']);
      expect(await list('devices', 'power_outlets=false')).toEqual(['cs2']);
      expect(await list('devices', 'power_ports=true')).toEqual(['cs1', 'cs2']);
      // NetBox's exclude(frontports__isnull=value, rearports__isnull=value): false lacks one of the two.
      expect(await list('devices', 'pass_through_ports=true')).toEqual(['cs1', 'cs2']);
      expect(await list('devices', 'pass_through_ports=false')).toEqual(['cs2']);
      expect(await list('devices', 'console_port_count=1')).toEqual(['cs2']);
      expect(await list('devices', 'rear_port_count__gte=1&front_port_count__gt=2')).toEqual(['cs1']);
      expect((await api.request('GET', '/api/dcim/devices/?power_ports=maybe')).body).toEqual({ power_ports: ['Select a valid choice. maybe is not one of the available choices.'] });

      // No cable ends on these ports yet: the filters take numbers and match nothing.
      const port = (await list('console-ports', 'device=cs1', 'id'))[0];
      expect((await api.request('GET', `/api/dcim/cables/?consoleport_id=${port}`)).body.count).toBe(0);
      expect((await api.request('GET', '/api/dcim/cable-terminations/?rearport_id=1&frontport_id=2')).body.count).toBe(0);
      expect((await api.request('GET', '/api/dcim/cables/?powerport_id=x')).body).toEqual({ powerport_id: ['Enter a number.'] });
      expect((await api.request('GET', '/api/dcim/cables/?rearport_id=99999999999999999999')).body.count).toBe(0);
    },
    SLOW,
  );

  it(
    'puts components on a module and deletes every component with its device',
    async () => {
      const bay = await post('module-bays', { device: ids.other, name: 'Slot 1' });
      const moduleType = await post('module-types', { manufacturer: ids.manufacturer, model: 'PSU module' });
      const module = await post('modules', { device: ids.other, module_bay: bay.id, module_type: moduleType.id });
      const psu = await post('power-ports', { device: ids.other, module: module.id, name: 'PSU-M' });
      expect(psu.module).toMatchObject({ id: module.id, device: { id: ids.other }, module_bay: { id: bay.id } });
      expect(Object.keys(psu.module)).toEqual(['id', 'url', 'display', 'device', 'module_bay']);
      expect(await list('power-ports', `module_id=${module.id}`)).toEqual(['PSU-M']);

      // Deleting the module deletes its components.
      const onModule = await post('console-ports', { device: ids.other, module: module.id, name: 'con-m' });
      const module2 = await post('modules', { device: ids.other, module_bay: (await post('module-bays', { device: ids.other, name: 'Slot 2' })).id, module_type: moduleType.id });
      const gone = await post('console-ports', { device: ids.other, module: module2.id, name: 'con-m2' });
      expect((await api.request('DELETE', `/api/dcim/modules/${module2.id}/`)).status).toBe(204);
      expect((await api.request('GET', `/api/dcim/console-ports/${gone.id}/`)).status).toBe(404);
      expect((await api.request('GET', `/api/dcim/console-ports/${onModule.id}/`)).status).toBe(200);

      const paths = ['console-ports', 'console-server-ports', 'power-ports', 'power-outlets', 'front-ports', 'rear-ports'];
      const before = (await Promise.all(paths.map(async (p) => (await list(p, `device_id=${ids.other}`, 'url')) as string[]))).flat();
      expect(before.length).toBeGreaterThanOrEqual(4);
      expect((await api.request('DELETE', `/api/dcim/devices/${ids.other}/`)).status).toBe(204);
      for (const url of before) expect((await api.request('GET', new URL(url).pathname)).status).toBe(404);
      expect(await count('power-ports', '')).toBeGreaterThan(0);
    },
    SLOW,
  );
});
