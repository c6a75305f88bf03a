/**
 * The users' own objects as NetBox 4.6 serves them: bookmarks, notifications, subscriptions and
 * notification groups (fields, brief forms, displays, the unique constraint's message, the object
 * types each takes, filters — and none where NetBox's viewset has no filterset —, what deleting
 * the object does), and permissions on them, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectTypeId } from '../../../kinds/index.ts';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('bookmarks, notifications and subscriptions on $name', (database) => {
  let api: TestClient;
  let admin: number;
  let alice: { id: number; as: Record<string, string> };
  let site: any;
  let other: any;

  async function user(username: string) {
    const created = await api.request('POST', '/api/users/users/', { username, password: `${username}-Password-1` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = await api.request('POST', '/api/users/tokens/provision/', { username, password: `${username}-Password-1` }, { Authorization: '' });
    return { id: created.body.id as number, as: { Authorization: `Bearer nbt_${token.body.key}.${token.body.token}` } };
  }
  const names = (body: any) => body.results.map((r: any) => r.display);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    admin = (await api.request('GET', '/api/users/users/?username=admin')).body.results[0].id;
    alice = await user('alice');
    site = (await api.request('POST', '/api/dcim/sites/', { name: 'Berlin', slug: 'berlin' })).body;
    other = (await api.request('POST', '/api/dcim/sites/', { name: 'Paris', slug: 'paris' })).body;
  }, 60_000);
  afterAll(async () => api?.close());

  it('bookmarks an object for a user, with NetBox fields, brief form and unique message', async () => {
    const made = await api.request('POST', '/api/extras/bookmarks/', { object_type: 'dcim.site', object_id: site.id, user: admin });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(Object.keys(made.body)).toEqual(['id', 'url', 'display', 'object_type', 'object_id', 'object', 'user', 'created']);
    expect(made.body).toMatchObject({ display: 'Berlin', object_type: 'dcim.site', object_id: site.id, object: { id: site.id, name: 'Berlin' }, user: { id: admin, username: 'admin' } });
    expect(made.body.url).toMatch(/\/api\/extras\/bookmarks\/\d+\/$/);
    const brief = await api.request('GET', `/api/extras/bookmarks/${made.body.id}/?brief=true`);
    expect(brief.body).toEqual({ id: made.body.id, url: made.body.url, display: 'Berlin', object_id: site.id, object_type: 'dcim.site' });
    // The user is required: NetBox's serializer gives it no default.
    expect((await api.request('POST', '/api/extras/bookmarks/', { object_type: 'dcim.site', object_id: other.id })).body).toEqual({ user: ['This field is required.'] });
    const twice = await api.request('POST', '/api/extras/bookmarks/', { object_type: 'dcim.site', object_id: site.id, user: { username: 'admin' } });
    expect(twice).toMatchObject({ status: 400, body: { __all__: ['Bookmark with this Object type, Object id and User already exists.'] } });
    // Only models with BookmarksMixin: users and tags are none; owners are (AdminModel).
    expect((await api.request('POST', '/api/extras/bookmarks/', { object_type: 'users.user', object_id: admin, user: admin })).body).toEqual({ object_type: ['Invalid content type: users.user'] });
    const owner = (await api.request('POST', '/api/users/owners/', { name: 'NetOps', group: null })).body;
    expect((await api.request('POST', '/api/extras/bookmarks/', { object_type: 'users.owner', object_id: owner.id, user: admin })).status).toBe(201);
    expect((await api.request('POST', '/api/extras/bookmarks/', { object_type: 'dcim.site', object_id: 999999, user: admin })).body).toEqual({ object_id: ['Related object not found using the provided value: 999999.'] });
  });

  it("filters bookmarks as NetBox's BookmarkFilterSet does, and drops them with their object", async () => {
    const mine = await api.request('POST', '/api/extras/bookmarks/', { object_type: 'dcim.site', object_id: other.id, user: alice.id });
    expect(mine.status).toBe(201);
    const list = (query: string) => api.request('GET', `/api/extras/bookmarks/?${query}`);
    expect(names((await list('user=alice')).body)).toEqual(['Paris']);
    expect((await list(`user_id=${admin}`)).body.count).toBe(2);
    expect((await list('object_type=dcim.site')).body.count).toBe(2);
    expect((await list('object_type__n=dcim.site')).body.count).toBe(1);
    const siteType = objectTypeId('dcim.site');
    expect((await list(`object_type_id=${siteType}`)).body.count).toBe(2);
    expect((await list(`object_type_id__lte=${siteType}`)).body.count).toBeGreaterThanOrEqual(2);
    expect((await list(`object_type_id__gt=${siteType}&object_type=dcim.site`)).body.count).toBe(0);
    expect((await list(`object_id=${other.id}`)).body.count).toBe(1);
    expect((await list(`created=${encodeURIComponent(mine.body.created)}`)).body.count).toBe(1);
    expect((await list('user=nobody')).status).toBe(400);
    // Ordered by creation: the oldest first.
    expect(names((await list('object_type=dcim.site')).body)).toEqual(['Berlin', 'Paris']);
    // BookmarksMixin's GenericRelation: the bookmarks go with the object.
    const gone = (await api.request('POST', '/api/dcim/sites/', { name: 'Gone', slug: 'gone' })).body;
    await api.request('POST', '/api/extras/bookmarks/', { object_type: 'dcim.site', object_id: gone.id, user: admin });
    expect((await api.request('DELETE', `/api/dcim/sites/${gone.id}/`)).status).toBe(204);
    expect((await list(`object_id=${gone.id}`)).body.count).toBe(0);
  });

  it('keeps a notification, its display the object it named, after the object is gone', async () => {
    const doomed = (await api.request('POST', '/api/dcim/sites/', { name: 'Doomed', slug: 'doomed' })).body;
    const made = await api.request('POST', '/api/extras/notifications/', { object_type: 'dcim.site', object_id: doomed.id, user: admin, event_type: 'object_updated' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(Object.keys(made.body)).toEqual(['id', 'url', 'display', 'object_type', 'object_id', 'object', 'user', 'created', 'read', 'event_type']);
    expect(made.body).toMatchObject({ display: 'Doomed', event_type: 'object_updated', read: null, object: { id: doomed.id } });
    const brief = (await api.request('GET', `/api/extras/notifications/${made.body.id}/?brief=true`)).body;
    expect(Object.keys(brief)).toEqual(['id', 'url', 'display', 'object_type', 'object_id', 'user', 'read', 'event_type']);
    const read = await api.request('PATCH', `/api/extras/notifications/${made.body.id}/`, { read: '2026-05-01T10:00:00Z' });
    expect(read.body.read).toMatch(/^2026-05-01T10:00:00/);
    expect((await api.request('POST', '/api/extras/notifications/', { object_type: 'dcim.site', object_id: site.id, user: admin, event_type: 'bogus' })).body).toEqual({ event_type: ['"bogus" is not a valid choice.'] });
    const again = await api.request('POST', '/api/extras/notifications/', { object_type: 'dcim.site', object_id: doomed.id, user: admin, event_type: 'object_created' });
    expect(again.body).toEqual({ __all__: ['Notification with this Object type, Object id and User already exists.'] });
    expect((await api.request('DELETE', `/api/dcim/sites/${doomed.id}/`)).status).toBe(204);
    const after = (await api.request('GET', `/api/extras/notifications/${made.body.id}/`)).body;
    expect(after).toMatchObject({ display: 'Doomed', object: null, object_id: doomed.id });
    // NetBox's viewset has no filterset: parameters are ignored.
    await api.request('POST', '/api/extras/notifications/', { object_type: 'dcim.site', object_id: site.id, user: alice.id, event_type: 'job_failed' });
    expect((await api.request('GET', `/api/extras/notifications/?user_id=${alice.id}`)).body.count).toBe(2);
  });

  it('subscribes users to objects, one subscription per object and user', async () => {
    const made = await api.request('POST', '/api/extras/subscriptions/', { object_type: 'dcim.site', object_id: site.id, user: alice.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(Object.keys(made.body)).toEqual(['id', 'url', 'display', 'object_type', 'object_id', 'object', 'user', 'created']);
    expect(made.body).toMatchObject({ display: 'Berlin', user: { id: alice.id, username: 'alice' } });
    expect(Object.keys((await api.request('GET', `/api/extras/subscriptions/${made.body.id}/?brief=true`)).body)).toEqual(['id', 'url', 'display', 'object_type', 'object_id', 'user']);
    expect((await api.request('POST', '/api/extras/subscriptions/', { object_type: 'dcim.site', object_id: site.id, user: alice.id })).body).toEqual({
      __all__: ['Subscription with this Object type, Object id and User already exists.'],
    });
    expect((await api.request('POST', '/api/extras/subscriptions/', { object_type: 'extras.tag', object_id: 1, user: alice.id })).body).toEqual({ object_type: ['Invalid content type: extras.tag'] });
  });

  it('groups users and groups to notify, and filters users and groups by them', async () => {
    const group = (await api.request('POST', '/api/users/groups/', { name: 'NOC' })).body;
    const made = await api.request('POST', '/api/extras/notification-groups/', { name: 'On call', groups: [group.id], users: [alice.id] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // NetBox's serializer puts display_url after display here; this server, as everywhere, before it.
    expect(Object.keys(made.body)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'description', 'groups', 'users']);
    expect(made.body).toMatchObject({ display: 'On call', groups: [{ id: group.id, name: 'NOC' }], users: [{ id: alice.id, username: 'alice' }] });
    expect((await api.request('GET', `/api/extras/notification-groups/${made.body.id}/?brief=true`)).body).toEqual({ id: made.body.id, url: made.body.url, display: 'On call', name: 'On call', description: '' });
    expect((await api.request('POST', '/api/extras/notification-groups/', { name: 'On call' })).body).toEqual({ name: ['notification group with this name already exists.'] });
    const members = await api.request('GET', `/api/users/users/?notification_group_id=${made.body.id}`);
    expect(members.body.results.map((u: any) => u.username)).toEqual(['alice']);
    expect((await api.request('GET', `/api/users/groups/?notification_group_id=${made.body.id}`)).body.results.map((g: any) => g.name)).toEqual(['NOC']);
    expect((await api.request('GET', `/api/users/users/?notification_group_id__n=${made.body.id}`)).body.results.map((u: any) => u.username)).toEqual(['admin']);
    expect((await api.request('GET', '/api/users/users/?notification_group_id=999999')).status).toBe(400);
  });

  it("lets every user manage their own bookmarks, notifications and subscriptions (NetBox's DEFAULT_PERMISSIONS), nothing more", async () => {
    const own = await api.request('GET', '/api/extras/bookmarks/', undefined, alice.as);
    expect(own.status).toBe(200);
    expect(own.body.results.map((b: any) => b.user.id)).toEqual([alice.id]);
    expect((await api.request('GET', '/api/extras/notifications/', undefined, alice.as)).body.results.map((n: any) => n.user.id)).toEqual([alice.id]);
    expect((await api.request('GET', '/api/extras/subscriptions/', undefined, alice.as)).body.results.map((n: any) => n.user.id)).toEqual([alice.id]);
    const others = (await api.request('GET', `/api/extras/bookmarks/?user_id=${admin}`)).body.results[0];
    expect((await api.request('GET', `/api/extras/bookmarks/${others.id}/`, undefined, alice.as)).status).toBe(404);
    expect((await api.request('DELETE', `/api/extras/bookmarks/${others.id}/`, undefined, alice.as)).status).toBe(404);
    expect((await api.request('GET', '/api/extras/notification-groups/', undefined, alice.as)).status).toBe(403);
    expect((await api.request('GET', '/api/extras/saved-filters/', undefined, alice.as)).status).toBe(403);
    expect((await api.request('GET', '/api/extras/bookmarks/', undefined, { Authorization: '' })).status).toBe(403);
  });

  it('checks object permissions on each, with their constraints', async () => {
    const granted = await api.request('POST', '/api/users/permissions/', {
      name: 'own bookmarks',
      object_types: ['extras.bookmark', 'extras.subscription', 'extras.notification', 'extras.notificationgroup'],
      actions: ['view', 'add'],
      users: [alice.id],
      constraints: { user: '$user' },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(400);
    // A notification group has no user: the constraint is for the other three.
    const own = await api.request('POST', '/api/users/permissions/', { name: 'own', object_types: ['extras.bookmark', 'extras.subscription'], actions: ['view', 'add'], users: [alice.id], constraints: { user: '$user' } });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const seen = await api.request('GET', '/api/extras/bookmarks/', undefined, alice.as);
    expect(seen.status).toBe(200);
    expect(seen.body.results.map((b: any) => b.user.id)).toEqual([alice.id]);
    expect((await api.request('POST', '/api/extras/bookmarks/', { object_type: 'dcim.site', object_id: site.id, user: alice.id }, alice.as)).status).toBe(201);
    // Bookmarking for someone else falls outside the constraint (once alice may name other users at all).
    expect((await api.request('POST', '/api/users/permissions/', { name: 'users', object_types: ['users.user'], actions: ['view'], users: [alice.id] })).status).toBe(201);
    const forOther = await api.request('POST', '/api/extras/bookmarks/', { object_type: 'dcim.site', object_id: other.id, user: admin }, alice.as);
    expect(forOther.status, JSON.stringify(forOther.body)).toBe(403);
    expect((await api.request('GET', '/api/extras/notification-groups/', undefined, alice.as)).status).toBe(403);
  });
});
