/**
 * Change logging through the API: a record per object for every create, update and delete (single
 * and bulk, with each body's changelog_message), the rows a delete cascades to and nulls, M2M and
 * tag changes in the post-change snapshot, nothing for a failed request, and the request-id filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/database.ts';
import { startInventoryServer } from '../../server/server.ts';
import { bootTestApp, type TestClient } from '../../testing/inventoryApp.ts';

describe.each(testDatabases())('change logging on $name', (database) => {
  let api: TestClient;
  const changes = async (query: string) => {
    const response = await api.request('GET', `/api/core/object-changes/?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.results as any[];
  };
  const countChanges = async () => (await api.request('GET', '/api/core/object-changes/?limit=1')).body.count as number;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  }, 60_000);
  afterAll(async () => api?.close());

  it('records a create with the caller, request id, message and snapshot', async () => {
    const created = await api.request('POST', '/api/dcim/sites/', { name: 'Log One', slug: 'log-one', changelog_message: 'first site' });
    expect(created.status).toBe(201);
    const requestId = created.headers.get('X-Request-ID')!;
    const [record] = await changes(`request_id=${requestId}`);
    expect(record).toMatchObject({
      user: { username: 'admin' },
      user_name: 'admin',
      request_id: requestId,
      action: { value: 'create', label: 'Created' },
      changed_object_type: 'dcim.site',
      changed_object_id: created.body.id,
      changed_object: { id: created.body.id, name: 'Log One' },
      object_repr: 'Log One',
      message: 'first site',
      prechange_data: null,
      display: 'DCIM | site Log One created by admin',
    });
    expect(record.postchange_data).toMatchObject({ name: 'Log One', slug: 'log-one', status: 'active', region: null, tags: [], custom_fields: {}, asns: [] });
    expect(record.postchange_data.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Object.keys(record)).toEqual(['id', 'url', 'display_url', 'display', 'time', 'user', 'user_name', 'request_id', 'action', 'changed_object_type', 'changed_object_id', 'changed_object', 'object_repr', 'message', 'prechange_data', 'postchange_data']);
  });

  it('records updates with both snapshots, tags included, and skips writes that change nothing', async () => {
    await api.request('POST', '/api/extras/tags/', { name: 'Gold', slug: 'gold' });
    const site = (await api.request('POST', '/api/dcim/sites/', { name: 'Log Two', slug: 'log-two' })).body;
    const patched = await api.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: 'core', tags: [{ slug: 'gold' }], changelog_message: 'tagged' });
    expect(patched.status).toBe(200);
    const [update] = await changes(`request_id=${patched.headers.get('X-Request-ID')}`);
    expect(update.action.value).toBe('update');
    expect(update.message).toBe('tagged');
    expect(update.prechange_data).toMatchObject({ description: '', tags: [] });
    expect(update.postchange_data).toMatchObject({ description: 'core', tags: ['Gold'] });
    const same = await api.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: 'core' });
    expect(await changes(`request_id=${same.headers.get('X-Request-ID')}`)).toEqual([]);
  });

  it('records one change per object of a bulk create, update and delete, each with its own message', async () => {
    const made = await api.request('POST', '/api/tenancy/tenants/', [
      { name: 'Bulk A', slug: 'bulk-a', changelog_message: 'a' },
      { name: 'Bulk B', slug: 'bulk-b' },
    ]);
    expect(made.status).toBe(201);
    const ids = made.body.map((t: any) => t.id);
    const created = await changes(`request_id=${made.headers.get('X-Request-ID')}&ordering=changed_object_id`);
    expect(created.map((c) => [c.action.value, c.changed_object_id, c.message])).toEqual([['create', ids[0], 'a'], ['create', ids[1], '']]);
    const updated = await api.request('PATCH', '/api/tenancy/tenants/', ids.map((id: number) => ({ id, description: 'x', changelog_message: `u${id}` })));
    expect(updated.status).toBe(200);
    const updates = await changes(`request_id=${updated.headers.get('X-Request-ID')}&ordering=changed_object_id`);
    expect(updates.map((c) => [c.action.value, c.message])).toEqual(ids.map((id: number) => ['update', `u${id}`]));
    const deleted = await api.request('DELETE', '/api/tenancy/tenants/', ids.map((id: number) => ({ id, changelog_message: 'gone' })));
    expect(deleted.status).toBe(204);
    const deletes = await changes(`request_id=${deleted.headers.get('X-Request-ID')}`);
    expect(deletes.map((c) => [c.action.value, c.message, c.postchange_data, c.changed_object])).toEqual([
      ['delete', 'gone', null, null],
      ['delete', 'gone', null, null],
    ]);
    expect(deletes.map((c) => c.prechange_data.name).sort()).toEqual(['Bulk A', 'Bulk B']);
  });

  it('records every row a delete cascades to and every reference it clears, with the related device', async () => {
    const site = (await api.request('POST', '/api/dcim/sites/', { name: 'Cascade', slug: 'cascade' })).body;
    const maker = (await api.request('POST', '/api/dcim/manufacturers/', { name: 'Maker', slug: 'maker' })).body;
    const type = (await api.request('POST', '/api/dcim/device-types/', { manufacturer: maker.id, model: 'M1', slug: 'm1' })).body;
    const role = (await api.request('POST', '/api/dcim/device-roles/', { name: 'Leaf', slug: 'leaf' })).body;
    const device = (await api.request('POST', '/api/dcim/devices/', { name: 'leaf9', device_type: type.id, role: role.id, site: site.id })).body;
    const made = await api.request('POST', '/api/dcim/interfaces/', { device: device.id, name: 'eth0', type: '1000base-t' });
    const [interfaceCreate] = await changes(`request_id=${made.headers.get('X-Request-ID')}`);
    expect(interfaceCreate).toMatchObject({ changed_object_type: 'dcim.interface', object_repr: 'eth0' });
    const address = (await api.request('POST', '/api/ipam/ip-addresses/', { address: '192.0.2.9/24', assigned_object_type: 'dcim.interface', assigned_object_id: made.body.id })).body;

    const deleted = await api.request('DELETE', `/api/dcim/devices/${device.id}/`, { changelog_message: 'decommissioned' });
    expect(deleted.status).toBe(204);
    const records = await changes(`request_id=${deleted.headers.get('X-Request-ID')}&limit=0`);
    const byType = Object.fromEntries(records.map((c) => [c.changed_object_type, c]));
    expect(byType['dcim.device']).toMatchObject({ action: { value: 'delete' }, message: 'decommissioned', changed_object_id: device.id });
    expect(byType['dcim.interface']).toMatchObject({ action: { value: 'delete' }, message: '', changed_object_id: made.body.id });
    // The address goes with its interface (NetBox's GenericRelation cascades).
    expect(byType['ipam.ipaddress']).toMatchObject({ action: { value: 'delete' }, changed_object_id: address.id });
    expect(byType['ipam.ipaddress'].prechange_data).toMatchObject({ address: '192.0.2.9/24', assigned_object_type: 'dcim.interface', assigned_object_id: made.body.id });
    // The interface's change records name its device as the related object.
    expect((await changes(`related_object_type=dcim.device&related_object_id=${device.id}&action=delete`)).map((c) => c.changed_object_type)).toEqual(['dcim.interface']);
  });

  it('records what a cable does to other objects as their own changes: its termination rows and the interfaces it connects', async () => {
    const site = (await api.request('POST', '/api/dcim/sites/', { name: 'Cabled', slug: 'cabled' })).body;
    const maker = (await api.request('POST', '/api/dcim/manufacturers/', { name: 'Cable maker', slug: 'cable-maker' })).body;
    const type = (await api.request('POST', '/api/dcim/device-types/', { manufacturer: maker.id, model: 'C1', slug: 'c1' })).body;
    const role = (await api.request('POST', '/api/dcim/device-roles/', { name: 'Spine', slug: 'spine' })).body;
    const device = (await api.request('POST', '/api/dcim/devices/', { name: 'spine1', device_type: type.id, role: role.id, site: site.id })).body;
    const [a, b] = (await api.request('POST', '/api/dcim/interfaces/', [{ device: device.id, name: 'e1', type: '1000base-t' }, { device: device.id, name: 'e2', type: '1000base-t' }])).body;
    const cable = await api.request('POST', '/api/dcim/cables/', { a_terminations: [{ object_type: 'dcim.interface', object_id: a.id }], b_terminations: [{ object_type: 'dcim.interface', object_id: b.id }] });
    expect(cable.status).toBe(201);
    const records = await changes(`request_id=${cable.headers.get('X-Request-ID')}&ordering=changed_object_type,changed_object_id`);
    expect(records.map((c) => [c.changed_object_type, c.action.value])).toEqual([
      ['dcim.cable', 'create'],
      ['dcim.cabletermination', 'create'],
      ['dcim.cabletermination', 'create'],
      ['dcim.interface', 'update'],
      ['dcim.interface', 'update'],
    ]);
    const [, termination] = records;
    expect(termination).toMatchObject({ postchange_data: { cable: cable.body.id, termination_type: 'dcim.interface' } });
    expect(records[3]).toMatchObject({ prechange_data: { cable: null }, postchange_data: { cable: cable.body.id, cable_end: 'A' } });
  });

  it('records the references a delete clears as updates whose post-change snapshot shows them cleared', async () => {
    const region = (await api.request('POST', '/api/dcim/regions/', { name: 'Cleared', slug: 'cleared' })).body;
    const site = (await api.request('POST', '/api/dcim/sites/', { name: 'Cleared site', slug: 'cleared-site', region: region.id })).body;
    const deleted = await api.request('DELETE', `/api/dcim/regions/${region.id}/`);
    expect(deleted.status).toBe(204);
    const records = await changes(`request_id=${deleted.headers.get('X-Request-ID')}&ordering=changed_object_type`);
    expect(records.map((c) => [c.changed_object_type, c.action.value, c.changed_object_id])).toEqual([
      ['dcim.region', 'delete', region.id],
      ['dcim.site', 'update', site.id],
    ]);
    expect(records[1].prechange_data.region).toBe(region.id);
    expect(records[1].postchange_data).toEqual({ ...records[1].prechange_data, region: null });
  });

  it('writes no record for a request that fails, nor for any part of a failed bulk request', async () => {
    const before = await countChanges();
    expect((await api.request('POST', '/api/dcim/sites/', { name: 'No slug' })).status).toBe(400);
    const bulk = await api.request('POST', '/api/dcim/sites/', [{ name: 'Good', slug: 'good-one' }, { name: 'Bad' }]);
    expect(bulk.status).toBe(400);
    expect((await api.request('POST', '/api/dcim/sites/', { name: 'Long', slug: 'long', changelog_message: 'x'.repeat(201) })).body).toEqual({ changelog_message: ['Ensure this field has no more than 200 characters.'] });
    const region = (await api.request('POST', '/api/dcim/regions/', { name: 'Protected', slug: 'protected' })).body;
    const site = (await api.request('POST', '/api/dcim/sites/', { name: 'In region', slug: 'in-region', region: region.id })).body;
    // A rack group protects its racks (NetBox's PROTECT): deleting it is refused, and records nothing.
    const rackGroup = (await api.request('POST', '/api/dcim/rack-groups/', { name: 'RG', slug: 'rg' })).body;
    await api.request('POST', '/api/dcim/racks/', { name: 'Held', site: site.id, group: rackGroup.id });
    const afterSetup = await countChanges();
    expect(afterSetup).toBe(before + 4);
    const refused = await api.request('DELETE', `/api/dcim/rack-groups/${rackGroup.id}/`);
    expect(refused.status).toBe(409);
    expect(await countChanges()).toBe(afterSetup);
  });

  it('finds objects by the request that created, updated or modified them', async () => {
    const created = await api.request('POST', '/api/tenancy/tenants/', { name: 'By request', slug: 'by-request' });
    const createdBy = created.headers.get('X-Request-ID')!;
    const updated = await api.request('PATCH', `/api/tenancy/tenants/${created.body.id}/`, { description: 'changed' });
    const updatedBy = updated.headers.get('X-Request-ID')!;
    const names = async (query: string) => (await api.request('GET', `/api/tenancy/tenants/?${query}`)).body.results?.map((t: any) => t.name);
    expect(await names(`created_by_request=${createdBy}`)).toEqual(['By request']);
    expect(await names(`created_by_request=${updatedBy}`)).toEqual([]);
    expect(await names(`updated_by_request=${updatedBy}`)).toEqual(['By request']);
    expect(await names(`modified_by_request=${createdBy.replace(/-/g, '').toUpperCase()}`)).toEqual(['By request']);
    expect(await names(`modified_by_request=${updatedBy}`)).toEqual(['By request']);
    expect((await api.request('GET', '/api/tenancy/tenants/?created_by_request=nope')).body).toEqual({ created_by_request: ['Enter a valid UUID.'] });
    expect((await api.request('GET', '/api/core/object-changes/?request_id=nope')).body).toEqual({ request_id: ['Enter a valid UUID.'] });
  });

  it('is read-only', async () => {
    expect((await api.request('POST', '/api/core/object-changes/', {})).status).toBe(405);
    const [any] = await changes('limit=1');
    expect((await api.request('DELETE', `/api/core/object-changes/${any.id}/`)).status).toBe(405);
  });

  it('keeps records CHANGELOG_RETENTION days, and CHANGE_LOGGING=false records nothing', async () => {
    const [oldest] = await changes('ordering=id&limit=1');
    await api.db.query(`UPDATE core_object_change SET time = now() - interval '3 days' WHERE id = $1`, [oldest.id]);
    const before = await countChanges();
    // What the server runs at every start, once it answers, and daily.
    expect(await (await startInventoryServer(api.db, { CHANGELOG_RETENTION: '0' })).pruneChangeLog()).toBe(0);
    expect(await countChanges()).toBe(before);
    await (await startInventoryServer(api.db, { CHANGELOG_RETENTION: '2' })).pruneChangeLog();
    expect(await countChanges()).toBe(before - 1);
    expect((await api.request('GET', `/api/core/object-changes/${oldest.id}/`)).status).toBe(404);

    const { app } = await startInventoryServer(api.db, { CHANGE_LOGGING: 'false' });
    const response = await app.request('http://nb.test/api/tenancy/tenants/', { method: 'POST', headers: { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Unlogged', slug: 'unlogged' }) });
    expect(response.status).toBe(201);
    expect(await countChanges()).toBe(before - 1);
  });
});
