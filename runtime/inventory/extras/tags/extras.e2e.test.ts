/**
 * Tags (object types, their method filters, the hidden owner), journal entries (date bounds,
 * author by username, object type ids) and config templates (NetBox's synced-data rules).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectTypeId } from '../../../kinds/index.ts';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('extras on $name', (database) => {
  let api: TestClient;
  const slugs = async (query: string) => (await api.request('GET', `/api/extras/tags/?${query}`)).body.results?.map((t: any) => t.slug);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  }, 60_000);
  afterAll(async () => api?.close());

  describe('tags', () => {
    beforeAll(async () => {
      const made = await api.request('POST', '/api/extras/tags/', [
        { name: 'Any', slug: 'any' },
        { name: 'Sites only', slug: 'sites-only', object_types: ['dcim.site'] },
        { name: 'Clusters', slug: 'clusters', object_types: ['virtualization.cluster', 'tenancy.tenant'], weight: 10 },
      ]);
      expect(made.status).toBe(201);
      await api.request('POST', '/api/dcim/sites/', { name: 'T1', slug: 't1', tags: [{ slug: 'sites-only' }, { slug: 'any' }] });
    }, 60_000);

    it('keeps the object types it may be applied to, checked as NetBox checks them', async () => {
      const tag = (await api.request('GET', '/api/extras/tags/?slug=clusters')).body.results[0];
      expect(tag.object_types).toEqual(['virtualization.cluster', 'tenancy.tenant']);
      expect(Object.keys(tag)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'slug', 'color', 'description', 'weight', 'object_types', 'tagged_items', 'created', 'last_updated']);
      const cases: [unknown, unknown][] = [
        [['dcim.nothing'], { object_types: ['Invalid content type: dcim.nothing'] }],
        [['users.user'], { object_types: ['Invalid content type: users.user'] }],
        [['site'], { object_types: ["Invalid value. Specify a content type as '<app_label>.<model_name>'."] }],
      ];
      for (const [objectTypes, errors] of cases) {
        const response = await api.request('POST', '/api/extras/tags/', { name: 'Bad', slug: 'bad', object_types: objectTypes });
        expect(response.status, JSON.stringify(objectTypes)).toBe(400);
        expect(response.body).toEqual(errors);
      }
    }, 30_000);

    it('filters by the types it is applied to and may be applied to', async () => {
      const site = objectTypeId('dcim.site');
      const cluster = objectTypeId('virtualization.cluster');
      expect(await slugs('ordering=slug')).toEqual(['any', 'clusters', 'sites-only']);
      expect(await slugs('content_type=dcim.site&ordering=slug')).toEqual(['any', 'sites-only']);
      expect(await slugs(`content_type_id=${site}&ordering=slug`)).toEqual(['any', 'sites-only']);
      expect(await slugs('content_type=tenancy.tenant')).toEqual([]);
      expect(await slugs(`for_object_type_id=${cluster}&ordering=slug`)).toEqual(['any', 'clusters']);
      expect(await slugs(`object_types=${site}`)).toEqual(['sites-only']);
      expect(await slugs(`object_types__n=${site}&ordering=slug`)).toEqual(['any', 'clusters']);
      expect(await slugs('object_types=null')).toEqual(['any']);
      expect((await api.request('GET', '/api/extras/tags/?object_types=12')).body).toEqual({ object_types: ['Select a valid choice. 12 is not one of the available choices.'] });
      expect((await api.request('GET', '/api/extras/tags/?content_type_id=x')).body).toEqual({ content_type_id: ['Enter a number.'] });
    }, 30_000);

    it('has an owner only its filters see', async () => {
      const group = (await api.request('POST', '/api/users/owner-groups/', { name: 'Ops' })).body;
      const owner = (await api.request('POST', '/api/users/owners/', { name: 'Netops', group: group.id })).body;
      const tag = (await api.request('GET', '/api/extras/tags/?slug=any')).body.results[0];
      // Not writable through the API (NetBox's serializer does not list it): set as the UI would.
      const ignored = await api.request('PATCH', `/api/extras/tags/${tag.id}/`, { owner: owner.id });
      expect(ignored.body).not.toHaveProperty('owner');
      expect(await slugs(`owner_id=${owner.id}`)).toEqual([]);
      await api.db.query('UPDATE extras_tag SET owner_id = $1 WHERE id = $2', [owner.id, tag.id]);
      expect(await slugs('owner=Netops')).toEqual(['any']);
      expect(await slugs(`owner_group_id=${group.id}`)).toEqual(['any']);
      expect((await api.request('DELETE', `/api/users/owners/${owner.id}/`)).status).toBe(409);
    }, 30_000);
  });

  describe('journal entries', () => {
    let site: any;
    beforeAll(async () => {
      site = (await api.request('POST', '/api/dcim/sites/', { name: 'J', slug: 'j' })).body;
      await api.request('POST', '/api/extras/journal-entries/', { assigned_object_type: 'dcim.site', assigned_object_id: site.id, comments: 'Old' });
      await api.db.query(`UPDATE extras_journal_entry SET created = '2020-01-01T00:00:00Z' WHERE comments = 'Old'`);
      const tenant = (await api.request('POST', '/api/tenancy/tenants/', { name: 'JT', slug: 'jt' })).body;
      await api.request('POST', '/api/extras/journal-entries/', { assigned_object_type: 'tenancy.tenant', assigned_object_id: tenant.id, comments: 'New' });
    }, 60_000);
    const comments = async (query: string) => (await api.request('GET', `/api/extras/journal-entries/?${query}`)).body.results?.map((e: any) => e.comments);

    it('filters by creation bounds, author and object type id', async () => {
      expect(await comments('created_after=2021-01-01')).toEqual(['New']);
      expect(await comments('created_before=2021-01-01T00:00:00Z')).toEqual(['Old']);
      expect(await comments('created_after=2019-01-01&created_before=2020-06-01')).toEqual(['Old']);
      // A range filter in NetBox: `created` itself is no parameter, so it filters nothing.
      expect(await comments('created=2020-01-01T00:00:00Z')).toEqual(['New', 'Old']);
      expect((await api.request('GET', '/api/extras/journal-entries/?created_after=soon')).body).toEqual({ created_after: ['Enter a valid date/time.'] });
      expect(await comments('created_by=admin')).toEqual(['New', 'Old']);
      expect((await api.request('GET', '/api/extras/journal-entries/?created_by=nobody')).body).toEqual({ created_by: ['Select a valid choice. nobody is not one of the available choices.'] });
      expect(await comments(`assigned_object_type_id=${objectTypeId('dcim.site')}`)).toEqual(['Old']);
      expect(await comments(`assigned_object_type_id__n=${objectTypeId('dcim.site')}`)).toEqual(['New']);
    }, 30_000);

    it('takes notes on every served journaling model, and on nothing else', async () => {
      const role = (await api.request('POST', '/api/tenancy/contact-roles/', { name: 'R', slug: 'r' })).body;
      const onRole = await api.request('POST', '/api/extras/journal-entries/', { assigned_object_type: 'tenancy.contactrole', assigned_object_id: role.id, comments: 'x' });
      expect(onRole.status).toBe(201);
      const tag = (await api.request('GET', '/api/extras/tags/?limit=1')).body.results[0];
      const onTag = await api.request('POST', '/api/extras/journal-entries/', { assigned_object_type: 'extras.tag', assigned_object_id: tag?.id ?? 1, comments: 'x' });
      expect(onTag.body).toEqual({ __all__: ['Journaling is not supported for this object type (Extras | tag).'] });
    }, 30_000);
  });

  describe('config templates', () => {
    let source: any;
    let fileId: number;
    beforeAll(async () => {
      source = (await api.request('POST', '/api/core/data-sources/', { name: 'Repo', type: 'git', source_url: 'https://git.example.com/t.git' })).body;
      const [row] = await api.db.query<{ id: number }>(
        `INSERT INTO core_data_file (source_id, path, last_updated, size, hash, created, data) VALUES ($1, 'leaf.j2', now(), 9, $2, now(), 'from file') RETURNING id`,
        [source.id, 'b'.repeat(64)],
      );
      fileId = Number(row.id);
    }, 60_000);

    it('creates a template in NetBox\'s shape', async () => {
      const created = await api.request('POST', '/api/extras/config-templates/', { name: 'Leaf', template_code: 'hostname {{ device.name }}', environment_params: { trim_blocks: true } });
      expect(created.status).toBe(201);
      expect(Object.keys(created.body)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'description', 'environment_params', 'template_code', 'mime_type', 'file_name', 'file_extension',
        'as_attachment', 'debug', 'data_source', 'data_path', 'data_file', 'auto_sync_enabled', 'data_synced', 'owner', 'tags', 'created', 'last_updated',
      ]);
      expect(created.body).toMatchObject({ display: 'Leaf', environment_params: { trim_blocks: true }, as_attachment: true, debug: false, data_path: '', data_synced: null });
      const defaulted = await api.request('POST', '/api/extras/config-templates/', { name: 'Plain', template_code: 'x' });
      expect(defaulted.body.environment_params).toEqual({});
      expect((await api.request('GET', `/api/extras/config-templates/${created.body.id}/?brief=1`)).body).toEqual({ id: created.body.id, url: created.body.url, display: 'Leaf', name: 'Leaf', description: '' });
      expect((await api.request('POST', '/api/extras/config-templates/', { name: 'No code' })).body).toEqual({ template_code: ['This field is required.'] });
    }, 30_000);

    it('takes its source, path and content from its data file, and lets go of them without one', async () => {
      const synced = await api.request('POST', '/api/extras/config-templates/', { name: 'Synced', template_code: 'local', data_file: fileId, auto_sync_enabled: true });
      expect(synced.body).toMatchObject({ template_code: 'from file', data_path: 'leaf.j2', auto_sync_enabled: true });
      expect(synced.body.data_source).toEqual({ id: source.id, url: source.url, display: 'Repo', name: 'Repo', description: '' });
      expect(synced.body.data_file).toEqual({ id: fileId, url: `http://nb.test/api/core/data-files/${fileId}/`, display: 'leaf.j2', path: 'leaf.j2' });
      expect(synced.body.data_synced).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect((await api.request('GET', `/api/extras/config-templates/?data_file_id=${fileId}`)).body.count).toBe(1);
      expect((await api.request('GET', `/api/extras/config-templates/?data_source_id=${source.id}&auto_sync_enabled=true`)).body.count).toBe(1);
      const unhooked = await api.request('PATCH', `/api/extras/config-templates/${synced.body.id}/`, { data_file: null, template_code: 'mine' });
      expect(unhooked.body).toMatchObject({ template_code: 'mine', data_source: null, data_path: '', data_file: null, auto_sync_enabled: false, data_synced: null });
      // A data source alone names no file: NetBox drops it.
      const alone = await api.request('POST', '/api/extras/config-templates/', { name: 'Alone', template_code: 'x', data_source: source.id });
      expect(alone.body.data_source).toBeNull();
    }, 30_000);
  });
});
