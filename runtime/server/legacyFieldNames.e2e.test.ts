/**
 * LEGACY_FIELD_NAMES=true: fields NetBox renamed are also accepted and shown under their former
 * names (a device's `device_role`), and their filters answer under the former name too
 * (`?device_role=leaf`, `?device_role_id__n=3`), for clients that predate the rename; off, the
 * former names are ignored as NetBox 4.6 ignores any unknown key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';
import { startInventoryServer } from './server.ts';

describe.each(testDatabases())('legacy field names on $name', (database) => {
  let legacy: TestClient;
  /** The same database served without the setting. */
  let current: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const opened = await database.open();
    legacy = await bootTestApp(opened, { LEGACY_FIELD_NAMES: 'true' });
    const { app } = await startInventoryServer(opened.db, {});
    current = async (method, path, body) => {
      const response = await app.request(`http://nb.test${path}`, { method, headers: { Authorization: `Bearer ${legacy.token}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    };
    const post = async (path: string, body: unknown) => (await legacy.request('POST', `/api/dcim/${path}/`, body)).body.id as number;
    ids.site = await post('sites', { name: 'DC1', slug: 'dc1' });
    const manufacturer = await post('manufacturers', { name: 'Acme', slug: 'acme' });
    ids.type = await post('device-types', { manufacturer, model: 'AX', slug: 'ax' });
    ids.leaf = await post('device-roles', { name: 'Leaf', slug: 'leaf' });
    ids.spine = await post('device-roles', { name: 'Spine', slug: 'spine' });
  }, 60_000);
  afterAll(async () => legacy?.close());

  it('accepts device_role for role and shows both, the current name winning when both are given', async () => {
    const created = await legacy.request('POST', '/api/dcim/devices/', { name: 'leaf1', device_type: ids.type, site: ids.site, device_role: ids.leaf });
    expect(created.status).toBe(201);
    expect(created.body.role).toMatchObject({ id: ids.leaf, name: 'Leaf' });
    expect(created.body.device_role).toEqual(created.body.role);
    const both = await legacy.request('PATCH', `/api/dcim/devices/${created.body.id}/`, { role: ids.spine, device_role: ids.leaf });
    expect(both.body.role.id).toBe(ids.spine);
    const brief = await legacy.request('GET', `/api/dcim/devices/${created.body.id}/?brief=1`);
    expect(brief.body).not.toHaveProperty('device_role');
  });

  it("filters by device_role and device_role_id, with their lookups, as by role and role_id", async () => {
    const created = await legacy.request('POST', '/api/dcim/devices/', [
      { name: 'f-leaf', device_type: ids.type, site: ids.site, role: ids.leaf },
      { name: 'f-spine', device_type: ids.type, site: ids.site, role: ids.spine },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const names = async (query: string) => {
      const response = await legacy.request('GET', `/api/dcim/devices/?name__isw=f-&ordering=name&${query}`);
      expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(200);
      return response.body.results.map((d: any) => d.name);
    };
    const cases: [string, string, string[]][] = [
      ['device_role=leaf', 'role=leaf', ['f-leaf']],
      ['device_role=leaf&device_role=spine', 'role=leaf&role=spine', ['f-leaf', 'f-spine']],
      ['device_role__n=leaf', 'role__n=leaf', ['f-spine']],
      [`device_role_id=${ids.spine}`, `role_id=${ids.spine}`, ['f-spine']],
      [`device_role_id__n=${ids.spine}`, `role_id__n=${ids.spine}`, ['f-leaf']],
    ];
    for (const [old, renamed, expected] of cases) {
      expect(await names(old), old).toEqual(expected);
      expect(await names(renamed), renamed).toEqual(expected);
    }
    const unknown = await legacy.request('GET', '/api/dcim/devices/?device_role=nothing');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ device_role: ['Select a valid choice. nothing is not one of the available choices.'] });
    // Without the setting the former name is no filter: ignored, as NetBox 4.6 ignores it.
    expect((await current('GET', '/api/dcim/devices/?name__isw=f-&device_role=leaf')).body.count).toBe(2);
  });

  it('ignores device_role without the setting, as NetBox 4.6 does', async () => {
    const refused = await current('POST', '/api/dcim/devices/', { name: 'leaf2', device_type: ids.type, site: ids.site, device_role: ids.leaf });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ role: ['This field is required.'] });
    const listed = await current('GET', '/api/dcim/devices/');
    expect(listed.body.results[0]).not.toHaveProperty('device_role');
  });

  it('takes a front port’s rear_port and rear_port_position as its mapping of position 1 and shows ports as NetBox 4.4 did, in JSON rendered by PostgreSQL and by the serializer', async () => {
    const device = (await legacy.request('POST', '/api/dcim/devices/', { name: 'patch1', device_type: ids.type, site: ids.site, role: ids.leaf })).body.id;
    const rear = (await legacy.request('POST', '/api/dcim/rear-ports/', { device, name: 'rear1', type: '8p8c', positions: 4 })).body.id;
    const made = await legacy.request('POST', '/api/dcim/front-ports/', { device, name: 'front1', type: '8p8c', rear_port: rear, rear_port_position: 3 });
    expect(made.status).toBe(201);
    // Shown as NetBox 4.4 showed it: pynetbox 7.0 cannot serialise mapping entries (no id), so the lists are left out.
    expect(made.body).toMatchObject({ rear_port: rear, rear_port_position: 3 });
    expect(made.body).not.toHaveProperty('rear_ports');
    expect((await legacy.request('GET', `/api/dcim/rear-ports/${rear}/`)).body).not.toHaveProperty('front_ports');
    expect((await current('GET', `/api/dcim/front-ports/${made.body.id}/`)).body.rear_ports).toEqual([{ position: 1, rear_port: rear, rear_port_position: 3 }]);
    expect((await current('GET', `/api/dcim/rear-ports/${rear}/`)).body.front_ports).toEqual([{ position: 3, front_port: made.body.id, front_port_position: 1 }]);
    const listed = (await legacy.request('GET', `/api/dcim/front-ports/?device_id=${device}`)).body.results[0];
    expect([listed.rear_port, listed.rear_port_position]).toEqual([rear, 3]);
    const one = (await legacy.request('GET', `/api/dcim/front-ports/${made.body.id}/`)).body;
    expect([one.rear_port, one.rear_port_position]).toEqual([rear, 3]);
    // The position defaults to 1, as NetBox's did; `rear_ports` given wins.
    const plain = await legacy.request('POST', '/api/dcim/front-ports/', { device, name: 'front2', type: '8p8c', rear_port: rear });
    expect([plain.body.rear_port, plain.body.rear_port_position]).toEqual([rear, 1]);
    const both = await legacy.request('PATCH', `/api/dcim/front-ports/${plain.body.id}/`, { rear_port: rear, rear_port_position: 4, rear_ports: [{ position: 1, rear_port: rear, rear_port_position: 2 }] });
    expect(both.body.rear_port_position).toBe(2);
    // Without a mapping of position 1 the former fields are null; without the setting they are not shown.
    const bare = await legacy.request('POST', '/api/dcim/front-ports/', { device, name: 'front3', type: '8p8c' });
    expect([bare.body.rear_port, bare.body.rear_port_position]).toEqual([null, null]);
    const shown = await current('GET', `/api/dcim/front-ports/${made.body.id}/`);
    expect(shown.body).not.toHaveProperty('rear_port');
  });

  it('serves L2VPNs at their former ipam paths with the setting (NetBox 3.7 moved them to vpn), and not without', async () => {
    const created = await legacy.request('POST', '/api/ipam/l2vpns/', { name: 'Fabric', slug: 'fabric', type: 'vxlan' });
    expect(created.status).toBe(201);
    expect(created.body.url).toMatch(/\/api\/vpn\/l2vpns\/\d+\/$/);
    expect((await legacy.request('GET', '/api/ipam/l2vpns/?name=Fabric')).body.results.map((l: any) => l.id)).toEqual([created.body.id]);
    expect((await legacy.request('PATCH', `/api/ipam/l2vpns/${created.body.id}/`, { description: 'moved' })).body.description).toBe('moved');
    expect((await legacy.request('GET', '/api/ipam/l2vpn-terminations/')).body.count).toBe(0);
    expect((await current('GET', '/api/ipam/l2vpns/')).status).toBe(404);
  });
});
