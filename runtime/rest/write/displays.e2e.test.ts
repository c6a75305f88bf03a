/**
 * displaysOf: the display strings model rules quote in messages are the ones responses show —
 * a template (`{name} ({vid})`) and a named expression (a device's `@device`) alike — by id, in
 * one query, ignoring nulls and repeats, and without a query when there is nothing to show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/index.ts';
import { inventoryExtensions } from '../../inventory/index.ts';
import { testDatabases } from '../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../testing/inventoryApp.ts';
import { SelectBuilder } from '../query/select.ts';
import { Registry } from '../registry.ts';
import { displaysOf } from './displays.ts';

const BOOT_TIMEOUT = 60_000;

describe.each(testDatabases())('displays of objects on $name', (database) => {
  let api: TestClient;
  const registry = Registry.load();
  const select = new SelectBuilder(registry, inventoryExtensions);
  const post = async (path: string, body: unknown) => (await api.request('POST', path, body)).body;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  }, BOOT_TIMEOUT);
  afterAll(async () => api?.close());

  it('shows objects as their responses do, by id, in one query', async () => {
    const site = await post('/api/dcim/sites/', { name: 'NYC', slug: 'nyc' });
    const vlan = await post('/api/ipam/vlans/', { vid: 10, name: 'users' });
    const maker = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'X1', slug: 'x1' });
    const role = await post('/api/dcim/device-roles/', { name: 'Leaf', slug: 'leaf' });
    const device = await post('/api/dcim/devices/', { device_type: type.id, role: role.id, site: site.id, asset_tag: 'A-1' });
    const queries: string[] = [];
    const counting: Queryable = { query: (text, params) => (queries.push(text), api.db.query(text, params)) };
    expect(await displaysOf(counting, select, registry.resource('ipam.vlans'), [vlan.id, null, vlan.id])).toEqual(new Map([[vlan.id, 'users (10)']]));
    expect(await displaysOf(counting, select, registry.resource('dcim.devices'), [device.id, 999999])).toEqual(new Map([[device.id, 'Acme X1 (A-1)']]));
    expect(queries).toHaveLength(2);
    expect(await displaysOf(counting, select, registry.resource('dcim.sites'), [null, undefined])).toEqual(new Map());
    expect(queries).toHaveLength(2);
  }, BOOT_TIMEOUT);
});
