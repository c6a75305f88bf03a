/**
 * A VM interface's parent is NetBox's `on_delete=RESTRICT` (netbox#12135, as dcim's): refused
 * alone while it has child interfaces (409, NetBox's message), deleted with them in one bulk
 * request or with their virtual machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('deleting parent VM interfaces on $name', (database) => {
  let api: TestClient;
  let site = 0;
  const post = async (path: string, body: unknown) => {
    const response = await api.request('POST', `/api/${path}/`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  /** A virtual machine with an interface and a child of it. */
  const machineWithChild = async (name: string) => {
    const vm = await post('virtualization/virtual-machines', { name, site });
    const parent = await post('virtualization/interfaces', { virtual_machine: vm.id, name: 'eth0' });
    const child = await post('virtualization/interfaces', { virtual_machine: vm.id, name: 'eth0.10', parent: parent.id });
    return { vm, parent, child };
  };
  const exists = async (id: number) => (await api.request('GET', `/api/virtualization/interfaces/${id}/`)).status === 200;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    site = (await post('dcim/sites', { name: 'NYC', slug: 'nyc' })).id;
  }, 60_000);
  afterAll(async () => api?.close());

  it('refuses to delete an interface alone while it has child interfaces', async () => {
    const { parent, child } = await machineWithChild('vm1');
    const refused = await api.request('DELETE', `/api/virtualization/interfaces/${parent.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: `Unable to delete object. 1 dependent objects were found: ${child.display} (${child.id})` });
    expect(await exists(parent.id)).toBe(true);
  }, 30_000);

  it('deletes a parent with its child in one bulk request, and with their virtual machine', async () => {
    const first = await machineWithChild('vm2');
    expect((await api.request('DELETE', '/api/virtualization/interfaces/', [{ id: first.parent.id }, { id: first.child.id }])).status).toBe(204);
    expect(await exists(first.parent.id)).toBe(false);
    expect(await exists(first.child.id)).toBe(false);
    const second = await machineWithChild('vm3');
    expect((await api.request('DELETE', `/api/virtualization/virtual-machines/${second.vm.id}/`)).status).toBe(204);
    expect(await exists(second.parent.id)).toBe(false);
    expect(await exists(second.child.id)).toBe(false);
  }, 30_000);
});
