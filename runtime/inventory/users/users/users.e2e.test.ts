/**
 * The users app's filters NetBox 4.6 has (group, permission and owner filters of users and
 * groups, the object type and action filters of permissions, the literal date-bound filters of
 * tokens, owners' member filters) and the object types a permission may name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectTypeId } from '../../../kinds/index.ts';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('users filters on $name', (database) => {
  let api: TestClient;
  let alice: any;
  let bob: any;
  let admins: any;
  let viewers: any;
  let viewSites: any;
  let editTenants: any;
  let owner: any;
  const list = async (path: string, query: string, key = 'name') => (await api.request('GET', `/api/users/${path}/?${query}`)).body.results?.map((o: any) => o[key]);
  const post = async (path: string, body: unknown) => {
    const response = await api.request('POST', `/api/users/${path}/`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    viewSites = await post('permissions', { name: 'view sites', object_types: ['dcim.site', 'dcim.region'], actions: ['view'] });
    editTenants = await post('permissions', { name: 'edit tenants', object_types: ['tenancy.tenant'], actions: ['view', 'add', 'change', 'delete'] });
    admins = await post('groups', { name: 'Admins', permissions: [editTenants.id] });
    viewers = await post('groups', { name: 'Viewers', permissions: [viewSites.id] });
    alice = await post('users', { username: 'alice', password: 'alice-Password-1', groups: [admins.id], permissions: [viewSites.id] });
    bob = await post('users', { username: 'bob', password: 'bob-Password-1', groups: [viewers.id] });
    const ownerGroup = await post('owner-groups', { name: 'IT' });
    owner = await post('owners', { name: 'Platform', group: ownerGroup.id, users: [alice.id], user_groups: [viewers.id] });
  }, 60_000);
  afterAll(async () => api?.close());

  it('filters users by group, permission, owner and superuser flag', async () => {
    expect(await list('users', 'group=Admins', 'username')).toEqual(['alice']);
    expect(await list('users', `group_id=${viewers.id}`, 'username')).toEqual(['bob']);
    expect(await list('users', `group_id__n=${viewers.id}`, 'username')).toEqual(['admin', 'alice']);
    expect(await list('users', `permission_id=${viewSites.id}`, 'username')).toEqual(['alice']);
    expect(await list('users', 'owner=Platform', 'username')).toEqual(['alice']);
    expect(await list('users', `owner_id=${owner.id}`, 'username')).toEqual(['alice']);
    expect(await list('users', 'is_superuser=true', 'username')).toEqual(['admin']);
    expect(await list('users', 'is_superuser=false', 'username')).toEqual(['alice', 'bob']);
    expect((await api.request('GET', '/api/users/users/?notification_group_id=1')).body).toEqual({ notification_group_id: ['Select a valid choice. 1 is not one of the available choices.'] });
    expect((await api.request('GET', '/api/users/users/?group=Nobody')).body).toEqual({ group: ['Select a valid choice. Nobody is not one of the available choices.'] });
  }, 30_000);

  it('filters groups by member, permission and owner', async () => {
    expect(await list('groups', `user_id=${alice.id}`)).toEqual(['Admins']);
    expect(await list('groups', `permission_id=${viewSites.id}`)).toEqual(['Viewers']);
    expect(await list('groups', 'owner=Platform')).toEqual(['Viewers']);
    expect(await list('groups', `owner_id__n=${owner.id}`)).toEqual(['Admins']);
    expect((await api.request('GET', '/api/users/groups/?notification_group_id__n=3')).status).toBe(400);
  }, 30_000);

  it('filters permissions by object type, action, group and user', async () => {
    expect(await list('permissions', 'object_type=dcim.site')).toEqual(['view sites']);
    expect(await list('permissions', 'object_type=DCIM.Region')).toEqual(['view sites']);
    // NetBox's ContentTypeFilter ignores the lookup it is declared with.
    expect(await list('permissions', 'object_type__n=dcim.site')).toEqual(['view sites']);
    expect(await list('permissions', 'object_type=dcim')).toEqual([]);
    expect(await list('permissions', `object_type_id=${objectTypeId('tenancy.tenant')}`)).toEqual(['edit tenants']);
    expect(await list('permissions', `object_types__n=${objectTypeId('tenancy.tenant')}`)).toEqual(['view sites']);
    expect((await api.request('GET', '/api/users/permissions/?object_type_id=5')).body).toEqual({ object_type_id: ['Select a valid choice. 5 is not one of the available choices.'] });
    expect(await list('permissions', 'can_delete=true')).toEqual(['edit tenants']);
    expect(await list('permissions', 'can_delete=false')).toEqual(['view sites']);
    expect(await list('permissions', 'can_view=1&ordering=-name')).toEqual(['view sites', 'edit tenants']);
    expect(await list('permissions', 'group=Admins')).toEqual(['edit tenants']);
    expect(await list('permissions', `group_id=${viewers.id}`)).toEqual(['view sites']);
    expect(await list('permissions', 'user=alice')).toEqual(['view sites']);
    expect(await list('permissions', `user_id=${bob.id}`)).toEqual([]);
  }, 30_000);

  it('refuses object types that name no model', async () => {
    const cases: [unknown, unknown][] = [
      [['dcim.nothing'], { object_types: ['Invalid content type: dcim.nothing'] }],
      [['dcim.site', 'dcim'], { object_types: ["Invalid value. Specify a content type as '<app_label>.<model_name>'."] }],
    ];
    for (const [objectTypes, errors] of cases) {
      const response = await api.request('POST', '/api/users/permissions/', { name: 'bad', object_types: objectTypes, actions: ['view'] });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errors);
    }
    const patched = await api.request('PATCH', `/api/users/permissions/${viewSites.id}/`, { object_types: ['virtualization.cluster', 'users.token'] });
    expect(patched.body.object_types).toEqual(['virtualization.cluster', 'users.token']);
  }, 30_000);

  it('filters owners by their users and user groups', async () => {
    expect(await list('owners', 'user=alice')).toEqual(['Platform']);
    expect(await list('owners', `user_id=${bob.id}`)).toEqual([]);
    expect(await list('owners', 'user_group=Viewers')).toEqual(['Platform']);
    expect(await list('owners', `user_group_id=${admins.id}`)).toEqual([]);
    expect(await list('owners', 'group=IT')).toEqual(['Platform']);
  }, 30_000);

  it('filters tokens by NetBox\'s literal date bounds, key, user and version', async () => {
    const provisioned = await api.request('POST', '/api/users/tokens/provision/', { username: 'bob', password: 'bob-Password-1', expires: '2099-01-01T00:00:00Z' }, { Authorization: '' });
    expect(provisioned.status).toBe(201);
    // The secret is shown once, in the provisioning answer; reads show NetBox's `token` as null.
    expect(provisioned.body.token).toMatch(/^[A-Za-z0-9]{40}$/);
    const read = await api.request('GET', `/api/users/tokens/${provisioned.body.id}/`);
    expect(Object.keys(read.body).slice(-2)).toEqual(['allowed_ips', 'token']);
    expect(read.body.token).toBeNull();
    const keys = async (query: string) => (await api.request('GET', `/api/users/tokens/?${query}`)).body.results?.map((t: any) => t.key);
    expect(await keys('user=bob')).toEqual([provisioned.body.key]);
    expect(await keys(`key=${provisioned.body.key}`)).toEqual([provisioned.body.key]);
    expect(await keys('expires__gte=2098-12-31')).toEqual([provisioned.body.key]);
    expect(await keys('expires__lte=2098-12-31')).toEqual([]);
    expect(await keys('created__gte=2000-01-01&user=bob')).toEqual([provisioned.body.key]);
    expect(await keys('created__lte=2000-01-01')).toEqual([]);
    expect(await keys('last_used__gte=2000-01-01&user=bob')).toEqual([]);
    expect(await keys('version=2&user=bob')).toEqual([provisioned.body.key]);
    expect(await keys('version__n=2')).toEqual([]);
    expect(await keys('q=bob')).toEqual([provisioned.body.key]);
    // NetBox has no lookups on these: `created__gt` is no filter, so it filters nothing.
    expect((await keys('created__gt=2999-01-01')).length).toBe(2);
    expect((await api.request('GET', '/api/users/tokens/?created__gte=tomorrow')).body).toEqual({ created__gte: ['Enter a valid date/time.'] });
    expect((await api.request('GET', '/api/users/tokens/?user=nobody')).body).toEqual({ user: ['Select a valid choice. nobody is not one of the available choices.'] });
  }, 30_000);
});
