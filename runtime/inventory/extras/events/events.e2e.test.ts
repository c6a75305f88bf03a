/**
 * Event rules and webhooks end to end, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, with
 * a real HTTP receiver on 127.0.0.1: NetBox's fields and validation messages; a device create
 * fires a webhook signed with the secret; conditions filter; a body template, headers and URL are
 * rendered; a delete sends the object as it was; a failing receiver is retried and then the task
 * fails; job events fire; a write that fails (a 400) sends nothing.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../../jobs/index.ts';
import { testDatabases } from '../../../testing/database.ts';
import { until } from '../../../testing/jobs.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { closeRenderer } from '../rendering/index.ts';

type Row = Record<string, any>;
interface Received {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

afterAll(() => closeRenderer());


describe.each(testDatabases())('event rules and webhooks on $name', (database) => {
  let api: TestClient;
  let receiver: Server;
  let base: string;
  const received: Received[] = [];
  let siteId: number;
  let typeId: number;
  let roleId: number;
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const device = (name: string, extra: Row = {}) => post('/api/dcim/devices/', { name, device_type: typeId, role: roleId, site: siteId, status: 'active', ...extra });
  const webhook = async (name: string, extra: Row = {}) => post('/api/extras/webhooks/', { name, payload_url: `${base}/hook/${name}`, secret: 's3cret', ...extra });
  const rule = async (name: string, webhookId: number, extra: Row = {}) =>
    post('/api/extras/event-rules/', { name, object_types: ['dcim.device'], event_types: ['object_created'], action_type: 'webhook', action_object_type: 'extras.webhook', action_object_id: webhookId, ...extra });
  const to = (name: string) => received.filter((r) => r.path.startsWith(`/hook/${name}`));

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ method: req.method!, path: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.statusCode = req.url!.includes('fail') ? 503 : 204;
        res.end(req.url!.includes('fail') ? 'down for maintenance' : undefined);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    api = await bootTestApp(await database.open(), { JOB_WORKERS: '1', RQ_RETRY_MAX: '2', RQ_RETRY_INTERVAL: '0.05' });
    siteId = (await post('/api/dcim/sites/', { name: 'Alpha', slug: 'alpha' })).id;
    const manufacturer = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    typeId = (await post('/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'Box', slug: 'box' })).id;
    roleId = (await post('/api/dcim/device-roles/', { name: 'Leaf', slug: 'leaf' })).id;
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it("serves NetBox's fields, brief forms and filters", async () => {
    const hook = await webhook('fields');
    expect(Object.keys(hook)).toEqual([
      'id', 'url', 'display_url', 'display', 'name', 'description', 'payload_url', 'http_method', 'http_content_type', 'additional_headers',
      'body_template', 'secret', 'ssl_verification', 'ca_file_path', 'custom_fields', 'owner', 'tags', 'created', 'last_updated',
    ]);
    expect(hook).toMatchObject({ http_method: 'POST', http_content_type: 'application/json', ssl_verification: true, ca_file_path: null });
    const created = await rule('fields', hook.id, { enabled: false, event_types: ['object_updated', 'job_started'] });
    expect(Object.keys(created)).toEqual([
      'id', 'url', 'display_url', 'display', 'object_types', 'name', 'enabled', 'event_types', 'conditions', 'action_type', 'action_object_type',
      'action_object_id', 'action_object', 'description', 'custom_fields', 'owner', 'tags', 'created', 'last_updated',
    ]);
    expect(created).toMatchObject({ action_type: { value: 'webhook', label: 'Webhook' }, action_object_type: 'extras.webhook', action_object: { id: hook.id, name: 'fields' }, conditions: null });
    expect(Object.keys((await api.request('GET', `/api/extras/event-rules/${created.id}/?brief=1`)).body)).toEqual(['id', 'url', 'display', 'name', 'description']);
    const names = async (query: string) => (await api.request('GET', `/api/extras/event-rules/?${query}`)).body.results.map((r: Row) => r.name);
    expect(await names('event_type=job_started')).toEqual(['fields']);
    expect(await names('event_type=object_deleted')).toEqual([]);
    expect(await names('object_type=dcim.device&enabled=false')).toEqual(['fields']);
    expect(await names(`action_object_id=${hook.id}&action_type=webhook`)).toEqual(['fields']);
    expect((await api.request('GET', '/api/extras/webhooks/?http_method=POST&name=fields')).body.count).toBe(1);
    await api.request('DELETE', `/api/extras/event-rules/${created.id}/`);
  });

  it("refuses NetBox's bad input with its messages", async () => {
    const hook = await webhook('bad-input');
    const badRule = (extra: Row) => api.request('POST', '/api/extras/event-rules/', { name: 'bad', object_types: ['dcim.device'], event_types: ['object_created'], action_type: 'webhook', action_object_type: 'extras.webhook', action_object_id: hook.id, ...extra });
    expect(await badRule({ conditions: { foo: 'status.value', value: 'active' } })).toMatchObject({ status: 400, body: { conditions: ['Incorrect key(s) informed. Please check documentation.'] } });
    expect(await badRule({ conditions: { and: [{ attr: 'x', value: 'a', op: 'gt' }] } })).toMatchObject({ status: 400, body: { conditions: ["Invalid type for gt operation: <class 'str'>"] } });
    expect(await badRule({ event_types: ['object_exploded'] })).toMatchObject({ status: 400, body: { event_types: ["Item 1 in the array did not validate: Value 'object_exploded' is not a valid choice."] } });
    expect(await badRule({ object_types: ['dcim.nothing'] })).toMatchObject({ status: 400, body: { object_types: ['Invalid content type: dcim.nothing'] } });
    expect(await badRule({ action_object_id: 999999 })).toMatchObject({ status: 400, body: { action_object_id: ['Related object not found using the provided value: 999999.'] } });
    expect(await badRule({ action_object_id: null })).toMatchObject({ status: 400, body: { action_object_id: ['This field cannot be null.'] } });
    expect(await badRule({ action_data: [1] })).toMatchObject({ status: 400, body: { action_data: ['Action data must be a JSON object or null.'] } });
    // Webhook.clean() raises its errors together (URL, CA file); the serializer's choices and the syntax checks come with them.
    const badHook = (extra: Row) => api.request('POST', '/api/extras/webhooks/', { name: 'bad', payload_url: 'http://x.test/', ...extra });
    expect(await badHook({ payload_url: 'ftp://x.test/' })).toMatchObject({ status: 400, body: { payload_url: ['Enter a valid URL, beginning with http:// or https://.'] } });
    expect(await badHook({ payload_url: 'file://{{ data.x }}' })).toMatchObject({ status: 400, body: { payload_url: ['Enter a valid URL, beginning with http:// or https://.'] } });
    expect(await badHook({ body_template: '{% for %}' })).toMatchObject({ status: 400, body: { body_template: [expect.stringMatching(/^Invalid template: /)] } });
    expect(await badHook({ ssl_verification: false, ca_file_path: '/etc/ca.pem' })).toMatchObject({ status: 400, body: { ca_file_path: ['Do not specify a CA certificate file if SSL verification is disabled.'] } });
    expect(await badHook({ http_method: 'BREW' })).toMatchObject({ status: 400 });
    expect((await api.request('GET', '/api/extras/webhooks/?name=bad')).body.count).toBe(0);
  });

  it('checks custom fields on both models', async () => {
    const field = await post('/api/extras/custom-fields/', { name: 'ticket', type: 'integer', object_types: ['extras.eventrule', 'extras.webhook'], unique: true });
    const hook = await webhook('cf-1', { custom_fields: { ticket: 7 } });
    for (const path of ['/api/extras/webhooks/', '/api/extras/event-rules/']) {
      const body = path.includes('webhooks') ? { name: 'cf', payload_url: 'http://x.test/' } : { name: 'cf', object_types: ['dcim.site'], event_types: ['object_created'], action_type: 'webhook', action_object_type: 'extras.webhook', action_object_id: hook.id };
      expect(await api.request('POST', path, { ...body, custom_fields: { ticket: 'abc' } })).toMatchObject({ status: 400, body: { __all__: [expect.stringMatching(/^Invalid value for custom field 'ticket': /)] } });
      if (path.includes('event-rules')) await post(path, { ...body, name: 'cf-1', custom_fields: { ticket: 7 } });
      expect(await api.request('POST', path, { ...body, custom_fields: { ticket: 7 } })).toMatchObject({ status: 400, body: { __all__: ["Custom field 'ticket' must have a unique value."] } });
    }
    const note = await post('/api/extras/custom-fields/', { name: 'note', type: 'text', object_types: ['extras.eventrule', 'extras.webhook'] });
    await api.request('PATCH', `/api/extras/custom-fields/${field.id}/`, { required: true });
    try {
      expect(await api.request('POST', '/api/extras/webhooks/', { name: 'cf', payload_url: 'http://x.test/', custom_fields: { note: 'x' } })).toMatchObject({ status: 400, body: { __all__: ["Missing required custom field 'ticket'."] } });
      expect(await api.request('POST', '/api/extras/event-rules/', { name: 'cf', object_types: ['dcim.site'], event_types: ['object_created'], action_type: 'webhook', action_object_type: 'extras.webhook', action_object_id: hook.id, custom_fields: { note: 'x' } })).toMatchObject({ status: 400, body: { __all__: ["Missing required custom field 'ticket'."] } });
    } finally {
      await api.request('DELETE', `/api/extras/custom-fields/${field.id}/`);
      await api.request('DELETE', `/api/extras/custom-fields/${note.id}/`);
    }
    await api.request('DELETE', '/api/extras/event-rules/', [{ id: (await api.request('GET', '/api/extras/event-rules/?name=cf-1')).body.results[0].id }]);
  });

  it('a device create sends the webhook, signed with the secret, with the device as the API shows it', async () => {
    const hook = await webhook('create');
    await rule('create', hook.id);
    const created = await device('leaf-1');
    await until(() => to('create').length > 0);
    const [delivery] = to('create');
    expect(delivery.method).toBe('POST');
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['x-hook-signature']).toBe(createHmac('sha512', 's3cret').update(delivery.body).digest('hex'));
    const payload = JSON.parse(delivery.body);
    expect(payload).toMatchObject({ event: 'created', object_type: 'dcim.device', username: 'admin', data: { id: created.id, name: 'leaf-1', status: { value: 'active' } } });
    expect(payload.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
    expect(payload.snapshots.prechange).toBeNull();
    expect(payload.snapshots.postchange).toMatchObject({ name: 'leaf-1' });
  });

  it('conditions filter, and a body template, headers and URL are rendered with the context', async () => {
    const hook = await webhook('templated', {
      payload_url: `${base}/hook/templated/{{ data.name }}`,
      http_method: 'PUT',
      http_content_type: 'text/plain',
      additional_headers: 'X-Device: {{ data.name | header_safe }}\nX-Event: {{ event }}',
      body_template: '{{ event }} {{ data.name }} by {{ username }}',
    });
    await rule('templated', hook.id, { event_types: ['object_created', 'object_updated'], conditions: { and: [{ attr: 'name', value: '^spine-', op: 'regex' }, { attr: 'status.value', value: 'offline', negate: true }] } });
    await device('leaf-2');
    const spine = await device('spine-1');
    await device('spine-2', { status: 'offline' });
    await until(() => to('templated').length > 0);
    await api.request('PATCH', `/api/dcim/devices/${spine.id}/`, { serial: 'S1' });
    await until(() => to('templated').length > 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(to('templated').map((r) => [r.method, r.path, r.headers['content-type'], r.headers['x-device'], r.headers['x-event'], r.body])).toEqual([
      ['PUT', '/hook/templated/spine-1', 'text/plain', 'spine-1', 'created', 'created spine-1 by admin'],
      ['PUT', '/hook/templated/spine-1', 'text/plain', 'spine-1', 'updated', 'updated spine-1 by admin'],
    ]);
  });

  it("a delete sends the object as it was, with the prechange snapshot", async () => {
    const hook = await webhook('delete');
    await rule('delete', hook.id, { event_types: ['object_deleted'] });
    const doomed = await device('doomed-1');
    expect((await api.request('DELETE', `/api/dcim/devices/${doomed.id}/`)).status).toBe(204);
    await until(() => to('delete').length > 0);
    const payload = JSON.parse(to('delete')[0].body);
    expect(payload).toMatchObject({ event: 'deleted', data: { id: doomed.id, name: 'doomed-1', site: { id: siteId } }, snapshots: { postchange: null, prechange: { name: 'doomed-1' } } });
  });

  it('a delete that cascades gives one task for the transaction, with an event per object', async () => {
    const hook = await webhook('cascade', { body_template: '{{ object_type }} {{ data.name }}' });
    await rule('cascade', hook.id, { object_types: ['dcim.device', 'dcim.interface'], event_types: ['object_deleted'] });
    const doomed = await device('doomed-2');
    await post('/api/dcim/interfaces/', [{ device: doomed.id, name: 'eth0', type: '1000base-t' }, { device: doomed.id, name: 'eth1', type: '1000base-t' }]);
    const tasks = async () => Number((await api.db.query<Row>(`SELECT count(*)::int AS n FROM core_task WHERE kind = 'extras.process-events'`))[0].n);
    const before = await tasks();
    expect((await api.request('DELETE', `/api/dcim/devices/${doomed.id}/`)).status).toBe(204);
    expect(await tasks()).toBe(before + 1);
    await until(() => to('cascade').length >= 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(to('cascade').map((r) => r.body).sort()).toEqual(['dcim.device doomed-2', 'dcim.interface eth0', 'dcim.interface eth1']);
  });

  it('a failing receiver is retried, then the task fails (visible in core/background-tasks)', async () => {
    const hook = await webhook('fail', { payload_url: `${base}/hook/fail` });
    await rule('fail', hook.id, { conditions: { attr: 'name', value: 'broken', op: 'contains' } });
    await device('broken-1');
    await until(async () => (await api.db.query<Row>(`SELECT status FROM core_task WHERE kind = 'extras.deliver-webhook' AND status = 'failed'`)).length > 0);
    expect(to('fail')).toHaveLength(3);
    const [task] = await api.db.query<Row>(`SELECT task_id, attempts, error FROM core_task WHERE kind = 'extras.deliver-webhook' AND status = 'failed'`);
    expect(task.attempts).toBe(3);
    expect(task.error).toContain('Status 503 returned');
    const listed = await api.request('GET', `/api/core/background-tasks/${task.task_id}/`);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain('failed');
  });

  it("job events fire the rules watching the type of the job's object", async () => {
    const hook = await webhook('jobs', { body_template: '{{ event }} {{ object_type }}' });
    await rule('jobs', hook.id, { object_types: ['dcim.site'], event_types: ['job_started', 'job_errored'] });
    // A task of a kind nobody handles: its job starts, then ends errored.
    await enqueue(api.db, { kind: 'test.unhandled', job: { name: 'Unhandled', objectType: 'dcim.site', objectId: siteId } });
    await until(() => to('jobs').length >= 2);
    expect(to('jobs').map((r) => r.body)).toEqual(['job_started dcim.site', 'job_ended dcim.site']);
  });

  it('a write that fails sends nothing', async () => {
    const hook = await webhook('rollback');
    await rule('rollback', hook.id);
    const before = received.length;
    // A bulk create whose second device is refused: the first is rolled back with it.
    const refused = await api.request('POST', '/api/dcim/devices/', [
      { name: 'rolled-back-1', device_type: typeId, role: roleId, site: siteId },
      { name: 'rolled-back-2', device_type: typeId, role: roleId, site: 999999 },
    ]);
    expect(refused.status).toBe(400);
    await device('after-rollback');
    await until(() => to('rollback').length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(to('rollback').map((r) => JSON.parse(r.body).data.name)).toEqual(['after-rollback']);
    expect(received.slice(before).some((r) => r.body.includes('rolled-back'))).toBe(false);
  });

  it("notifies a notification group's members, an object's subscribers, and a job's user", async () => {
    const user = await post('/api/users/users/', { username: 'watcher', password: 'Watcher-pass-1' });
    const group = await post('/api/users/groups/', { name: 'NOC' });
    const other = await post('/api/users/users/', { username: 'noc', password: 'Noc-pass-123', groups: [group.id] });
    const notifications = async (userId: number) => (await api.db.query<Row>(`SELECT object_type, object_id, event_type, object_repr FROM extras_notification WHERE user_id = $1 ORDER BY id`, [userId]));

    // An event rule's notification action: the group's users and its groups' users.
    const noc = await post('/api/extras/notification-groups/', { name: 'On call', users: [user.id], groups: [group.id] });
    await post('/api/extras/event-rules/', { name: 'notify', object_types: ['dcim.device'], event_types: ['object_created'], action_type: 'notification', action_object_type: 'extras.notificationgroup', action_object_id: noc.id, conditions: { attr: 'name', value: 'paged', op: 'contains' } });
    const paged = await device('paged-1');
    await until(async () => (await notifications(other.id)).length > 0);
    expect(await notifications(user.id)).toEqual([{ object_type: 'dcim.device', object_id: paged.id, event_type: 'object_created', object_repr: 'paged-1' }]);
    expect(await notifications(other.id)).toEqual([{ object_type: 'dcim.device', object_id: paged.id, event_type: 'object_created', object_repr: 'paged-1' }]);

    // A subscriber: each update replaces their notification; the delete leaves one of it.
    const site = await post('/api/dcim/sites/', { name: 'Watched', slug: 'watched' });
    await post('/api/extras/subscriptions/', { object_type: 'dcim.site', object_id: site.id, user: user.id });
    await api.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: 'one' });
    await api.request('PATCH', `/api/dcim/sites/${site.id}/`, { description: 'two' });
    const onSite = async () => (await notifications(user.id)).filter((n) => n.object_type === 'dcim.site');
    expect(await onSite()).toEqual([{ object_type: 'dcim.site', object_id: site.id, event_type: 'object_updated', object_repr: 'Watched' }]);
    expect((await api.request('DELETE', `/api/dcim/sites/${site.id}/`)).status).toBe(204);
    expect(await onSite()).toEqual([{ object_type: 'dcim.site', object_id: site.id, event_type: 'object_deleted', object_repr: 'Watched' }]);
    // Nobody else was notified of the site.
    expect((await notifications(other.id)).some((n) => n.object_type === 'dcim.site')).toBe(false);

    // A job with a user notifies them when it ends; `never` does not, `on_failure` only on failure.
    const always = await enqueue(api.db, { kind: 'test.unhandled', job: { name: 'Told', userId: user.id } });
    const never = await enqueue(api.db, { kind: 'test.unhandled', job: { name: 'Untold', userId: user.id, notifications: 'never' } });
    await until(async () => (await api.db.query<Row>(`SELECT 1 FROM core_job WHERE id = ANY($1::int[]) AND completed IS NOT NULL`, [[always.jobId, never.jobId]])).length === 2);
    await until(async () => (await notifications(user.id)).some((n) => n.object_type === 'core.job'));
    expect((await notifications(user.id)).filter((n) => n.object_type === 'core.job')).toEqual([{ object_type: 'core.job', object_id: always.jobId, event_type: 'job_errored', object_repr: 'Told' }]);
    const listed = await api.request('GET', `/api/extras/notifications/?limit=100`);
    expect(listed.body.results.find((n: Row) => n.object_type === 'core.job')).toMatchObject({ object_type: 'core.job', object_id: always.jobId, display: 'Told', event_type: 'job_errored' });
  });
});
