/**
 * The matrix's read side on both databases: matrix/ for one action and for `*`, its parameters
 * and their errors, principal/, who may read and edit, hidden principals never named, and the
 * routes as the OpenAPI document and /api/plugins/ show them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { BASE, group, ok, permission, userWithToken, type Headers } from '../../../testing/permissionsMatrix/testClient.ts';

const HIDDEN = 'zz-hidden-team';

describe.each(testDatabases())('permissions matrix (read) on $name', (database) => {
  let api: TestClient;
  const id: Record<string, number> = {};
  let viewer: Headers;
  let readOnly: Headers;
  let stranger: Headers;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    id.noc = await group(api, 'noc');
    id.ops = await group(api, 'ops');
    id.hidden = await group(api, HIDDEN);
    id.alice = (await userWithToken(api, 'alice', { groups: [id.noc, id.hidden] })).id;
    id.bob = (await userWithToken(api, 'bob')).id;
    id.nocV = await permission(api, { name: 'noc_v', object_types: ['dcim.site'], actions: ['view'], groups: [id.noc] });
    id.shared = await permission(api, { name: 'shared', object_types: ['dcim.rack'], actions: ['view', 'add'], groups: [id.noc, id.hidden] });
    id.hiddenOnly = await permission(api, { name: 'hidden constrained', object_types: ['dcim.site'], actions: ['view'], constraints: { status: 'active' }, groups: [id.hidden] });
    id.bobs = await permission(api, { name: 'bob prefixes', object_types: ['ipam.prefix'], actions: ['view'], users: [id.bob] });
    id.off = await permission(api, { name: 'off', object_types: ['dcim.device'], actions: ['view', 'reboot'], enabled: false, groups: [id.ops] });
    // The viewer may read permissions, the groups but the hidden one, and the users but bob.
    const v = await userWithToken(api, 'viewer');
    viewer = v.as;
    await permission(api, { name: 'viewer reads', object_types: ['users.objectpermission'], actions: ['view'], users: [v.id] });
    await permission(api, { name: 'viewer groups', object_types: ['users.group'], actions: ['view'], constraints: { name__in: ['noc', 'ops'] }, users: [v.id] });
    await permission(api, { name: 'viewer users', object_types: ['users.user'], actions: ['view'], constraints: { username__in: ['alice', 'viewer'] }, users: [v.id] });
    const r = await userWithToken(api, 'reader', { writeEnabled: false });
    readOnly = r.as;
    await permission(api, { name: 'reader writes', object_types: ['users.objectpermission'], actions: ['view', 'add', 'change', 'delete'], users: [r.id] });
    stranger = (await userWithToken(api, 'stranger')).as;
  }, 120_000);
  afterAll(async () => api?.close());

  it('shows one action: every object type as a row, group columns by name with simple and others, covered cells only', async () => {
    const m = await ok(api, 'GET', `${BASE}/matrix/`);
    expect(m.action).toBe('view');
    expect(m.can_edit).toBe(true);
    expect(m.actions.map((a: any) => a.name)).toEqual(['view', 'add', 'change', 'delete', 'grant', 'render_config', 'run', 'sync', 'reboot']);
    // A script's `run` is registered (extras.run_script); an action no model registers is freeform.
    expect(m.actions.find((a: any) => a.name === 'run')).toMatchObject({ custom: true, freeform: false });
    expect(m.actions.find((a: any) => a.name === 'reboot')).toMatchObject({ custom: true, freeform: true });
    const types = m.rows.map((r: any) => r.object_type);
    expect(types).toEqual([...types].sort());
    expect(types).toEqual(expect.arrayContaining(['core.datasource', 'dcim.device', 'users.objectpermission', 'virtualization.virtualmachine']));
    expect(m.rows.find((r: any) => r.object_type === 'dcim.device')).toEqual({ object_type: 'dcim.device', app_label: 'dcim', app_name: 'DCIM', label: 'Device', enabled: true });
    expect(m.columns.map((c: any) => c.key)).toEqual([`group:${id.noc}`, `group:${id.ops}`, `group:${id.hidden}`]);
    const noc = m.columns[0];
    expect(noc.simple).toMatchObject({ id: id.nocV, name: 'noc_v', enabled: true, constrained: false, actions: ['view'], object_types: ['dcim.site'], url: `http://nb.test/api/users/permissions/${id.nocV}/` });
    expect(noc.others.map((p: any) => p.name)).toEqual(['shared']);
    expect(m.cells[`group:${id.noc}`]).toEqual({
      'dcim.rack': { state: 'granted', perms: [{ id: id.shared, name: 'shared', enabled: true, constrained: false }] },
      'dcim.site': { state: 'granted', perms: [{ id: id.nocV, name: 'noc_v', enabled: true, constrained: false }] },
    });
    expect(m.cells[`group:${id.ops}`]).toEqual({ 'dcim.device': { state: 'disabled', perms: [{ id: id.off, name: 'off', enabled: false, constrained: false }] } });
    expect(m.cells[`group:${id.hidden}`]['dcim.site'].state).toBe('constrained');
  });

  it('enables a registered custom action only on the types that register it', async () => {
    const m = await ok(api, 'GET', `${BASE}/matrix/?action=sync`);
    expect(m.rows.filter((r: any) => r.enabled).map((r: any) => r.object_type)).toEqual(['core.datasource']);
    const run = await ok(api, 'GET', `${BASE}/matrix/?action=run`);
    expect(run.rows.filter((r: any) => r.enabled).map((r: any) => r.object_type)).toEqual(['extras.script']);
    const reboot = await ok(api, 'GET', `${BASE}/matrix/?action=reboot`);
    expect(reboot.rows.every((r: any) => r.enabled)).toBe(true);
    expect(reboot.cells[`group:${id.ops}`]['dcim.device'].state).toBe('disabled');
  });

  it('shows every action with *: cells by action, rows with enabled_actions, columns with perms', async () => {
    const m = await ok(api, 'GET', `${BASE}/matrix/?action=*`);
    expect(m.action).toBe('*');
    expect(m.rows.find((r: any) => r.object_type === 'core.datasource').enabled_actions).toEqual(['view', 'add', 'change', 'delete', 'sync', 'reboot']);
    expect(m.rows[0].enabled).toBeUndefined();
    const noc = m.columns.find((c: any) => c.key === `group:${id.noc}`);
    expect(noc.perms.map((p: any) => p.name)).toEqual(['noc_v', 'shared']);
    expect(noc.simple).toBeUndefined();
    expect(m.cells[`group:${id.noc}`]['dcim.rack']).toEqual({
      view: { state: 'granted', perms: [{ id: id.shared, name: 'shared', enabled: true, constrained: false }] },
      add: { state: 'granted', perms: [{ id: id.shared, name: 'shared', enabled: true, constrained: false }] },
    });
  });

  it('adds user columns with include_users (direct holders) or user_id (anyone), with inherited cells', async () => {
    const m = await ok(api, 'GET', `${BASE}/matrix/?include_users=true`);
    expect(m.columns.filter((c: any) => c.type === 'user').map((c: any) => c.name)).toEqual(['bob', 'reader', 'viewer']);
    const alice = await ok(api, 'GET', `${BASE}/matrix/?user_id=${id.alice}&group_id=${id.noc}`);
    expect(alice.columns.map((c: any) => c.key)).toEqual([`group:${id.noc}`, `user:${id.alice}`]);
    expect(alice.cells[`user:${id.alice}`]['dcim.site']).toEqual({ state: 'none', perms: [], inherited: { state: 'granted', groups: ['noc'] } });
    expect(alice.cells[`user:${id.alice}`]['dcim.rack'].inherited).toEqual({ state: 'granted', groups: ['noc', HIDDEN] });
  });

  it('takes include_users from the show_users_by_default setting when not given', async () => {
    vi.stubEnv('PERMISSIONS_MATRIX_SHOW_USERS_BY_DEFAULT', 'true');
    try {
      expect((await ok(api, 'GET', `${BASE}/matrix/`)).columns.some((c: any) => c.type === 'user')).toBe(true);
      expect((await ok(api, 'GET', `${BASE}/matrix/?include_users=false`)).columns.some((c: any) => c.type === 'user')).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
    expect((await ok(api, 'GET', `${BASE}/matrix/`)).columns.some((c: any) => c.type === 'user')).toBe(false);
  });

  it('narrows rows with app_label and columns with group_id, and refuses bad parameters with 400', async () => {
    const m = await ok(api, 'GET', `${BASE}/matrix/?app_label=ipam&app_label=users&group_id=${id.ops}`);
    expect(new Set(m.rows.map((r: any) => r.app_label))).toEqual(new Set(['ipam', 'users']));
    expect(m.columns.map((c: any) => c.name)).toEqual(['ops']);
    const bad = await api.request('GET', `${BASE}/matrix/?action=Bad!&group_id=99999&app_label=nope&include_users=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      action: ['"Bad!" is not a valid action name.'],
      include_users: ['Enter a valid boolean value.'],
      app_label: ['Select a valid choice. nope is not one of the available choices.'],
      group_id: ['Select a valid choice. 99999 is not one of the available choices.'],
    });
  });

  it('shows one principal across every action, and says what NetBox makes of a superuser', async () => {
    const p = await ok(api, 'GET', `${BASE}/principal/?type=user&id=${id.alice}`);
    expect(p.principal).toEqual({ type: 'user', id: id.alice, key: `user:${id.alice}`, name: 'alice' });
    expect(Object.keys(p.columns)).toEqual(['view', 'add', 'change', 'delete', 'grant', 'render_config', 'run', 'sync', 'reboot']);
    expect(p.cells['dcim.rack'].add).toEqual({ state: 'none', perms: [], inherited: { state: 'granted', groups: ['noc', HIDDEN] } });
    expect(p.rows[0].enabled_actions).toBeDefined();
    expect(p.warnings).toEqual([]);
    const admin = await ok(api, 'GET', `${BASE}/principal/?type=user&id=1`);
    expect(admin.warnings).toEqual(['admin is a superuser: NetBox gives a superuser every permission, whatever the matrix shows.']);
    expect((await api.request('GET', `${BASE}/principal/?type=group&id=99999`)).status).toBe(404);
    expect((await api.request('GET', `${BASE}/principal/?type=team&id=x`)).body).toEqual({ type: ['"team" is not a valid choice.'], id: ['A valid integer is required.'] });
  });

  it('never names a group or user the caller may not view, and answers 404/400 for them as if they did not exist', async () => {
    const texts: string[] = [];
    for (const path of [`matrix/?action=*&include_users=true`, `matrix/?user_id=${id.alice}`, `principal/?type=user&id=${id.alice}`, `principal/?type=group&id=${id.noc}`, `export/?action=*&include_users=true`]) {
      const response = await api.request('GET', `${BASE}/${path}`, undefined, viewer);
      expect(response.status, path).toBe(200);
      texts.push(typeof response.body === 'string' ? response.body : JSON.stringify(response.body));
    }
    for (const text of texts) {
      expect(text).not.toContain(HIDDEN);
      expect(text).not.toContain('"bob"');
    }
    expect(texts.join()).toContain('a group you cannot view');
    const m = JSON.parse(texts[0]);
    expect(m.columns.map((c: any) => c.name)).toEqual(['noc', 'ops', 'viewer']);
    expect(m.columns[0].perms.find((p: any) => p.name === 'shared').principals).toEqual([{ type: 'group', id: id.noc, name: 'noc' }, { type: 'group', id: null, name: 'a group you cannot view' }]);
    expect(m.can_edit).toBe(false);
    expect((await api.request('GET', `${BASE}/principal/?type=group&id=${id.hidden}`, undefined, viewer)).status).toBe(404);
    expect((await api.request('GET', `${BASE}/principal/?type=user&id=${id.bob}`, undefined, viewer)).status).toBe(404);
    expect((await api.request('GET', `${BASE}/matrix/?group_id=${id.hidden}`, undefined, viewer)).body).toEqual({ group_id: [`Select a valid choice. ${id.hidden} is not one of the available choices.`] });
  });

  it('lists only the permissions a constrained view on users.objectpermission reaches, and plans no change to the others', async () => {
    const partial = await userWithToken(api, 'partial');
    await permission(api, { name: 'partial reads', object_types: ['users.objectpermission'], actions: ['view', 'add', 'change', 'delete'], constraints: { name__startswith: 'noc' }, users: [partial.id] });
    await permission(api, { name: 'partial groups', object_types: ['users.group'], actions: ['view'], users: [partial.id] });
    const m = await ok(api, 'GET', `${BASE}/matrix/?action=*`, undefined, partial.as);
    const names = new Set(m.columns.flatMap((c: any) => c.perms.map((p: any) => p.name)));
    expect([...names]).toEqual(['noc_v']);
    expect(m.cells[`group:${id.noc}`]['dcim.rack']).toBeUndefined();
    expect((await api.request('POST', `${BASE}/plan/`, { changes: [{ principal: { type: 'group', id: id.noc }, object_type: 'dcim.rack', action: 'view', granted: false }] }, partial.as)).status).toBe(403);
    expect((await api.request('POST', `${BASE}/plan/`, { edits: [{ principal: { type: 'group', id: id.noc }, perm_id: id.shared, enabled: false }] }, partial.as)).body).toEqual({ edits: { 0: { perm_id: [`Invalid pk "${id.shared}" - object does not exist.`] } } });
  });

  it('needs view on permissions to read, and a write-enabled token with add, change or delete to plan, apply or import', async () => {
    for (const path of ['matrix/', `principal/?type=group&id=${id.noc}`, 'export/']) expect((await api.request('GET', `${BASE}/${path}`, undefined, stranger)).status, path).toBe(403);
    expect((await api.request('GET', `${BASE}/matrix/`, undefined, { Authorization: '' })).body).toEqual({ detail: 'Authentication credentials were not provided.' });
    const read = await api.request('GET', `${BASE}/matrix/`, undefined, readOnly);
    expect(read.status).toBe(200);
    expect(read.body.can_edit).toBe(false);
    for (const path of ['plan/', 'apply/', 'import/', 'revert/']) expect((await api.request('POST', `${BASE}/${path}`, {}, readOnly)).status, path).toBe(403);
    expect((await api.request('POST', `${BASE}/import/`, { yaml: 'version: 1\nactions: [view]\n' }, viewer)).status).toBe(403);
    expect((await api.request('POST', `${BASE}/plan/`, { changes: [] }, viewer)).status).toBe(200);
  });

  it('is declared like every route: in the OpenAPI document, under /api/plugins/, with an index', async () => {
    const schema = await ok(api, 'GET', '/api/schema/?format=json');
    for (const path of ['matrix', 'principal', 'plan', 'apply', 'import', 'export', 'revert']) expect(schema.paths[`${BASE}/${path}/`], path).toBeDefined();
    expect(schema.paths[`${BASE}/matrix/`].get.parameters.map((p: any) => p.name)).toEqual(['action', 'include_users', 'group_id', 'user_id', 'app_label']);
    expect(schema.paths[`${BASE}/apply/`].post.responses['409']).toBeDefined();
    expect(schema.paths[`${BASE}/export/`].get.responses['200'].content['text/yaml']).toBeDefined();
    expect(schema.components.schemas.PermissionsMatrixPlan.required).toEqual(['token', 'warnings', 'operations']);
    expect(await ok(api, 'GET', '/api/plugins/')).toEqual({ 'permissions-matrix': `http://nb.test${BASE}/` });
    expect(Object.keys(await ok(api, 'GET', `${BASE}/`))).toEqual(['matrix', 'principal', 'plan', 'apply', 'import', 'export', 'revert']);
  });
});
