/**
 * End-to-end tests of component templates, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL:
 * their shapes, filters and NetBox's rules, and their instantiation — a device gets its type's
 * components (one or a bulk of several), a module its type's with `{module}` resolved, adopting or
 * not replicating as asked — with change records, and bad input refused with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingDatabase, type CountingDatabase } from '../../../testing/countingDatabase.ts';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

describe.each(testDatabases())('dcim component templates on $name', (database) => {
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
  const count = async (path: string, query = '') => (await get(`/api/dcim/${path}/?${query}&limit=1`)).count;

  beforeAll(async () => {
    const opened = await database.open();
    counting = countingDatabase(opened.db);
    api = await bootTestApp({ ...opened, db: counting.db });
    ids.site = (await post('sites', { name: 'DC1', slug: 'dc1' })).id;
    ids.manufacturer = (await post('manufacturers', { name: 'Juniper', slug: 'juniper' })).id;
    ids.role = (await post('device-roles', { name: 'Router', slug: 'router' })).id;
    ids.type = (await post('device-types', { manufacturer: ids.manufacturer, model: 'MX240', slug: 'mx240', subdevice_role: 'parent' })).id;
    ids.plain = (await post('device-types', { manufacturer: ids.manufacturer, model: 'EX2300', slug: 'ex2300' })).id;
    ids.moduleType = (await post('module-types', { manufacturer: ids.manufacturer, model: 'MPC7E' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('serves interface templates with NetBox’s fields, brief form and defaults', async () => {
    const t = await post('interface-templates', { device_type: ids.type, name: 'xe-0/0/0', type: '10gbase-x-sfpp', label: 'uplink' });
    ids.xe0 = t.id;
    expect(Object.keys(t)).toEqual(['id', 'url', 'display', 'device_type', 'module_type', 'name', 'label', 'type', 'enabled', 'mgmt_only', 'description', 'bridge', 'poe_mode', 'poe_type', 'rf_role', 'created', 'last_updated']);
    expect(t).toMatchObject({ display: 'xe-0/0/0 (uplink)', module_type: null, enabled: true, mgmt_only: false, bridge: null, poe_mode: null, rf_role: null, type: { value: '10gbase-x-sfpp', label: 'SFP+ (10GE)' } });
    expect(t.device_type).toMatchObject({ id: ids.type, display: 'MX240', model: 'MX240' });
    const brief = await get(`/api/dcim/interface-templates/${t.id}/?brief=true`);
    expect(Object.keys(brief)).toEqual(['id', 'url', 'display', 'name', 'description']);
    ids.br = (await post('interface-templates', { device_type: ids.type, name: 'br0', type: 'bridge' })).id;
    await api.request('PATCH', `/api/dcim/interface-templates/${ids.xe0}/`, { bridge: ids.br });
    await post('interface-templates', { device_type: ids.type, name: 'xe-0/0/10', type: '10gbase-x-sfpp' });
    await post('interface-templates', { device_type: ids.type, name: 'xe-0/0/2', type: '10gbase-x-sfpp', mgmt_only: true });
    // Natural ordering, as NetBox orders interface names.
    expect(await names('interface-templates', `device_type_id=${ids.type}`)).toEqual(['xe-0/0/0', 'xe-0/0/2', 'xe-0/0/10', 'br0']);
    expect(await names('interface-templates', 'mgmt_only=true')).toEqual(['xe-0/0/2']);
    expect(await names('interface-templates', `bridge_id=${ids.br}`)).toEqual(['xe-0/0/0']);
    expect(await names('interface-templates', 'q=uplink')).toEqual([]);
    expect(await names('interface-templates', 'q=0/2')).toEqual(['xe-0/0/2']);
    const type = await get(`/api/dcim/device-types/${ids.type}/`);
    expect(type.interface_template_count).toBe(4);
    expect((await get(`/api/dcim/device-types/?interfaces=true`)).results.map((d: any) => d.model)).toEqual(['MX240']);
    expect((await get(`/api/dcim/device-types/?interfaces=false`)).results.map((d: any) => d.model)).toEqual(['EX2300']);
    expect((await get(`/api/dcim/device-types/?interface_template_count__gte=4`)).count).toBe(1);
  }, SLOW);

  it('refuses templates of both or neither type, twice one name, and bad references, writing nothing', async () => {
    const before = await count('interface-templates');
    const both = await api.request('POST', '/api/dcim/interface-templates/', { device_type: ids.type, module_type: ids.moduleType, name: 'x', type: 'virtual' });
    expect([both.status, both.body]).toEqual([400, { __all__: ['A component template cannot be associated with both a device type and a module type.'] }]);
    const neither = await api.request('POST', '/api/dcim/console-port-templates/', { name: 'con' });
    expect([neither.status, neither.body]).toEqual([400, { __all__: ['A component template must be associated with either a device type or a module type.'] }]);
    const dup = await api.request('POST', '/api/dcim/interface-templates/', { device_type: ids.type, name: 'br0', type: 'virtual' });
    expect([dup.status, dup.body]).toEqual([400, { __all__: ['Interface template with this Device type and Name already exists.'] }]);
    const [spareModule, spareType] = [await post('module-types', { manufacturer: ids.manufacturer, model: 'Spare' }), await post('device-types', { manufacturer: ids.manufacturer, model: 'Spare', slug: 'spare' })];
    await post('module-bay-templates', { module_type: spareModule.id, name: 'Slot' });
    const dupModule = await api.request('POST', '/api/dcim/module-bay-templates/', { module_type: spareModule.id, name: 'Slot' });
    expect([dupModule.status, dupModule.body]).toEqual([400, { __all__: ['Module bay template with this Module type and Name already exists.'] }]);
    // The same name on a device type and on a module type is no conflict.
    await post('module-bay-templates', { device_type: spareType.id, name: 'Slot' });
    await api.request('DELETE', `/api/dcim/module-types/${spareModule.id}/`);
    await api.request('DELETE', `/api/dcim/device-types/${spareType.id}/`);
    const other = await post('interface-templates', { device_type: ids.plain, name: 'ge-0/0/0', type: '1000base-t' });
    const bridge = await api.request('PATCH', `/api/dcim/interface-templates/${other.id}/`, { bridge: ids.br });
    expect([bridge.status, bridge.body]).toEqual([400, { bridge: ['Bridge interface (br0) must belong to the same device type'] }]);
    const self = await api.request('PATCH', `/api/dcim/interface-templates/${other.id}/`, { bridge: other.id });
    expect(self.body).toEqual({ bridge: ['An interface cannot be bridged to itself.'] });
    const poe = await api.request('POST', '/api/dcim/interface-templates/', { device_type: ids.plain, name: 'v1', type: 'virtual', poe_mode: 'pse' });
    expect(poe.body).toEqual({ poe_mode: ['Virtual interfaces cannot have a PoE mode.'] });
    const moved = await api.request('PATCH', `/api/dcim/interface-templates/${other.id}/`, { device_type: ids.type });
    expect(moved.body).toEqual({ device_type: ['Component templates cannot be moved to a different device type.'] });
    // A bulk create with one bad object writes none of them.
    const bulk = await api.request('POST', '/api/dcim/interface-templates/', [
      { device_type: ids.plain, name: 'ge-0/0/1', type: '1000base-t' },
      { device_type: ids.plain, name: 'ge-0/0/2', type: 'nonsense' },
    ]);
    expect(bulk.status).toBe(400);
    expect(await count('interface-templates')).toBe(before + 1);
    const draw = await api.request('POST', '/api/dcim/power-port-templates/', { device_type: ids.plain, name: 'PSU0', maximum_draw: 100, allocated_draw: 200 });
    expect(draw.body).toEqual({ allocated_draw: ['Allocated draw cannot exceed the maximum draw (100W).'] });
    const psu = await post('power-port-templates', { device_type: ids.plain, name: 'PSU0', label: 'A' });
    const outlet = await api.request('POST', '/api/dcim/power-outlet-templates/', { device_type: ids.type, name: 'O1', power_port: psu.id });
    expect(outlet.body).toEqual({ __all__: ['Parent power port (PSU0 (A)) must belong to the same device type'] });
    const bay = await api.request('POST', '/api/dcim/device-bay-templates/', { device_type: ids.plain, name: 'Slot 1' });
    expect(bay.body).toEqual({ __all__: ['Subdevice role of device type (EX2300) must be set to "parent" to allow device bays.'] });
  }, SLOW);

  it('refuses, for every modular template, both types, neither, and a move to another device type', async () => {
    const required: Record<string, Record<string, unknown>> = {
      'console-port-templates': {}, 'console-server-port-templates': {}, 'power-port-templates': {}, 'power-outlet-templates': {},
      'interface-templates': { type: 'virtual' }, 'front-port-templates': { type: '8p8c' }, 'rear-port-templates': { type: '8p8c' }, 'module-bay-templates': {},
    };
    for (const [path, extra] of Object.entries(required)) {
      const both = await api.request('POST', `/api/dcim/${path}/`, { device_type: ids.plain, module_type: ids.moduleType, name: 'T', ...extra });
      expect([path, both.status, both.body]).toEqual([path, 400, { __all__: ['A component template cannot be associated with both a device type and a module type.'] }]);
      const neither = await api.request('POST', `/api/dcim/${path}/`, { name: 'T', ...extra });
      expect([path, neither.body]).toEqual([path, { __all__: ['A component template must be associated with either a device type or a module type.'] }]);
      const made = await post(path, { device_type: ids.plain, name: 'T', ...extra });
      const moved = await api.request('PATCH', `/api/dcim/${path}/${made.id}/`, { device_type: ids.type });
      expect([path, moved.body]).toEqual([path, { device_type: ['Component templates cannot be moved to a different device type.'] }]);
      expect((await api.request('DELETE', `/api/dcim/${path}/${made.id}/`)).status).toBe(204);
    }
    // A device bay template may change device type: DeviceBayTemplate.clean() skips its base's.
    const parent = await post('device-types', { manufacturer: ids.manufacturer, model: 'MX480', slug: 'mx480', subdevice_role: 'parent' });
    const bay = await post('device-bay-templates', { device_type: parent.id, name: 'Spare' });
    expect((await api.request('PATCH', `/api/dcim/device-bay-templates/${bay.id}/`, { device_type: ids.type })).status).toBe(200);
    await api.request('DELETE', `/api/dcim/device-bay-templates/${bay.id}/`);
    await api.request('DELETE', `/api/dcim/device-types/${parent.id}/`);
  }, SLOW);

  it('checks interface and power templates against their module type, and the PoE and wireless rules', async () => {
    const other = await post('module-types', { manufacturer: ids.manufacturer, model: 'MIC' });
    const bridge = await post('interface-templates', { module_type: other.id, name: 'br{module}', type: 'bridge' });
    // Its change record relates to its module type (NetBox's to_objectchange), a device type's to the device type.
    const related = (type: string, id: number) => get(`/api/core/object-changes/?changed_object_type=dcim.interfacetemplate&related_object_type=${type}&related_object_id=${id}&limit=0`);
    expect((await related('dcim.moduletype', other.id)).results.map((c: any) => c.object_repr)).toEqual(['br{module}']);
    expect((await related('dcim.devicetype', ids.type)).count).toBeGreaterThan(0);
    const wrong = await api.request('POST', '/api/dcim/interface-templates/', { module_type: ids.moduleType, name: 'x', type: '1000base-t', bridge: bridge.id });
    expect(wrong.body).toEqual({ bridge: ['Bridge interface (br{module}) must belong to the same module type'] });
    const psu = await post('power-port-templates', { module_type: other.id, name: 'PSU{module}' });
    const outlet = await api.request('POST', '/api/dcim/power-outlet-templates/', { module_type: ids.moduleType, name: 'O1', power_port: psu.id });
    expect(outlet.body).toEqual({ __all__: ['Parent power port (PSU{module}) must belong to the same module type'] });
    const virtual = await api.request('POST', '/api/dcim/interface-templates/', { module_type: other.id, name: 'v', type: 'virtual', poe_type: 'type1-ieee802.3af' });
    expect(virtual.body).toEqual({ poe_type: ['Virtual interfaces cannot have a PoE type.'] });
    const typeOnly = await api.request('POST', '/api/dcim/interface-templates/', { module_type: other.id, name: 'p', type: '1000base-t', poe_type: 'type1-ieee802.3af' });
    expect(typeOnly.body).toEqual({ poe_type: ['Must specify PoE mode when designating a PoE type.'] });
    const wired = await api.request('POST', '/api/dcim/interface-templates/', { module_type: other.id, name: 'w', type: '1000base-t', rf_role: 'ap' });
    expect(wired.body).toEqual({ rf_role: ['Wireless role may be set only on wireless interfaces.'] });
    await post('interface-templates', { module_type: other.id, name: 'wl', type: 'ieee802.11ac', rf_role: 'ap', poe_mode: 'pd', poe_type: 'type1-ieee802.3af' });
    await api.request('DELETE', `/api/dcim/module-types/${other.id}/`);
    expect(await count("interface-templates", "name=wl")).toBe(0);
  }, SLOW);

  it('gives a new device its type’s components, as NetBox instantiates them', async () => {
    // Components get the custom fields' defaults, as bulk_create is given them.
    await post('../extras/custom-fields', { name: 'circuit', type: 'text', object_types: ['dcim.interface'], default: 'none' });
    await post('../extras/custom-fields', { name: 'note', type: 'text', object_types: ['dcim.interface'] });
    await post('device-bay-templates', { device_type: ids.type, name: 'Slot 1', label: 'top', description: 'not copied' });
    await post('module-bay-templates', { device_type: ids.type, name: 'FPC{module}', position: '0' });
    const device = await post('devices', { name: 'r1', device_type: ids.type, role: ids.role, site: ids.site });
    ids.r1 = device.id;
    const interfaces = (await get(`/api/dcim/interfaces/?device_id=${device.id}&limit=0`)).results;
    expect(interfaces.map((i: any) => i.name)).toEqual(['xe-0/0/0', 'xe-0/0/2', 'xe-0/0/10', 'br0']);
    const xe0 = interfaces.find((i: any) => i.name === 'xe-0/0/0');
    expect(xe0).toMatchObject({ label: 'uplink', type: { value: '10gbase-x-sfpp' }, enabled: true, module: null, poe_mode: null, description: '', custom_fields: { circuit: 'none', note: null } });
    expect(xe0.bridge).toMatchObject({ name: 'br0' });
    expect(interfaces.find((i: any) => i.name === 'xe-0/0/2').mgmt_only).toBe(true);
    const bays = (await get(`/api/dcim/device-bays/?device_id=${device.id}`)).results;
    expect(bays.map((b: any) => [b.name, b.label, b.description])).toEqual([['Slot 1', 'top', '']]);
    // On a device, `{module}` stays as written.
    expect(await names('module-bays', `device_id=${device.id}`)).toEqual(['FPC{module}']);
    // NetBox records each component's creation (bulk_create, then post_save), and the bridge set after.
    const mine = (await get(`/api/core/object-changes/?changed_object_type=dcim.interface&related_object_type=dcim.device&related_object_id=${device.id}&limit=0`)).results;
    expect(mine.filter((c: any) => c.action.value === 'create')).toHaveLength(4);
    expect(mine.filter((c: any) => c.action.value === 'update').map((c: any) => c.object_repr)).toEqual(['xe-0/0/0 (uplink)']);
    // Renaming or deleting a template leaves the components as they are.
    const renamed = await api.request('PATCH', `/api/dcim/interface-templates/${ids.xe0}/`, { name: 'xe-9/9/9' });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'xe-9/9/9']);
    expect((await api.request('DELETE', `/api/dcim/interface-templates/${ids.br}/`)).status).toBe(204);
    expect(await names('interfaces', `device_id=${device.id}`)).toEqual(['xe-0/0/0', 'xe-0/0/2', 'xe-0/0/10', 'br0']);
  }, SLOW);

  it('instantiates a bulk create of three devices with one statement per component table', async () => {
    counting.reset();
    const made = await api.request('POST', '/api/dcim/devices/', [1, 2, 3].map((n) => ({ name: `bulk${n}`, device_type: ids.type, role: ids.role, site: ids.site })));
    expect(made.status).toBe(201);
    const inserts = (table: string) => counting.statements.filter((text) => text.trimStart().startsWith(`INSERT INTO "${table}"`)).length;
    expect([inserts('dcim_interface'), inserts('dcim_device_bay'), inserts('dcim_module_bay')]).toEqual([1, 1, 1]);
    // The statements reading templates and writing components: three devices cost what one does.
    const instantiating = () => counting.statements.filter((text) => /"dcim_(interface|device_bay|module_bay)"|_template"/.test(text)).length;
    const written = instantiating();
    counting.reset();
    await post('devices', { name: 'single', device_type: ids.type, role: ids.role, site: ids.site });
    expect(written).toBe(instantiating());
    for (const device of made.body) {
      expect(await names('interfaces', `device_id=${device.id}`)).toEqual(['xe-0/0/2', 'xe-0/0/10', 'xe-9/9/9']);
      expect(await names('device-bays', `device_id=${device.id}`)).toEqual(['Slot 1']);
    }
    // A device of another type gets that type's.
    const bare = await post('devices', { name: 'sw1', device_type: ids.plain, role: ids.role, site: ids.site });
    expect(await count('interfaces', `device_id=${bare.id}`)).toBe(1);
  }, SLOW);

  it('gives a new device its console, power and pass-through ports, an outlet linked to its own device’s power port', async () => {
    const type = await post('device-types', { manufacturer: ids.manufacturer, model: 'PDU', slug: 'pdu' });
    await post('console-port-templates', { device_type: type.id, name: 'con', type: 'rj-45' });
    await post('console-server-port-templates', { device_type: type.id, name: 'cs1', type: 'rj-45' });
    const inlet = await post('power-port-templates', { device_type: type.id, name: 'PSU1', type: 'iec-60320-c14', maximum_draw: 500, allocated_draw: 200 });
    await post('power-outlet-templates', { device_type: type.id, name: 'out1', type: 'iec-60320-c13', power_port: inlet.id, feed_leg: 'A' });
    await post('rear-port-templates', { device_type: type.id, name: 'rear1', type: '8p8c', positions: 2 });
    await post('front-port-templates', { device_type: type.id, name: 'front1', type: '8p8c' });
    const first = await post('devices', { name: 'pdu1', device_type: type.id, role: ids.role, site: ids.site });
    const second = await post('devices', { name: 'pdu2', device_type: type.id, role: ids.role, site: ids.site });
    for (const device of [first, second]) {
      const shown = await get(`/api/dcim/devices/${device.id}/`);
      expect([shown.console_port_count, shown.console_server_port_count, shown.power_port_count, shown.power_outlet_count, shown.front_port_count, shown.rear_port_count]).toEqual([1, 1, 1, 1, 1, 1]);
      const [port] = (await get(`/api/dcim/power-ports/?device_id=${device.id}`)).results;
      expect(port).toMatchObject({ name: 'PSU1', maximum_draw: 500, allocated_draw: 200, type: { value: 'iec-60320-c14' } });
      const [outlet] = (await get(`/api/dcim/power-outlets/?device_id=${device.id}`)).results;
      expect(outlet).toMatchObject({ name: 'out1', feed_leg: { value: 'A' } });
      expect(outlet.power_port).toMatchObject({ id: port.id, name: 'PSU1' });
      expect((await get(`/api/dcim/rear-ports/?device_id=${device.id}`)).results.map((p: any) => [p.name, p.positions])).toEqual([['rear1', 2]]);
      expect(await names('front-ports', `device_id=${device.id}`)).toEqual(['front1']);
      expect(await names('console-server-ports', `device_id=${device.id}`)).toEqual(['cs1']);
    }
  }, SLOW);

  it('gives new devices their type’s inventory item tree, each item’s component the device’s own made from the template’s', async () => {
    const type = await post('device-types', { manufacturer: ids.manufacturer, model: 'QFX5120', slug: 'qfx5120' });
    const role = await post('inventory-item-roles', { name: 'Optic', slug: 'optic', color: 'ff0000' });
    const uplink = await post('interface-templates', { device_type: type.id, name: 'et-0/0/48', type: '100gbase-x-qsfp28' });
    const psu = await post('power-port-templates', { device_type: type.id, name: 'PSU0', type: 'iec-60320-c14' });
    const chassis = await post('inventory-item-templates', { device_type: type.id, name: 'Chassis', part_id: 'QFX5120-48Y' });
    const fpc = await post('inventory-item-templates', { device_type: type.id, parent: chassis.id, name: 'FPC 0', label: 'line card' });
    await post('inventory-item-templates', { device_type: type.id, parent: fpc.id, name: 'Xcvr 48', role: role.id, manufacturer: ids.manufacturer, component_type: 'dcim.interfacetemplate', component_id: uplink.id });
    await post('inventory-item-templates', { device_type: type.id, parent: chassis.id, name: 'Power supply 0', component_type: 'dcim.powerporttemplate', component_id: psu.id });
    counting.reset();
    const made = await api.request('POST', '/api/dcim/devices/', [1, 2].map((n) => ({ name: `inv${n}`, device_type: type.id, role: ids.role, site: ids.site })));
    expect(made.status).toBe(201);
    // One INSERT per level of the template tree, whatever the batch's size.
    expect(counting.statements.filter((text) => text.trimStart().startsWith('INSERT INTO "dcim_inventory_item"')).length).toBe(3);
    for (const device of made.body) {
      const items = (await get(`/api/dcim/inventory-items/?device_id=${device.id}&limit=0`)).results;
      // `parent` is a bare id, as NetBox's serializer gives it.
      const nameOf = new Map(items.map((i: any) => [i.id, i.name]));
      expect(items.map((i: any) => [i.name, i._depth, nameOf.get(i.parent) ?? null])).toEqual([
        ['Chassis', 0, null], ['FPC 0', 1, 'Chassis'], ['Xcvr 48', 2, 'FPC 0'], ['Power supply 0', 1, 'Chassis'],
      ]);
      const byName = Object.fromEntries(items.map((i: any) => [i.name, i]));
      expect([byName.Chassis.part_id, byName['FPC 0'].label, byName['Xcvr 48'].role.slug, byName['Xcvr 48'].manufacturer.slug]).toEqual(['QFX5120-48Y', 'line card', 'optic', 'juniper']);
      const [port] = (await get(`/api/dcim/interfaces/?device_id=${device.id}&name=et-0/0/48`)).results;
      const [inlet] = (await get(`/api/dcim/power-ports/?device_id=${device.id}`)).results;
      expect([byName['Xcvr 48'].component_type, byName['Xcvr 48'].component.id]).toEqual(['dcim.interface', port.id]);
      expect([byName['Power supply 0'].component_type, byName['Power supply 0'].component.id]).toEqual(['dcim.powerport', inlet.id]);
      expect([byName.Chassis.component, byName.Chassis.component_type]).toEqual([null, null]);
      expect((await get(`/api/dcim/devices/${device.id}/`)).inventory_item_count).toBe(4);
    }
    // Each item is change-logged as created.
    const changes = (await get(`/api/core/object-changes/?changed_object_type=dcim.inventoryitem&limit=0`)).results;
    expect(changes.filter((c: any) => c.action.value === 'create').length).toBeGreaterThanOrEqual(8);
  }, SLOW);

  it('resolves `{vc_position}` to the device’s chassis position, refusing names it makes equal', async () => {
    const type = await post('device-types', { manufacturer: ids.manufacturer, model: 'QFX', slug: 'qfx' });
    await post('interface-templates', [
      { device_type: type.id, name: 'et-{vc_position}/0/0', type: '100gbase-x-qsfp28' },
      { device_type: type.id, name: 'mgmt{vc_position:9}', type: '1000base-t' },
      { device_type: type.id, name: 'et-1/0/0', type: '100gbase-x-qsfp28' },
    ]);
    const chassis = await post('virtual-chassis', { name: 'VC1' });
    const second = await post('devices', { name: 'qfx2', device_type: type.id, role: ids.role, site: ids.site, virtual_chassis: chassis.id, vc_position: 2 });
    expect(await names('interfaces', `device_id=${second.id}`)).toEqual(['et-1/0/0', 'et-2/0/0', 'mgmt2']);
    const alone = await post('devices', { name: 'qfx0', device_type: type.id, role: ids.role, site: ids.site });
    expect(await names('interfaces', `device_id=${alone.id}`)).toEqual(['et-0/0/0', 'et-1/0/0', 'mgmt9']);
    const devices = await count('devices');
    const clash = await api.request('POST', '/api/dcim/devices/', { name: 'qfx1', device_type: type.id, role: ids.role, site: ids.site, virtual_chassis: chassis.id, vc_position: 1 });
    expect([clash.status, clash.body]).toEqual([400, { detail: 'Component name conflict after resolving {vc_position}: et-1/0/0' }]);
    expect(await count('devices')).toBe(devices);
  }, SLOW);

  it('installs a module with its type’s components, `{module}` resolved to the bay’s position', async () => {
    await post('interface-templates', { module_type: ids.moduleType, name: 'et-{module}/0/0', type: '100gbase-x-qsfp28' });
    await post('interface-templates', { module_type: ids.moduleType, name: 'et-{module}/0/1', type: '100gbase-x-qsfp28' });
    await post('module-bay-templates', { module_type: ids.moduleType, name: 'PIC {module}/0', position: '{module}' });
    const device = await post('devices', { name: 'r2', device_type: ids.plain, role: ids.role, site: ids.site });
    const bay = await post('module-bays', { device: device.id, name: 'FPC3', position: '3' });
    const module = await post('modules', { device: device.id, module_bay: bay.id, module_type: ids.moduleType });
    const interfaces = (await get(`/api/dcim/interfaces/?device_id=${device.id}&module_id=${module.id}`)).results;
    expect(interfaces.map((i: any) => i.name)).toEqual(['et-3/0/0', 'et-3/0/1']);
    const bays = (await get(`/api/dcim/module-bays/?device_id=${device.id}&limit=0`)).results;
    expect(bays.map((b: any) => [b.name, b.position])).toEqual([['FPC3', '3'], ['PIC 3/0', '3']]);
    // The module's bay hangs under the bay holding the module; a module in it resolves two levels.
    const pic = bays.find((b: any) => b.name === 'PIC 3/0');
    expect(await names('module-bays', `parent_id=${bay.id}`)).toEqual(['PIC 3/0']);
    const nested = await post('module-types', { manufacturer: ids.manufacturer, model: 'PIC' });
    await post('interface-templates', { module_type: nested.id, name: 'ge-{module}/{module}/0', type: '1000base-t' });
    await post('modules', { device: device.id, module_bay: pic.id, module_type: nested.id });
    expect(await names('interfaces', `device_id=${device.id}&name__isw=ge-3`)).toEqual(['ge-3/3/0']);
  }, SLOW);

  it('adopts existing components, or replicates none, as the request says', async () => {
    const device = await post('devices', { name: 'r3', device_type: ids.plain, role: ids.role, site: ids.site });
    const [b1, b2] = [await post('module-bays', { device: device.id, name: 'FPC1', position: '1' }), await post('module-bays', { device: device.id, name: 'FPC2', position: '2' })];
    const existing = await post('interfaces', { device: device.id, name: 'et-1/0/0', type: '100gbase-x-qsfp28' });
    const conflict = await api.request('POST', '/api/dcim/modules/', { device: device.id, module_bay: b1.id, module_type: ids.moduleType });
    expect([conflict.status, conflict.body]).toEqual([400, { non_field_errors: ['A Interface named et-1/0/0 already exists'] }]);
    expect(await count('modules', `device_id=${device.id}`)).toBe(0);
    const adopted = await post('modules', { device: device.id, module_bay: b1.id, module_type: ids.moduleType, adopt_components: true });
    expect('adopt_components' in adopted).toBe(false);
    const interfaces = (await get(`/api/dcim/interfaces/?device_id=${device.id}&limit=0`)).results;
    // The device's own `ge-0/0/0` comes from its type.
    expect(interfaces.map((i: any) => [i.name, i.module?.id ?? null])).toEqual([['ge-0/0/0', null], ['et-1/0/0', adopted.id], ['et-1/0/1', adopted.id]]);
    expect(interfaces[1].id).toBe(existing.id);
    // Adoption is recorded as the component's update (bulk_update, then post_save), creation as a create.
    const changes = (await get(`/api/core/object-changes/?changed_object_type=dcim.interface&related_object_id=${device.id}&limit=0`)).results;
    expect(changes.map((c: any) => [c.object_repr, c.action.value]).sort()).toEqual([['et-1/0/0', 'create'], ['et-1/0/0', 'update'], ['et-1/0/1', 'create'], ['ge-0/0/0', 'create']]);
    expect(changes.find((c: any) => c.action.value === 'update').postchange_data.module).toBe(adopted.id);
    const none = await post('modules', { device: device.id, module_bay: b2.id, module_type: ids.moduleType, replicate_components: false });
    expect(await count('interfaces', `module_id=${none.id}`)).toBe(0);
    expect(await count('module-bays', `device_id=${device.id}`)).toBe(3);
  }, SLOW);

  it('refuses a `{module}` template in a bay without a position', async () => {
    const device = await post('devices', { name: 'r4', device_type: ids.plain, role: ids.role, site: ids.site });
    const bay = await post('module-bays', { device: device.id, name: 'Bay' });
    const r = await api.request('POST', '/api/dcim/modules/', { device: device.id, module_bay: bay.id, module_type: ids.moduleType });
    expect([r.status, r.body]).toEqual([400, { non_field_errors: ['Cannot install module with placeholder values in a module bay with no position defined.'] }]);
    expect(await count('interfaces', `device_id=${device.id}&module_id__n=null`)).toBe(0);
    expect(await count('modules', `device_id=${device.id}`)).toBe(0);
  }, SLOW);

  it('refuses deleting a device type or module type in use', async () => {
    const r = await api.request('DELETE', `/api/dcim/device-types/${ids.type}/`);
    expect([r.status, r.body]).toEqual([409, { detail: 'Unable to delete object. 5 dependent objects were found: r1 (1), bulk1 (2), bulk2 (3), bulk3 (4), single (5)' }]);
    expect(await count('interface-templates', `device_type_id=${ids.type}`)).toBe(3);
    const m = await api.request('DELETE', `/api/dcim/module-types/${ids.moduleType}/`);
    expect(m.status).toBe(409);
  }, SLOW);
});
