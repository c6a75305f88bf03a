/**
 * The matrix's write side on both databases: plan/ writes nothing, apply/ writes everything or
 * nothing (400, 403, 409 exactly as the error table says), every written permission is recorded
 * in the change log with the request id, tokens are stable under reordering and change with any
 * dependency (including an assignment made from the group's side), and revert/ restores the
 * permissions an apply changed exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { startInventoryServer } from '../../../server/server.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { BASE, cell, group, ok, permission, permissionLines, plan, planAndApply, userWithToken } from '../../../testing/permissionsMatrix/testClient.ts';

describe.each(testDatabases())('permissions matrix (plan, apply, revert) on $name', (database) => {
  let api: TestClient;
  const counts = async () => ({
    permissions: (await ok(api, 'GET', '/api/users/permissions/?limit=1')).count as number,
    changes: (await ok(api, 'GET', '/api/core/object-changes/?limit=1')).count as number,
  });

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  }, 120_000);
  afterAll(async () => api?.close());

  it('plans without writing anything, and applies every operation with the plan fields and what was written', async () => {
    const noc = await group(api, 'plan-noc');
    const ops = await group(api, 'plan-ops');
    const shared = await permission(api, { name: 'plan shared', object_types: ['dcim.site', 'dcim.rack'], actions: ['view'], groups: [noc, ops] });
    const body = { changes: [cell('group', noc, 'dcim.site', 'view', false), cell('group', noc, 'dcim.device', 'view'), cell('group', noc, 'dcim.device', 'add')] };
    const before = await counts();
    const planned = await plan(api, body);
    expect(await counts()).toEqual(before);
    expect(planned.operations.map((o: any) => `${o.op} ${o.key} ${o.after?.name ?? o.before.name}`)).toEqual(['create new-1 plan shared (plan-noc)', 'create new-2 plan-noc_va', `update ${shared} plan shared`]);
    const response = await api.request('POST', `${BASE}/apply/`, { ...body, token: planned.token });
    expect(response.status).toBe(200);
    const applied = response.body;
    expect(applied.token).toBe(planned.token);
    expect(applied.operations.map((o: any) => o.key)).toEqual(['new-1', 'new-2', String(shared)]);
    expect(applied.written.map((w: any) => [w.op, w.name])).toEqual([['create', 'plan shared (plan-noc)'], ['create', 'plan-noc_va'], ['update', 'plan shared']]);
    expect(await counts()).toEqual({ permissions: before.permissions + 2, changes: before.changes + 3 });
    // Each written permission is recorded with the apply's request id, as a write to /api/users/permissions/ is.
    const requestId = response.headers.get('X-Request-ID')!;
    const records = (await ok(api, 'GET', `/api/core/object-changes/?request_id=${requestId}&ordering=id`)).results;
    expect(records.map((r: any) => [r.action.value, r.changed_object_type, r.changed_object_id, r.message])).toEqual(
      applied.written.map((w: any) => [w.op, 'users.objectpermission', w.id, 'Permissions matrix: apply']),
    );
    expect(records[2].prechange_data).toMatchObject({ name: 'plan shared', groups: [noc, ops] });
    expect(records[2].postchange_data).toMatchObject({ groups: [ops], object_types: ['dcim.site', 'dcim.rack'], actions: ['view'] });
    const direct = await api.request('PATCH', `/api/users/permissions/${shared}/`, { description: 'by hand' });
    const plain = (await ok(api, 'GET', `/api/core/object-changes/?request_id=${direct.headers.get('X-Request-ID')}`)).results[0];
    expect(Object.keys(plain.postchange_data).sort()).toEqual(Object.keys(records[2].postchange_data).sort());
  });

  it('signs tokens with a secret generated once and stored in the database, which every server on it shares', async () => {
    const noc = await group(api, 'secret-noc');
    const body = { changes: [cell('group', noc, 'dcim.site', 'view')] };
    const first = await plan(api, body);
    const stored = await api.db.query<{ name: string; value: string }>('SELECT name, value FROM permissions_matrix_secret');
    expect(stored).toEqual([{ name: 'plan_token', value: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    // A second server on the same database reads the stored secret: its token for the same plan is the same, and it applies the first server's plan.
    const { app } = await startInventoryServer(api.db, {});
    const other = (path: string, payload: unknown) =>
      app.request(`http://nb.test${BASE}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
    expect(((await (await other('/plan/', body)).json()) as { token: string }).token).toBe(first.token);
    expect((await other('/apply/', { ...body, token: first.token })).status).toBe(200);
    expect(await api.db.query('SELECT value FROM permissions_matrix_secret')).toEqual([{ value: stored[0].value }]);
  });

  it('answers 400 for a missing token or an invalid change set, writing nothing', async () => {
    const noc = await group(api, 'bad-noc');
    const before = await counts();
    const missing = await api.request('POST', `${BASE}/apply/`, { changes: [cell('group', noc, 'dcim.site', 'view')] });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ token: ['This field is required.'] });
    const invalid = await api.request('POST', `${BASE}/apply/`, { changes: [cell('group', noc, 'dcim.site', 'view'), cell('group', noc, 'dcim.nope', 'view')], token: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ changes: { 1: { object_type: ['Invalid content type: dcim.nope'] } } });
    const constraints = await api.request('POST', `${BASE}/plan/`, { edits: [{ principal: { type: 'group', id: noc }, action: 'view', constraints: { status: 'x' } }] });
    expect(constraints.status).toBe(200); // no simple permission: left out with a warning
    const perm = await permission(api, { name: 'bad-noc edit', object_types: ['dcim.site'], actions: ['view'], groups: [noc] });
    const refused = await api.request('POST', `${BASE}/plan/`, { edits: [{ principal: { type: 'group', id: noc }, perm_id: perm, constraints: { nosuchfield: 1 } }] });
    expect(refused.status).toBe(400);
    expect(refused.body.edits[0].constraints[0]).toMatch(/^Invalid filter for dcim\.site: /);
    expect((await api.request('POST', `${BASE}/plan/`, { edits: [{ principal: { type: 'group', id: noc }, perm_id: perm, action: 'view' }] })).body).toEqual({ edits: { 0: { non_field_errors: ['Give exactly one of perm_id and action, not both.'] } } });
    expect((await counts()).changes).toBe(before.changes + 1);
  });

  it('gives the same token whatever the order of the changes, and applies with either', async () => {
    const noc = await group(api, 'order-noc');
    const changes = [cell('group', noc, 'dcim.site', 'view'), cell('group', noc, 'dcim.rack', 'add'), cell('group', noc, 'dcim.site', 'add')];
    const one = await plan(api, { changes });
    const two = await plan(api, { changes: [...changes].reverse() });
    expect(two.token).toBe(one.token);
    await ok(api, 'POST', `${BASE}/apply/`, { changes: [...changes].reverse(), token: one.token });
  });

  it('answers 409 and writes nothing once anything the plan depends on changed after plan/', async () => {
    const noc = await group(api, 'stale-noc');
    const other = await permission(api, { name: 'stale elsewhere', object_types: ['ipam.prefix'], actions: ['view'] });
    const alice = await userWithToken(api, 'stale-alice');
    const extra = await group(api, 'stale-extra');
    const body = { changes: [cell('group', noc, 'dcim.site', 'view'), cell('user', alice.id, 'dcim.rack', 'view')] };
    const stale = async (change: () => Promise<unknown>, what: string) => {
      const planned = await plan(api, body);
      await change();
      const before = await permissionLines(api);
      const response = await api.request('POST', `${BASE}/apply/`, { ...body, token: planned.token });
      expect(response.status, what).toBe(409);
      expect(response.body).toEqual({ detail: 'A permission the plan depends on changed after plan/; nothing was written. Plan again.' });
      expect(await permissionLines(api)).toEqual(before);
    };
    // An assignment made from the group's side, through /api/users/groups/.
    await stale(() => ok(api, 'PATCH', `/api/users/groups/${noc}/`, { permissions: [other] }), 'group side');
    await stale(() => ok(api, 'PATCH', `/api/users/permissions/${other}/`, { description: 'changed' }), 'permission field');
    await stale(() => ok(api, 'PATCH', `/api/users/users/${alice.id}/`, { groups: [extra] }), 'membership');
    // The name the plan creates is taken meanwhile.
    await stale(() => permission(api, { name: 'stale-noc_v', object_types: ['dcim.site'], actions: ['view'] }), 'name taken');
    const planned = await plan(api, body);
    await ok(api, 'DELETE', `/api/users/groups/${noc}/`, undefined, undefined, 204);
    const gone = await api.request('POST', `${BASE}/apply/`, { ...body, token: planned.token });
    expect(gone.status).toBe(409);
    expect(gone.body).toEqual({ detail: 'A group or user in the plan was deleted after plan/; nothing was written. Plan again.' });
    // Unrelated changes do not make a plan stale.
    const fresh = await plan(api, { changes: [cell('user', alice.id, 'dcim.rack', 'view')] });
    await permission(api, { name: 'stale unrelated', object_types: ['dcim.site'], actions: ['view'] });
    await ok(api, 'POST', `${BASE}/apply/`, { changes: [cell('user', alice.id, 'dcim.rack', 'view')], token: fresh.token });
  });

  it('answers 403 when the caller may not make one of the operations (model or object level), writing nothing', async () => {
    const noc = await group(api, 'rights-noc');
    const ops = await group(api, 'rights-ops');
    await permission(api, { name: 'rights-noc_v', object_types: ['dcim.site'], actions: ['view'], groups: [noc] });
    await permission(api, { name: 'rights-ops_v', object_types: ['dcim.site'], actions: ['view'], groups: [ops] });
    const editor = await userWithToken(api, 'rights-editor');
    await permission(api, { name: 'editor reads', object_types: ['users.objectpermission', 'users.group', 'users.user'], actions: ['view'], users: [editor.id] });
    await permission(api, { name: 'editor adds and changes noc', object_types: ['users.objectpermission'], actions: ['add', 'change'], constraints: { name__startswith: 'rights-noc' }, users: [editor.id] });
    const before = await permissionLines(api);
    // A delete without the delete permission.
    const revoke = { changes: [cell('group', noc, 'dcim.site', 'view', false)] };
    const planned = await plan(api, revoke, editor.as);
    expect((await api.request('POST', `${BASE}/apply/`, { ...revoke, token: planned.token }, editor.as)).status).toBe(403);
    // An update of a permission outside the caller's change constraint.
    const grant = { changes: [cell('group', ops, 'dcim.rack', 'view')] };
    const outside = await plan(api, grant, editor.as);
    expect(outside.operations.map((o: any) => o.op)).toEqual(['update']);
    expect((await api.request('POST', `${BASE}/apply/`, { ...grant, token: outside.token }, editor.as)).status).toBe(403);
    expect(await permissionLines(api)).toEqual(before);
    // Within them, the same caller applies.
    const inside = { changes: [cell('group', noc, 'dcim.rack', 'view')] };
    await planAndApply(api, inside, editor.as);
  });

  it('names a hidden group only by the placeholder in warnings and refuses to edit what it shares', async () => {
    const hidden = await group(api, 'zz-secret-group');
    const alice = await userWithToken(api, 'hidden-alice', { groups: [hidden] });
    await permission(api, { name: 'hidden-alice_v', object_types: ['dcim.site'], actions: ['view'], users: [alice.id] });
    const secretShare = await permission(api, { name: 'secret share', object_types: ['dcim.site'], actions: ['view'], groups: [hidden], users: [alice.id] });
    await permission(api, { name: 'via group', object_types: ['dcim.site'], actions: ['view'], groups: [hidden] });
    const editor = await userWithToken(api, 'hidden-editor');
    await permission(api, { name: 'hidden-editor rights', object_types: ['users.objectpermission'], actions: ['view', 'add', 'change', 'delete'], users: [editor.id] });
    await permission(api, { name: 'hidden-editor users', object_types: ['users.user'], actions: ['view'], users: [editor.id] });
    const planned = await plan(api, { changes: [cell('user', alice.id, 'dcim.site', 'view', false)] }, editor.as);
    expect(planned.warnings).toEqual(['hidden-alice still has view on dcim.site through group(s) a group you cannot view.']);
    expect(JSON.stringify(planned)).not.toContain('zz-secret-group');
    const shared = planned.operations.find((o: any) => o.id === secretShare);
    expect(shared.after.principals).toEqual([{ type: 'group', id: null, name: 'a group you cannot view' }]);
    const refused = await api.request('POST', `${BASE}/plan/`, { edits: [{ principal: { type: 'user', id: alice.id }, perm_id: secretShare, enabled: false }], changes: [cell('group', hidden, 'dcim.rack', 'view')] }, editor.as);
    expect(refused.body).toEqual({
      changes: { 0: { principal: [`Invalid pk "${hidden}" - object does not exist.`] } },
      edits: { 0: { perm_id: [`Permission ${secretShare} is also assigned to groups or users you cannot view.`] } },
    });
  });

  it('reverts the last apply (or the one named) so that every permission is as it was before', async () => {
    const noc = await group(api, 'revert-noc');
    const ops = await group(api, 'revert-ops');
    await permission(api, { name: 'revert-noc_v', object_types: ['dcim.site', 'dcim.rack'], actions: ['view'], groups: [noc] });
    await permission(api, { name: 'revert shared', object_types: ['ipam.prefix', 'dcim.site'], actions: ['view', 'add'], groups: [noc, ops], description: 'kept', constraints: { status: 'active' } });
    await permission(api, { name: 'revert alone', object_types: ['dcim.device'], actions: ['change'], groups: [noc] });
    const before = await permissionLines(api);
    const body = { changes: [cell('group', noc, 'dcim.site', 'view', false), cell('group', noc, 'dcim.rack', 'view', false), cell('group', noc, 'dcim.device', 'change', false), cell('group', noc, 'dcim.device', 'view')] };
    const applied = await api.request('POST', `${BASE}/apply/`, { ...body, token: (await plan(api, body)).token });
    expect(applied.status).toBe(200);
    // revert-noc_v keeps dcim.device only; the shared one loses noc, whose copies keep the rest; revert alone goes.
    expect(applied.body.written.map((w: any) => `${w.op} ${w.name}`)).toEqual(['create revert shared (revert-noc)', 'create revert shared (revert-noc) (dcim.site)', 'update revert-noc_v', 'update revert shared', 'delete revert alone']);
    const after = await permissionLines(api);
    expect(after).not.toEqual(before);
    const reverting = await ok(api, 'POST', `${BASE}/revert/`, {});
    expect(reverting.revert).toBe(applied.headers.get('X-Request-ID'));
    expect(await permissionLines(api)).toEqual(after);
    const undone = await ok(api, 'POST', `${BASE}/apply/`, { revert: reverting.revert, token: reverting.token });
    expect(undone.written).toHaveLength(5);
    expect(await permissionLines(api)).toEqual(before);
    // A revert is an apply too: the last apply is now the revert, and reverting it redoes the first.
    const again = await ok(api, 'POST', `${BASE}/revert/`, {});
    await ok(api, 'POST', `${BASE}/apply/`, { revert: again.revert, token: again.token });
    expect(await permissionLines(api)).toEqual(after);
    const named = await ok(api, 'POST', `${BASE}/revert/`, { apply_id: reverting.revert });
    expect(named.revert).toBe(reverting.revert);
    expect(named.warnings.length).toBeGreaterThan(0); // what the first apply wrote has changed since (it was reverted and redone)
    expect((await api.request('POST', `${BASE}/revert/`, { apply_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await api.request('POST', `${BASE}/revert/`, { apply_id: 'not-an-id' })).status).toBe(404);
    // A stale revert token is a 409 like any other.
    const stale = await ok(api, 'POST', `${BASE}/revert/`, {});
    await ok(api, 'PATCH', `/api/users/groups/${ops}/`, { description: 'unrelated' });
    const perms = (await ok(api, 'GET', `/api/users/permissions/?group_id=${noc}`)).results;
    await ok(api, 'PATCH', `/api/users/permissions/${perms[0].id}/`, { description: 'touched' });
    expect((await api.request('POST', `${BASE}/apply/`, { revert: stale.revert, token: stale.token })).status).toBe(409);
  });
});
