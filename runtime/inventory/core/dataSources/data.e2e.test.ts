/**
 * Data sources and data files: the data source's rules, read-only files (written here straight
 * into the database, as a sync would), their filters, and what deleting a source does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('core data sources and files on $name', (database) => {
  let api: TestClient;
  let source: any;
  const file = async (sourceId: number, path: string, data: string) => {
    const [row] = await api.db.query<{ id: number }>(
      `INSERT INTO core_data_file (source_id, path, last_updated, size, hash, created, data) VALUES ($1, $2, now(), $3, $4, now(), $5) RETURNING id`,
      [sourceId, path, data.length, 'a'.repeat(64), data],
    );
    return Number(row.id);
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    source = (await api.request('POST', '/api/core/data-sources/', { name: 'Configs', type: 'git', source_url: 'https://git.example.com/configs.git', sync_interval: null })).body;
  }, 60_000);
  afterAll(async () => api?.close());

  it('creates a data source in NetBox\'s shape', async () => {
    expect(Object.keys(source)).toEqual([
      'id', 'url', 'display_url', 'display', 'name', 'type', 'source_url', 'enabled', 'status', 'description', 'sync_interval',
      'parameters', 'ignore_rules', 'owner', 'comments', 'custom_fields', 'created', 'last_updated', 'last_synced', 'file_count',
    ]);
    expect(source).toMatchObject({ display: 'Configs', type: 'git', enabled: true, status: { value: 'new', label: 'New' }, sync_interval: null, last_synced: null, file_count: 0 });
    const brief = await api.request('GET', `/api/core/data-sources/${source.id}/?brief=1`);
    expect(brief.body).toEqual({ id: source.id, url: source.url, display: 'Configs', name: 'Configs', description: '' });
    // status is NetBox's to set (by syncing), never the client's.
    const patched = await api.request('PATCH', `/api/core/data-sources/${source.id}/`, { status: 'completed', description: 'Main' });
    expect(patched.body.status.value).toBe('new');
  }, 30_000);

  it('checks the backend type and a local source\'s URL', async () => {
    const cases: [unknown, unknown][] = [
      [{ name: 'X', type: 'ftp', source_url: 'ftp://x' }, { type: ['ftp is not a valid choice.'] }],
      [{ name: 'X', type: 'local', source_url: 'https://example.com/' }, { source_url: ['URLs for local sources must start with file:// (or specify no scheme)'] }],
      [{ name: 'Configs', type: 'local', source_url: '/srv' }, { name: ['data source with this name already exists.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await api.request('POST', '/api/core/data-sources/', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toEqual(errors);
    }
    for (const url of ['/srv/netbox', 'file:///srv/netbox', 'FILE:///srv']) {
      expect((await api.request('POST', '/api/core/data-sources/', { name: `Local ${url}`, type: 'local', source_url: url })).status, url).toBe(201);
    }
  }, 30_000);

  it('serves data files read-only, with their filters', async () => {
    const a = await file(source.id, 'templates/leaf.j2', 'hostname {{ device.name }}');
    const b = await file(source.id, 'contexts/site.yaml', 'ntp: 10.0.0.1');
    const list = await api.request('GET', '/api/core/data-files/');
    expect(list.body.results.map((f: any) => f.path)).toEqual(['contexts/site.yaml', 'templates/leaf.j2']);
    const got = await api.request('GET', `/api/core/data-files/${a}/`);
    expect(Object.keys(got.body)).toEqual(['id', 'url', 'display_url', 'display', 'source', 'path', 'last_updated', 'size', 'hash']);
    expect(got.body.display).toBe('templates/leaf.j2');
    expect(got.body.source).toEqual({ id: source.id, url: source.url, display: 'Configs', name: 'Configs', description: 'Main' });
    expect((await api.request('GET', `/api/core/data-files/${b}/?brief=1`)).body).toEqual({ id: b, url: `http://nb.test/api/core/data-files/${b}/`, display: 'contexts/site.yaml', path: 'contexts/site.yaml' });
    expect((await api.request('GET', '/api/core/data-files/?source=Configs&path__isw=templates')).body.count).toBe(1);
    expect((await api.request('GET', `/api/core/data-files/?source_id=${source.id}&q=site`)).body.results.map((f: any) => f.id)).toEqual([b]);
    expect((await api.request('GET', '/api/core/data-files/?created__gte=2000-01-01')).body.count).toBe(2);
    expect((await api.request('GET', `/api/core/data-sources/${source.id}/`)).body.file_count).toBe(2);
    expect((await api.request('POST', '/api/core/data-files/', { path: 'x' })).status).toBe(405);
    expect((await api.request('DELETE', `/api/core/data-files/${a}/`)).status).toBe(405);
  }, 30_000);

  it('protects a source config templates take data from, and deletes its files with it', async () => {
    const other = (await api.request('POST', '/api/core/data-sources/', { name: 'Other', type: 'amazon-s3', source_url: 's3://bucket/' })).body;
    const id = await file(other.id, 'base.j2', 'base');
    const template = (await api.request('POST', '/api/extras/config-templates/', { name: 'Base', template_code: 'x', data_file: id })).body;
    const blocked = await api.request('DELETE', `/api/core/data-sources/${other.id}/`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.detail).toBe(`Unable to delete object. 1 dependent objects were found: Base (${template.id})`);
    await api.request('PATCH', `/api/extras/config-templates/${template.id}/`, { data_file: null });
    expect((await api.request('DELETE', `/api/core/data-sources/${other.id}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/core/data-files/${id}/`)).status).toBe(404);
  }, 30_000);

  it('filters data sources by their status, type and tags', async () => {
    expect((await api.request('GET', '/api/core/data-sources/?status=new&type=git')).body.results.map((s: any) => s.name)).toEqual(['Configs']);
    expect((await api.request('GET', '/api/core/data-sources/?status=bogus')).body).toEqual({ status: ['Select a valid choice. bogus is not one of the available choices.'] });
    expect((await api.request('GET', '/api/core/data-sources/?enabled=true&q=conf')).body.count).toBe(1);
  }, 30_000);
});
