/**
 * End-to-end tests of inventory item roles, inventory items and inventory item templates, on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL: shapes and brief forms, the trees (listed
 * in tree order, `_depth`, a bare `parent`), the component generic relation, NetBox's validation
 * messages (nothing written on a 400), every modular component and component template as a
 * component, filters, the counts devices, device types, manufacturers
 * and roles show, protected deletes and cascades.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

/** Many requests per test, on a shared machine: generous limits. */
const SLOW = 60_000;

describe.each(testDatabases())('dcim inventory items on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/dcim/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const list = async (path: string, query: string, key = 'name') => (await api.request('GET', `/api/dcim/${path}/?${query}&limit=0`)).body.results.map((o: any) => o[key]);
  const count = async (path: string) => (await api.request('GET', `/api/dcim/${path}/?limit=1`)).body.count;
  const refused = async (method: string, path: string, body: unknown) => {
    const r = await api.request(method, `/api/dcim/${path}`, body);
    return [r.status, r.body];
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('sites', { name: 'DC1', slug: 'dc1' })).id;
    ids.manufacturer = (await post('manufacturers', { name: 'Juniper', slug: 'juniper' })).id;
    ids.type = (await post('device-types', { manufacturer: ids.manufacturer, model: 'MX480', slug: 'mx480' })).id;
    ids.otherType = (await post('device-types', { manufacturer: ids.manufacturer, model: 'MX960', slug: 'mx960' })).id;
    ids.deviceRole = (await post('device-roles', { name: 'Edge', slug: 'edge' })).id;
    ids.d1 = (await post('devices', { name: 'edge1', device_type: ids.type, role: ids.deviceRole, site: ids.site })).id;
    ids.d2 = (await post('devices', { name: 'edge2', device_type: ids.type, role: ids.deviceRole, site: ids.site })).id;
    ids.if1 = (await post('interfaces', { device: ids.d1, name: 'xe-0/0/0', type: '10gbase-x-sfpp' })).id;
    ids.if2 = (await post('interfaces', { device: ids.d2, name: 'xe-0/0/0', type: '10gbase-x-sfpp' })).id;
    ids.bay = (await post('module-bays', { device: ids.d1, name: 'FPC0' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('serves inventory item roles as organizational models', async () => {
    const role = await post('inventory-item-roles', { name: 'Optic', slug: 'optic' });
    ids.role = role.id;
    expect(Object.keys(role)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'slug', 'color', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'inventoryitem_count']);
    expect(role).toMatchObject({ display: 'Optic', color: '9e9e9e', inventoryitem_count: 0 });
    expect(await refused('POST', 'inventory-item-roles/', { name: 'Optic', slug: 'optic-2' })).toEqual([400, { name: ['inventory item role with this name already exists.'] }]);
    ids.psuRole = (await post('inventory-item-roles', { name: 'Power supply', slug: 'psu', color: 'ff0000' })).id;
    expect(await list('inventory-item-roles', 'color=ff0000', 'id')).toEqual([ids.psuRole]);
    expect(await list('inventory-item-roles', 'q=power', 'id')).toEqual([ids.psuRole]);
    const brief = await api.request('GET', `/api/dcim/inventory-item-roles/${ids.role}/?brief=true`);
    expect(brief.body).toEqual({ id: ids.role, url: `http://nb.test/api/dcim/inventory-item-roles/${ids.role}/`, display: 'Optic', name: 'Optic', slug: 'optic', description: '', inventoryitem_count: 0 });
  }, SLOW);

  it('keeps inventory items as trees under their device, listed in tree order', async () => {
    const chassis = await post('inventory-items', { device: ids.d1, name: 'Chassis', serial: 'SN-CH', asset_tag: 'AT-1', manufacturer: ids.manufacturer, part_id: 'CHAS-MX480' });
    ids.chassis = chassis.id;
    expect(Object.keys(chassis)).toEqual([
      'id', 'url', 'display_url', 'display', 'device', 'parent', 'name', 'label', 'status', 'role', 'manufacturer', 'part_id', 'serial', 'asset_tag', 'discovered',
      'description', 'component_type', 'component_id', 'component', 'owner', 'tags', 'custom_fields', 'created', 'last_updated', '_depth',
    ]);
    expect(chassis).toMatchObject({
      display: 'Chassis',
      device: { id: ids.d1, name: 'edge1' },
      parent: null,
      status: { value: 'active', label: 'Active' },
      role: null,
      manufacturer: { id: ids.manufacturer, name: 'Juniper' },
      discovered: false,
      component_type: null,
      component_id: null,
      component: null,
      _depth: 0,
    });
    ids.psu1 = (await post('inventory-items', { device: ids.d1, parent: ids.chassis, name: 'PSU 1', label: 'left', role: ids.psuRole, status: 'planned' })).id;
    ids.psu2 = (await post('inventory-items', { device: ids.d1, parent: ids.chassis, name: 'PSU 2', role: ids.psuRole, discovered: true })).id;
    const fan = await post('inventory-items', { device: ids.d1, parent: ids.psu1, name: 'Fan' });
    ids.fan = fan.id;
    expect(fan).toMatchObject({ parent: ids.psu1, _depth: 2 });
    ids.optic = (await post('inventory-items', { device: ids.d1, name: 'SFP+', role: ids.role, component_type: 'dcim.interface', component_id: ids.if1 })).id;
    ids.other = (await post('inventory-items', { device: ids.d2, name: 'Chassis', serial: 'SN-2' })).id;

    // A node before its children, siblings in the order they were added, trees one after another.
    expect(await list('inventory-items', '', 'id')).toEqual([ids.chassis, ids.psu1, ids.fan, ids.psu2, ids.optic, ids.other]);
    const psu1 = (await api.request('GET', `/api/dcim/inventory-items/${ids.psu1}/`)).body;
    expect(psu1).toMatchObject({ display: 'PSU 1 (left)', parent: ids.chassis, _depth: 1, role: { id: ids.psuRole, name: 'Power supply' } });
    const optic = (await api.request('GET', `/api/dcim/inventory-items/${ids.optic}/`)).body;
    expect(optic).toMatchObject({ component_type: 'dcim.interface', component_id: ids.if1, component: { id: ids.if1, name: 'xe-0/0/0', device: { id: ids.d1 } } });
    const brief = await api.request('GET', `/api/dcim/inventory-items/${ids.fan}/?brief=true`);
    expect(brief.body).toEqual({ id: ids.fan, url: `http://nb.test/api/dcim/inventory-items/${ids.fan}/`, display: 'Fan', device: expect.objectContaining({ id: ids.d1, name: 'edge1' }), name: 'Fan', description: '', _depth: 2 });

    // The counts that follow them.
    expect((await api.request('GET', `/api/dcim/devices/${ids.d1}/`)).body.inventory_item_count).toBe(5);
    expect(await list('devices', 'inventory_item_count__gte=2', 'id')).toEqual([ids.d1]);
    expect((await api.request('GET', `/api/dcim/manufacturers/${ids.manufacturer}/`)).body.inventoryitem_count).toBe(1);
    expect((await api.request('GET', `/api/dcim/inventory-item-roles/${ids.psuRole}/`)).body.inventoryitem_count).toBe(2);
  }, SLOW);

  it('refuses invalid inventory items with NetBox’s messages, writing nothing', async () => {
    const before = await count('inventory-items');
    expect(await refused('POST', 'inventory-items/', { device: ids.d2, parent: ids.chassis, name: 'Stray' })).toEqual([400, { parent: ['Parent inventory item does not belong to the same device.'] }]);
    expect(await refused('POST', 'inventory-items/', { device: ids.d2, name: 'Stray', component_type: 'dcim.interface', component_id: ids.if1 })).toEqual([
      400,
      { device: ['Cannot assign inventory item to component on another device'] },
    ]);
    // Only modular components (NetBox's MODULAR_COMPONENT_MODELS): no module bay.
    expect(await refused('POST', 'inventory-items/', { device: ids.d1, name: 'Stray', component_type: 'dcim.modulebay', component_id: ids.bay })).toEqual([
      400,
      { component_type: ['Invalid content type: dcim.modulebay'] },
    ]);
    expect(await refused('POST', 'inventory-items/', { device: ids.d1, name: 'Stray', component_type: 'dcim.interface', component_id: 999999 })).toEqual([
      400,
      { component_id: ['Related object not found using the provided value: 999999.'] },
    ]);
    expect(await refused('POST', 'inventory-items/', { device: ids.d1, name: 'Stray', component_id: ids.if1 })).toEqual([400, { component_type: ['This field cannot be null.'] }]);
    expect(await refused('POST', 'inventory-items/', { device: ids.d1, name: 'Stray', component_type: 'dcim.interface' })).toEqual([400, { component_id: ['This field cannot be null.'] }]);
    expect(await refused('POST', 'inventory-items/', { device: ids.d1, name: 'Stray', asset_tag: 'AT-1' })).toEqual([400, { asset_tag: ['inventory item with this asset tag already exists.'] }]);
    expect(await refused('POST', 'inventory-items/', { device: ids.d1, parent: ids.chassis, name: 'PSU 1' })).toEqual([
      400,
      { __all__: ['Inventory item with this Device, Parent and Name already exists.'] },
    ]);
    expect(await refused('POST', 'inventory-items/', { device: ids.d1, name: 'Stray', status: 'lost' })).toEqual([400, { status: ['lost is not a valid choice.'] }]);
    expect(await count('inventory-items')).toBe(before);

    expect(await refused('PATCH', `inventory-items/${ids.psu1}/`, { parent: ids.psu1 })).toEqual([400, { parent: ['Cannot assign self as parent.'] }]);
    expect(await refused('PATCH', `inventory-items/${ids.chassis}/`, { parent: ids.fan })).toEqual([400, { parent: ['A node may not be made a child of any of its descendants.'] }]);
    expect(await refused('PATCH', `inventory-items/${ids.chassis}/`, { device: ids.d2 })).toEqual([400, { __all__: ['Cannot move an inventory item with dependent children'] }]);
    expect(await refused('PATCH', `inventory-items/${ids.fan}/`, { device: ids.d2 })).toEqual([400, { parent: ['Parent inventory item does not belong to the same device.'] }]);
    expect((await api.request('GET', `/api/dcim/inventory-items/${ids.chassis}/`)).body.device.id).toBe(ids.d1);
  }, SLOW);

  it('moves an item to another device, leaving its component behind, and re-parents within a device', async () => {
    const moved = await api.request('PATCH', `/api/dcim/inventory-items/${ids.optic}/`, { device: ids.d2 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ device: { id: ids.d2 }, component_type: null, component_id: null, component: null });
    const back = await api.request('PATCH', `/api/dcim/inventory-items/${ids.optic}/`, { device: ids.d1, component_type: 'dcim.interface', component_id: ids.if1 });
    expect(back.body).toMatchObject({ device: { id: ids.d1 }, component_id: ids.if1 });
    // The fan goes under PSU 2: its depth follows, and the list its new place.
    const refit = await api.request('PATCH', `/api/dcim/inventory-items/${ids.fan}/`, { parent: ids.psu2 });
    expect(refit.body).toMatchObject({ parent: ids.psu2, _depth: 2 });
    expect(await list('inventory-items', `device_id=${ids.d1}`, 'id')).toEqual([ids.chassis, ids.psu1, ids.psu2, ids.fan, ids.optic]);
  }, SLOW);

  it('filters inventory items as NetBox does', async () => {
    expect(await list('inventory-items', 'device=edge2', 'id')).toEqual([ids.other]);
    expect(await list('inventory-items', `device_id=${ids.d1}&name=Chassis`, 'id')).toEqual([ids.chassis]);
    // parent_id: direct children only.
    expect(await list('inventory-items', `parent_id=${ids.chassis}`, 'id')).toEqual([ids.psu1, ids.psu2]);
    expect(await list('inventory-items', 'role=psu', 'id')).toEqual([ids.psu1, ids.psu2]);
    expect(await list('inventory-items', `role_id=${ids.role}`, 'id')).toEqual([ids.optic]);
    expect(await list('inventory-items', 'manufacturer=juniper', 'id')).toEqual([ids.chassis]);
    expect(await list('inventory-items', 'status=planned', 'id')).toEqual([ids.psu1]);
    expect(await list('inventory-items', 'discovered=true', 'id')).toEqual([ids.psu2]);
    expect(await list('inventory-items', 'component_type=dcim.interface', 'id')).toEqual([ids.optic]);
    expect(await list('inventory-items', `component_id=${ids.if1}`, 'id')).toEqual([ids.optic]);
    expect(await list('inventory-items', 'site=dc1&device_id=' + ids.d2, 'id')).toEqual([ids.other]);
    expect(await list('inventory-items', 'device_type=MX480', 'id')).toHaveLength(6);
    expect(await list('inventory-items', 'device_role=edge&serial=SN-2', 'id')).toEqual([ids.other]);
    expect(await list('inventory-items', 'q=CHAS-MX', 'id')).toEqual([ids.chassis]);
    expect(await list('inventory-items', 'asset_tag__empty=false', 'id')).toEqual([ids.chassis]);
    expect(await list('inventory-items', 'label=left', 'id')).toEqual([ids.psu1]);
    const bad = await api.request('GET', '/api/dcim/inventory-items/?role=nothing');
    expect([bad.status, bad.body]).toEqual([400, { role: ['Select a valid choice. nothing is not one of the available choices.'] }]);
  }, SLOW);

  it('serves inventory item templates as trees under their device type, with NetBox’s messages', async () => {
    const chassis = await post('inventory-item-templates', { device_type: ids.type, name: 'Chassis', manufacturer: ids.manufacturer, part_id: 'CHAS' });
    ids.tChassis = chassis.id;
    expect(Object.keys(chassis)).toEqual([
      'id', 'url', 'display', 'device_type', 'parent', 'name', 'label', 'role', 'manufacturer', 'part_id', 'description', 'component_type', 'component_id', 'component', 'created', 'last_updated', '_depth',
    ]);
    expect(chassis).toMatchObject({ display: 'Chassis', device_type: { id: ids.type, model: 'MX480' }, parent: null, component: null, _depth: 0 });
    ids.tPsu = (await post('inventory-item-templates', { device_type: ids.type, parent: ids.tChassis, name: 'PSU', label: 'PEM', role: ids.psuRole })).id;
    ids.tFpc = (await post('inventory-item-templates', { device_type: ids.type, name: 'FPC', description: 'line card' })).id;
    expect(await list('inventory-item-templates', '', 'id')).toEqual([ids.tChassis, ids.tPsu, ids.tFpc]);
    const brief = await api.request('GET', `/api/dcim/inventory-item-templates/${ids.tPsu}/?brief=true`);
    expect(brief.body).toEqual({ id: ids.tPsu, url: `http://nb.test/api/dcim/inventory-item-templates/${ids.tPsu}/`, display: 'PSU (PEM)', name: 'PSU', description: '', _depth: 1 });

    const before = await count('inventory-item-templates');
    expect(await refused('POST', 'inventory-item-templates/', { device_type: ids.type, name: 'X', component_type: 'dcim.modulebaytemplate', component_id: 1 })).toEqual([
      400,
      { component_type: ['Invalid content type: dcim.modulebaytemplate'] },
    ]);
    expect(await refused('POST', 'inventory-item-templates/', { device_type: ids.type, name: 'X', component_type: 'interfacetemplate' })).toEqual([
      400,
      { component_type: ["Invalid value. Specify a content type as '<app_label>.<model_name>'."] },
    ]);
    expect(await refused('POST', 'inventory-item-templates/', { device_type: ids.type, name: 'X', component_id: 1 })).toEqual([400, { component_type: ['This field cannot be null.'] }]);
    expect(await refused('POST', 'inventory-item-templates/', { device_type: ids.type, parent: ids.tChassis, name: 'PSU' })).toEqual([
      400,
      { __all__: ['Inventory item template with this Device type, Parent and Name already exists.'] },
    ]);
    expect(await count('inventory-item-templates')).toBe(before);
    expect(await refused('PATCH', `inventory-item-templates/${ids.tPsu}/`, { device_type: ids.otherType })).toEqual([
      400,
      { device_type: ['Component templates cannot be moved to a different device type.'] },
    ]);
    expect(await refused('PATCH', `inventory-item-templates/${ids.tPsu}/`, { parent: ids.tPsu })).toEqual([400, { parent: ['A node may not be made a child of itself.'] }]);
    expect(await refused('PATCH', `inventory-item-templates/${ids.tChassis}/`, { parent: ids.tPsu })).toEqual([400, { parent: ['A node may not be made a child of any of its descendants.'] }]);

    expect(await list('inventory-item-templates', `device_type_id=${ids.type}&parent_id=${ids.tChassis}`, 'id')).toEqual([ids.tPsu]);
    expect(await list('inventory-item-templates', 'role=psu', 'id')).toEqual([ids.tPsu]);
    expect(await list('inventory-item-templates', 'manufacturer=juniper', 'id')).toEqual([ids.tChassis]);
    expect(await list('inventory-item-templates', 'q=line', 'id')).toEqual([ids.tFpc]);
    expect((await api.request('GET', `/api/dcim/device-types/${ids.type}/`)).body.inventory_item_template_count).toBe(3);
    expect(await list('device-types', 'inventory_items=true', 'id')).toEqual([ids.type]);
    expect(await list('device-types', 'inventory_items=false', 'id')).toEqual([ids.otherType]);
    expect(await list('device-types', 'inventory_item_template_count=3', 'id')).toEqual([ids.type]);
  }, SLOW);

  it('protects roles and manufacturers in use, and cascades deletes down the trees', async () => {
    expect((await api.request('DELETE', `/api/dcim/inventory-item-roles/${ids.psuRole}/`)).status).toBe(409);
    // Deleting a node deletes its subtree.
    expect((await api.request('DELETE', `/api/dcim/inventory-items/${ids.psu2}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/inventory-items/${ids.fan}/`)).status).toBe(404);
    // Deleting the component deletes the items naming it (its GenericRelation).
    expect((await api.request('DELETE', `/api/dcim/interfaces/${ids.if1}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/inventory-items/${ids.optic}/`)).status).toBe(404);
    // Deleting the device deletes the rest of its items.
    expect((await api.request('DELETE', `/api/dcim/devices/${ids.d1}/`)).status).toBe(204);
    expect(await list('inventory-items', '', 'id')).toEqual([ids.other]);
    expect((await api.request('DELETE', `/api/dcim/inventory-item-roles/${ids.psuRole}/`)).status).toBe(409);
    expect((await api.request('DELETE', `/api/dcim/inventory-item-templates/${ids.tChassis}/`)).status).toBe(204);
    expect((await api.request('DELETE', `/api/dcim/inventory-item-roles/${ids.psuRole}/`)).status).toBe(204);
    // A device type's templates go with it.
    expect((await api.request('DELETE', `/api/dcim/devices/${ids.d2}/`)).status).toBe(204);
    expect((await api.request('DELETE', `/api/dcim/device-types/${ids.type}/`)).status).toBe(204);
    expect(await count('inventory-item-templates')).toBe(0);
    expect(await count('inventory-items')).toBe(0);
  }, SLOW);

  it('names every modular component as an item’s component, and every modular component template as a template’s', async () => {
    const device = (await post('devices', { name: 'edge9', device_type: ids.otherType, role: ids.deviceRole, site: ids.site })).id;
    const components: [string, string, Record<string, unknown>][] = [
      ['console-ports', 'dcim.consoleport', {}],
      ['console-server-ports', 'dcim.consoleserverport', {}],
      ['power-ports', 'dcim.powerport', {}],
      ['power-outlets', 'dcim.poweroutlet', {}],
      ['rear-ports', 'dcim.rearport', { type: '8p8c' }],
      ['front-ports', 'dcim.frontport', { type: '8p8c' }],
      ['interfaces', 'dcim.interface', { type: '1000base-t' }],
    ];
    const items: Record<string, number> = {};
    for (const [resource, type, extra] of components) {
      const component = await post(resource, { device, name: `c-${resource}`, ...extra });
      const item = await post('inventory-items', { device, name: `i-${resource}`, component_type: type, component_id: component.id });
      expect(item, resource).toMatchObject({ component_type: type, component_id: component.id, component: { id: component.id, name: `c-${resource}`, device: { id: device } } });
      items[resource] = item.id;
      expect(await list('inventory-items', `component_type=${type}`, 'id'), resource).toEqual([item.id]);
    }
    // Deleting any of them deletes its item (its GenericRelation).
    const port = (await api.request('GET', `/api/dcim/inventory-items/${items['power-ports']}/`)).body.component_id;
    expect((await api.request('DELETE', `/api/dcim/power-ports/${port}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/inventory-items/${items['power-ports']}/`)).status).toBe(404);

    const templates: [string, string, Record<string, unknown>][] = [
      ['console-port-templates', 'dcim.consoleporttemplate', {}],
      ['console-server-port-templates', 'dcim.consoleserverporttemplate', {}],
      ['power-port-templates', 'dcim.powerporttemplate', {}],
      ['power-outlet-templates', 'dcim.poweroutlettemplate', {}],
      ['rear-port-templates', 'dcim.rearporttemplate', { type: '8p8c' }],
      ['front-port-templates', 'dcim.frontporttemplate', { type: '8p8c' }],
      ['interface-templates', 'dcim.interfacetemplate', { type: '1000base-t' }],
    ];
    const named: Record<string, [number, number]> = {};
    for (const [resource, type, extra] of templates) {
      const template = await post(resource, { device_type: ids.otherType, name: `t-${resource}`, ...extra });
      const item = await post('inventory-item-templates', { device_type: ids.otherType, name: `i-${resource}`, component_type: type, component_id: template.id });
      expect(item, resource).toMatchObject({ component_type: type, component_id: template.id, component: { id: template.id, name: `t-${resource}` } });
      named[resource] = [item.id, template.id];
      expect(await list('inventory-item-templates', `component_type=${type}`, 'id'), resource).toEqual([item.id]);
    }
    const before = await count('inventory-item-templates');
    expect(await refused('POST', 'inventory-item-templates/', { device_type: ids.otherType, name: 'X', component_type: 'dcim.devicebaytemplate', component_id: 1 })).toEqual([
      400,
      { component_type: ['Invalid content type: dcim.devicebaytemplate'] },
    ]);
    expect(await refused('POST', 'inventory-item-templates/', { device_type: ids.otherType, name: 'X', component_type: 'dcim.interfacetemplate', component_id: 999999 })).toEqual([
      400,
      { component_id: ['Related object not found using the provided value: 999999.'] },
    ]);
    expect(await refused('POST', 'inventory-item-templates/', { device_type: ids.otherType, name: 'X', component_type: 'dcim.interfacetemplate' })).toEqual([400, { component_id: ['This field cannot be null.'] }]);
    expect(await count('inventory-item-templates')).toBe(before);
    // A component template has no GenericRelation back: deleting it leaves the template naming it.
    const [item, template] = named['interface-templates'];
    expect((await api.request('DELETE', `/api/dcim/interface-templates/${template}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/inventory-item-templates/${item}/`)).body).toMatchObject({ component_type: 'dcim.interfacetemplate', component_id: template, component: null });
  }, SLOW);

});
