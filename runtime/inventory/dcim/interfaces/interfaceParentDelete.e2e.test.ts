/**
 * An interface's parent is NetBox's `on_delete=RESTRICT` (netbox#12135): an interface with child
 * interfaces cannot be deleted alone (409, NetBox's message naming the children), but a delete
 * that removes the children too — the parent and child in one bulk request, as NetBox's
 * test_bulk_delete_child_interfaces, or their device — goes through. (Django's PROTECT would
 * refuse those too; the definitions' `protect` is what the delete collector runs as RESTRICT.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('deleting parent interfaces on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const response = await api.request('POST', `/api/${path}/`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  /** A device with an interface and a virtual child of it. */
  const deviceWithChild = async (name: string) => {
    const device = await post('dcim/devices', { name, device_type: ids.type, role: ids.role, site: ids.site });
    const parent = await post('dcim/interfaces', { device: device.id, name: 'et1', type: '1000base-t' });
    const child = await post('dcim/interfaces', { device: device.id, name: 'et1.10', type: 'virtual', parent: parent.id });
    return { device, parent, child };
  };
  const exists = async (id: number) => (await api.request('GET', `/api/dcim/interfaces/${id}/`)).status === 200;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('dcim/sites', { name: 'Paris', slug: 'paris' })).id;
    ids.type = (await post('dcim/device-types', { manufacturer: (await post('dcim/manufacturers', { name: 'Arista', slug: 'arista' })).id, model: '7050', slug: '7050' })).id;
    ids.role = (await post('dcim/device-roles', { name: 'Leaf', slug: 'leaf' })).id;
  }, 60_000);
  afterAll(async () => api?.close());

  it('refuses to delete an interface alone while it has child interfaces', async () => {
    const { parent, child } = await deviceWithChild('leaf1');
    const refused = await api.request('DELETE', `/api/dcim/interfaces/${parent.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: `Unable to delete object. 1 dependent objects were found: ${child.display} (${child.id})` });
    expect(await exists(parent.id)).toBe(true);
    // Once the child is gone, the parent may go.
    expect((await api.request('DELETE', `/api/dcim/interfaces/${child.id}/`)).status).toBe(204);
    expect((await api.request('DELETE', `/api/dcim/interfaces/${parent.id}/`)).status).toBe(204);
  }, 30_000);

  it('deletes a parent and its child together in one bulk request', async () => {
    const { parent, child } = await deviceWithChild('leaf2');
    const removed = await api.request('DELETE', '/api/dcim/interfaces/', [{ id: parent.id }, { id: child.id }]);
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect(await exists(parent.id)).toBe(false);
    expect(await exists(child.id)).toBe(false);
  }, 30_000);

  it('deletes a device whose interfaces are parent and child', async () => {
    const { device, parent, child } = await deviceWithChild('leaf3');
    expect((await api.request('DELETE', `/api/dcim/devices/${device.id}/`)).status).toBe(204);
    expect(await exists(parent.id)).toBe(false);
    expect(await exists(child.id)).toBe(false);
  }, 30_000);
});
